#!/usr/bin/env bash
# Machines on a linked progressive, end to end: real headless games with [link] in their config,
# on a PostgreSQL server of the test's own (pg_lib.sh), two sites in two currencies.
#  - a round with the linked bet is counted by the controller once; the meter the machine shows
#    is the pool's, in its own money (worked out here in awk from the stakes and rules.md's 45%);
#  - the server stopped in the middle of a round: the round settles, its contribution waits in
#    the machine's outbox (LINK DOWN on the meter, no new game: on_loss = lock), and is delivered
#    when the server is back, after a restart of the machine;
#  - the machine's files put back to before that delivery (database, anchor and key together, as
#    a kill between the controller's commit and the machine's would leave them): the item is sent
#    again and the controller counts it once (a replay);
#  - a royal flush on the other site's machine (GBP) claims the pool: it is paid what the
#    controller's rule gives in pounds (awk), as a hand pay above the threshold, and the first
#    machine, following the pool, sees the win;
#  - every machine's linked stakes (its wagered.jackpot meter) equal the controller's rows for it.
# usage: link_machine.sh STUDPOKER
set -uo pipefail
bin=$1
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
source "$here/pg_lib.sh"
pg_test_begin "$bin"
pg_start
pg_link_controller "$bin" || { bad "the controller"; finish; exit; }
q() { link_q "$@"; }
field() { echo "$1" | tr ' ' '\n' | sed -n "s/^$2=//p" | head -1; }
idiv_awk='function idiv(a, b) { return (a - a % b) / b }'

# the pool: EUR, seeded at 1,000.00, 45% of a stake to the prize and 5% to the reserve
q <<EOF >/dev/null || bad "setting up the controller"
SELECT splink.link_site_add('paris', 'EUR');
SELECT splink.link_site_add('london', 'GBP');
SELECT splink.link_set_rate('GBP', 'EUR', 6, 5);
SELECT splink.link_pool_add('floor', 'EUR', 100000, 4500, 500, 0);
EOF
# the live preset with the link, one machine at each site
pg_link_machine m1 paris EUR floor "$tmp/m1" || bad "adding m1"
pg_link_machine m2 london GBP floor "$tmp/m2" || bad "adding m2"

# play NAME RUN DECK SCRIPT-LINES... -> $tmp/NAME/RUN.out (summary lines), RUN.err
play() {
  local m=$1 run=$2 deck=$3; shift 3
  printf '%s\n' "$@" >"$tmp/$m/$run.script"
  local deckarg=()
  [ -n "$deck" ] && deckarg=(--deck "$deck")
  "$bin" play --headless --turbo --size 640x360 --config "$tmp/$m/game.ini" --seed 1 \
    --db "$tmp/$m/studpoker.db" "${deckarg[@]}" --script "$tmp/$m/$run.script" \
    >"$tmp/$m/$run.out" 2>"$tmp/$m/$run.err"
}
# the last summary line of a run
last() { tail -n 1 "$tmp/$1/$2.out"; }
stake_sum() { q -c "SELECT COALESCE(SUM(stake),0) FROM splink.contributions WHERE machine='$1'"; }
rows() { q -c "SELECT COUNT(*) FROM splink.contributions WHERE machine='$1'"; }

# ---- 1. m1 plays a round with the JACKPOT bet: four nines (its fixed prize stays local) ----
play m1 r1 "9s 9h 9d 9c 2h  Ad Kc 8h 6d 3c" \
  "50 LINKWAIT 60000" "100 CHIP3" "150 SPOT ante" "200 SPOT ante" "250 SPOT jackpot" \
  "400 DEAL" "1500 PLAY" "3600 LINKWAIT 60000" "3700 SUMMARY" || bad "m1 r1: $(cat "$tmp/m1/r1.err")"
l=$(last m1 r1)
# the same money as a machine of its own (e2e_headless: ante 10, PLAY 20, JACKPOT 1.00, quads
# 250.00 fixed): credits 1,000 - 31 + 20 + 520 + 250 = 1,759.00
[ "$(field "$l" credits)" = 175900 ] && ok || bad "m1 r1 credits: $l"
[ "$(field "$l" link)" = up ] && [ "$(field "$l" link_pending)" = 0 ] && ok ||
  bad "m1 r1: the link did not settle: $l $(cat "$tmp/m1/r1.err")"
[ "$(rows m1)" = 1 ] && [ "$(stake_sum m1)" = 100 ] && ok || bad "m1 r1: controller rows $(rows m1)"
# the meter: 1,000.00 + 45% of 1.00 EUR
want=$(awk "$idiv_awk"' BEGIN { print idiv(100000 * 10000 + 100 * 4500, 10000) }')
[ "$(field "$l" link_value)" = "$want" ] && ok || bad "m1 r1 meter: want $want: $l"

# ---- 2. the server stops in the middle of m1's next round ----
play m1 r2 "Ts Th Td Tc 2h  Ad Kc 8h 6d 3c" \
  "50 LINKWAIT 60000" "100 CHIP3" "150 SPOT ante" "200 SPOT ante" "250 SPOT jackpot" \
  "400 DEAL" "500 SUMMARY" \
  "600 SLEEP 6000" "1500 PLAY" "3600 SUMMARY" \
  "3700 CHIP3" "3750 SPOT ante" "3800 SPOT ante" "3900 DEAL" "4000 SUMMARY" &
