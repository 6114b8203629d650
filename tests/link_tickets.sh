#!/usr/bin/env bash
# Tickets across a floor of linked machines (issue 16, item 5), end to end: real headless
# cabinets with [link] in their config on a PostgreSQL server of the test's own (pg_lib.sh), two
# in EUR (m1, m2) and one in GBP (m3).
#  - every ticket m1 prints is registered at the controller (machine, number, amount, currency),
#    one printed while the server is down too, once it is back; a ticket m3 printed and redeemed
#    before it joined the link is registered as redeemed there;
#  - m1's ticket inserted in m2 is credited on m2 once (the credits, voucher_in, the audit); again
#    in m2 refused "paid already ... at m2"; inserted back in m1 refused as paid at m2, which m1
#    heard of by the controller's notice while it was running; an unknown number refused by the
#    floor; m1's ticket refused by m3 (another currency), by m2 once m3's own;
#  - a ticket voided from m1's operator menu is voided at the controller first, then refused on
#    m2; m1's own ticket is paid on m1 through the controller, then refused on m2;
#  - the server stopped: a ticket of another machine and a machine's own ticket refused with the
#    reason, nothing lost: both taken once the server is back;
#  - m2 killed (SIGKILL, by a test hook) right after the controller's commit of a redemption and
#    before its own: the controller holds the redemption, m2 none; after the restart m2 credits
#    it exactly once (the controller answers the same: a replay), and refuses it after;
#  - two redemptions of one ticket at the same instant at the controller (two machines' logins):
#    one paid, the other told where; a ticket voided by an operator of the controller refused on
#    m2 and recorded as voided on m1;
#  - the books: every machine's audit passes with 0 cents lost, and its tickets printed, redeemed,
#    voided, paid elsewhere and outstanding equal the controller's records to the cent.
# usage: link_tickets.sh STUDPOKER
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

q <<EOF >/dev/null || bad "setting up the controller"
SELECT splink.link_site_add('paris', 'EUR');
SELECT splink.link_site_add('london', 'GBP');
SELECT splink.link_set_rate('GBP', 'EUR', 6, 5);
SELECT splink.link_pool_add('floor', 'EUR', 100000, 4500, 500, 0);
EOF
# a cabinet in CURRENCY on the link: kiosk, notes, the operator's PIN, its tickets in its folder
machine() {
  local m=$1 site=$2 cur=$3
  pg_link_machine "$m" "$site" "$cur" floor "$tmp/$m" || bad "adding $m"
  cat >>"$tmp/$m/game.ini" <<INI
[display]
mode = kiosk
[cabinet]
machine_id = $m
operator_pin = 2468
bill_values = 10.00, 20.00, 50.00, 100.00
voucher_path = $tmp/$m/tickets
INI
  # the same machine before it joined the link
  sed '/^\[link\]/,/^on_loss/d' "$tmp/$m/game.ini" >"$tmp/$m/alone.ini"
}
machine m1 paris EUR
machine m2 paris EUR
machine m3 london GBP

# play NAME RUN SCRIPT-LINES... -> $tmp/NAME/RUN.out (summary lines), RUN.err; CONFIG=alone.ini
# plays the machine off the link; the status is the program's
play() {
  local m=$1 run=$2; shift 2
  printf '%s\n' "$@" >"$tmp/$m/$run.script"
  "$bin" play --headless --turbo --size 640x360 --config "$tmp/$m/${CONFIG:-game.ini}" --seed 1 \
    --db "$tmp/$m/studpoker.db" --script "$tmp/$m/$run.script" \
    >"$tmp/$m/$run.out" 2>"$tmp/$m/$run.err"
}
line() { sed -n "$3p" "$tmp/$1/$2.out"; }
expect() { # expect NAME RUN N TEXT...: the Nth summary line holds each text
  local m=$1 run=$2 n=$3; shift 3
  local l; l=$(line "$m" "$run" "$n")
  for want in "$@"; do grep -qF -- "$want" <<<"$l" && ok || bad "$m $run line $n: want '$want' in: $l"; done
}
balance() { field "$(line "$1" "$2" "$3")" balance; }
# the validation number of a machine's Nth ticket, as the scanner reads it
ticket() { awk '/^validation:/ {gsub("-", "", $2); print $2}' "$tmp/$1/tickets/ticket-$(printf %06d "$2").txt"; }
audit() { "$bin" audit --db "$tmp/$1/studpoker.db" --meters --log 400 >"$tmp/$1/audit.txt" 2>&1; }
# a meter never moved reads 0 (the audit lists the meters moved)
meter() { awk -v n="$2" '$1 == "meter" && $2 == n {v = $3} END {print v + 0}' "$tmp/$1/audit.txt"; }

