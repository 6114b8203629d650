#!/usr/bin/env bash
# A controller with a shared table made by the release before schema 4 (tests/fixtures/
# controller_schema3.sql), in use, upgraded by today's `link init`, on a PostgreSQL server of the
# test's own. Its rounds are played through the old release's own functions, as its host and
# terminals called them, on decks the test stacks so that every amount is worked out here
# (rules.md, classic: a dealer without ace-king does not qualify: the ante pays 1 to 1, PLAY
# pushes; a fold loses the ante):
#  - round 1, settled before the upgrade: p1 plays a pair of aces (300 staked, 400 back), p2
#    folds (100 staked, nothing back); round 2 dealt before it, p1's PLAY in, p2 undecided;
#  - after the upgrade (schema 7): round 1's results read as before (cards, decisions, stakes per
#    wager worked out from its rows, which stay as they were), by table_results and by what a
#    terminal reads on each notice, table_look (the view and the results in one call), whose view is
#    table_view's, round 2 in play included; on round 2's settlement table_look's result is
#    table_results' whole row and its columns those two functions' (r_ the result's); p2 folds
#    through today's
#    function; settlements of the wrong stakes, of a player not dealt and without a player dealt
#    are refused and write nothing; today's table-host finishes round 2 where the records say it
#    is (its step closed before it started: settled at once, nobody folded in a step more; the
#    same amounts as round 1's) and its results carry their cards, decisions and stakes;
#    the view and the lobby count the players seated (a round before the upgrade: counted then;
#    a round opened after it: kept with the round); schema 7's view table_now shows round 2 in
#    play as table_view does and, settled, its results as table_results does; the newest round
#    is marked, the hands and results are no longer under a foreign key but checked per statement;
#  - `table audit` replays both rounds and finds nothing wrong, then finds the one result whose
#    decisions the test changed behind the append-only trigger; link init again changes nothing;
#  - a host running while a function it calls is replaced with another result (its statements
#    are prepared on its connection) prepares it again and deals on.
# usage: table_upgrade.sh STUDPOKER FIXTURE
set -uo pipefail
bin=$1
fixture=$2
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
source "$here/pg_lib.sh"
pg_test_begin "$bin"
pg_start
q() { link_q "$@"; }
who() { echo "host=$PGHOST dbname=link user=sp_$1 password=pw-$1-secret"; }
tq() { local m=$1; shift; psql -XAtq "$(who "$m")" -v ON_ERROR_STOP=1 "$@" 2>&1; }
hq() { psql -XAtq "host=$PGHOST dbname=link user=sp_host_t1 password=pw-host-secret" \
  -v ON_ERROR_STOP=1 "$@" 2>&1; }
link_su="host=$PGHOST dbname=link user=postgres"

# ---- schema 3, in use ----
psql -XAtq -c 'CREATE DATABASE link' >/dev/null || { bad "CREATE DATABASE"; finish; exit; }
q -1 -f "$fixture" >"$tmp/v3.log" 2>&1 || { bad "installing schema 3: $(tail -3 "$tmp/v3.log")"; finish; exit; }
[ "$(q -c "SELECT value FROM splink.meta WHERE key = 'schema_version'")" = 3 ] && ok || bad "the fixture is not schema 3"
q <<'EOF' >/dev/null || bad "setting up the table"
SELECT splink.link_site_add('paris', 'EUR');
SELECT sptable.table_add('t1', 'EUR', 'sp_host_t1', 'pw-host-secret');
EOF
for p in p1 p2; do pg_table_terminal $p paris "$tmp/$p" || bad "adding $p"; done
cat >"$tmp/host.ini" <<'EOF'
[game]
preset = caribbean-classic
currency = EUR
[timers]
betting_seconds = 1
decision_seconds = 60
EOF
hq -c "SELECT sptable.host_publish('t1', '[game]
preset = caribbean-classic', 'Caribbean Stud', 'caribbean', 'ANTE 1.00', 1000, 60000,
'one_deck', '', '')" >/dev/null || bad "publishing the table"
# each terminal at the table from a session that stays (its presence lock), as a terminal's does
for p in p1 p2; do
  psql -XAtq "$(who $p)" -c "SELECT tab FROM sptable.table_join('$p', 't1')" \
    -c "SELECT pg_sleep(600)" >/dev/null 2>&1 &
  eval "sit_$p=\$!"
