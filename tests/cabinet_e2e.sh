#!/usr/bin/env bash
# End to end on a cabinet (kiosk mode, headless, one database across restarts): coins and notes
# in, a bet, a royal flush from a stacked deck that locks the machine for a hand pay, the lock
# surviving a restart, the attendant's key paying it by hand, CASH OUT printing a ticket; then the
# operator menu (a wrong PIN, a settings change refused with credits on the machine, one
# accepted), the door, and the demo after idle time touching nothing. Expected money is worked
# out by hand from ../shared/rules.md's classic pay table; the meters and the audit log are read
# back with `studpoker audit`, independently of the game.
set -u
bin=$1
probe=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

db=$tmp/machine.db
tickets=$tmp/tickets
cat >"$tmp/cabinet.ini" <<EOF
[game]
preset = caribbean-classic
[paytable]
main_straight_flush = 49
[approval]
handpay_threshold = 1000.00
[display]
mode = kiosk
[attract]
idle_seconds = 5
[cabinet]
machine_id = TEST-07
operator_pin = 2468
coin_value = 1.00
bill_values = 20.00, 100.00
voucher_path = $tickets
EOF

# run NAME SCRIPT-LINES...: the game against the machine's database; every SUMMARY line kept
run() {
  local name=$1; shift
  printf '%s\n' "$@" >"$tmp/$name.script"
  if ! "$bin" play --config "$tmp/cabinet.ini" --headless --turbo --size 1280x720 --db "$db" \
      --seed 5 --deck "As Ks Qs Js Ts  Ad Kc 9h 6d 2c" --script "$tmp/$name.script" \
      >"$tmp/$name.out" 2>"$tmp/$name.err"; then
    bad "$name: the program failed: $(cat "$tmp/$name.err")"
  fi
}
# expect NAME N key=value...: the Nth summary line of the run holds every pair
expect() {
  local name=$1 n=$2; shift 2
  local line; line=$(sed -n "${n}p" "$tmp/$name.out")
  for kv in "$@"; do
    if grep -qw -- "$kv" <<<"$line"; then ok; else bad "$name line $n: want $kv in: $line"; fi
  done
}
meters() { "$bin" audit --db "$db" --meters --log 60 >"$tmp/audit.txt"; }
meter() {
  local name=$1 want=$2 got
  got=$(awk -v n="$name" '$1 == "meter" && $2 == n {print $3}' "$tmp/audit.txt")
  [ "${got:-0}" = "$want" ] && ok || bad "meter $name: want $want, got ${got:-0}"
}

# 1. Credits in: two coins (1.00 each), a 100.00 note, a 50.00 note the acceptor does not take.
# A bet of 10.00 on the ante (two 5.00 chips), a coin while betting (the bets stay), the deal, a
# coin refused while the cards are out, PLAY (20.00). Royal flush against A-K high: ante 1:1
# returns 20.00, PLAY 100:1 returns 2,020.00. Balance 103.00 - 30.00 + 2,040.00 = 2,113.00; the
# win 10.00 + 2,000.00 = 2,010.00 is at least the 1,000.00 hand-pay threshold: locked, and coins
# and CASH OUT are refused while locked.
run play "100 COIN" "200 COIN" "300 BILL 100.00" "400 BILL 50.00" "500 SUMMARY" \
  "600 CHIP3" "700 SPOT ante" "800 SPOT ante" "900 COIN" "1000 SUMMARY" \
  "1100 DEAL" "2100 COIN" "2200 PLAY" "4500 SUMMARY" "4600 COIN" "4700 CASHOUT" "4800 SUMMARY"
expect play 1 balance=10200 staked=0 state=play
expect play 2 balance=9300 staked=1000 phase=betting
expect play 3 phase=settled returned=204000 state=locked balance=211300
expect play 4 state=locked balance=211300
[ -z "$(ls -A "$tickets" 2>/dev/null)" ] && ok || bad "a ticket was printed while locked"

# 2. The lock survives a restart. The attendant's key: the 2,010.00 win is paid by hand, the
# 30.00 of stakes it came with and the 73.00 not bet stay: 103.00, cashed out as a ticket.
run restart "100 SUMMARY" "200 ATTENDANT" "300 SUMMARY" "400 CASHOUT" "500 SUMMARY" \
  "4000 SUMMARY" "4100 SCREENSHOT $tmp/cashed.png" "4200 CHIP1" "4300 SUMMARY"