# ---- 1. m3 before the link: a ticket printed and redeemed there, one printed ----
CONFIG=alone.ini play m3 alone "100 BILL 10.00" "200 CASHOUT" "300 BILL 20.00" "400 CASHOUT" \
  "500 SUMMARY" || bad "m3 alone: $(cat "$tmp/m3/alone.err")"
t31=$(ticket m3 1) t32=$(ticket m3 2)
CONFIG=alone.ini play m3 alone2 "100 TICKET $t31" "200 SUMMARY" || bad "m3 alone2"
expect m3 alone2 1 "balance=1000" "TICKET ACCEPTED"

# ---- 2. m1 prints five tickets; each registered at the controller ----
play m1 out "100 LINKWAIT 30000" "200 BILL 100.00" "300 CASHOUT" "400 BILL 50.00" "500 CASHOUT" \
  "600 BILL 20.00" "700 CASHOUT" "800 BILL 10.00" "900 CASHOUT" "1000 BILL 10.00" "1100 CASHOUT" \
  "1200 LINKWAIT 30000" "1300 SUMMARY" || bad "m1 out: $(cat "$tmp/m1/out.err")"
expect m1 out 1 "link=up" "ticket_pending=0" "balance=0"
v1=$(ticket m1 1) v3=$(ticket m1 2) v4=$(ticket m1 3) v5=$(ticket m1 4) v6=$(ticket m1 5)
want="m1 1 $v1 10000 EUR
m1 2 $v3 5000 EUR
m1 3 $v4 2000 EUR
m1 4 $v5 1000 EUR
m1 5 $v6 1000 EUR"
got=$(q -F ' ' -c "SELECT machine, number, validation, amount, currency FROM splink.tickets WHERE machine='m1' ORDER BY number")
[ "$got" = "$want" ] && ok || bad "m1's tickets at the controller: $got"
# printed at the instant the ticket says
printed=$(q -c "SELECT to_char(printed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') FROM splink.tickets WHERE validation='$v1'")
grep -q "^printed: $printed UTC" "$tmp/m1/tickets/ticket-000001.txt" && ok ||
  bad "ticket 1 printed at $printed for the controller: $(grep -i time "$tmp/m1/tickets/ticket-000001.txt")"