done
trap 'kill $sit_p1 $sit_p2 2>/dev/null; pg_stop; rm -rf "$tmp"' EXIT
for _ in $(seq 100); do
  [ "$(q -c "SELECT count(*) FROM sptable.seats WHERE tab = 't1'")" = 2 ] && break
  sleep 0.1
done

# a whole deck: the cards given, then every other card in card order
all_cards=$(for r in 2 3 4 5 6 7 8 9 T J Q K A; do for s in c d h s; do echo "$r$s"; done; done)
deck() { { printf '%s\n' $1; echo "$all_cards" | grep -vxF -f <(printf '%s\n' $1); } | paste -sd' '; }
zeros="0,0,0,0,0,0,0,0,0,0"
# ROUND DEALER P1CARDS P2CARDS: opens, takes p1's and p2's antes of 1.00 (transfers T1 T2),
# closes and deals (each player's replay deck: their cards, the dealer's, the rest)
play_to_deal() {
  local round=$1 dealer=$2 c1=$3 c2=$4 t1=$5 t2=$6
  [ "$(hq -c "SELECT sptable.host_open('t1', 'schema3')")" = "$round" ] && ok || bad "opening round $round"
  [ "$(tq p1 -c "SELECT accepted FROM sptable.table_stake('p1', 't1', $round, $t1, '{100,$zeros,0}')")" = t ] &&
    [ "$(tq p2 -c "SELECT accepted FROM sptable.table_stake('p2', 't1', $round, $t2, '{100,$zeros,0}')")" = t ] &&
    ok || bad "the antes of round $round"
  sleep 1.2
  [ "$(hq -c "SELECT string_agg(machine || ':' || staked || ':' || present, ' ' ORDER BY machine)
             FROM sptable.host_close_betting('t1', $round)")" = "p1:100:true p2:100:true" ] && ok ||
    bad "closing round $round: $(hq -c "SELECT * FROM sptable.host_close_betting('t1', $round)")"
  hq -c "SELECT sptable.host_deal('t1', $round, '$(deck "$dealer")', '$dealer', '${dealer%% *}', '',
           ARRAY['p1', 'p2'], ARRAY['$c1', '$c2'], ARRAY['$(deck "$c1 $dealer")', '$(deck "$c2 $dealer")'],
           '{}', '{}', '{}', 12)" >/dev/null && ok || bad "dealing round $round"
}

# round 1: p1 a pair of aces plays, p2 folds, the dealer 9 high does not qualify
play_to_deal 1 "2c 3d 5h 7s 9c" "As Ad Kh Qc Js" "4s 6d 8h Tc Qd" 1 1
[ "$(tq p1 -c "SELECT accepted FROM sptable.table_decide('p1', 't1', 1, 0, 'play', 1, 2, 200)")" = t ] &&
  [ "$(tq p2 -c "SELECT accepted FROM sptable.table_decide('p2', 't1', 1, 0, 'fold', 0, NULL, 0)")" = t ] &&
  ok || bad "the decisions of round 1"
hq -c "SELECT count(*) FROM sptable.host_close_step('t1', 1, 0, false)" >/dev/null && ok || bad "closing round 1's step"
hq -c "SELECT sptable.host_settle('t1', 1, ARRAY['p1', 'p2'], '{300,100}',
         '{200,200,$zeros,0,0,0,0,0,0,0,0,0,0,0,0}', 12, '{400,0}',
         ARRAY['Pair of Aces: WIN 1.00', 'FOLDED'])" >/dev/null && ok || bad "settling round 1"
# round 2: p1 a pair of kings plays; p2 has not decided when the controller is upgraded
play_to_deal 2 "2d 3c 5s 7h 9d" "Ks Kd Ah Qh Jc" "4h 6c 8d Th Qs" 3 2
[ "$(tq p1 -c "SELECT accepted FROM sptable.table_decide('p1', 't1', 2, 0, 'play', 1, 4, 200)")" = t ] &&
  ok || bad "p1's decision in round 2"
results_cols="round, kind, staked, returned, total, cards, decisions, stakes"
before_p1=$(tq p1 -c "SELECT $results_cols FROM sptable.table_results('p1', 't1', 0)")
before_p2=$(tq p2 -c "SELECT $results_cols FROM sptable.table_results('p2', 't1', 0)")
[ "$before_p1" = "1|settled|300|{200,200,$zeros}|400|As Ad Kh Qc Js|0:play:1|{100,200,$zeros}" ] &&
  [ "$before_p2" = "1|settled|100|{0,0,$zeros}|0|4s 6d 8h Tc Qd|0:fold:0|{100,0,$zeros}" ] && ok ||
  bad "round 1 under schema 3: $before_p1 / $before_p2"

