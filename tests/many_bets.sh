#!/usr/bin/env bash
# A round can never get stuck (issue 11, item 5): 600 chips each taken back, then the deal and
# PLAY, are recorded as the net bets and finish the round; 2,000 taps on the ante stop at the
# table's maximum and deal; a restart while deciding resumes and finishes. The database is
# audited after each run. Money from the classic pay table (../shared/rules.md) by hand.
set -u
bin=$1
. "$(dirname "$0")/lib.sh"
db=$tmp/m.db
# run NAME DECK: the script in $tmp/NAME.script against the database
run() {
  "$bin" play --headless --turbo --size 640x360 --seed 3 --deck "$2" --db "$db" \
    --script "$tmp/$1.script" >"$tmp/$1.out" 2>"$tmp/$1.err" || bad "$1: status $?: $(cat "$tmp/$1.err")"
}
audit() { "$bin" audit --db "$db" >"$tmp/audit.txt" 2>&1 && grep -q "cents lost 0$" "$tmp/audit.txt" && ok ||
  bad "audit after $1: $(cat "$tmp/audit.txt")"; }

# 1. 600 x (the 5.00 chip on the ante, UNDO), one more chip, DEAL, PLAY. A pair against A-K high
# (dealer qualifies): ante 5.00 1:1 and PLAY 10.00 1:1: 30.00 back; 1,000.00 - 15.00 + 30.00.
# (one tap a tick, as a finger makes them: 25 ms apart)
{ echo "10 CHIP3"; t=40
  for _ in $(seq 600); do echo "$t SPOT ante"; echo "$((t + 25)) UNDO"; t=$((t + 50)); done
  echo "$t SPOT ante"; echo "$((t + 200)) DEAL"; echo "$((t + 1500)) PLAY"; echo "$((t + 3500)) SUMMARY"
} >"$tmp/undo.script"
run undo "9s 9h 4d 7c 2s  Ad Kc 8h 6d 3c"
line=$(tail -n 1 "$tmp/undo.out")
for kv in game=1 phase=settled staked=1500 returned=3000 credits=101500; do
  grep -qw "$kv" <<<"$line" && ok || bad "undo: want $kv in: $line"; done
n=$(sqlite3 "$db" "SELECT COUNT(*) FROM round_actions WHERE game=1")
[ "$n" = 3 ] && ok || bad "game 1 recorded $n actions, want 3 (the net ante, the deal, PLAY)"
audit undo

# 2. 2,000 taps on the ante with the 5.00 chip: the spot stops at the classic maximum (100.00
# unless configured otherwise), then DEAL and FOLD lose it: 1,015.00 - 100.00.
max=$("$bin" print-config --preset caribbean-classic | sed -n 's/^ante_max *= *//p' | head -1)
{ echo "10 CHIP3"; for i in $(seq 2000); do echo "$((20 + 25 * i)) SPOT ante"; done
  echo "50200 DEAL"; echo "51500 FOLD"; echo "53000 SUMMARY"; } >"$tmp/taps.script"
run taps "2s 7h 9d Jc 4s  Ad Kc 9h 6d 2c"
line=$(tail -n 1 "$tmp/taps.out")
cents=$(awk -v m="$max" 'BEGIN{split(m, p, "."); printf "%d", p[1] * 100 + (p[2] == "" ? 0 : p[2])}')
grep -qw "staked=$cents" <<<"$line" && grep -qw "phase=settled" <<<"$line" && grep -qw "game=2" <<<"$line" &&
  ok || bad "taps (maximum $max): $line"
audit taps

# 3. The same 600 pairs, DEAL, then the program ends while deciding; the restart resumes and PLAY
# finishes it (a pair against A-K high again: 30.00 back).
head -n 1202 "$tmp/undo.script" >"$tmp/cut.script"
t=$(tail -n 1 "$tmp/cut.script" | cut -d' ' -f1)
{ echo "$((t + 200)) DEAL"; echo "$((t + 1500)) SUMMARY"; } >>"$tmp/cut.script"
run cut "9s 9d 4h 7d 2c  Ad Kd 8c 6h 3s"
grep -qw "phase=deciding" <<<"$(tail -n 1 "$tmp/cut.out")" && ok || bad "cut: $(tail -n 1 "$tmp/cut.out")"
printf '%s\n' "500 PLAY" "2500 SUMMARY" >"$tmp/resume.script"
run resume "9s 9d 4h 7d 2c  Ad Kd 8c 6h 3s"
line=$(tail -n 1 "$tmp/resume.out")
grep -qw "game=3" <<<"$line" && grep -qw "phase=settled" <<<"$line" && grep -qw "returned=3000" <<<"$line" &&
  grep -q "resumed" "$tmp/resume.err" && ok || bad "resume: $line $(cat "$tmp/resume.err")"
audit resume

finish
