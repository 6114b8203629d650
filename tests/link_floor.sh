#!/usr/bin/env bash
# A floor on one linked pool: 16 headless machines at two sites in two currencies (EUR, GBP)
# playing by themselves with the linked bet, two of them dealt a royal flush first; machines
# killed (SIGKILL) at random instants and started again; the controller's server stopped at once
# for 10 s in the middle and started again. Then an audit across the controller and every
# machine's database:
#  - every machine's outbox is empty, and the controller counted each of its linked stakes once:
#    its rows for the machine = the machine's wagered.jackpot meter (stakes) and rounds;
#  - every win the controller paid a machine is on that machine once (linked_won, linked_hits),
#    and no (machine, game, seat) is paid twice;
#  - the pool holds seeded + contributed = value + reserve + overflow + paid to the 1/10,000 cent,
#    and contributed is the sum of the rows' shares;
#  - every machine's own audit passes (cents lost 0, every check).
# usage: link_floor.sh STUDPOKER [MACHINES] [ROUNDS]
set -uo pipefail
bin=$1 machines=${2:-16} rounds=${3:-20}
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
source "$here/pg_lib.sh"
pg_test_begin "$bin"
pg_start
pg_link_controller "$bin" || { bad "the controller"; finish; exit; }
q() { link_q "$@"; }
field() { echo "$1" | tr ' ' '\n' | sed -n "s/^$2=//p" | head -1; }
q <<EOF >/dev/null || bad "setting up the controller"
SELECT splink.link_site_add('paris', 'EUR');
SELECT splink.link_site_add('london', 'GBP');
SELECT splink.link_set_rate('GBP', 'EUR', 6, 5);
SELECT splink.link_pool_add('floor', 'EUR', 100000, 4500, 500, 0);
EOF

