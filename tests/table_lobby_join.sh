#!/usr/bin/env bash
# A join from the LOBBY to a controller that does not answer (issue 15), headless, on a PostgreSQL
# server of the test's own with four tables (table_lib.sh). The terminal's login is held to the
# connections it has (CONNECTION LIMIT): the lobby's own connection reads on, every new one (a
# join's) is turned away, as by a server too busy to take one more:
#  - the row joined says JOINING and the foot that the table does not answer yet, while the
#    lobby's rows are read on: a table added at the controller meanwhile shows up;
#  - a second JOIN meanwhile is refused and says why (one join at a time), no second join;
#  - after 30 s the join gives up: the row's JOIN is back, the foot says the table could not be
#    reached, and the controller seats the terminal nowhere;
#  - CANCEL on a row being joined gives the join up: nothing joined, even once the controller
#    answers again;
#  - a join tried again goes through once the controller answers: the terminal plays the table;
#  - JOIN from the lobby with a table in play (a switch), that table's X while the join is tried
#    again, then CANCEL: the table closed goes (X is the player's last word), nothing is joined.
# usage: table_lobby_join.sh STUDPOKER
set -uo pipefail
bin=$1
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
source "$here/pg_lib.sh"
source "$here/table_lib.sh"
pg_test_begin "$bin"
p1=
trap 'kill $p1 ${host_pids[@]:-} 2>/dev/null; pg_stop; [ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
pg_start
pg_link_controller "$bin" || { bad "the controller"; finish; exit; }
q() { link_q "$@"; }
field() { echo "$1" | tr ' ' '\n' | sed -n "s/^$2=//p" | head -1; }
row() { # LINE TABLE: the lobby's row of TABLE in a summary line (table:phase:players:jackpot[:mark])
  field "$1" lobby | tr ',' '\n' | grep "^$2:"
}
four_tables 8 60 || { bad "the tables"; finish; exit; }
four_terminal p1 "$tmp/p1" || bad "adding p1"
# the lobby's rows: asian, cajun, classic, live (by name), then zeta once added
join_classic=$(lobby_point 2 join 1920 1080)
join_live=$(lobby_point 3 join 1920 1080)
cancel_classic=$(lobby_point 2 add 1920 1080) # a row being joined has CANCEL where +TABLE is
cancel_live=$(lobby_point 3 add 1920 1080)
hold() { # p1's login held to the connections it has now (or, with "-1", free again)
  local n=${1:-$(q -c "SELECT count(*) FROM pg_stat_activity WHERE usename = 'sp_p1'")}
  q -c "ALTER ROLE sp_p1 CONNECTION LIMIT $n" >/dev/null
  echo "$n"
}
seated() { q -c "SELECT coalesce(string_agg(tab, ' ' ORDER BY tab), '-') FROM sptable.seats WHERE machine = 'p1'"; }
{
  # 1: the lobby read; then held (the test)
  printf '%s\n' "LOBBYWAIT 30000 live" "SUMMARY" "SLEEP 4000"
  # 2, 3: JOIN live, tried again; a table added meanwhile shows up
  printf '%s\n' "TOUCH $join_live" "SLEEP 2500" "SUMMARY" "LOBBYWAIT 20000 zeta" "SUMMARY"
  # 4: a second JOIN meanwhile; 5: the join given up after 30 s
  printf '%s\n' "TOUCH $join_classic" "SUMMARY" "JOINWAIT 45000" "SUMMARY"
  # 6, 7: JOIN live and CANCEL; 8: still nothing once the login is free again (the test)
  printf '%s\n' "TOUCH $join_live" "SLEEP 2500" "SUMMARY" "TOUCH $cancel_live" "SUMMARY" \
    "SLEEP 4000" "SUMMARY" "SLEEP 3000"
  # 9: JOIN live again, held again (the test); 10: free again: live joined
  printf '%s\n' "TOUCH $join_live" "SLEEP 2500" "SUMMARY" "SEATWAIT 20000 1" "SUMMARY"
  # 11: back in the lobby, held (the test); 12: JOIN classic in live's place, tried again; X on
  # live, CANCEL; 13: live gone, nothing joined
  printf '%s\n' "LOBBY" "LOBBYWAIT 10000 live" "SUMMARY" "SLEEP 3000" "TOUCH $join_classic" \
    "SLEEP 2500" "SUMMARY" "BACK" "CLOSETABLE 1" "LOBBY" "TOUCH $cancel_classic" \
    "SEATWAIT 20000 0" "SLEEP 1000" "SUMMARY" "QUIT"
} | awk '{ printf "%d %s\n", NR * 100, $0 }' >"$tmp/p1/script"
"$bin" play --headless --size 1920x1080 --frame-ms 50 --config "$tmp/p1/game.ini" \
  --db "$tmp/p1/db.sqlite" --credits 100.00 --script "$tmp/p1/script" \
  >"$tmp/p1/out" 2>"$tmp/p1/err" &
