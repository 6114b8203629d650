#!/usr/bin/env bash
# A terminal's LOBBY and four tables in one window (issue 15, seed 001's LOBBY and Multi-Game
# Play), headless, on a PostgreSQL server of the test's own with four tables (table_lib.sh:
# classic, live with the linked JACKPOT, cajun, asian), each dealt from a deck the test stacks:
#  - a terminal with no table joined starts in the lobby, which lists the four tables (their
#    phase, players and JACKPOT: the live table's pool, seeded at 1,000.00; "-" elsewhere);
#  - it joins one with a touch on JOIN (a kiosk, as on a cabinet's touch screen), adds two with
#    touches on +TABLE and the fourth with the script's ADDTABLE; the controller counts it seated
#    at each, and refuses nothing: each table's presence lock is its own;
#  - a bet on each and a decision at each, the four rounds settled each by its own table: the
#    money worked out here from rules.md (classic: a flush against the dealer's kings, PLAY 5 to
#    1 and the ante 1 to 1: 70.00 back for 15.00; live and Cajun folded: the ante lost; Asian:
#    8 points against 2, the ante 1 to 1 and the RAISE 2 to 1 less 5% of the 15.00 won: 24.25
#    back for 10.00): each table's result row for the terminal, the terminal's credits
#    (1,000.00 - 35.00 + 94.25) and its own audit (table_out and table_in against the
#    controller's rows, cents lost 0);
#  - X on a table whose bets are in play: it stays, saying so, until its round is settled and
#    collected, then goes and the others play on; JOIN from the lobby replaces the focused table
#    in its place;
#  - a second session of the terminal is refused at a table it sits at, and takes a table it
#    does not (the presence lock is per table);
#  - a hand is never stuck for want of credits: with a bet in play at one table, a bet at another
#    that would leave the first table's PLAY uncovered is refused, and says why;
#  - a desktop player's SETTINGS changed at one table hold at the others;
#  - its HISTORY names the table of each round: at classic, classic's round alone (001's GAME
#    HISTORY); ALL TABLES, the four rounds newest first, each named with its table, the round the
#    controller settled for the terminal there and the cards the test stacked for that table.
# usage: table_lobby.sh STUDPOKER
set -uo pipefail
bin=$1
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
source "$here/pg_lib.sh"
source "$here/table_lib.sh"
pg_test_begin "$bin"
pg_start
pg_link_controller "$bin" || { bad "the controller"; finish; exit; }
q() { link_q "$@"; }
field() { echo "$1" | tr ' ' '\n' | sed -n "s/^$2=//p" | head -1; }
tq() { psql -XAtq "host=$PGHOST dbname=link user=sp_$1 password=pw-$1-secret" -v ON_ERROR_STOP=1 -c "$2" 2>&1; }

# the player's five cards, then the dealer's (Cajun: two, then the board)
deck_classic="2h 7h 9h Jh 4h  Kd Kc 9s 6d 2c"
deck_live="2c 3d 7h 9s Jc  Ad Kc 8h 6d 3c"
deck_cajun="7c 2d  Qh 9s 4d"
deck_asian="5h 5d Tc Kh 9s  7d 3c Ks Ac 2d"
# long decision times: a table closes its step as soon as its players have decided, and the
# test's player never leaves a hand to the clock
four_tables 8 60 || { bad "the tables"; finish; exit; }
four_terminal p1 "$tmp/p1" || bad "adding p1"
printf '[display]\nmode = kiosk\n' >>"$tmp/p1/game.ini"
# the lobby's rows: asian, cajun, classic, live (by name); a 1920x1080 window
join_classic=$(lobby_point 2 join 1920 1080)
add_live=$(lobby_point 3 add 1920 1080)
add_cajun=$(lobby_point 1 add 1920 1080)