m1pid=$!
for _ in $(seq 100); do grep -q phase=deciding "$tmp/m1/r2.out" 2>/dev/null && break; sleep 0.1; done
grep -q phase=deciding "$tmp/m1/r2.out" && ok || bad "m1 r2 did not reach the decision"
pg_ctl_stop_fast
wait "$m1pid" || bad "m1 r2: $(cat "$tmp/m1/r2.err")"
settled=$(sed -n 2p "$tmp/m1/r2.out")
[ "$(field "$settled" phase)" = settled ] && [ "$(field "$settled" link)" = down ] &&
  [ "$(field "$settled" link_pending)" = 1 ] && ok ||
  bad "m1 r2: the round did not settle with its item waiting: $settled"
# four tens, paid as the nines: 1,759.00 - 31.00 + 790.00
[ "$(field "$settled" credits)" = 251800 ] && ok || bad "m1 r2 credits: $settled"
refused=$(sed -n 3p "$tmp/m1/r2.out")
[ "$(field "$refused" phase)" = betting ] && grep -Eq '(toast|notice)=LINK DOWN' <<<"$refused" && ok ||
  bad "m1 r2: a game was dealt with the link down: $refused"
# the files as they are now: the item not delivered
cp -a "$tmp/m1" "$tmp/m1-before"
pg_start_again
play m1 r3 "" "100 LINKWAIT 60000" "200 SUMMARY" || bad "m1 r3: $(cat "$tmp/m1/r3.err")"
l=$(last m1 r3)
[ "$(field "$l" link)" = up ] && [ "$(field "$l" link_pending)" = 0 ] && ok ||
  bad "m1 r3: not delivered after the restart: $l $(cat "$tmp/m1/r3.err")"
[ "$(rows m1)" = 2 ] && [ "$(stake_sum m1)" = 200 ] && ok || bad "m1 r3: controller has $(rows m1) rows"

# ---- 3. the machine's files from before the delivery: sent again, counted once ----
rm -rf "$tmp/m1" && cp -a "$tmp/m1-before" "$tmp/m1"
play m1 r4 "" "100 LINKWAIT 60000" "200 SUMMARY" || bad "m1 r4: $(cat "$tmp/m1/r4.err")"
l=$(last m1 r4)
[ "$(field "$l" link_pending)" = 0 ] && ok || bad "m1 r4: $l"
[ "$(rows m1)" = 2 ] && [ "$(stake_sum m1)" = 200 ] && ok ||
  bad "m1 r4: a contribution sent again was counted again ($(rows m1) rows)"
"$bin" audit --db "$tmp/m1/studpoker.db" --log 20 >"$tmp/m1-audit" 2>&1 || bad "m1 audit: $(tail -3 "$tmp/m1-audit")"
grep -q 'link-sent.*replay' "$tmp/m1-audit" && ok || bad "m1: the answer to the item sent again is not a replay"

# ---- 4. a royal on m2 (GBP), with m1 following the pool ----
play m1 r5 "" "100 LINKWAIT 180000 1" "200 SUMMARY" &
m1pid=$!
for _ in $(seq 100); do
  [ "$(q -c "SELECT COUNT(*) FROM pg_stat_activity WHERE usename='sp_m1'")" -ge 1 ] && break
  sleep 0.1
done
sleep 0.5
before=$(q -c "SELECT value FROM splink.pools_now WHERE pool='floor'")
play m2 r1 "As Ks Qs Js Ts  Ad Kc 9h 6d 2c" \
  "50 LINKWAIT 60000" "100 CHIP3" "150 SPOT ante" "200 SPOT ante" "250 SPOT jackpot" \
  "400 DEAL" "1500 PLAY" "3600 LINKWAIT 60000" "3700 SUMMARY" || bad "m2 r1: $(cat "$tmp/m2/r1.err")"
wait "$m1pid" || bad "m1 r5: $(cat "$tmp/m1/r5.err")"
l=$(last m2 r1)
# the prize at the claim: the pool before + 45% of 1.00 GBP at 6/5, paid in pence rounded down
want=$(awk -v V="$before" "$idiv_awk"' BEGIN { v = V + idiv(100 * 4500 * 6, 5); print idiv(v * 5, 6 * 10000) }')
paid=$(q -c "SELECT amount FROM splink.wins WHERE machine='m2'")
[ "$paid" = "$want" ] && ok || bad "m2: the controller paid $paid pence, want $want"
# the main game: ante 10 + PLAY 20 (royal 100:1) = 2,040.00 back for 31.00 staked, and the prize
[ "$(field "$l" balance)" = $((100000 - 3100 + 204000 + want)) ] && ok ||
  bad "m2 credits: want $((100000 - 3100 + 204000 + want)): $l"
# above 1,200.00 the prize is a hand pay
if [ "$want" -ge 120000 ]; then
  [ "$(field "$l" state)" = locked ] && ok || bad "m2: a hand pay of $want did not lock: $l"
fi
"$bin" audit --db "$tmp/m2/studpoker.db" --meters >"$tmp/m2-audit" 2>&1 || bad "m2 audit: $(tail -3 "$tmp/m2-audit")"
grep -qx "meter linked_won $want" "$tmp/m2-audit" && ok || bad "m2: linked_won is not $want: $(grep linked "$tmp/m2-audit")"
[ "$(field "$(last m1 r5)" link_wins)" = 1 ] && ok || bad "m1 did not see m2's win: $(last m1 r5)"

# ---- 5. every machine's linked stakes = the controller's rows for it ----
for m in m1 m2; do
  "$bin" audit --db "$tmp/$m/studpoker.db" --meters >"$tmp/$m-meters" 2>&1
  local_sum=$(sed -n 's/^meter wagered\.jackpot //p' "$tmp/$m-meters")
  [ "${local_sum:-0}" = "$(stake_sum $m)" ] && ok ||
    bad "$m: wagered.jackpot ${local_sum:-none} but the controller has $(stake_sum $m)"
done
finish
