#!/usr/bin/env bash
# What a terminal reads on most of its table's notices (schema 7, issue 15): the view
# sptable.table_now, the table's newest round and the reading terminal's result of it, on a
# PostgreSQL server of the test's own, the rounds driven by hand through the host's functions:
#  - at every step of a round (betting, dealt, a Cajun community card turned, settled) its round
#    is table_look's, column by column, and once the result is written its result is
#    table_results' row for that round (dealer, board and verdict too); the linked pool's value
#    is table_look's and the lobby's, and the pool's seed (1,000.00) before anyone contributed;
#  - each login reads its own row only: a terminal never sees another's result (no filter finds
#    one), a host's login may not read the view, nor a terminal the tables under it;
#  - a player voided at the deal has its result while the others still decide, without the
#    dealer's cards; once the round is settled, with them;
#  - one newest round a table, moved by host_open;
#  - a hand or a result naming a round that is not there is refused (one check a statement, in
#    place of the foreign key), and a round is never removed nor renumbered.
# usage: table_now.sh STUDPOKER
set -uo pipefail
bin=$1
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
source "$here/pg_lib.sh"
pg_test_begin "$bin"
pg_start
pg_link_controller "$bin" || { bad "the controller"; finish; exit; }
q() { link_q "$@"; }
who() { echo "host=$PGHOST dbname=link user=sp_$1 password=pw-$1-secret"; }
tq() { local m=$1; shift; psql -XAtq "$(who "$m")" -v ON_ERROR_STOP=1 "$@" 2>&1; }
hq() { local t=$1; shift; psql -XAtq "host=$PGHOST dbname=link user=sp_host_$t password=pw-host-secret" \
  -v ON_ERROR_STOP=1 "$@" 2>&1; }

q <<'EOF' >/dev/null || bad "setting up the tables"
SELECT splink.link_site_add('paris', 'EUR');
SELECT splink.link_pool_add('floor', 'EUR', 100000, 4500, 500, 0);
SELECT splink.link_machine_add('table_t1', 'paris', 'floor', 'sp_table_t1', 'pw-table-secret');
SELECT sptable.table_add('t1', 'EUR', 'sp_host_t1', 'pw-host-secret');
SELECT sptable.table_add('t2', 'EUR', 'sp_host_t2', 'pw-host-secret');
EOF
for p in p1 p2 p3; do pg_table_terminal $p paris "$tmp/$p" || bad "adding $p"; done
# t1: Caribbean Stud with the linked pool floor as its JACKPOT; t2: Cajun Stud (a minute to
# decide: the steps are closed here, once everyone decided)
hq t1 -c "SELECT sptable.host_publish('t1', '[game]
preset = caribbean-classic', 'Caribbean Stud', 'caribbean', 'ANTE 1.00', 3000, 60000,
'one_deck', 'floor', 'table_t1')" >/dev/null || bad "publishing t1"
hq t2 -c "SELECT sptable.host_publish('t2', '[game]
preset = cajun', 'Cajun Stud', 'cajun', 'ANTE 1.00', 3000, 60000, 'one_deck', '', '')" >/dev/null ||
  bad "publishing t2"
# each terminal at its tables from a session that stays (its presence lock)
sit() {
  psql -XAtq "$(who "$1")" -c "SELECT tab FROM sptable.table_join('$1', '$2')" \
    -c "SELECT pg_sleep(600)" >/dev/null 2>&1 &
  sitters+=($!)
}
sitters=()
sit p1 t1; sit p2 t1; sit p3 t1; sit p1 t2
p3_sitter=${sitters[2]}
trap 'kill "${sitters[@]}" 2>/dev/null; pg_stop; rm -rf "$tmp"' EXIT
for _ in $(seq 100); do
  [ "$(q -c "SELECT count(*) FROM sptable.seats")" = 4 ] && break
  sleep 0.1
done

