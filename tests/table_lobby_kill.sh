#!/usr/bin/env bash
# A terminal killed (SIGKILL) with bets at two tables, then started again (issue 15: "a kill of
# either side at any instant ends with every cent in exactly one place"; seed 001's disconnection
# rules), on a PostgreSQL server of the test's own with four tables (table_lib.sh):
#  - the terminal plays classic and live from the lobby; a 5.00 ANTE at classic, and once
#    classic has dealt (its decision open, 60 s), a 5.00 ANTE at live while live still takes
#    bets; the controller has accepted both when the terminal is killed;
#  - 001: disconnected after betting closed, the bets stand: classic's hand is AUTO FOLDED when
#    its decision time runs out (the ante lost: a settled result of 0.00 for 5.00);
#    disconnected while betting was open, the bets are void and returned: live's result is void,
#    5.00 back;
#  - the killed terminal's seats go at each table's next round (the lobby counts who is there);
#  - started again on its own records, in the lobby, the terminal goes back to the tables where
#    it has money owed (both) and collects both results once: credits 1,000.00 - 10.00 + 5.00 =
#    995.00, its HISTORY has each table's round at that table and both under ALL TABLES, named
#    with their tables (classic's AUTO FOLDED, live's VOID), its audit balances (cents lost
#    0) and its table_out and table_in meters are the controller's stakes and results;
#  - started a third time: nothing owed, nothing collected again (995.00 still, the same two
#    results in its records), and it stays in the lobby;
#  - killed once its 5.00 ANTE at asian is accepted and started again at once: back at asian, it
#    knows its bets from its records (the felt says they are placed; a second DEAL sends no
#    second set), and its PLAY is the raise those bets make: the controller has one set of bets
#    and one raise of 5.00, and the round settles as worked out by hand (24.25 back for 10.00):
#    credits 995.00 - 10.00 + 24.25 = 1,009.25; the table did not stall (its next round opens).
# usage: table_lobby_kill.sh STUDPOKER
set -uo pipefail
bin=$1
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
source "$here/pg_lib.sh"
source "$here/table_lib.sh"
pg_test_begin "$bin"
p1=
# the terminal and the hosts go with the test, however it ends
trap 'kill $p1 ${host_pids[@]:-} 2>/dev/null; pg_stop; [ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
pg_start
pg_link_controller "$bin" || { bad "the controller"; finish; exit; }
q() { link_q "$@"; }
field() { echo "$1" | tr ' ' '\n' | sed -n "s/^$2=//p" | head -1; }
# asian's first round played: 8 points against 2 (table_lobby.sh: PLAY, 24.25 back for 10.00)
deck_asian="5h 5d Tc Kh 9s  7d 3c Ks Ac 2d"
four_tables 10 60 || { bad "the tables"; finish; exit; }
four_terminal p1 "$tmp/p1" || bad "adding p1"
p1_run() { # SCRIPT OUT: p1 on its one database
  "$bin" play --headless --size 1280x720 --frame-ms 50 --config "$tmp/p1/game.ini" \
    --db "$tmp/p1/db.sqlite" --credits 1000.00 --script "$1" >"$2" 2>>"$tmp/p1/err"
}
accepted() { # TABLE: p1's accepted stakes there (minor units)
  q -c "SELECT coalesce(sum(total), 0) FROM sptable.stakes WHERE machine = 'p1' AND tab = '$1' AND accepted"
}
phase() { # TABLE: its newest round's phase
  q -c "SELECT phase FROM sptable.rounds WHERE tab = '$1' ORDER BY round DESC LIMIT 1"
}

