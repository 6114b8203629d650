#!/usr/bin/env bash
# The machine's records tried as an attacker and a technician would (issue 11): every attack ends
# in a fault that names itself, with a non-zero exit status, nothing paid twice and no ticket
# printed over another; the honest paths (a genuine restore accepted by a technician) go on.
#   store_attacks.sh STUDPOKER FORGE_STORE.PY
set -u
bin=$1
forge=$2
if ! command -v python3 >/dev/null; then
  # the forger and the checks are python3: skipped (77) outside CI, a failure in CI, where
  # scripts/deps.sh installs it
  if [ -n "${CI:-}" ]; then echo "FAIL: python3 is missing (scripts/deps.sh installs it)"; exit 1; fi
  echo "SKIP: python3 is missing"; exit 77
fi
. "$(dirname "$0")/lib.sh"

cfg=$tmp/kiosk.ini
printf '[display]\nmode = kiosk\n[cabinet]\nmachine_id = ATTACK-1\nvoucher_path = %s\n' \
  "$tmp/tickets" >"$cfg"
# play DIR NAME SCRIPT-LINES...: a headless kiosk on DIR/m.db; output in $tmp/NAME.{out,err,rc}
play() {
  local dir=$1 name=$2; shift 2
  printf '%s\n' "$@" >"$tmp/$name.script"
  "$bin" play --headless --turbo --size 640x360 --config "$cfg" --db "$dir/m.db" \
    --script "$tmp/$name.script" >"$tmp/$name.out" 2>"$tmp/$name.err"
  echo $? >"$tmp/$name.rc"
}
rc() { cat "$tmp/$1.rc"; }
last() { tail -n 1 "$tmp/$1.out"; }
# refused NAME TITLE: the run stopped on a fault with this title on stderr and status 3
refused() {
  if [ "$(rc "$1")" = 3 ] && grep -q "$2" "$tmp/$1.err"; then ok; else
    bad "$1: want status 3 and '$2', got $(rc "$1"): $(cat "$tmp/$1.err")"; fi
}