z10="0,0,0,0,0,0,0,0,0,0" z11="0,0,0,0,0,0,0,0,0,0,0" z12="0,0,0,0,0,0,0,0,0,0,0,0"
# closes a round's bets as soon as its betting time is over (TABLE ROUND): the rows' machine:present
close_bets() {
  local out
  for _ in $(seq 100); do
    out=$(hq "$1" -c "SELECT string_agg(machine || ':' || present, ' ' ORDER BY machine)
                      FROM sptable.host_close_betting('$1', $2)")
    echo "$out" | grep -q 'takes bets for' || break
    sleep 0.1
  done
  echo "$out"
}
# the round as the terminal reads it, and as table_look gives it (the same columns, in one line)
round_cols="round, phase, step, up_card, dealer, board, players, seated, config_hash, pool_value"
now_round() { tq "$1" -c "SELECT $round_cols FROM sptable.table_now WHERE tab = '$2'"; }
look_round() { tq "$1" -c "SELECT $round_cols FROM sptable.table_look('$1', '$2', NULL)"; }
# the result as the terminal reads it, and table_results' row of that round
now_result() {
  tq "$1" -c "SELECT round, my_result, my_staked, my_returned, my_total, my_verdict, dealer, board,
                     my_cards, my_decisions, my_stakes FROM sptable.table_now WHERE tab = '$2'"
}
results_row() {
  tq "$1" -c "SELECT round, kind, staked, returned, total, verdict, dealer, board, cards, decisions,
                     stakes FROM sptable.table_results('$1', '$2', $(($3 - 1))) WHERE round = $3"
}
same_round() { # TERMINAL TABLE WHAT
  local a b
  a=$(now_round "$1" "$2") b=$(look_round "$1" "$2")
  [ -n "$a" ] && [ "$a" = "$b" ] && ok || bad "$3: $1 reads '$a', table_look gives '$b'"
}

# ---- t1, round 1: p1, p2 and p3 bet; p3 leaves while betting is open ----
[ "$(hq t1 -c "SELECT sptable.host_open('t1', 'h1')")" = 1 ] && ok || bad "opening round 1"
for p in p1 p2 p3; do
  [ "$(tq $p -c "SELECT accepted FROM sptable.table_stake('$p', 't1', 1, 1, '{100,$z11}')")" = t ] ||
    bad "$p's ante"
done
same_round p1 t1 "betting"
left=$(tq p1 -c "SELECT left_ms FROM sptable.table_now WHERE tab = 't1'")
[ "$left" -gt 0 ] 2>/dev/null && [ "$left" -le 3000 ] && ok || bad "the betting time left: $left"
[ "$(tq p1 -c "SELECT pool_value FROM sptable.table_now WHERE tab = 't1'")" = 100000 ] &&
  [ "$(tq p1 -c "SELECT pool_value FROM sptable.table_lobby() WHERE tab = 't1'")" = 100000 ] && ok ||
  bad "the pool's value at t1: $(tq p1 -c "SELECT pool_value FROM sptable.table_now")"
[ "$(tq p1 -c "SELECT count(*), count(my_result) FROM sptable.table_now WHERE tab = 't1'")" = "1|0" ] && ok ||
  bad "a result before the deal: $(tq p1 -c "SELECT * FROM sptable.table_now")"
# (its session is in pg_sleep, which does not notice the client gone: the server ends it, as it
# ends a session whose terminal dropped)
kill "$p3_sitter"
q -c "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = 'sp_p3'" >/dev/null
for _ in $(seq 50); do
  [ "$(q -c "SELECT count(*) FROM pg_stat_activity WHERE usename = 'sp_p3'")" = 0 ] && break
  sleep 0.1
done
[ "$(close_bets t1 1)" = "p1:true p2:true p3:false" ] && ok || bad "closing round 1's bets: $(close_bets t1 1)"
# the dealer 9 high; p1 a pair of aces, p2 nothing; p3 voided (it left while betting was open)
hq t1 -c "SELECT sptable.host_deal('t1', 1, 'deck', '2c 3d 5h 7s 9c', '2c', '',
            ARRAY['p1', 'p2'], ARRAY['As Ad Kh Qc Js', '4s 6d 8h Tc Qd'], ARRAY['d1', 'd2'],
            ARRAY['p3'], '{100}', ARRAY['left while betting was open'], 12)" >/dev/null &&
  ok || bad "dealing round 1"
same_round p1 t1 "dealt"
same_round p3 t1 "dealt"
# p3's void result is its own while the others decide: its stake back, no dealer's cards
[ "$(now_result p3 t1)" = "$(results_row p3 t1 1)" ] &&
  [ "$(tq p3 -c "SELECT my_result || ':' || my_total || ':' || coalesce(dealer, '-') || ':' || up_card
                 FROM sptable.table_now WHERE tab = 't1'")" = "void:100:-:2c" ] && ok ||
  bad "p3's void result while the others decide: $(now_result p3 t1)"
