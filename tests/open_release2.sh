#!/usr/bin/env bash
# Records that survive an upgrade: tests/fixtures/release2.{db,key,anchor} are a machine's
# database, key and anchor as the release of 2026-11-25 wrote them (schema 2, made by
# tests/fixtures/make_release2_db.sh), with five finished rounds and a sixth left while deciding.
# Every later build must open them as they are (migrating the schema if it moved on), audit them
# to 0 cents lost, resume the round in play and finish it, and play on. The money is the classic
# pay table's, worked out by hand.
#   open_release2.sh STUDPOKER FIXTURES_DIR
set -u
bin=$1
fx=$2
. "$(dirname "$0")/lib.sh"
db=$tmp/machine.db
cp "$fx/release2.db" "$db"
cp "$fx/release2.key" "$tmp/machine.key"
cp "$fx/release2.anchor" "$db.anchor"
chmod 600 "$tmp/machine.key"

"$bin" audit --db "$db" >"$tmp/audit1.txt" 2>&1 && ok || bad "audit: $(cat "$tmp/audit1.txt")"
grep -q "^rounds 5 (void 0), round in play yes, duplicate decks 0, rounds whose credits do not add up 0" \
  "$tmp/audit1.txt" && grep -q "cents lost 0$" "$tmp/audit1.txt" && ok || bad "audit: $(cat "$tmp/audit1.txt")"

# the round in play resumes while deciding: PLAY. A pair of nines against the dealer's A-K high
# (qualifies): ante 5.00 1:1 and PLAY 10.00 1:1 (pair or less): 30.00 back; 20.00 - 15.00 + 30.00
printf '[display]\nmode = kiosk\n[cabinet]\nvoucher_path = %s\n' "$tmp/tickets" >"$tmp/kiosk.ini"
printf '%s\n' "200 PLAY" "2500 SUMMARY" >"$tmp/s"
"$bin" play --headless --turbo --config "$tmp/kiosk.ini" --db "$db" --script "$tmp/s" \
  >"$tmp/play.out" 2>"$tmp/play.err" && ok || bad "play: $(cat "$tmp/play.err")"
line=$(tail -n 1 "$tmp/play.out")
for kv in game=6 phase=settled staked=1500 returned=3000 balance=3500; do
  grep -qw "$kv" <<<"$line" && ok || bad "want $kv in: $line"; done
grep -q "game 6 resumed where it stopped (deciding)" "$tmp/play.err" && ok || bad "not resumed: $(cat "$tmp/play.err")"

# and plays on: a fold (ante 5.00 lost)
printf '%s\n' "100 CHIP3" "150 SPOT ante" "400 DEAL" "1500 FOLD" "3000 SUMMARY" >"$tmp/s"
"$bin" play --headless --turbo --config "$tmp/kiosk.ini" --db "$db" --seed 2 \
  --deck "2s 7h 9d Jc 4s  Ad Kd 9c 6h 2c" --script "$tmp/s" >"$tmp/more.out" 2>"$tmp/more.err" ||
  bad "play on: $(cat "$tmp/more.err")"
grep -qw "balance=3000" <<<"$(tail -n 1 "$tmp/more.out")" && grep -qw "game=7" <<<"$(tail -n 1 "$tmp/more.out")" &&
  ok || bad "play on: $(tail -n 1 "$tmp/more.out")"
# the ticket that release printed (4,053.25, before the ticket register) was entered in the
# register at the first start: it is redeemed once, and refused the second time
v=$(sqlite3 "$db" "SELECT detail FROM audit WHERE event='voucher-out'" | awk '{print $4}')
printf '%s\n' "100 TICKET $v" "200 SUMMARY" "300 TICKET $v" "400 SUMMARY" >"$tmp/s"
"$bin" play --headless --turbo --config "$tmp/kiosk.ini" --db "$db" --script "$tmp/s" \
  >"$tmp/ticket.out" 2>"$tmp/ticket.err" || bad "ticket: $(cat "$tmp/ticket.err")"
grep -q "balance=408325 .*TICKET ACCEPTED  + \$4,053.25" <<<"$(sed -n 1p "$tmp/ticket.out")" && ok ||
  bad "the old ticket $v: $(sed -n 1p "$tmp/ticket.out")"
grep -q "balance=408325 .*paid already" <<<"$(sed -n 2p "$tmp/ticket.out")" && ok ||
  bad "the old ticket again: $(sed -n 2p "$tmp/ticket.out")"
"$bin" audit --db "$db" >"$tmp/audit2.txt" 2>&1 && grep -q "^rounds 7 (void 0), round in play no" "$tmp/audit2.txt" &&
  grep -q "cents lost 0$" "$tmp/audit2.txt" && ok || bad "audit after: $(cat "$tmp/audit2.txt")"

finish