# 1. A machine with $200 on it (two $100 notes).
m=$tmp/m1
mkdir -p "$m"
play "$m" fill "100 BILL 100.00" "200 BILL 100.00" "300 SUMMARY"
grep -qw "balance=20000" <<<"$(last fill)" && ok || bad "fill: $(last fill) $(cat "$tmp/fill.err")"
# the key: made at the first start, readable only by its owner, nowhere else
[ "$(stat -c %a "$m/machine.key")" = 600 ] && ok || bad "key mode $(stat -c %a "$m/machine.key")"
hex=$(sed -n 2p "$m/machine.key")
[ ${#hex} = 64 ] && ok || bad "key file: '$hex'"
if python3 - "$hex" "$m/m.db" "$m/m.db.anchor" "$tmp"/*.out "$tmp"/*.err <<'PY'; then ok; else bad "the key appears in the database, the anchor or the output"; fi
import sys
key = bytes.fromhex(sys.argv[1])
for path in sys.argv[2:]:
    data = open(path, "rb").read()
    if key in data or sys.argv[1].encode() in data:
        sys.exit(1)
PY
cp -p "$m/m.db" "$tmp/clean.db"
cp -p "$m/m.db.anchor" "$tmp/clean.anchor"

# 2. A $1,000,000 note forged with every key the source or the database reveals: refused.
for key in source meta db_id; do
  d=$tmp/forged-$key
  mkdir -p "$d"
  cp -p "$tmp/clean.db" "$d/m.db"; cp -p "$tmp/clean.anchor" "$d/m.db.anchor"; cp -p "$m/machine.key" "$d/"
  python3 "$forge" "$d/m.db" "$d/m.db.anchor" "$key" 100000000 >/dev/null || bad "forger failed ($key)"
  play "$d" "forged-$key" "100 SUMMARY" "200 CASHOUT" "300 SUMMARY"
  refused "forged-$key" "MEMORY ERROR - CALL ATTENDANT"
  grep -q "balance=0" <<<"$(last "forged-$key")" && ok || bad "forged-$key shows money: $(last "forged-$key")"
  if "$bin" audit --db "$d/m.db" >"$tmp/audit-$key.txt" 2>&1; then bad "audit passed a forgery ($key)"; else
    grep -q "^FAULT" "$tmp/audit-$key.txt" && ok || bad "audit ($key): $(cat "$tmp/audit-$key.txt")"; fi
done
[ -z "$(ls "$tmp/tickets" 2>/dev/null)" ] && ok || bad "a forged machine printed a ticket"
# the positive control: the same forger with the machine's own key is accepted, so it is the key,
# not a mistake of the forger, that stops the forgeries above
d=$tmp/forged-real
mkdir -p "$d"
cp -p "$tmp/clean.db" "$d/m.db"; cp -p "$tmp/clean.anchor" "$d/m.db.anchor"; cp -p "$m/machine.key" "$d/"
python3 "$forge" "$d/m.db" "$d/m.db.anchor" "$d/machine.key" 100000000 >/dev/null
play "$d" forged-real "100 SUMMARY"
grep -qw "balance=100020000" <<<"$(last forged-real)" && [ "$(rc forged-real)" = 0 ] && ok ||
  bad "the forger with the real key: $(rc forged-real) $(last forged-real) $(cat "$tmp/forged-real.err")"

# 3. The database copied to another machine (its own key): refused.
o=$tmp/other
mkdir -p "$o"
play "$o" other-first "100 SUMMARY"
cp -p "$tmp/clean.db" "$o/m.db"; cp -p "$tmp/clean.anchor" "$o/m.db.anchor"
play "$o" other "100 SUMMARY"
refused other "MEMORY ERROR - CALL ATTENDANT"
grep -q "not written with this machine's key" "$tmp/other.err" && ok || bad "other: $(cat "$tmp/other.err")"

# 4. An old copy of the database put back after a cash-out: MEMORY ROLLBACK, nothing paid twice.
play "$m" cashout "100 CASHOUT" "200 SUMMARY"
grep -qw "balance=0" <<<"$(last cashout)" && [ -f "$tmp/tickets/ticket-000001.txt" ] && ok ||
  bad "cash-out: $(last cashout) $(ls "$tmp/tickets" 2>&1)"
t1=$(md5sum "$tmp/tickets/ticket-000001.txt" 2>/dev/null)
cp -p "$m/m.db" "$tmp/after-cashout.db"
rm -f "$m/m.db-wal" "$m/m.db-shm"
cp -p "$tmp/clean.db" "$m/m.db"
play "$m" rollback "100 SUMMARY" "200 CASHOUT" "300 SUMMARY"
refused rollback "MEMORY ROLLBACK - CALL ATTENDANT"
grep -qw "balance=0" <<<"$(last rollback)" && ok || bad "rollback shows money: $(last rollback)"
[ ! -e "$tmp/tickets/ticket-000002.txt" ] && [ "$(md5sum "$tmp/tickets/ticket-000001.txt")" = "$t1" ] &&
  ok || bad "a ticket was printed again or over the first"
if "$bin" audit --db "$m/m.db" >"$tmp/audit-rollback.txt" 2>&1; then bad "audit passed a rollback"; else
  grep -q "older copy" "$tmp/audit-rollback.txt" && ok || bad "audit rollback: $(cat "$tmp/audit-rollback.txt")"; fi
# a technician who finds the restore genuine accepts it: audited, and ticket numbers go on from
# where the machine had got to (never 000001 again)
"$bin" accept-restore --db "$m/m.db" >"$tmp/accept.txt" 2>&1 && ok || bad "accept-restore: $(cat "$tmp/accept.txt")"
play "$m" accepted "100 SUMMARY" "200 CASHOUT" "300 SUMMARY"
grep -qw "balance=20000" <<<"$(sed -n 1p "$tmp/accepted.out")" && [ "$(rc accepted)" = 0 ] && ok ||
  bad "after the acceptance: $(cat "$tmp/accepted.out" "$tmp/accepted.err")"
[ -f "$tmp/tickets/ticket-000002.txt" ] && [ "$(md5sum "$tmp/tickets/ticket-000001.txt")" = "$t1" ] &&
  ok || bad "the next ticket is not 000002: $(ls "$tmp/tickets")"
"$bin" audit --db "$m/m.db" --log 20 >"$tmp/audit-accepted.txt" 2>&1 && ok || bad "audit after acceptance: $(head -3 "$tmp/audit-accepted.txt")"
grep -q "restore-accepted the anchor recorded commit" "$tmp/audit-accepted.txt" && ok ||
  bad "the acceptance is not in the audit log: $(grep restore "$tmp/audit-accepted.txt")"

# 5. The database deleted while its anchor remembers games and money: nothing made over it.
rm -f "$m/m.db" "$m/m.db-wal" "$m/m.db-shm"
play "$m" deleted "100 SUMMARY"
refused deleted "MEMORY ROLLBACK - CALL ATTENDANT"
[ ! -e "$m/m.db" ] && ok || bad "a new database was made over a missing one"
cp -p "$tmp/after-cashout.db" "$m/m.db" # (the file is back; the anchor moved on since: still refused)

# 6. The key: missing, or readable by others.
k=$tmp/k
mkdir -p "$k"
play "$k" keyfirst "100 BILL 5.00" "200 SUMMARY"
mv "$k/machine.key" "$tmp/saved.key"
play "$k" nokey "100 SUMMARY"
refused nokey "MEMORY ERROR - CALL ATTENDANT"
grep -q "machine key .* is missing" "$tmp/nokey.err" && [ ! -e "$k/machine.key" ] && ok ||
  bad "missing key: $(cat "$tmp/nokey.err") $(ls "$k")"
cp -p "$tmp/saved.key" "$k/machine.key"
chmod 644 "$k/machine.key"
play "$k" openkey "100 SUMMARY"
refused openkey "MEMORY ERROR - CALL ATTENDANT"
grep -q "mode 600" "$tmp/openkey.err" && ok || bad "readable key: $(cat "$tmp/openkey.err")"
chmod 600 "$k/machine.key"
play "$k" keyback "100 SUMMARY"
grep -qw "balance=500" <<<"$(last keyback)" && [ "$(rc keyback)" = 0 ] && ok || bad "key put back: $(last keyback) $(cat "$tmp/keyback.err")"

# 7. Another program holds the database: a clear line and a non-zero status, not a silent exit 0.
python3 -c 'import sqlite3, sys, time
c = sqlite3.connect(sys.argv[1], isolation_level=None)
c.execute("BEGIN EXCLUSIVE")
open(sys.argv[2], "w").close()
time.sleep(120)' "$k/m.db" "$tmp/held" &
holder=$!
# the holder has the lock (python may be slow to start on a loaded machine)
for _ in $(seq 300); do [ -e "$tmp/held" ] && break; sleep 0.1; done
play "$k" held "100 SUMMARY"
kill $holder 2>/dev/null; wait $holder 2>/dev/null
[ "$(rc held)" != 0 ] && grep -q "another program holds the database" "$tmp/held.err" && ok ||
  bad "held database: status $(rc held): $(cat "$tmp/held.err")"

finish