# p1 dealt, not settled: no result in the view (its hand is table_look's)
[ "$(tq p1 -c "SELECT count(my_result), count(my_cards) FROM sptable.table_now WHERE tab = 't1'")" = "0|0" ] &&
  ok || bad "p1's row before its result: $(tq p1 -c "SELECT * FROM sptable.table_now")"
[ "$(tq p1 -c "SELECT accepted FROM sptable.table_decide('p1', 't1', 1, 0, 'play', 1, 2, 200)")" = t ] &&
  [ "$(tq p2 -c "SELECT accepted FROM sptable.table_decide('p2', 't1', 1, 0, 'fold', 0, NULL, 0)")" = t ] &&
  ok || bad "the decisions of round 1"
[ "$(hq t1 -c "SELECT sptable.host_close_step('t1', 1, 0, false)")" = 1 ] && ok || bad "closing round 1's step"
# the dealer does not qualify: p1's ante 1 to 1, its PLAY back; p2 folded
hq t1 -c "SELECT sptable.host_settle('t1', 1, ARRAY['p1', 'p2'], '{300,100}',
            '{200,200,$z10,$z12}', 12, '{400,0}', ARRAY['WIN 1.00', 'FOLDED'],
            ARRAY['0:play:1', '0:fold:0'], '{100,200,$z10,100,$z11}')" >/dev/null &&
  ok || bad "settling round 1"
for p in p1 p2 p3; do
  same_round $p t1 "settled"
  [ "$(now_result $p t1)" = "$(results_row $p t1 1)" ] && [ -n "$(results_row $p t1 1)" ] && ok ||
    bad "$p's result: table_now '$(now_result $p t1)', table_results '$(results_row $p t1 1)'"
done
# (what the settlement above wrote for p1, and the cards dealt)
[ "$(now_result p1 t1)" = "1|settled|300|{200,200,$z10}|400|WIN 1.00|2c 3d 5h 7s 9c||As Ad Kh Qc Js|0:play:1|{100,200,$z10}" ] &&
  ok || bad "p1's result of round 1: $(now_result p1 t1)"
[ "$(tq p3 -c "SELECT my_result || ':' || dealer FROM sptable.table_now WHERE tab = 't1'")" = "void:2c 3d 5h 7s 9c" ] &&
  ok || bad "p3 after the settlement: $(now_result p3 t1)"

# ---- each login its own row ----
[ "$(tq p1 -c "SELECT count(*) FROM sptable.table_now WHERE my_cards = '4s 6d 8h Tc Qd' OR my_result = 'void'")" = 0 ] &&
  [ "$(tq p2 -c "SELECT string_agg(tab || ':' || my_cards, ' ') FROM sptable.table_now")" = "t1:4s 6d 8h Tc Qd" ] &&
  ok || bad "a terminal read another's result: $(tq p1 -c "SELECT * FROM sptable.table_now")"
out=$(hq t1 -c "SELECT * FROM sptable.table_now")
echo "$out" | grep -q 'permission denied' && ok || bad "a host's login read the view: $out"
for t in rounds results terminals; do
  out=$(tq p1 -c "SELECT * FROM sptable.$t")
  echo "$out" | grep -q 'permission denied' && ok || bad "a terminal read sptable.$t: $out"
done

# ---- t2, Cajun: the community cards as each step shows them ----
[ "$(hq t2 -c "SELECT sptable.host_open('t2', 'h2')")" = 1 ] && ok || bad "opening t2's round"
[ "$(tq p1 -c "SELECT accepted FROM sptable.table_stake('p1', 't2', 1, 10, '{100,$z11}')")" = t ] ||
  bad "p1's ante at t2"
[ "$(close_bets t2 1)" = "p1:true" ] && ok || bad "closing t2's bets"
hq t2 -c "SELECT sptable.host_deal('t2', 1, 'deck', '', '', 'Qh Jh Th', ARRAY['p1'], ARRAY['Ah Kh'],
            ARRAY['d1'], '{}', '{}', '{}', 12)" >/dev/null && ok || bad "dealing t2's round"