# ---- today's init ----
"$bin" link init --url "$link_su" >"$tmp/init.log" 2>&1 || bad "link init on schema 3: $(cat "$tmp/init.log")"
[ "$(q -c "SELECT value FROM splink.meta WHERE key = 'schema_version'")" = 7 ] && ok || bad "not schema 7 after init"
[ "$(tq p1 -c "SELECT $results_cols FROM sptable.table_results('p1', 't1', 0)")" = "$before_p1" ] &&
  [ "$(tq p2 -c "SELECT $results_cols FROM sptable.table_results('p2', 't1', 0)")" = "$before_p2" ] && ok ||
  bad "round 1 after the upgrade: $(tq p1 -c "SELECT $results_cols FROM sptable.table_results('p1', 't1', 0)")"
[ "$(q -c "SELECT count(*) FROM sptable.results WHERE stakes IS NULL AND round = 1")" = 2 ] && ok ||
  bad "round 1's results changed in the upgrade"
# the view of a round from before schema 4 counts the seats
[ "$(tq p1 -c "SELECT round || ':' || phase || ':' || players || ':' || seated || ':' || my_cards || ':' || my_staked
               FROM sptable.table_view('p1', 't1')")" = "2:deciding:2:2:Ks Kd Ah Qh Jc:300" ] && ok ||
  bad "p1's view of round 2: $(tq p1 -c "SELECT * FROM sptable.table_view('p1', 't1')")"
# table_look: the same view, and round 1's results worked out from its rows as table_results
# gives them; the view alone when asked for no results, or when there is none after the round given
view_cols="round, phase, step, players, seated, up_card, dealer, board, config_hash, my_cards,
           my_staked, my_decisions, my_result, my_total, my_returned, pool_value"
look_cols="r_round, r_kind, r_staked, r_returned, r_total, r_cards, r_decisions, r_stakes"
for p in p1 p2; do
  view=$(tq $p -c "SELECT $view_cols FROM sptable.table_view('$p', 't1')")
  before=before_$p
  [ "$(tq $p -c "SELECT $view_cols FROM sptable.table_look('$p', 't1', 0)")" = "$view" ] &&
    [ "$(tq $p -c "SELECT $look_cols FROM sptable.table_look('$p', 't1', 0)")" = "${!before}" ] &&
    [ "$(tq $p -c "SELECT count(*), count(r_round) FROM sptable.table_look('$p', 't1', 1)")" = "1|0" ] &&
    [ "$(tq $p -c "SELECT $view_cols, r_round FROM sptable.table_look('$p', 't1', NULL)")" = "$view|" ] &&
    ok || bad "$p's look after the upgrade: $(tq $p -c "SELECT * FROM sptable.table_look('$p', 't1', 0)")"
done

# schema 7: the newest round marked (round 2), the hands and results checked against their
# rounds a statement at a time (no foreign keys left); what a terminal reads on most notices,
# table_now: round 2 as table_view shows it, its seated players not kept (a round from before
# schema 4: the terminal asks table_look, which counts them), no result yet
[ "$(q -c "SELECT string_agg(round || ':' || newest, ' ' ORDER BY round) FROM sptable.rounds")" = "1:false 2:true" ] &&
  [ "$(q -c "SELECT count(*) FROM pg_constraint WHERE contype = 'f' AND conrelid IN
             ('sptable.hands'::regclass, 'sptable.results'::regclass)")" = 0 ] &&
  [ "$(q -c "SELECT string_agg(tgname, ' ' ORDER BY tgname) FROM pg_trigger
             WHERE tgname IN ('hands_name_rounds', 'results_name_rounds', 'rounds_kept')")" = \
    "hands_name_rounds results_name_rounds rounds_kept" ] && ok ||
  bad "schema 7's rounds and checks: $(q -c "SELECT round, newest FROM sptable.rounds")"
now_cols="round, phase, step, up_card, dealer, board, players, config_hash, pool_value"
for p in p1 p2; do
  [ "$(tq $p -c "SELECT $now_cols, seated IS NULL, my_result IS NULL FROM sptable.table_now WHERE tab = 't1'")" = \
    "$(tq $p -c "SELECT $now_cols FROM sptable.table_view('$p', 't1')")|t|t" ] && ok ||
    bad "$p's table_now of round 2 in play: $(tq $p -c "SELECT * FROM sptable.table_now")"