# The approved return range (75% to 99.99% by default): the first start worked every bet's
# exact return out from the par sheet (the straight flush pays 49, not the preset's 50, so the
# built-in figures do not apply) and kept the figures in the machine's store; the restart with
# the same config reads them back from there instead of working them out again.
grep -qF "approved return 75% to 99.99%: every bet inside (figures worked out, kept in the cache)" \
  "$tmp/play.err" && ok || bad "first start: figures not kept: $(cat "$tmp/play.err")"
grep -qF "approved return 75% to 99.99%: every bet inside (figures from the cache)" \
  "$tmp/restart.err" && ok || bad "restart: figures not from the cache: $(cat "$tmp/restart.err")"
expect restart 1 state=locked balance=211300
expect restart 2 state=play balance=10300
expect restart 3 state=play balance=0
# the cash-out is said until the player acts (issue 13, item 4), not for 2 seconds: still there
# 3.6 s later, in the message box at the right above the buttons (white text on its panel),
# gone with the next press
for n in 3 4; do
  grep -qF 'toast=CASHED OUT $103.00 - TAKE YOUR TICKET' <<<"$(sed -n "${n}p" "$tmp/restart.out")" &&
    ok || bad "cash-out line $n: $(sed -n "${n}p" "$tmp/restart.out")"
done
if grep -q "toast=" <<<"$(sed -n 5p "$tmp/restart.out")"; then bad "cash-out: still there after a press"; else ok; fi
if [ -f "$tmp/cashed.png" ]; then
  light=$("$probe" "$tmp/cashed.png" 1510 810 370 70 | awk '{print $6}')
  awk -v l="$light" 'BEGIN{exit !(l > 0.02)}' && ok || bad "cash-out: not in the message box (light $light)"
else
  bad "no cash-out screenshot"
fi
ticket=$tickets/ticket-000001.txt
if [ -f "$ticket" ]; then
  grep -qx "amount in minor units: 10300" "$ticket" && ok || bad "ticket amount: $(cat "$ticket")"
  grep -qx 'amount: \$103.00' "$ticket" && ok || bad "ticket amount text: $(cat "$ticket")"
  grep -qx "amount in words: ONE HUNDRED THREE AND 00/100" "$ticket" && ok || bad "ticket words"
  grep -qx "machine: TEST-07" "$ticket" && ok || bad "ticket machine"
  validation=$(sed -n 's/^validation: //p' "$ticket")
  [[ $validation =~ ^[0-9]{2}(-[0-9]{4}){4}$ ]] && ok || bad "validation number '$validation'"
  size=$(identify -format '%wx%h' "$tickets/ticket-000001.png" 2>/dev/null)
  [ "$size" = "900x420" ] && ok || bad "ticket picture: '$size'"
else
  bad "no ticket printed"; validation=none
fi

meters
grep -q "cents lost 0$" "$tmp/audit.txt" && ok || bad "audit: $(head -3 "$tmp/audit.txt")"
meter coin_in 300
meter bill_in 10000
meter wagered.ante 1000
meter wagered.play 2000
meter won.ante 2000
meter won.play 202000
meter attendant_jackpots 201000
meter attendant_jackpot_count 1
meter credit_out 10300
meter games_played 1
grep -q "voucher-out ticket 1 validation $validation amount \$103.00 machine TEST-07" \
  "$tmp/audit.txt" && ok || bad "the ticket is not in the audit log"
grep -q "handpay-cleared attendant key: paid by hand" "$tmp/audit.txt" && ok || bad "hand pay not audited"

# 3. The operator menu: a coin (1.00 on the machine), SERVICE, a wrong PIN, the right one; a
# coin while the menu is open is not taken; SETTINGS (the 9th item), volume refused with credits
# on the machine; out, CASH OUT, in again, the change accepted and recorded.
run operator "100 COIN" "200 SERVICE" "300 DIGIT 1" "320 DIGIT 1" "340 DIGIT 1" "360 DIGIT 1" \
  "380 DEAL" "500 SUMMARY" "600 DIGIT 2" "620 DIGIT 4" "640 DIGIT 6" "660 DIGIT 8" "680 DEAL" \
  "700 COIN" "800 NEXT_SPOT" "820 NEXT_SPOT" "840 NEXT_SPOT" "860 NEXT_SPOT" "880 NEXT_SPOT" \
  "900 NEXT_SPOT" "920 NEXT_SPOT" "940 NEXT_SPOT" "960 DEAL" "1000 DEAL" "1100 SUMMARY" \
  "1200 BACK" "1300 BACK" "1400 SUMMARY" "1500 CASHOUT" \
  "1600 SERVICE" "1700 DIGIT 2" "1720 DIGIT 4" "1740 DIGIT 6" "1760 DIGIT 8" "1780 DEAL" \
  "1800 NEXT_SPOT" "1820 NEXT_SPOT" "1840 NEXT_SPOT" "1860 NEXT_SPOT" "1880 NEXT_SPOT" \
  "1900 NEXT_SPOT" "1920 NEXT_SPOT" "1940 NEXT_SPOT" "1960 DEAL" "2000 DEAL" \
  "2100 SCREENSHOT $tmp/settings.png" "2200 BACK" "2300 BACK" "2400 SUMMARY"