bet() { # SEAT: that table's next round, the 5.00 chip on the ANTE, DEAL
  printf '%s\n' "FOCUS $1" "TABLEWAIT 60000 betting" "CHIP3" "SPOT ante" "DEAL" "SUMMARY"
}
decide() { # SEAT BUTTON
  printf '%s\n' "FOCUS $1" "TABLEWAIT 60000 deciding" "$2"
}
{
  printf '%s\n' "LOBBYWAIT 30000 live" "SUMMARY" "TOUCH $join_classic" "SEATWAIT 20000 1" \
    "SUMMARY" "LOBBY" "LOBBYWAIT 5000 live" "TOUCH $add_live" "SEATWAIT 20000 2" "LOBBY" \
    "LOBBYWAIT 5000 cajun" "TOUCH $add_cajun" "SEATWAIT 20000 3" "ADDTABLE asian" \
    "ADDTABLE classic" "SEATS" "LOBBY" "LOBBYWAIT 5000 live" "SUMMARY" "BACK"
  bet 1; bet 2; bet 3; bet 4
  # X on Cajun with its bet in play: it stays until its round is over
  printf '%s\n' "CLOSETABLE 3" "SEATS"
  decide 1 PLAY; decide 2 FOLD; decide 3 FOLD; decide 4 PLAY
  printf '%s\n' "FOCUS 1" "TABLEWAIT 60000 collected=1" "FOCUS 2" "TABLEWAIT 60000 collected=1" \
    "FOCUS 4" "TABLEWAIT 60000 collected=1" "SEATWAIT 60000 3" "SEATS"
  # JOIN from the lobby with live focused: Cajun in its place
  printf '%s\n' "FOCUS 2" "JOIN cajun" "SEATS" "SLEEP 4000"
  # HISTORY at classic: its own round; then ALL TABLES (DEAL: the pop-up's main button)
  printf '%s\n' "FOCUS 1" "HISTORY" "BOXES $tmp/p1/history-classic.txt" "DEAL" \
    "BOXES $tmp/p1/history-all.txt" "BACK" "SUMMARY" "QUIT"
} | awk '{ printf "%d %s\n", NR * 100, $0 }' >"$tmp/p1/script"
"$bin" play --headless --size 1920x1080 --frame-ms 50 --config "$tmp/p1/game.ini" \
  --db "$tmp/p1/db.sqlite" --credits 1000.00 --script "$tmp/p1/script" \
  >"$tmp/p1/out" 2>"$tmp/p1/err" &
p1=$!
# while p1 sleeps at the end (4 s): a second session of p1 at its tables
for _ in $(seq 1800); do
  grep -q "table=cajun .*seat=2 seats=3 focus=2" "$tmp/p1/out" 2>/dev/null && break
  kill -0 "$p1" 2>/dev/null || break
  sleep 0.1
done
# the controller seats p1 where it plays (live was left for cajun)
seated=$(q -c "SELECT string_agg(tab, ' ' ORDER BY tab) FROM sptable.seats WHERE machine = 'p1'")
[ "$seated" = "asian cajun classic" ] && ok || bad "the controller seats p1 at '$seated'"
out=$(tq p1 "SELECT tab FROM sptable.table_join('p1', 'classic')")
echo "$out" | grep -q 'p1 is at table classic from another connection' && ok ||
  bad "a second session of p1 at classic, where p1 sits: $out"
out=$(tq p1 "SELECT tab FROM sptable.table_join('p1', 'live'); SELECT sptable.table_leave('p1', 'live')")
[ "$(echo "$out" | head -n 1)" = live ] && ok ||
  bad "a second session of p1 at live, where p1 does not sit, was refused: $out"
wait "$p1" || bad "p1 ended badly: $(tail -n 5 "$tmp/p1/err")"
line() { sed -n "$1p" "$tmp/p1/out"; }

# the lobby first, the four tables in it
l=$(line 1)
[ "$(field "$l" screen)" = lobby ] && [ "$(field "$l" seats)" = 0 ] && ok || bad "p1 did not start in the lobby: $l"
lobby=$(field "$l" lobby)
for t in asian cajun classic; do
  echo "$lobby" | tr ',' '\n' | grep -E >/dev/null "^$t:[a-z]+:0:-1$" && ok || bad "the lobby's row of $t (no JACKPOT): $lobby"
done
echo "$lobby" | tr ',' '\n' | grep -E >/dev/null "^live:[a-z]+:0:100000$" && ok ||
  bad "the lobby's row of live (its JACKPOT, the pool's 1,000.00): $lobby"
l=$(line 2)
[ "$(field "$l" screen)" = table ] && [ "$(field "$l" table)" = classic ] && [ "$(field "$l" seats)" = 1 ] &&
  ok || bad "the touch on classic's JOIN: $l"
# SEATS: the four tables in the order joined
for i in 1 2 3 4; do
  l=$(line $((2 + i)))
  want=$(echo classic live cajun asian | cut -d' ' -f$i)
  [ "$(field "$l" table)" = "$want" ] && [ "$(field "$l" seat)" = $i ] && [ "$(field "$l" seats)" = 4 ] &&
    ok || bad "table $i after the joins: $l"
done
grep -q "ADDTABLE classic: You play at table classic already." "$tmp/p1/err" && ok ||
  bad "a second ADDTABLE of classic was not refused: $(grep -i classic "$tmp/p1/err")"