done

# ---- round 2 finished by today's functions and host ----
[ "$(tq p2 -c "SELECT accepted FROM sptable.table_decide('p2', 't1', 2, 0, 'fold', 0, NULL, 0)")" = t ] &&
  ok || bad "p2's fold in round 2 after the upgrade"
# settlements the table refuses (each result is checked as it is written): stakes that are not
# what it accepted, a player it did not deal, a player dealt left without a result
settle() {
  hq -c "SELECT sptable.host_settle('t1', 2, ARRAY[$1], '{$2}', '{$3}', 12, '{$4}', ARRAY[$5], ARRAY[$5], '{$3}')"
}
z12="0,0,0,0,0,0,0,0,0,0,0,0"
out=$(settle "'p1', 'p2'" 250,100 "$z12,$z12" 0,0 "'x', 'y'")
echo "$out" | grep -q "terminal p1 staked 300 in round 2, not 250" && ok || bad "a settlement of wrong stakes: $out"
out=$(settle "'p1', 'p2', 'p9'" 300,100,0 "$z12,$z12,$z12" 0,0,0 "'x', 'y', 'z'")
echo "$out" | grep -q "round 2 of table t1: terminal p9 was not dealt" && ok || bad "a settlement of a player not dealt: $out"
out=$(settle "'p1'" 300 "$z12" 0 "'x'")
echo "$out" | grep -q "round 2 of table t1: 2 players dealt, 1 settled" && ok || bad "a settlement without p2: $out"
[ "$(q -c "SELECT count(*) FROM sptable.results WHERE round = 2")" = 0 ] && ok || bad "a refused settlement wrote results"
# the step closed by a host that stopped before its settlement: today's host settles at once (its
# decision time is a minute away), folding nobody in a step the round does not have
[ "$(hq -c "SELECT sptable.host_close_step('t1', 2, 0, false)")" = 1 ] && ok || bad "closing round 2's step"
timeout 30 "$bin" table-host --config "$tmp/host.ini" --table t1 --rounds 1 --pause-ms 100 \
  --url "host=$PGHOST dbname=link user=sp_host_t1 password=pw-host-secret" >"$tmp/host.log" 2>&1 ||
  bad "today's host on round 2: $(tail -3 "$tmp/host.log")"
[ "$(q -c "SELECT phase FROM sptable.rounds WHERE tab = 't1' AND round = 2")" = settled ] && ok ||
  bad "round 2 is not settled: $(tail -3 "$tmp/host.log")"
after_p1=$(tq p1 -c "SELECT $results_cols FROM sptable.table_results('p1', 't1', 1)")
after_p2=$(tq p2 -c "SELECT $results_cols FROM sptable.table_results('p2', 't1', 1)")
[ "$after_p1" = "2|settled|300|{200,200,$zeros}|400|Ks Kd Ah Qh Jc|0:play:1|{100,200,$zeros}" ] &&
  [ "$after_p2" = "2|settled|100|{0,0,$zeros}|0|4h 6c 8d Th Qs|0:fold:0|{100,0,$zeros}" ] && ok ||
  bad "round 2 settled after the upgrade: $after_p1 / $after_p2"