# ---- 3. m3 joins the link: its tickets registered with what became of them ----
play m3 join "100 LINKWAIT 30000" "200 SUMMARY" || bad "m3 join: $(cat "$tmp/m3/join.err")"
expect m3 join 1 "link=up" "ticket_pending=0"
got=$(q -F ' ' -c "SELECT validation, amount, currency, fate, place, before_link FROM splink.tickets_now WHERE machine='m3' ORDER BY number")
[ "$got" = "$t31 1000 GBP redeemed m3 t
$t32 2000 GBP issued  f" ] && ok || bad "m3's tickets at the controller: $got"

# ---- 4. m1's ticket in m2, while m1 runs: credited once on m2; m1 hears of it ----
# m1 waits until its own record says v1 was paid: after its first pull (on connecting) only a
# notice from the controller can tell it
play m1 follow "100 LINKWAIT 30000" "200 TICKETWAIT 120000 $v1" "300 LINKWAIT 30000" "400 SUMMARY" &
m1pid=$!
for _ in $(seq 150); do
  [ "$(q -c "SELECT COUNT(*) FROM pg_stat_activity WHERE usename='sp_m1'")" -ge 1 ] && break
  sleep 0.1
done
unknown=000000079927398713 # a number whose check digit is right, printed by no machine
play m2 in "100 LINKWAIT 30000" "200 TICKET $v1" "300 LINKWAIT 30000" "400 SUMMARY" \
  "500 TICKET $v1" "600 SUMMARY" "700 TICKET $unknown" "800 LINKWAIT 30000" "900 SUMMARY" ||
  bad "m2 in: $(cat "$tmp/m2/in.err")"
expect m2 in 1 "balance=10000" "TICKET ACCEPTED"
expect m2 in 2 "balance=10000" "Ticket refused: it was paid already, on " " at m2."
expect m2 in 3 "balance=10000" "the floor's ticket system does not know it"
wait "$m1pid" || bad "m1 follow: $(cat "$tmp/m1/follow.err")"
expect m1 follow 1 "ticket_pending=0"
grep -q TICKETWAIT "$tmp/m1/follow.err" && bad "m1 was not told of v1: $(cat "$tmp/m1/follow.err")" || ok
got=$(q -F ' ' -c "SELECT fate, settled_by, settled_amount, told FROM splink.tickets_now WHERE validation='$v1'")
[ "$got" = "redeemed m2 10000 t" ] && ok || bad "v1 at the controller: $got"
[ "$(q -c "SELECT string_agg(machine || ':' || outcome, ' ' ORDER BY id) FROM splink.ticket_attempts WHERE validation IN ('$v1', '$unknown')")" = "m2:paid m2:unknown" ] &&
  ok || bad "the controller's attempts: $(q -c "SELECT * FROM splink.ticket_attempts")"
audit m1
grep -q "voucher-paid-elsewhere validation $v1 utc [0-9]* at m2$" "$tmp/m1/audit.txt" && ok ||
  bad "m1 did not record v1 paid at m2: $(grep -i elsewhere "$tmp/m1/audit.txt")"
# back in m1: refused as paid at m2, by m1's own record
play m1 back "100 LINKWAIT 30000" "200 TICKET $v1" "300 SUMMARY" || bad "m1 back"
expect m1 back 1 "balance=0" "Ticket refused: it was paid already, on " " at m2."

# ---- 5. a ticket voided from m1's operator menu: voided at the floor first, refused on m2 ----
menu=("400 SERVICE" "500 DIGIT 2" "520 DIGIT 4" "540 DIGIT 6" "560 DIGIT 8" "580 DEAL")
for i in $(seq 0 9); do menu+=("$((600 + i * 20)) NEXT_SPOT"); done
play m1 void "100 LINKWAIT 30000" "200 BILL 20.00" "300 CASHOUT" "350 LINKWAIT 30000" "${menu[@]}" \
  "900 DEAL" "1000 FOLD" "1100 FOLD" "1150 LINKWAIT 30000" "1200 BACK" "1300 BACK" "1400 SUMMARY" \
  || bad "m1 void: $(cat "$tmp/m1/void.err")"
v2=$(ticket m1 6)
expect m1 void 1 "screen=table" "ticket_pending=0"
play m1 void2 "100 TICKET $v2" "200 SUMMARY" || bad "m1 void2"
expect m1 void2 1 "balance=0" "Ticket refused: it was voided on "
got=$(q -F ' ' -c "SELECT fate, settled_by, told FROM splink.tickets_now WHERE validation='$v2'")
[ "$got" = "voided m1 t" ] && ok || bad "v2 at the controller: $got"
audit m1
grep -q "voucher-void ticket 6 validation .* voided by the operator at the floor" "$tmp/m1/audit.txt" && ok ||
  bad "m1's void is not audited: $(grep -i void "$tmp/m1/audit.txt")"
play m2 void "100 LINKWAIT 30000" "200 TICKET $v2" "300 LINKWAIT 30000" "400 SUMMARY" || bad "m2 void"
expect m2 void 1 "balance=10000" "Ticket refused: it was voided on "

# ---- 6. currencies: m1's EUR ticket refused in m3 (GBP); m3's own ticket paid there ----
play m3 cur "100 LINKWAIT 30000" "200 TICKET $v5" "300 LINKWAIT 30000" "400 SUMMARY" \
  "500 TICKET $t32" "600 LINKWAIT 30000" "700 SUMMARY" || bad "m3 cur: $(cat "$tmp/m3/cur.err")"
# (m3 keeps the 10.00 of the ticket it redeemed before the link)
expect m3 cur 1 "balance=1000" "it is a ticket in EUR, and this machine pays in GBP"
expect m3 cur 2 "balance=3000" "TICKET ACCEPTED"
play m2 cur "100 LINKWAIT 30000" "200 TICKET $t31" "300 LINKWAIT 30000" "400 SUMMARY" \
  "500 TICKET $t32" "600 LINKWAIT 30000" "700 SUMMARY" || bad "m2 cur"
expect m2 cur 1 "balance=10000" "paid already, on " " at m3."
expect m2 cur 2 "balance=10000" "paid already, on " " at m3."

# ---- 7. the server stopped: tickets refused with the reason, nothing lost ----
pg_ctl_stop_fast
play m2 down "100 TICKET $v4" "200 SUMMARY" || bad "m2 down: $(cat "$tmp/m2/down.err")"
expect m2 down 1 "balance=10000" "link=down" "the floor's ticket system does not answer" "Keep it: it is still good."
play m1 down "100 BILL 10.00" "200 CASHOUT" "300 TICKET $v5" "400 SUMMARY" || bad "m1 down"
expect m1 down 1 "balance=0" "link=down" "a ticket is paid only once it has checked that no other machine paid it"
v7=$(ticket m1 7)
pg_start_again
play m2 up "100 LINKWAIT 30000" "200 TICKET $v4" "300 LINKWAIT 30000" "400 SUMMARY" || bad "m2 up"
expect m2 up 1 "balance=12000" "TICKET ACCEPTED"
play m1 up "100 LINKWAIT 30000" "200 SUMMARY" "300 TICKET $v5" "400 LINKWAIT 30000" "500 SUMMARY" ||
  bad "m1 up: $(cat "$tmp/m1/up.err")"
expect m1 up 1 "ticket_pending=0"
[ "$(q -c "SELECT number || ' ' || amount FROM splink.tickets WHERE validation='$v7'")" = "7 1000" ] && ok ||
  bad "the ticket printed with the server down is not registered"
expect m1 up 2 "balance=1000" "TICKET ACCEPTED"
play m2 own "100 LINKWAIT 30000" "200 TICKET $v5" "300 LINKWAIT 30000" "400 SUMMARY" || bad "m2 own"
expect m2 own 1 "balance=12000" "paid already, on " " at m1."

# ---- 8. m2 killed between the controller's commit and its own ----
cp "$tmp/m2/studpoker.db" "$tmp/m2-before.db"
(STUDPOKER_TEST_KILL_AFTER_TICKET_PAID=1 play m2 kill "100 LINKWAIT 30000" "200 TICKET $v3" \
  "300 LINKWAIT 30000" "400 SUMMARY") 2>/dev/null
status=$?
[ "$status" = 137 ] && ok || bad "m2 was not killed at the answer (status $status): $(cat "$tmp/m2/kill.err")"
[ "$(q -F ' ' -c "SELECT fate, settled_by FROM splink.tickets_now WHERE validation='$v3'")" = "redeemed m2" ] &&
  ok || bad "the controller did not commit v3's redemption"
[ "$(sqlite3 "$tmp/m2/studpoker.db" "SELECT COUNT(*) FROM ticket_events WHERE validation='$v3'")" = 0 ] &&
  [ "$(sqlite3 "$tmp/m2/studpoker.db" "SELECT detail FROM audit WHERE event LIKE 'ticket-check%' ORDER BY id DESC LIMIT 1")" = "validation $v3" ] &&
  ok || bad "m2's store after the kill: $(sqlite3 "$tmp/m2/studpoker.db" "SELECT event, detail FROM audit ORDER BY id DESC LIMIT 3")"
play m2 restart "100 LINKWAIT 30000" "200 SUMMARY" "300 TICKET $v3" "400 SUMMARY" ||
  bad "m2 restart: $(cat "$tmp/m2/restart.err")"
expect m2 restart 1 "balance=17000" "ticket_pending=0"
expect m2 restart 2 "balance=17000" "paid already, on " " at m2."
[ "$(q -c "SELECT string_agg(outcome || ':' || replay, ' ' ORDER BY id) FROM splink.ticket_attempts WHERE validation='$v3'")" = "paid:false paid:true" ] &&
  ok || bad "v3's attempts: $(q -c "SELECT * FROM splink.ticket_attempts WHERE validation='$v3'")"
[ "$(sqlite3 "$tmp/m2/studpoker.db" "SELECT COUNT(*) FROM ticket_events WHERE validation='$v3' AND event='redeemed'")" = 1 ] &&
  ok || bad "v3 is not redeemed once on m2"

# ---- 9. two machines redeem one ticket at the same instant (their logins, by hand) ----
for m in m4 m5; do
  q -c "SELECT splink.link_machine_add('$m', 'paris', 'floor', 'sp_$m', 'pw-$m-secret')" >/dev/null || bad "adding $m"
done
as() { PGPASSWORD=pw-$1-secret psql -XAtq -d link -U "sp_$1" -v ON_ERROR_STOP=1 "${@:2}"; }
as m4 -c "BEGIN" -c "SELECT outcome FROM splink.ticket_redeem('m4', '$v6', 'EUR')" \
  -c "SELECT pg_sleep(2)" -c "COMMIT" >"$tmp/m4.out" 2>&1 &
m4pid=$!
for _ in $(seq 100); do
  [ "$(q -c "SELECT COUNT(*) FROM pg_stat_activity WHERE usename='sp_m4' AND query LIKE '%pg_sleep%'")" -ge 1 ] && break
  sleep 0.05
done
second=$(as m5 -F ' ' -c "SELECT outcome, place FROM splink.ticket_redeem('m5', '$v6', 'EUR')" 2>&1)
wait "$m4pid"
[ "$(head -1 "$tmp/m4.out")" = paid ] && [ "$second" = "already m4" ] && ok ||
  bad "two redemptions at once: m4 $(cat "$tmp/m4.out"), m5 $second"
[ "$(q -c "SELECT COUNT(*) FROM splink.ticket_fates WHERE validation='$v6'")" = 1 ] && ok || bad "v6 has more than one fate"
# a machine's login cannot void another's ticket, nor write a table
if as m2 -c "SELECT * FROM splink.ticket_void('m2', '$v7', 'mine now')" >/dev/null 2>"$tmp/void.err"; then
  bad "m2 voided m1's ticket"
else
  grep -q "voids only its own tickets" "$tmp/void.err" && ok || bad "m2's void: $(cat "$tmp/void.err")"
fi
if as m2 -c "DELETE FROM splink.ticket_fates" >/dev/null 2>&1; then bad "a machine deleted fates"; else ok; fi
# nor can the owner change a record: a fate is never changed or removed
if q -c "UPDATE splink.ticket_fates SET amount = 1" >/dev/null 2>&1; then bad "a fate was changed"; else ok; fi

# ---- 10. an operator of the controller voids m1's ticket for the whole floor ----
[ "$(q -c "SELECT splink.ticket_void_floor('$v7', 'reported stolen')")" = voided ] && ok || bad "the floor's void"
[ "$(q -c "SELECT COUNT(*) FROM splink.audit WHERE action='ticket_void' AND subject='$v7'")" = 1 ] && ok ||
  bad "the floor's void is not audited"
play m2 stolen "100 LINKWAIT 30000" "200 TICKET $v7" "300 LINKWAIT 30000" "400 SUMMARY" || bad "m2 stolen"
expect m2 stolen 1 "balance=17000" "Ticket refused: it was voided on "

# ---- 11. the books: each machine's audit against the controller's records ----
play m1 last "100 LINKWAIT 30000" "200 SUMMARY" || bad "m1 last"
audit m1
grep -q "voucher-paid-elsewhere validation $v6 utc [0-9]* at m4$" "$tmp/m1/audit.txt" && ok ||
  bad "m1 did not hear of v6 paid at m4"
grep -q "voucher-void ticket 7 validation .* voided at the floor, by an operator of the controller: reported stolen" "$tmp/m1/audit.txt" && ok ||
  bad "m1 did not hear of v7 voided at the floor: $(grep -i void "$tmp/m1/audit.txt")"
[ "$(q -c "SELECT COUNT(*) FROM splink.ticket_inbox")" = 0 ] && ok || bad "the controller's inbox is not empty"
[ "$(q -c "SELECT COUNT(*) FROM splink.tickets_now WHERE fate <> 'issued' AND NOT told")" = 0 ] && ok ||
  bad "fates the issuing machines did not record: $(q -c "SELECT validation, machine, fate FROM splink.tickets_now WHERE fate <> 'issued' AND NOT told")"
for m in m1 m2 m3; do
  audit "$m" || bad "$m's audit: $(head -5 "$tmp/$m/audit.txt")"
  grep -q "cents lost 0$" "$tmp/$m/audit.txt" && ok || bad "$m: the money does not balance: $(head -3 "$tmp/$m/audit.txt")"
  printed=$(q -c "SELECT COUNT(*) || ' ' || COALESCE(SUM(amount), 0) FROM splink.tickets WHERE machine='$m'")
  [ "$(meter "$m" voucher_out_count) $(meter "$m" voucher_out)" = "$printed" ] && ok ||
    bad "$m printed $(meter "$m" voucher_out_count) $(meter "$m" voucher_out), the controller has $printed"
  redeemed=$(q -c "SELECT COUNT(*) || ' ' || COALESCE(SUM(amount), 0) FROM splink.ticket_fates WHERE fate='redeemed' AND machine='$m'")
  [ "$(meter "$m" voucher_in_count) $(meter "$m" voucher_in)" = "$redeemed" ] && ok ||
    bad "$m redeemed $(meter "$m" voucher_in_count) $(meter "$m" voucher_in), the controller has $redeemed"
  want=$(q -c "SELECT 'voided ' || COUNT(*) FILTER (WHERE fate='voided') || ' (' || COALESCE(SUM(amount) FILTER (WHERE fate='voided'), 0)
    || '), outstanding ' || COUNT(*) FILTER (WHERE fate='issued') || ' (' || COALESCE(SUM(amount) FILTER (WHERE fate='issued'), 0)
    || '), paid by other machines ' || COUNT(*) FILTER (WHERE fate='redeemed' AND settled_by <> machine) || ' ('
    || COALESCE(SUM(amount) FILTER (WHERE fate='redeemed' AND settled_by <> machine), 0) || ')'
    FROM splink.tickets_now WHERE machine='$m'")
  grep -q "^tickets printed .*, $want$" "$tmp/$m/audit.txt" && ok ||
    bad "$m's tickets: want '$want': $(grep '^tickets' "$tmp/$m/audit.txt")"
done
finish