l=$(line 7)
echo "$(field "$l" lobby)" | tr ',' '\n' | grep -E >/dev/null "^classic:[a-z]+:1:-1:playing$" && ok ||
  bad "the lobby does not show classic played: $(field "$l" lobby)"
# the bets: each table's stake accepted in a round of its own
for i in 1 2 3 4; do
  l=$(line $((7 + i)))
  [ "$(field "$l" bets_sent)" = 1 ] && [ "$(field "$l" staked)" = 500 ] && ok || bad "the bet at table $i: $l"
done
# X on Cajun with its bet in play: still there, saying so
l=$(line 14) # the SEATS after X
[ "$(field "$l" seats)" = 4 ] && echo "$l" | grep -q "notice=Leaving this table after this round" && ok ||
  bad "Cajun, closed with its bet in play: $l"
# the money, table by table, as each table settled it (worked out at the top)
for want in "classic settled 1500 7000" "live settled 500 0" "cajun settled 500 0" "asian settled 1000 2425"; do
  set -- $want
  got=$(q -F' ' -c "SELECT kind, staked, total FROM sptable.results WHERE machine = 'p1' AND tab = '$1'")
  [ "$got" = "$2 $3 $4" ] && ok || bad "$1's result for p1: '$got', not '$2 $3 $4'"
done
# after the round: Cajun gone, the others playing; then JOIN put Cajun back in live's place
l=$(grep "seats=3" "$tmp/p1/out" | head -n 3 | tr '\n' ' ')
[ "$(echo "$l" | grep -o 'table=[a-z]*' | tr '\n' ' ')" = "table=classic table=live table=asian " ] && ok ||
  bad "after Cajun's round: $l"
l=$(grep "seats=3" "$tmp/p1/out" | sed -n 4,6p | tr '\n' ' ')
[ "$(echo "$l" | grep -o 'table=[a-z]*' | tr '\n' ' ')" = "table=classic table=cajun table=asian " ] && ok ||
  bad "JOIN cajun from live: $l"
l=$(tail -n 1 "$tmp/p1/out")
[ "$(field "$l" credits)" = $((100000 - 3500 + 9425)) ] && ok || bad "p1's credits after the four rounds: $l"
# its HISTORY names the table of each round: at classic, classic's round only; ALL TABLES, the
# four, each with the round the controller settled for p1 there and the cards the test stacked
# for that table (live and Cajun folded)
rows=$(history_rows "$tmp/p1/history-classic.txt")
round=$(q -c "SELECT round FROM sptable.results WHERE machine = 'p1' AND tab = 'classic'")
[ "$rows" = "classic $round - 2h7h9hJh4h/KdKc9s6d2c" ] &&
  grep -q '|HISTORY  -  TABLE classic, NEWEST FIRST$' "$tmp/p1/history-classic.txt" && ok ||
  bad "p1's HISTORY at classic: '$rows' (classic's round $round)"
# in the table's money (the site's, EUR; classic's preset alone would say USD)
grep -q '|BET  €15.00  BACK  €70.00$' "$tmp/p1/history-classic.txt" && ok ||
  bad "classic's round in p1's HISTORY, not in euros: $(grep '|BET ' "$tmp/p1/history-classic.txt")"
rows=$(history_rows "$tmp/p1/history-all.txt")
[ "$(echo "$rows" | wc -l)" = 4 ] && grep -q '|HISTORY  -  ALL YOUR TABLES, NEWEST FIRST$' \
  "$tmp/p1/history-all.txt" && ok || bad "p1's HISTORY of all its tables: $rows"
for want in "classic - 2h7h9hJh4h/KdKc9s6d2c" "live FOLDED 2c3d7h9sJc/" "cajun FOLDED 7c2d/" \
  "asian - 5h5dTcKh9s/7d3cKsAc2d"; do
  set -- $want
  round=$(q -c "SELECT round FROM sptable.results WHERE machine = 'p1' AND tab = '$1'")
  echo "$rows" | grep -q "^$1 $round $2 $3" && ok ||
    bad "p1's HISTORY has no row of table $1, round $round, $2, cards $3...: $rows"