p1=$!
upto() { # N: waits (up to 90 s) for p1's Nth summary line
  for _ in $(seq 900); do
    [ "$(wc -l <"$tmp/p1/out")" -ge "$1" ] && return 0
    kill -0 "$p1" 2>/dev/null || return 1
    sleep 0.1
  done
  return 1
}
upto 1 && [ "$(hold)" = 1 ] && ok || bad "p1's lobby before the join: $(cat "$tmp/p1/out") $(tail -n 3 "$tmp/p1/err")"
# (a table is listed once its host has put its game: here, by hand; nobody deals it)
upto 2 && q -c "SELECT sptable.table_add('zeta', 'EUR', 'sp_host_zeta', 'pw-host-secret');
                UPDATE sptable.tables SET config = '[game]', title = 'Zeta', variant = 'caribbean'
                 WHERE tab = 'zeta'" >/dev/null ||
  bad "no second summary: $(tail -n 3 "$tmp/p1/err")"
upto 7 && hold -1 >/dev/null || bad "no seventh summary: $(tail -n 3 "$tmp/p1/err")"
upto 8 && hold 1 >/dev/null || bad "no eighth summary: $(tail -n 3 "$tmp/p1/err")"
upto 9 && hold -1 >/dev/null || bad "no ninth summary: $(tail -n 3 "$tmp/p1/err")"
upto 11 && hold >/dev/null || bad "no eleventh summary: $(tail -n 3 "$tmp/p1/err")"
wait "$p1" || bad "p1 ended badly: $(tail -n 5 "$tmp/p1/err")"
p1=
hold -1 >/dev/null
line() { sed -n "$1p" "$tmp/p1/out"; }

# JOINING, tried again, the foot saying so; the rows read on: zeta, added meanwhile
l=$(line 2)
row "$l" live | grep -q ':joining$' && echo "$l" | grep -q 'lobby_line=Table live does not answer yet: trying again for [0-9]* s' &&
  ok || bad "the join of live, tried again: $l"
l=$(line 3)
row "$l" live | grep -q ':joining$' && row "$l" zeta | grep -q '^zeta:' && ok ||
  bad "the lobby's rows while live is being joined (zeta added): $(field "$l" lobby)"
grep -q "studpoker: the table's controller: .*too many connections for role \"sp_p1\"; trying again for 30 s" \
  "$tmp/p1/err" && ok || bad "the log does not say why live is tried again: $(grep -i live "$tmp/p1/err" | head -n 3)"
# a second JOIN: refused, and why
l=$(line 4)
echo "$l" | grep -q 'lobby_line=Table live is being joined: wait for it, or CANCEL it in the lobby.' &&
  row "$l" classic | grep -qv ':joining$' && row "$l" live | grep -q ':joining$' && ok ||
  bad "a second JOIN while live is being joined: $l"
# given up after 30 s: JOIN back, why at the foot, seated nowhere
l=$(line 5)
[ "$(row "$l" live | cut -d: -f5)" = "" ] && [ "$(field "$l" seats)" = 0 ] &&
  echo "$l" | grep -q 'lobby_line=Table live could not be reached for 30 seconds: it was not joined.' &&
  ok || bad "the join of live given up: $l"
# CANCEL: nothing joined, even with the login free again
l=$(line 6)
row "$l" live | grep -q ':joining$' && ok || bad "the second join of live: $l"
l=$(line 7)
[ "$(row "$l" live | cut -d: -f5)" = "" ] && echo "$l" | grep -q 'lobby_line=Table live was not joined: you cancelled it.' &&
  ok || bad "CANCEL on live's row: $l"
l=$(line 8)
[ "$(field "$l" seats)" = 0 ] && [ "$(field "$l" screen)" = lobby ] && ok || bad "after CANCEL, the login free: $l"
# tried again, then joined once the controller takes the connection
l=$(line 9)
row "$l" live | grep -q ':joining$' && echo "$l" | grep -q 'lobby_line=Table live does not answer yet' &&
  ok || bad "the third join of live, tried again: $l"
l=$(line 10)
[ "$(field "$l" seats)" = 1 ] && [ "$(field "$l" table)" = live ] && [ "$(field "$l" screen)" = table ] &&
  ok || bad "live joined once the controller answered: $l"
# a switch tried again, X on the table it replaces, CANCEL: that table goes, nothing joined
l=$(line 12)
row "$l" classic | grep -q ':joining$' && row "$l" live | grep -q ':leaving$' && ok ||
  bad "JOIN classic in live's place, tried again: $(field "$l" lobby)"
l=$(line 13)
[ "$(field "$l" seats)" = 0 ] && [ "$(field "$l" screen)" = lobby ] && ok || bad "X on live and CANCEL: $l"
[ "$(seated)" = - ] && ok || bad "the controller seats p1 at: $(seated)"
# one join at a time: live joined once (step 10), classic never
[ "$(grep -c 'studpoker: joined table' "$tmp/p1/err")" = 1 ] && grep -q 'studpoker: joined table live' "$tmp/p1/err" &&
  ok || bad "p1's joins: $(grep 'joined table' "$tmp/p1/err")"
for p in "${host_pids[@]}"; do kill "$p" 2>/dev/null; done
for p in "${host_pids[@]}"; do wait "$p" 2>/dev/null; done
finish