# what a terminal reads on the settlement's notice: the view of round 2 settled and its result;
# from round 0, round 1's (worked out from its rows) and round 2's (carried), oldest first
[ "$(tq p1 -c "SELECT $look_cols FROM sptable.table_look('p1', 't1', 1)")" = "$after_p1" ] &&
  [ "$(tq p2 -c "SELECT $look_cols FROM sptable.table_look('p2', 't1', 1)")" = "$after_p2" ] &&
  [ "$(tq p1 -c "SELECT $look_cols FROM sptable.table_look('p1', 't1', 0)")" = "$before_p1
$after_p1" ] &&
  [ "$(tq p1 -c "SELECT round || ':' || phase || ':' || my_cards || ':' || my_staked || ':' || my_decisions || ':' ||
               my_result || ':' || my_total || ':' || my_returned::text FROM sptable.table_look('p1', 't1', 1)")" = \
  "2:settled:Ks Kd Ah Qh Jc:300:0:play:1:settled:400:{200,200,$zeros}" ] && ok ||
  bad "the looks at round 2 settled: $(tq p1 -c "SELECT * FROM sptable.table_look('p1', 't1', 0)")"
# the result read on the settlement's notice comes with the view (schema 6: from the statement
# that reads it, no second one): table_results' whole row, dealer, board and verdict too; the view
# is table_view's; the answer's columns are table_view's, then table_results' named r_...
look_all="r_round, r_kind, r_staked, r_returned, r_total, r_verdict, r_dealer, r_board, r_cards,
          r_decisions, r_stakes"
res_all="round, kind, staked, returned, total, verdict, dealer, board, cards, decisions, stakes"
header() { psql -XAq "$(who "$1")" -c "$2" 2>&1 | head -1; }
for p in p1 p2; do
  [ "$(tq $p -c "SELECT $look_all FROM sptable.table_look('$p', 't1', 1)")" = \
    "$(tq $p -c "SELECT $res_all FROM sptable.table_results('$p', 't1', 1)")" ] &&
    [ "$(tq $p -c "SELECT $view_cols FROM sptable.table_look('$p', 't1', 1)")" = \
      "$(tq $p -c "SELECT $view_cols FROM sptable.table_view('$p', 't1')")" ] &&
    [ "$(header $p "SELECT * FROM sptable.table_look('$p', 't1', 1)")" = \
      "$(header $p "SELECT * FROM sptable.table_view('$p', 't1')")|$(header $p "SELECT * FROM sptable.table_results('$p', 't1', 1)" | sed 's/^/r_/; s/|/|r_/g')" ] &&
    ok || bad "$p's look on round 2's settlement: $(tq $p -c "SELECT * FROM sptable.table_look('$p', 't1', 1)")"
done
# table_now on round 2's settlement: its result is table_results' row (dealer, board, verdict
# too), the round table_look's but for the seated players (round 2's not kept: table_look counts)
for p in p1 p2; do
  [ "$(tq $p -c "SELECT round, my_result, my_staked, my_returned, my_total, my_verdict, dealer, board,
                        my_cards, my_decisions, my_stakes FROM sptable.table_now WHERE tab = 't1'")" = \
    "$(tq $p -c "SELECT $res_all FROM sptable.table_results('$p', 't1', 1)")" ] &&
    [ "$(tq $p -c "SELECT $now_cols FROM sptable.table_now WHERE tab = 't1'")" = \
      "$(tq $p -c "SELECT $now_cols FROM sptable.table_look('$p', 't1', 1)")" ] && ok ||
    bad "$p's table_now on round 2's settlement: $(tq $p -c "SELECT * FROM sptable.table_now")"
done
# ... written with its results, not worked out when read
[ "$(q -c "SELECT string_agg(machine || ':' || cards || ':' || decisions || ':' || stakes::text, ' ' ORDER BY machine)
           FROM sptable.results WHERE tab = 't1' AND round = 2")" = \
  "p1:Ks Kd Ah Qh Jc:0:play:1:{100,200,$zeros} p2:4h 6c 8d Th Qs:0:fold:0:{100,0,$zeros}" ] && ok ||
  bad "round 2's results do not carry their details: $(q -c "SELECT * FROM sptable.results WHERE round = 2")"
# the view of the settled round: the terminal's cards, stakes and decisions with its result
[ "$(tq p1 -c "SELECT round || ':' || phase || ':' || my_cards || ':' || my_staked || ':' || my_decisions || ':' ||
               my_result || ':' || my_total || ':' || my_returned::text FROM sptable.table_view('p1', 't1')")" = \
  "2:settled:Ks Kd Ah Qh Jc:300:0:play:1:settled:400:{200,200,$zeros}" ] &&
  [ "$(tq p2 -c "SELECT my_cards || ':' || my_staked || ':' || my_decisions || ':' || my_total FROM sptable.table_view('p2', 't1')")" = \
  "4h 6c 8d Th Qs:100:0:fold:0:0" ] && ok ||
  bad "the views of round 2 settled: $(tq p1 -c "SELECT * FROM sptable.table_view('p1', 't1')")"
# a round opened now keeps its seated players
[ "$(hq -c "SELECT sptable.host_open('t1', 'schema4')")" = 3 ] &&
  [ "$(q -c "SELECT seated FROM sptable.rounds WHERE tab = 't1' AND round = 3")" = 2 ] &&
  [ "$(tq p1 -c "SELECT round || ':' || phase || ':' || seated FROM sptable.table_view('p1', 't1')")" = "3:betting:2" ] &&
  [ "$(tq p1 -c "SELECT round || ':' || phase || ':' || seated || ':' || my_staked || ':' || coalesce(r_round, 0)
                 FROM sptable.table_look('p1', 't1', 2)")" = "3:betting:2:0:0" ] &&
  [ "$(tq p1 -c "SELECT tab || ':' || seated || ':' || round FROM sptable.table_lobby()")" = "t1:2:3" ] &&
  [ "$(tq p1 -c "SELECT round || ':' || phase || ':' || seated || ':' || (my_result IS NULL) FROM sptable.table_now")" = "3:betting:2:true" ] &&
  [ "$(q -c "SELECT string_agg(round::text, ' ') FROM sptable.rounds WHERE newest")" = 3 ] && ok ||
  bad "round 3's seated players: $(q -c "SELECT round, seated FROM sptable.rounds")"

# ---- the audit, then link init again ----
"$bin" table audit --url "$link_su" --config "$tmp/host.ini" --table t1 >"$tmp/audit.txt" 2>&1 &&
  grep -q "^table t1: 3 rounds (2 finished), 4 hands replayed, staked 800, returned 800, problems 0$" "$tmp/audit.txt" &&
  ok || bad "the audit after the upgrade: $(cat "$tmp/audit.txt")"
q -c "ALTER TABLE sptable.results DISABLE TRIGGER results_append_only" \
  -c "UPDATE sptable.results SET decisions = '0:play:1' WHERE round = 2 AND machine = 'p2'" \
  -c "ALTER TABLE sptable.results ENABLE TRIGGER results_append_only" >/dev/null || bad "changing a result"
"$bin" table audit --url "$link_su" --config "$tmp/host.ini" --table t1 >"$tmp/audit2.txt" 2>&1 &&
  bad "the audit passed a result whose decisions are not the round's" ||
  { grep -q "round 2 terminal p2: the result's cards, decisions or stakes per wager are not the round's" "$tmp/audit2.txt" &&
    ok || bad "the audit's finding: $(cat "$tmp/audit2.txt")"; }
"$bin" link init --url "$link_su" >"$tmp/init2.log" 2>&1 &&
  [ "$(q -c "SELECT count(*) FROM sptable.results")" = 4 ] &&
  [ "$(q -c "SELECT value FROM splink.meta WHERE key = 'schema_version'")" = 7 ] && ok ||
  bad "link init again: $(cat "$tmp/init2.log")"

# ---- a host that runs while a function it calls is replaced with another result ----
# (its statements are prepared on its connection: the one prepared before is prepared again)
"$bin" table-host --config "$tmp/host.ini" --table t1 --rounds 3 --pause-ms 500 \
  --url "host=$PGHOST dbname=link user=sp_host_t1 password=pw-host-secret" >"$tmp/host2.log" 2>&1 &
hostpid=$!
for _ in $(seq 200); do
  [ "$(q -c "SELECT max(round) FROM sptable.rounds WHERE tab = 't1'")" -ge 4 ] 2>/dev/null && break
  sleep 0.1
done
q <<'SQL' >/dev/null || bad "replacing host_round"
BEGIN;
SET LOCAL ROLE splink_owner;
DROP FUNCTION sptable.host_round(text);
CREATE FUNCTION sptable.host_round(p_tab text)
RETURNS TABLE (round bigint, phase text, step integer, betting_left_ms integer,
               deciding_left_ms integer, config_hash text, deck text, age_ms bigint, extra text)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = sptable, pg_temp AS $$
#variable_conflict use_column
BEGIN
    PERFORM sptable.caller_host(p_tab);
    RETURN QUERY
    SELECT r.round, r.phase, r.step, sptable.ms_left(r.betting_until),
           sptable.ms_left(r.deciding_until), r.config_hash, r.deck,
           (extract(epoch FROM (clock_timestamp()
                                - coalesce(r.deciding_until, r.betting_until))) * 1000)::bigint,
           'a column more'
      FROM sptable.rounds r WHERE r.tab = p_tab ORDER BY r.round DESC LIMIT 1;
END
$$;
GRANT EXECUTE ON FUNCTION sptable.host_round(text) TO splink_host;
COMMIT;
SQL
timeout 60 tail --pid=$hostpid -f /dev/null
wait $hostpid &&
  [ "$(q -c "SELECT string_agg(round || ':' || phase, ' ' ORDER BY round) FROM sptable.rounds WHERE round >= 3")" = \
    "3:settled 4:settled 5:settled" ] && ok ||
  bad "the host with host_round replaced under it: $(tail -3 "$tmp/host2.log") $(q -c "SELECT round, phase FROM sptable.rounds")"
finish