done
# newest first: the rows in the order the terminal collected them (its audit log's order)
order=$(sqlite3 "$tmp/p1/db.sqlite" "SELECT substr(detail, 5, instr(detail, ' ') - 5) FROM audit
                                     WHERE event = 'table-in' ORDER BY id DESC" | tr '\n' ' ')
[ "$(echo "$rows" | awk '{ printf "%s ", $1 }')" = "$order" ] && ok ||
  bad "p1's HISTORY is not newest first: $(echo "$rows" | awk '{ printf "%s ", $1 }'), collected: $order"
# the terminal's own books against the controller's rows
"$bin" audit --db "$tmp/p1/db.sqlite" --meters >"$tmp/p1/audit" 2>&1 || bad "p1's audit: $(grep -v ^meter "$tmp/p1/audit")"
grep -q 'cents lost 0$' "$tmp/p1/audit" && ok || bad "p1's books: $(grep 'cents lost' "$tmp/p1/audit")"
out_m=$(sed -n 's/^meter table_out //p' "$tmp/p1/audit") in_m=$(sed -n 's/^meter table_in //p' "$tmp/p1/audit")
read -r sent back < <(q -F' ' -c "SELECT
    (SELECT COALESCE(SUM(total), 0) FROM sptable.stakes WHERE machine = 'p1' AND accepted),
    (SELECT COALESCE(SUM(total), 0) FROM sptable.results WHERE machine = 'p1')")
[ "${out_m:-0}" = "$sent" ] && [ "$sent" = 3500 ] && [ "${in_m:-0}" = "$back" ] && [ "$back" = 9425 ] && ok ||
  bad "p1: table_out ${out_m:-0} table_in ${in_m:-0}; the controller: stakes $sent, results $back"
# the terminal left its tables when it quit
[ "$(q -c "SELECT count(*) FROM sptable.seats WHERE machine = 'p1'")" = 0 ] && ok ||
  bad "p1 still seated after quitting: $(q -c "SELECT tab FROM sptable.seats WHERE machine = 'p1'")"

# ---- a hand is never stuck: 40.00, a bet of 10.00 at classic (its PLAY may need 20.00), then
# 10.00 at live: its PLAY would need the 20.00 classic's hand may still want ----
four_terminal p2 "$tmp/p2" || bad "adding p2"
{
  printf '%s\n' "ADDTABLE classic" "ADDTABLE live" "FOCUS 1" "TABLEWAIT 60000 betting" "CHIP3" \
    "SPOT ante" "SPOT ante" "DEAL" "SUMMARY" "FOCUS 2" "TABLEWAIT 60000 betting" "CHIP3" \
    "SPOT ante" "SPOT ante" "DEAL" "SUMMARY" "FOCUS 1" "TABLEWAIT 60000 deciding" "FOLD" \
    "TABLEWAIT 60000 collected=1" "FOCUS 2" "TABLEWAIT 60000 betting" "CLEAR" "CHIP3" \
    "SPOT ante" "SPOT ante" "DEAL" "SUMMARY" "FOCUS 1" "SETTINGS" "DEAL" "BACK" "FOCUS 2" \
    "SUMMARY" "QUIT"
} | awk '{ printf "%d %s\n", NR * 100, $0 }' >"$tmp/p2/script"
"$bin" play --headless --size 1280x720 --frame-ms 50 --config "$tmp/p2/game.ini" \
  --db "$tmp/p2/db.sqlite" --credits 40.00 --script "$tmp/p2/script" >"$tmp/p2/out" 2>"$tmp/p2/err" ||
  bad "p2 ended badly: $(tail -n 5 "$tmp/p2/err")"
l=$(sed -n 1p "$tmp/p2/out")
[ "$(field "$l" bets_sent)" = 1 ] && [ "$(field "$l" credits)" = 3000 ] && ok || bad "p2's bet at classic: $l"
l=$(sed -n 2p "$tmp/p2/out")
[ "$(field "$l" bets_sent)" = 0 ] && echo "$l" | grep -q "€20.00 is kept for your other tables' raises" && ok ||
  bad "p2's bet at live with classic's PLAY uncovered: $l"
# and once classic's hand is folded (10.00 lost), nothing is held: the same bet at live goes
l=$(sed -n 3p "$tmp/p2/out")
[ "$(field "$l" bets_sent)" = 1 ] && [ "$(field "$l" staked)" = 1000 ] && [ "$(field "$l" credits)" = 2000 ] &&
  ok || bad "p2 at live after classic's round: $l"
# a desktop player's SETTINGS are theirs at every table: the volume turned down at classic
# (the operator's 80, one step: 70) is live's too
l=$(sed -n 4p "$tmp/p2/out")
[ "$(field "$l" table)" = live ] && [ "$(field "$l" player)" = 70/1/0 ] && ok ||
  bad "p2's settings at live after turning the volume down at classic: $l"
for p in "${host_pids[@]}"; do kill "$p" 2>/dev/null; done
for p in "${host_pids[@]}"; do wait "$p" 2>/dev/null; done
finish