# ---- the first run: a bet at classic, dealt; a bet at live while it takes bets; killed ----
{
  printf '%s\n' "LOBBYWAIT 30000 live" "ADDTABLE classic" "ADDTABLE live" "FOCUS 1" \
    "TABLEWAIT 60000 betting" "CHIP3" "SPOT ante" "DEAL" "TABLEWAIT 60000 deciding" "SUMMARY" \
    "FOCUS 2" "TABLEWAIT 60000 betting=6000" "CHIP3" "SPOT ante" "DEAL" "TABLEWAIT 20000 sent" \
    "SUMMARY" "SLEEP 600000" "QUIT"
} | awk '{ printf "%d %s\n", NR * 100, $0 }' >"$tmp/run1.script"
# (the program itself in the background, not a function's subshell: the kill is the program's)
"$bin" play --headless --size 1280x720 --frame-ms 50 --config "$tmp/p1/game.ini" \
  --db "$tmp/p1/db.sqlite" --credits 1000.00 --script "$tmp/run1.script" >"$tmp/run1.out" \
  2>>"$tmp/p1/err" &
p1=$!
# (killed once the controller has both and the terminal has said so: its second SUMMARY)
for _ in $(seq 1500); do
  [ "$(accepted classic)" = 500 ] && [ "$(accepted live)" = 500 ] &&
    [ "$(wc -l <"$tmp/run1.out")" -ge 2 ] && break
  kill -0 $p1 2>/dev/null || break
  sleep 0.1
done
live_phase=$(phase live) classic_phase=$(phase classic)
kill -KILL $p1 2>/dev/null
wait $p1 2>/dev/null
p1=
[ "$(accepted classic)" = 500 ] && [ "$(accepted live)" = 500 ] && ok ||
  bad "the stakes before the kill: classic $(accepted classic), live $(accepted live); $(tail -n 3 "$tmp/p1/err")"
[ "$classic_phase" = deciding ] && [ "$live_phase" = betting ] && ok ||
  bad "at the kill, classic was $classic_phase (not deciding) and live $live_phase (not betting)"
l=$(tail -n 1 "$tmp/run1.out")
[ "$(field "$l" credits)" = 99000 ] && ok || bad "p1's credits with both bets sent: $l"

# the tables settle without p1: classic AUTO FOLDED (after its 60 s), live void at its close
for _ in $(seq 1200); do
  [ "$(q -c "SELECT count(*) FROM sptable.results WHERE machine = 'p1'")" = 2 ] && break
  sleep 0.1
done
for want in "classic settled 500 0" "live void 500 500"; do
  set -- $want
  got=$(q -F' ' -c "SELECT kind, staked, total FROM sptable.results WHERE machine = 'p1' AND tab = '$1'")
  [ "$got" = "$2 $3 $4" ] && ok || bad "$1's result for p1: '$got', not '$2 $3 $4'"
done
[ "$(q -c "SELECT action FROM sptable.decisions WHERE machine = 'p1' AND tab = 'classic'")" = auto_fold ] &&
  ok || bad "classic's decision for p1: $(q -c "SELECT action FROM sptable.decisions WHERE machine = 'p1'")"
# the killed terminal never left its seats: the next round of each table drops them (its session
# is gone), so the lobby does not count it (host_open drops them in the round's own transaction:
# waited for until both tables have a round after p1's, however many live has had since)
for _ in $(seq 300); do
  [ "$(q -c "SELECT count(DISTINCT r.tab) FROM sptable.rounds r JOIN sptable.results x ON x.tab = r.tab
             WHERE x.machine = 'p1' AND r.round > x.round")" = 2 ] && break
  sleep 0.1
done
[ "$(q -c "SELECT count(*) FROM sptable.seats WHERE machine = 'p1'")" = 0 ] && ok ||
  bad "p1, killed, still seated at: $(q -c "SELECT string_agg(tab, ' ') FROM sptable.seats WHERE machine = 'p1'")"

