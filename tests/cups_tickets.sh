#!/usr/bin/env bash
# Tickets printed through CUPS: the test starts a CUPS scheduler of its own (cupsd -f with its own
# cupsd.conf, ServerRoot, spool and socket in a temporary folder) with two queues on a test
# backend that writes each job's bytes to a file, or fails like a jammed printer. A cash-out's
# ticket reaches the queue byte for byte as the ticket file; a stopped queue and a jammed device
# leave the ticket recorded, say PRINTER FAULT - CALL ATTENDANT (after a restart too) and record
# why; the operator's REPRINT prints a copy marked as such once the printer is back; a ticket
# whose print failed is still redeemed; the audit passes. cupsd refuses to run its jobs as root
# and needs root to change to its own user: without root or cupsd the test is skipped (77).
#   cups_tickets.sh STUDPOKER
set -u
bin=$1
. "$(dirname "$0")/lib.sh"
if [ ! -x /usr/sbin/cupsd ] || ! command -v lpadmin >/dev/null || [ "$(id -u)" -ne 0 ] ||
  ! id lp >/dev/null 2>&1; then
  echo "SKIPPED: no cupsd, no lpadmin, not root or no lp user (scripts/deps.sh installs CUPS)"
  exit 77
fi
cups=$tmp/cups
mkdir -p "$cups"/{root,cache,state,spool,log,bin/backend} "$tmp/paper"
chmod 755 "$tmp" "$cups" "$cups/bin" "$cups/bin/backend"
chmod 777 "$tmp/paper" # the backend runs as CUPS's user (lp)
for f in /usr/lib/cups/*; do [ "$(basename "$f")" = backend ] || ln -s "$f" "$cups/bin/"; done
# the test's printer: tickettest:PATH writes the job to PATH; a PATH ending in /jammed fails
cat >"$cups/bin/backend/tickettest" <<'EOF2'
#!/bin/sh
[ $# -eq 0 ] && { echo 'direct tickettest "Unknown" "studpoker test ticket printer"'; exit 0; }
path=${DEVICE_URI#tickettest:}
case $path in */jammed) echo "ERROR: paper jam" >&2; exit 1;; esac
if [ -n "$6" ]; then cat "$6" >"$path"; else cat >"$path"; fi
EOF2
chmod 755 "$cups/bin/backend/tickettest"
cat >"$cups/root/cupsd.conf" <<EOF2
Listen $cups/cups.sock
LogLevel info
WebInterface No
Browsing No
DefaultAuthType None
<Location />
  Order allow,deny
  Allow all
</Location>
<Policy default>
  <Limit All>
    Order allow,deny
    Allow all
  </Limit>
</Policy>
EOF2
cat >"$cups/root/cups-files.conf" <<EOF2
FileDevice Yes
ServerRoot $cups/root
ServerBin $cups/bin
DataDir /usr/share/cups
CacheDir $cups/cache
StateDir $cups/state
RequestRoot $cups/spool
TempDir $cups/spool
ErrorLog $cups/log/error_log
AccessLog $cups/log/access_log
PageLog $cups/log/page_log
EOF2
/usr/sbin/cupsd -f -c "$cups/root/cupsd.conf" -s "$cups/root/cups-files.conf" \
  >"$cups/log/stdout" 2>&1 &
cupsd_pid=$!
trap 'kill $cupsd_pid 2>/dev/null; wait $cupsd_pid 2>/dev/null; rm -rf "$tmp"' EXIT
export CUPS_SERVER=$cups/cups.sock
for _ in $(seq 50); do lpstat -r >/dev/null 2>&1 && break; sleep 0.1; done
lpstat -r >/dev/null 2>&1 || { echo "FAIL: cupsd did not start: $(cat "$cups/log/"*)"; exit 1; }
lpadmin -p tickets -v "tickettest:$tmp/paper/ticket.png" -E 2>"$tmp/lpadmin.err" &&
  lpadmin -p jammed -v "tickettest:$tmp/paper/jammed" -E 2>>"$tmp/lpadmin.err" ||
  { echo "FAIL: lpadmin: $(cat "$tmp/lpadmin.err")"; exit 1; }

db=$tmp/machine.db
config() { # config QUEUE
  printf '[display]\nmode = kiosk\n[cabinet]\nmachine_id = CUPS-1\noperator_pin = 2468\n'
  printf 'bill_values = 20.00\nvoucher_path = %s\nprinter = %s\n' "$tmp/tickets" "$1"
}
config tickets >"$tmp/tickets.ini"
config jammed >"$tmp/jammed.ini"
run() { # run NAME CONFIG SCRIPT-LINES...
  local name=$1 conf=$2; shift 2
  printf '%s\n' "$@" >"$tmp/$name.script"
  "$bin" play --config "$tmp/$conf.ini" --headless --turbo --size 960x540 --db "$db" \
    --script "$tmp/$name.script" >"$tmp/$name.out" 2>"$tmp/$name.err" ||
    bad "$name: the program failed: $(cat "$tmp/$name.err")"
}
line() { sed -n "$2p" "$tmp/$1.out"; }
expect() {
  local name=$1 n=$2; shift 2
  local l; l=$(line "$name" "$n")
  for want in "$@"; do grep -qF -- "$want" <<<"$l" && ok || bad "$name line $n: want '$want' in: $l"; done
}
events() { sqlite3 "$db" "SELECT event || ':' || detail FROM ticket_events WHERE validation = \
  (SELECT validation FROM tickets WHERE number = $1) ORDER BY id" | tr '\n' ' '; }