for step in 0 1 2; do
  same_round p1 t2 "step $step"
  [ "$(tq p1 -c "SELECT '[' || coalesce(board, 'none') || ']' FROM sptable.table_now WHERE tab = 't2'")" = \
    "$(echo "[] [Qh] [Qh_Jh]" | cut -d' ' -f$((step + 1)) | tr _ ' ')" ] && ok ||
    bad "the board at step $step: $(tq p1 -c "SELECT board FROM sptable.table_now WHERE tab = 't2'")"
  [ "$(tq p1 -c "SELECT accepted FROM sptable.table_decide('p1', 't2', 1, $step, 'play', 1, $((11 + step)), 100)")" = t ] &&
    [ "$(hq t2 -c "SELECT sptable.host_close_step('t2', 1, $step, $([ $step -lt 2 ] && echo true || echo false))")" = 1 ] &&
    ok || bad "p1's step $step at t2"
done
hq t2 -c "SELECT sptable.host_settle('t2', 1, ARRAY['p1'], '{400}', '{$z12}', 12, '{0}',
            ARRAY['LOSE'], ARRAY['0:play:1 1:play:1 2:play:1'], '{100,0,100,100,100,0,0,0,0,0,0,0}')" \
  >/dev/null && ok || bad "settling t2's round"
same_round p1 t2 "settled"
[ "$(now_result p1 t2)" = "$(results_row p1 t2 1)" ] &&
  [ "$(tq p1 -c "SELECT board FROM sptable.table_now WHERE tab = 't2'")" = "Qh Jh Th" ] && ok ||
  bad "p1's result at t2: $(now_result p1 t2) / $(results_row p1 t2 1)"
[ "$(tq p1 -c "SELECT string_agg(tab, ' ' ORDER BY tab) FROM sptable.table_now")" = "t1 t2" ] && ok ||
  bad "p1's rows: $(tq p1 -c "SELECT tab, round FROM sptable.table_now")"

# ---- the newest round ----
[ "$(hq t1 -c "SELECT sptable.host_open('t1', 'h1')")" = 2 ] &&
  [ "$(q -c "SELECT string_agg(tab || ':' || round, ' ' ORDER BY tab) FROM sptable.rounds WHERE newest")" = "t1:2 t2:1" ] &&
  [ "$(tq p1 -c "SELECT round || ':' || phase || ':' || (my_result IS NULL) FROM sptable.table_now WHERE tab = 't1'")" = "2:betting:true" ] &&
  ok || bad "the newest rounds: $(q -c "SELECT tab, round, newest FROM sptable.rounds")"
out=$(q -c "UPDATE sptable.rounds SET newest = true WHERE tab = 't1' AND round = 1" 2>&1)
echo "$out" | grep -q 'duplicate key' && ok || bad "two newest rounds at a table: $out"

# ---- a round's rows name a round that is there ----
out=$(q -c "INSERT INTO sptable.results (tab, round, machine, kind, staked, returned, total)
            VALUES ('t1', 9, 'p1', 'void', 0, '{}', 0)" 2>&1)
echo "$out" | grep -q 'results of round 9 of table t1: there is no such round' && ok ||
  bad "a result of no round: $out"
out=$(q -c "INSERT INTO sptable.hands (tab, round, machine, seat, cards, deck)
            VALUES ('t1', 1, 'p9', 9, 'x', 'x'), ('t3', 1, 'p1', 1, 'x', 'x')" 2>&1)
echo "$out" | grep -q 'hands of round 1 of table t3: there is no such round' && ok ||
  bad "a hand of no round: $out"
[ "$(q -c "SELECT count(*) FROM sptable.hands WHERE machine = 'p9'")" = 0 ] && ok || bad "a refused hand was written"
for sql in "DELETE FROM sptable.rounds WHERE tab = 't2'" "UPDATE sptable.rounds SET round = 7 WHERE tab = 't2'" \
           "TRUNCATE sptable.rounds"; do
  out=$(q -c "$sql" 2>&1)
  echo "$out" | grep -q 'a round is never removed nor renumbered' && ok || bad "$sql: $out"
done
[ "$(q -c "SELECT count(*) FROM sptable.rounds")" = 3 ] && ok || bad "the rounds changed"
finish