expect operator 1 screen=operator balance=100
expect operator 2 screen=operator balance=100
expect operator 3 screen=table balance=100
expect operator 4 screen=table balance=0
meters
meter coin_in 400
meter credit_out 10400
n=$(grep -c " config-change " "$tmp/audit.txt")
[ "$n" = 1 ] && ok || bad "want one config change, got $n"
grep -q "config-change sound.volume=90 (was config)" "$tmp/audit.txt" && ok || bad "volume change not recorded"
grep -q "operator wrong operator PIN (1 in a row)" "$tmp/audit.txt" && ok || bad "wrong PIN not recorded"
n=$(grep -c "operator operator menu opened" "$tmp/audit.txt")
[ "$n" = 2 ] && ok || bad "want the menu opened twice, got $n"
[ -f "$tickets/ticket-000002.txt" ] && grep -qx "amount in minor units: 100" "$tickets/ticket-000002.txt" \
  && ok || bad "second ticket"

# 4. The door: play and coins stop while it is open; both movements are recorded. (DEAL on the
# empty table first: refused, and it must not leave a round in play that would hold the coin
# after the door closes.)
run door "50 DEAL" "100 DOOR" "200 COIN" "300 CHIP1" "400 SPOT ante" "500 SUMMARY" "600 DOOR" "700 COIN" \
  "800 SUMMARY"
expect door 1 door=1 balance=0 staked=0
expect door 2 door=0 balance=100
meters
meter door_openings 1
grep -q " door-open " "$tmp/audit.txt" && grep -q " door-close " "$tmp/audit.txt" && ok || bad "door not audited"

# 4b. The door left open across a restart is still open (the audit log's last door event).
run door2 "100 DOOR" "200 SUMMARY"
run door3 "100 SUMMARY" "200 COIN" "300 DOOR" "400 COIN" "500 SUMMARY"
expect door2 1 door=1
expect door3 1 door=1 balance=100
expect door3 2 door=0 balance=200

# 5. The demo after 5 idle seconds with no credits (cash out first), for a minute of play; any
# button brings the table back. Nothing of the machine's moves.
run idle "100 CASHOUT" "6500 SUMMARY" "6600 SCREENSHOT $tmp/demo.png" "60000 SUMMARY" \
  "60100 CHIP1" "60200 SUMMARY"
expect idle 1 screen=attract balance=0
expect idle 2 screen=attract balance=0
expect idle 3 screen=table balance=0 game=2
if [ -f "$tmp/demo.png" ]; then
  # the DEMO banner: a red panel over the chip tray and buttons (bar top 900 + 30)
  rgb=$("$probe" "$tmp/demo.png" 780 1000 120 30 | awk '{print $2, $3}')
  awk -v rgb="$rgb" 'BEGIN{split(rgb, c, " "); exit !(c[1] > 50 && c[1] > 1.8 * c[2])}' && ok \
    || bad "no DEMO banner (mean red, green $rgb)"
else
  bad "no demo screenshot"
fi
meters
meter games_played 1
meter coin_in 600
meter credit_out 10600
[ "$(grep -c " config-change " "$tmp/audit.txt")" = 1 ] && ok || bad "the demo changed settings"

# 6. Jackpot reset from the operator menu (JACKPOT POOLS, the 3rd item): a live-style machine
# whose pool started at the 1,000.00 seed, its seed then raised to 1,500.00 in the config; the
# reset raises the pool by exactly 500.00, paid by the house (progressive_seeded), and is
# audited; a second reset is refused (the pool is at its seed: it never goes down but by a win).
jdb=$tmp/live.db
printf '[game]\npreset = caribbean-live\n[display]\nmode = kiosk\n[cabinet]\noperator_pin = 2468\n' >"$tmp/live.ini"
printf '[game]\npreset = caribbean-live\n[jackpot]\nseed = 1500.00\n[display]\nmode = kiosk\n[cabinet]\noperator_pin = 2468\n' >"$tmp/live2.ini"
printf '%s\n' "100 SUMMARY" >"$tmp/j1.script"
"$bin" play --config "$tmp/live.ini" --headless --turbo --size 640x360 --db "$jdb" --script "$tmp/j1.script" >"$tmp/j1.out" 2>&1
grep -qw "pool=100000" "$tmp/j1.out" && ok || bad "live pool at its seed: $(cat "$tmp/j1.out")"
printf '%s\n' "100 SERVICE" "200 DIGIT 2" "220 DIGIT 4" "240 DIGIT 6" "260 DIGIT 8" "280 DEAL" \
  "400 NEXT_SPOT" "420 NEXT_SPOT" "440 DEAL" "600 DEAL" "700 DEAL" "800 DEAL" "900 DEAL" \
  "1000 BACK" "1100 BACK" "1200 SUMMARY" >"$tmp/j2.script"