# 1. Printed: the queue gets the ticket's picture, byte for byte
run printed tickets "100 BILL 20.00" "200 CASHOUT" "300 PRINTWAIT 20000" "400 SUMMARY"
expect printed 1 "balance=0" "CASHED OUT \$20.00 - TAKE YOUR TICKET"
cmp -s "$tmp/paper/ticket.png" "$tmp/tickets/ticket-000001.png" && ok ||
  bad "the printer did not get ticket 1's picture: $(ls -l "$tmp/paper") $(cat "$tmp/printed.err")"
[ "$(events 1)" = "printed: " ] && ok || bad "ticket 1's record: $(events 1)"

# 2. The queue stopped: the ticket is recorded, not printed, and the screen says so, also after
#    a restart
cupsdisable -r "out of paper" tickets
rm -f "$tmp/paper/ticket.png"
run stopped tickets "100 BILL 20.00" "200 CASHOUT" "300 PRINTWAIT 20000" "400 SUMMARY"
expect stopped 1 "balance=0" "notice=PRINTER FAULT - CALL ATTENDANT" "toast=PRINTER FAULT - CALL ATTENDANT. Your ticket of \$20.00 is safely recorded."
grep -q "^print-failed:the printer is stopped: out of paper" <<<"$(events 2)" && ok ||
  bad "ticket 2's record: $(events 2)"
[ ! -e "$tmp/paper/ticket.png" ] && ok || bad "a stopped queue printed"
run restart tickets "100 SUMMARY"
expect restart 1 "notice=PRINTER FAULT - CALL ATTENDANT (ticket"

# 3. The printer back, the operator's REPRINT (TICKETS page, DEAL): a copy marked REPRINT 1
cupsenable tickets
menu=("100 SERVICE" "200 DIGIT 2" "220 DIGIT 4" "240 DIGIT 6" "260 DIGIT 8" "280 DEAL")
for i in $(seq 0 9); do menu+=("$((300 + i * 20)) NEXT_SPOT"); done
run reprint tickets "${menu[@]}" "600 DEAL" "700 DEAL" "800 PRINTWAIT 20000" "900 BACK" "1000 BACK" \
  "1100 SUMMARY"
[ -f "$tmp/tickets/ticket-000002-reprint-1.png" ] && cmp -s "$tmp/paper/ticket.png" \
  "$tmp/tickets/ticket-000002-reprint-1.png" && ok || bad "the reprint did not reach the printer: $(cat "$tmp/reprint.err")"
grep -q "REPRINT" "$tmp/tickets/ticket-000002-reprint-1.txt" && ok || bad "the reprint is not marked"
[ "$(events 2 | sed 's/print-failed:[^ ]* [^ ]* [^ ]* [^ ]* [^ ]* [^ ]* [^ ]* //')" = "reprint:ticket 2 validation $(awk '/^validation:/ {print $2}' "$tmp/tickets/ticket-000002.txt") amount \$20.00 reprint 1 printed: " ] &&
  ok || bad "ticket 2's record after the reprint: $(events 2)"
l=$(line reprint 1)
grep -q "PRINTER FAULT" <<<"$l" && bad "the fault is still shown after the reprint: $l" || ok

# 4. A jammed device: the ticket is recorded with the printer's own reason, and still redeemed
run jammed jammed "100 BILL 20.00" "200 CASHOUT" "300 PRINTWAIT 20000" "400 SUMMARY"
expect jammed 1 "balance=0" "PRINTER FAULT - CALL ATTENDANT"
grep -q "^print-failed:the printer could not print the ticket: paper jam" <<<"$(events 3)" && ok ||
  bad "ticket 3's record: $(events 3)"
v3=$(awk '/^validation:/ {print $2}' "$tmp/tickets/ticket-000003.txt")
run redeem jammed "100 TICKET $v3" "200 SUMMARY"
expect redeem 1 "balance=2000" "TICKET ACCEPTED  + \$20.00"

"$bin" audit --db "$db" --meters --log 40 >"$tmp/audit.txt" 2>&1 && ok || bad "audit: $(cat "$tmp/audit.txt")"
grep -q "voucher-print-failed ticket 2 validation .*: the printer is stopped: out of paper" \
  "$tmp/audit.txt" && ok || bad "the print failure is not audited"
grep -q "voucher-reprint ticket 2 " "$tmp/audit.txt" && ok || bad "the reprint is not audited"
grep -q "cents lost 0$" "$tmp/audit.txt" && ok || bad "the money: $(head -3 "$tmp/audit.txt")"
finish