# ---- started again: back at both tables on its own, both results collected once ----
{
  printf '%s\n' "SEATWAIT 30000 2" "SEATS" "FOCUS 1" "TABLEWAIT 30000 collected=1" "FOCUS 2" \
    "TABLEWAIT 30000 collected=1" "SLEEP 3000" "SUMMARY" "HISTORY" "BOXES $tmp/history2.txt" \
    "DEAL" "BOXES $tmp/history2-all.txt" "BACK" "QUIT"
} | awk '{ printf "%d %s\n", NR * 100, $0 }' >"$tmp/run2.script"
p1_run "$tmp/run2.script" "$tmp/run2.out" || bad "p1's second run ended badly: $(tail -n 5 "$tmp/p1/err")"
tables=$(head -n 2 "$tmp/run2.out" | grep -o 'table=[a-z]*' | sort | tr '\n' ' ')
[ "$tables" = "table=classic table=live " ] && ok || bad "p1 did not go back to its two tables: $(head -n 2 "$tmp/run2.out")"
l=$(sed -n 3p "$tmp/run2.out")
[ "$(field "$l" credits)" = 99500 ] && ok || bad "p1's credits after collecting: $l"
"$bin" audit --db "$tmp/p1/db.sqlite" --meters >"$tmp/audit2" 2>&1 || bad "p1's audit: $(grep -v ^meter "$tmp/audit2")"
grep -q 'cents lost 0$' "$tmp/audit2" && ok || bad "p1's books: $(grep 'cents lost' "$tmp/audit2")"
out_m=$(sed -n 's/^meter table_out //p' "$tmp/audit2") in_m=$(sed -n 's/^meter table_in //p' "$tmp/audit2")
[ "${out_m:-0}" = 1000 ] && [ "${in_m:-0}" = 500 ] && ok ||
  bad "p1's meters: table_out ${out_m:-0} table_in ${in_m:-0}, not 1000 and 500 (the controller's rows)"
# the HISTORY: at the focused table its round alone; ALL TABLES both, each named with its table
# and the round the controller settled there: classic's AUTO FOLDED, live's VOID (bets returned)
focused=$(field "$l" table)
rows=$(history_rows "$tmp/history2.txt")
[ "$(echo "$rows" | wc -l)" = 1 ] && [ "$(echo "$rows" | cut -d' ' -f1)" = "$focused" ] && ok ||
  bad "p1's HISTORY at $focused: $rows"
rows=$(history_rows "$tmp/history2-all.txt")
for t in classic live; do
  round=$(q -c "SELECT round FROM sptable.results WHERE machine = 'p1' AND tab = '$t'")
  note=$([ $t = classic ] && echo AUTO_FOLDED || echo VOID)
  echo "$rows" | grep -q "^$t $round $note " && ok || bad "p1's HISTORY has no row of $t, round $round, $note: $rows"
done
[ "$(echo "$rows" | wc -l)" = 2 ] && ok || bad "p1's HISTORY of all its tables: $rows"

# ---- a third start: nothing owed, nothing collected twice, the lobby ----
printf '%s\n' "100 LOBBYWAIT 30000 live" "200 SLEEP 4000" "300 SUMMARY" "400 QUIT" >"$tmp/run3.script"
p1_run "$tmp/run3.script" "$tmp/run3.out" || bad "p1's third run ended badly: $(tail -n 5 "$tmp/p1/err")"
l=$(tail -n 1 "$tmp/run3.out")
[ "$(field "$l" credits)" = 99500 ] && [ "$(field "$l" screen)" = lobby ] && [ "$(field "$l" seats)" = 0 ] &&
  ok || bad "p1's third start: $l"
"$bin" audit --db "$tmp/p1/db.sqlite" --meters >"$tmp/audit3" 2>&1
[ "$(sed -n 's/^meter table_in //p' "$tmp/audit3")" = 500 ] && grep -q 'cents lost 0$' "$tmp/audit3" && ok ||
  bad "p1's books after the third start: $(grep -E 'table_in|cents lost' "$tmp/audit3")"