"$bin" play --config "$tmp/live2.ini" --headless --turbo --size 640x360 --db "$jdb" --script "$tmp/j2.script" >"$tmp/j2.out" 2>&1
grep -qw "pool=150000" "$tmp/j2.out" && ok || bad "pool after the reset: $(cat "$tmp/j2.out")"
"$bin" audit --db "$jdb" --meters --log 30 >"$tmp/jaudit.txt" && ok || bad "live audit: $(head -3 "$tmp/jaudit.txt")"
[ "$(grep -c " jackpot-reset " "$tmp/jaudit.txt")" = 1 ] && ok || bad "want one jackpot reset: $(grep jackpot "$tmp/jaudit.txt")"
seeded=$(awk '$1 == "meter" && $2 == "progressive_seeded" {print $3}' "$tmp/jaudit.txt")
[ "$seeded" = 150000 ] && ok || bad "progressive_seeded: want 150000 (1,000.00 + 500.00), got $seeded"

# 7. Touch calibration (the 6th item): five touches each 10 right and 20 below their target,
# DEAL keeps the mean error as the calibration, recorded as two settings.
run touch "100 SERVICE" "200 DIGIT 2" "220 DIGIT 4" "240 DIGIT 6" "260 DIGIT 8" "280 DEAL" \
  "400 NEXT_SPOT" "420 NEXT_SPOT" "440 NEXT_SPOT" "460 NEXT_SPOT" "480 NEXT_SPOT" "500 DEAL" \
  "600 TOUCH 130 140" "700 TOUCH 1810 140" "800 TOUCH 970 560" "900 TOUCH 130 880" \
  "1000 TOUCH 1810 880" "1100 DEAL" "1200 BACK" "1300 BACK" "1400 SUMMARY"
expect touch 1 screen=table
meters
grep -q "config-change touch.dx=10 (was config)" "$tmp/audit.txt" && ok || bad "touch.dx not recorded"
grep -q "config-change touch.dy=20 (was config)" "$tmp/audit.txt" && ok || bad "touch.dy not recorded"

# 8. The PIN typed fast (issue 13, item 4): four digits within one tick and then, the next time,
# 60 ms apart, each followed by ENTER, open the menu both times (every key press is queued, one a
# tick, as ui_input_poll takes them: the first digit is not replaced by the last). No wrong PIN
# is recorded.
opened() { "$bin" audit --db "$db" --log 10000 | grep -c " operator menu opened"; }
wrong() { "$bin" audit --db "$db" --log 10000 | grep -c " wrong operator PIN"; }
opened0=$(opened) wrong0=$(wrong)
# (section 3's wrong PIN and its two openings are there: the counts read the log)
[ "$wrong0" -ge 1 ] && [ "$opened0" -ge 2 ] && ok || bad "the log's PIN rows not read ($wrong0, $opened0)"
run pinfast "100 SERVICE" "200 DIGIT 2" "200 DIGIT 4" "200 DIGIT 6" "200 DIGIT 8" "200 DEAL" \
  "600 SUMMARY" "700 BACK" "800 SUMMARY" \
  "1000 SERVICE" "1100 DIGIT 2" "1160 DIGIT 4" "1220 DIGIT 6" "1280 DIGIT 8" "1340 DEAL" \
  "1500 SUMMARY" "1600 BACK" "1700 SUMMARY"
expect pinfast 1 screen=operator
expect pinfast 2 screen=table
expect pinfast 3 screen=operator
expect pinfast 4 screen=table
[ "$(opened)" = $((opened0 + 2)) ] && ok || bad "fast PIN: want the menu opened twice more ($opened0 -> $(opened))"
[ "$(wrong)" = "$wrong0" ] && ok || bad "fast PIN: a wrong PIN was recorded ($wrong0 -> $(wrong))"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