names=()
for i in $(seq -w 1 "$machines"); do
  m=m$i
  names+=("$m")
  if [ $((10#$i % 2)) -eq 0 ]; then site=london cur=GBP; else site=paris cur=EUR; fi
  pg_link_machine "$m" "$site" "$cur" floor "$tmp/$m" || bad "adding $m"
done
royal="As Ks Qs Js Ts  Ad Kc 9h 6d 2c"
# the first two machines are dealt a royal first, and are not killed (their hit must happen)
is_royal() { [ "$1" = "${names[0]}" ] || [ "$1" = "${names[1]}" ]; }

declare -A pid started
# a machine still playing (a finished one stays a zombie until waited for: kill -0 finds it)
alive() { [ -r "/proc/$1/stat" ] && [ "$(awk '{print $3}' "/proc/$1/stat" 2>/dev/null)" != Z ]; }
start() {
  local m=$1 deck=()
  [ -n "${2:-}" ] && deck=(--deck "$2")
  ( exec "$bin" play --headless --turbo --size 320x240 --frame-ms 50 --config "$tmp/$m/game.ini" \
      --db "$tmp/$m/studpoker.db" "${deck[@]}" --autoplay "$rounds" \
      >>"$tmp/$m/out" 2>>"$tmp/$m/err" ) &
  pid[$m]=$!
  started[$m]=$SECONDS
}
for m in "${names[@]}"; do
  if is_royal "$m"; then start "$m" "$royal"; else start "$m"; fi
done

RANDOM=7
kills=0 server_stopped=0
t0=$SECONDS
while [ $((SECONDS - t0)) -lt 90 ]; do
  running=0
  for m in "${names[@]}"; do alive "${pid[$m]}" && running=$((running + 1)); done
  [ "$running" -eq 0 ] && break
  # the server stops once both royals carry their linked bet (a machine deals without it while
  # its link is down: on a loaded machine the first rounds can come that late)
  if [ "$server_stopped" -eq 0 ] && [ $((SECONDS - t0)) -ge 20 ] &&
     [ "$(q -c "SELECT COUNT(DISTINCT machine) FROM splink.contributions WHERE machine IN ('${names[0]}','${names[1]}')" 2>/dev/null)" = 2 ]; then
    pg_ctl_stop_fast
    sleep 10
    pg_start_again || bad "the server did not start again"
    server_stopped=1
  fi
  sleep "$(printf '0.%03d' $((RANDOM % 600 + 100)))"
  m=${names[$((RANDOM % machines))]}
  is_royal "$m" && continue
  # past its start-up (the strategy autoplay decides by takes about 10 s to build with 16
  # machines on two cores): the kill lands in its play
  [ $((SECONDS - started[$m])) -ge 12 ] || continue
  if alive "${pid[$m]}"; then
    kill -KILL "${pid[$m]}" 2>/dev/null && kills=$((kills + 1))
    wait "${pid[$m]}" 2>/dev/null
    start "$m"
  fi
done
[ "$server_stopped" = 1 ] && ok || bad "the server was never stopped (the machines finished first)"
for m in "${names[@]}"; do
  # a machine killed last is started once more and plays its rounds to the end
  t_end=$((SECONDS + 300))
  while alive "${pid[$m]}" && [ $SECONDS -lt $t_end ]; do sleep 0.2; done
  if alive "${pid[$m]}"; then
    bad "$m did not finish its rounds"
    kill -KILL "${pid[$m]}"
  fi
  wait "${pid[$m]}" 2>/dev/null
done
resumed=$(cat "$tmp"/m*/err | grep -c 'resumed where it stopped')
echo "machines $machines, rounds $rounds each, kills $kills ($resumed in the middle of a round)," \
  "server stopped for 10 s once"

# every machine delivers what it still owes, then the audit
printf '%s\n' "0 LINKWAIT 60000" "100 SUMMARY" >"$tmp/flush.script"
for m in "${names[@]}"; do
  "$bin" play --headless --size 320x240 --config "$tmp/$m/game.ini" --db "$tmp/$m/studpoker.db" \
    --script "$tmp/flush.script" >"$tmp/$m/flush" 2>>"$tmp/$m/err"
  l=$(tail -n 1 "$tmp/$m/flush")
  [ "$(field "$l" link)" = up ] && [ "$(field "$l" link_pending)" = 0 ] && ok ||
    bad "$m still owes the controller: $l"
  "$bin" audit --db "$tmp/$m/studpoker.db" --meters >"$tmp/$m/audit" 2>&1 ||
    bad "$m's audit: $(grep -v '^meter' "$tmp/$m/audit" | tail -3)"
  meter() { sed -n "s/^meter $1 //p" "$tmp/$m/audit"; }
  staked=$(meter wagered.jackpot) won=$(meter linked_won) hits=$(meter linked_hits)
  read -r c_rows c_stakes < <(q -F' ' -c "SELECT COUNT(*), COALESCE(SUM(stake),0) FROM splink.contributions WHERE machine='$m'")
  read -r w_rows w_paid < <(q -F' ' -c "SELECT COUNT(*), COALESCE(SUM(amount),0) FROM splink.wins WHERE machine='$m'")
  [ "${staked:-0}" = "$c_stakes" ] && [ "$c_rows" = $(( ${staked:-0} / 100 )) ] && ok ||
    bad "$m: wagered.jackpot ${staked:-0}, the controller has $c_rows rows of $c_stakes"
  [ "${won:-0}" = "$w_paid" ] && [ "${hits:-0}" = "$w_rows" ] && ok ||
    bad "$m: linked_won ${won:-0} in ${hits:-0} hits, the controller paid $w_paid in $w_rows"
done
[ "$(q -c "SELECT COUNT(*) - COUNT(DISTINCT (machine, game, seat)) FROM splink.wins")" = 0 ] && ok ||
  bad "a (machine, game, seat) was paid twice"
[ "$(q -c "SELECT COUNT(*) FROM splink.wins")" -ge 2 ] && ok || bad "the two royals were not both paid"
# the pool as it is now (its row and the machines' accumulators), and its row alone as folded
[ "$(q -c "SELECT seeded + contributed = value + reserve + overflow + paid FROM splink.pools_now WHERE pool='floor'")" = t ] &&
  [ "$(q -c "SELECT seeded + contributed = value + reserve + overflow + paid FROM splink.pools WHERE pool='floor'")" = t ] &&
  [ "$(q -c "SELECT p.contributed = (SELECT SUM(to_value + to_reserve + to_overflow) FROM splink.contributions) FROM splink.pools_now p WHERE pool='floor'")" = t ] &&
  [ "$(q -c "SELECT p.contributions = (SELECT COUNT(*) FROM splink.contributions) FROM splink.pools_now p WHERE pool='floor'")" = t ] &&
  ok || bad "the pool does not balance: $(q -c "SELECT * FROM splink.pools_now") $(q -c "SELECT * FROM splink.accum")"
echo "controller: $(q -c "SELECT COUNT(*) FROM splink.contributions") contributions, $(q -c "SELECT COUNT(*) FROM splink.wins") wins"
finish