# ---- killed with its bets at asian accepted, started again at once ----
{
  printf '%s\n' "ADDTABLE asian" "TABLEWAIT 60000 betting=7000" "CHIP3" "SPOT ante" "DEAL" \
    "TABLEWAIT 20000 sent" "SUMMARY" "SLEEP 600000" "QUIT"
} | awk '{ printf "%d %s\n", NR * 100, $0 }' >"$tmp/run4.script"
"$bin" play --headless --size 1280x720 --frame-ms 50 --config "$tmp/p1/game.ini" \
  --db "$tmp/p1/db.sqlite" --credits 1000.00 --script "$tmp/run4.script" >"$tmp/run4.out" \
  2>>"$tmp/p1/err" &
p1=$!
for _ in $(seq 900); do
  [ "$(accepted asian)" = 500 ] && break
  kill -0 $p1 2>/dev/null || break
  sleep 0.1
done
kill -KILL $p1 2>/dev/null
wait $p1 2>/dev/null
p1=
asian_round=$(q -c "SELECT round FROM sptable.stakes WHERE machine = 'p1' AND tab = 'asian'")
# (its seat is back at once, from its records; the table's round once it is connected and has
# read it: SUMMARY after that, or a loaded machine's slower connection reads as no bets)
{
  printf '%s\n' "SEATWAIT 30000 1" "TABLEWAIT 30000 synced" "SUMMARY" "CHIP3" "SPOT ante" "DEAL" "TABLEWAIT 60000 deciding" \
    "PLAY" "TABLEWAIT 60000 collected=1" "SLEEP 2000" "SUMMARY" "QUIT"
} | awk '{ printf "%d %s\n", NR * 100, $0 }' >"$tmp/run5.script"
p1_run "$tmp/run5.script" "$tmp/run5.out" || bad "p1's fifth run ended badly: $(tail -n 5 "$tmp/p1/err")"
l=$(sed -n 1p "$tmp/run5.out")
[ "$(field "$l" table)" = asian ] && [ "$(field "$l" bets_sent)" = 1 ] && ok ||
  bad "p1 back at asian does not know its bets: $l"
got=$(q -F' ' -c "SELECT string_agg(step || ':' || total || ':' || accepted, ' ' ORDER BY transfer)
                  FROM sptable.stakes WHERE machine = 'p1' AND tab = 'asian'")
[ "$got" = "-1:500:true 0:500:true" ] && ok || bad "p1's stakes at asian (step:total:accepted): $got"
got=$(q -F' ' -c "SELECT round, kind, staked, total FROM sptable.results WHERE machine = 'p1' AND tab = 'asian'")
[ "$got" = "$asian_round settled 1000 2425" ] && ok || bad "asian's result for p1: '$got'"
l=$(tail -n 1 "$tmp/run5.out")
[ "$(field "$l" credits)" = $((99500 - 1000 + 2425)) ] && ok || bad "p1's credits after asian: $l"
for _ in $(seq 300); do
  [ "$(q -c "SELECT count(*) FROM sptable.rounds WHERE tab = 'asian' AND round > $asian_round")" -ge 1 ] && break
  sleep 0.1
done
[ "$(q -c "SELECT count(*) FROM sptable.rounds WHERE tab = 'asian' AND round > $asian_round")" -ge 1 ] &&
  ok || bad "asian did not open a round after $asian_round: $(tail -n 3 "$tmp/host-asian.log")"
"$bin" audit --db "$tmp/p1/db.sqlite" --meters >"$tmp/audit5" 2>&1
grep -q 'cents lost 0$' "$tmp/audit5" && ok || bad "p1's books after asian: $(grep 'cents lost' "$tmp/audit5")"
for t in classic live asian; do
  "$bin" table audit --url "host=$PGHOST dbname=link user=postgres" --config "$tmp/host-$t.ini" \
    --table "$t" >"$tmp/taudit-$t" 2>&1
  grep -q 'problems 0' "$tmp/taudit-$t" && ok || bad "table $t's audit: $(cat "$tmp/taudit-$t")"
done
for p in "${host_pids[@]}"; do kill "$p" 2>/dev/null; done
for p in "${host_pids[@]}"; do wait "$p" 2>/dev/null; done
finish
