#!/usr/bin/env bash
# The kill test of ticket in: a machine with 20 tickets of 1.00 printed inserts them, each twice,
# a moment apart, and is killed with SIGKILL at random instants, again and again (a kill in the
# middle of a redemption's commit among them); a last run inserts every ticket once more. Each
# ticket must then be credited exactly once: 20.00 on the machine, voucher_in 2000 in 20
# redemptions, one redemption row per ticket, every later insertion refused, and the
# independent audit passing with 0 cents lost.
#   kill_ticket.sh STUDPOKER [KILLS] [SEED]
set -u
bin=$1 kills=${2:-25} seed=${3:-1}
. "$(dirname "$0")/lib.sh"
RANDOM=$seed
db=$tmp/machine.db
n=20
printf '[display]\nmode = kiosk\n[cabinet]\ncoin_value = 1.00\nvoucher_path = %s\n' \
  "$tmp/tickets" >"$tmp/k.ini"
play() { "$bin" play --headless --turbo --size 320x240 --config "$tmp/k.ini" --db "$db" "$@"; }
# n tickets of 1.00: a coin and CASH OUT each
for i in $(seq $n); do printf '%d COIN\n%d CASHOUT\n' $((i * 100)) $((i * 100 + 50)); done >"$tmp/out.script"
play --script "$tmp/out.script" >/dev/null 2>"$tmp/out.err" || { echo "FAIL: $(cat "$tmp/out.err")"; exit 1; }
mapfile -t v < <(for i in $(seq $n); do awk '/^validation:/ {print $2}' "$tmp/tickets/ticket-$(printf %06d "$i").txt"; done)
[ ${#v[@]} -eq $n ] && ok || bad "only ${#v[@]} tickets were printed"
# every ticket inserted twice, 15 ms of real time apart (the script's clock stands meanwhile),
# from ticket FIRST on (each run starts at another, so the runs killed early still progress)
in_script() {
  for j in $(seq 0 $((n - 1))); do
    i=$(((j + $1) % n))
    printf '%d TICKET %s\n%d SLEEP 15\n%d TICKET %s\n%d SLEEP 15\n' $((j * 40 + 10)) "${v[$i]}" \
      $((j * 40 + 11)) $((j * 40 + 20)) "${v[$i]}" $((j * 40 + 21))
  done >"$tmp/in.script"
  echo "$((n * 40 + 100)) SUMMARY" >>"$tmp/in.script"
}
# how long a start takes here, to aim the kills at the first few insertions after it (each run
# takes a few tickets at most, so many kills land among the redemptions)
cp "$db" "$tmp/probe.db"
cp "$db.anchor" "$tmp/probe.db.anchor"
echo "0 QUIT" >"$tmp/quit.script"
start=$(date +%s%N)
"$bin" play --headless --turbo --size 320x240 --config "$tmp/k.ini" --db "$tmp/probe.db" \
  --script "$tmp/quit.script" >/dev/null 2>"$tmp/probe.err" || bad "the probe run: $(cat "$tmp/probe.err")"
span=$((($(date +%s%N) - start) / 1000000))
rm -f "$tmp/probe.db"*
landed=0 midway=0
redeemed() { sqlite3 "$db" "SELECT COUNT(*) FROM ticket_events WHERE event='redeemed'" 2>/dev/null; }
for ((k = 0; k < kills; k++)); do
  in_script $((k * 3))
  (exec "$bin" play --headless --turbo --size 320x240 --config "$tmp/k.ini" --db "$db" \
    --script "$tmp/in.script" >/dev/null 2>"$tmp/err") &
  pid=$!
  ms=$((span * 3 / 4 + RANDOM % (span / 2 + 150)))
  sleep "$(printf '%d.%03d' $((ms / 1000)) $((ms % 1000)))"
  # a run that ended before its kill: starts are quicker now than the probe's (the machine's load
  # falls and rises while the suite runs), so the next kills come sooner
  if kill -KILL $pid 2>/dev/null; then landed=$((landed + 1)); k_landed=1; else
    k_landed=0
    [ $span -gt 80 ] && span=$((span * 2 / 3))
  fi
  wait $pid 2>/dev/null
  r=$(redeemed)
  # killed before any ticket was ever redeemed: starts are slower now than the probe's, so the
  # next kills come later
  [ $k_landed = 1 ] && [ "${r:-0}" -eq 0 ] && span=$((span * 4 / 3))
  # a kill with some tickets taken and some not: it landed among the redemptions
  [ "${r:-0}" -gt 0 ] && [ "${r:-0}" -lt $n ] && midway=$((midway + 1))
done
# the last run: every ticket once more, to the end
in_script 0
play --script "$tmp/in.script" >"$tmp/last.out" 2>"$tmp/last.err" || bad "the last run: $(cat "$tmp/last.err")"
grep -qw "balance=$((n * 100))" "$tmp/last.out" && ok || bad "credits: $(cat "$tmp/last.out")"
# and again: every insertion refused, nothing moves
printf '10 TICKET %s\n' "${v[@]}" | awk '{print NR * 10, $2, $3}' >"$tmp/again.script"
echo "$((n * 10 + 50)) SUMMARY" >>"$tmp/again.script"
play --script "$tmp/again.script" >"$tmp/again.out" 2>/dev/null
grep -qw "balance=$((n * 100))" "$tmp/again.out" && grep -q "paid already" "$tmp/again.out" && ok ||
  bad "insertions after: $(cat "$tmp/again.out")"
"$bin" audit --db "$db" --meters >"$tmp/audit.txt" 2>&1 && ok || bad "audit: $(cat "$tmp/audit.txt")"
meter() { awk -v m="$1" '$1 == "meter" && $2 == m {print $3}' "$tmp/audit.txt"; }
[ "$(meter voucher_in)" = $((n * 100)) ] && [ "$(meter voucher_in_count)" = $n ] && ok ||
  bad "voucher_in $(meter voucher_in) in $(meter voucher_in_count), want $((n * 100)) in $n"
rows=$(sqlite3 "$db" "SELECT COUNT(*) || ' ' || COUNT(DISTINCT validation) FROM ticket_events WHERE event='redeemed'")
[ "$rows" = "$n $n" ] && ok || bad "redemption rows (all, distinct): $rows"
grep -q "cents lost 0$" "$tmp/audit.txt" && ok || bad "the money: $(head -3 "$tmp/audit.txt")"
echo "kills $landed of $kills landed, $midway among the redemptions, a start taking about $span ms"
[ "$landed" -ge $((kills / 2)) ] && ok || bad "only $landed kills landed"
[ "$midway" -ge 1 ] && ok || bad "no kill landed among the redemptions"
finish
