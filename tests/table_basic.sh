#!/usr/bin/env bash
# A shared table end to end (issue 15): studpoker table-host and headless terminals (play --join)
# on a PostgreSQL server of the test's own (pg_lib.sh), with decks stacked by the test so that
# every amount is worked out here from the pay table (rules.md, classic: PLAY pays royal 100 to
# 1, "pair or less" 1 to 1; the ante 1 to 1):
#  - two players at one round: a royal flush and a pair of twos against the dealer's ace-king,
#    their credits after it as worked out by hand; one deck in the order they bet; the first to
#    decide settled by the host while the other's decision is awaited (schema 7);
#  - seed 001's disconnection rules: a terminal killed while betting is open has its bets void
#    and returned (it collects them when it comes back); one killed after betting closed has its
#    bets stand, its hand folded when the decision time runs out (AUTO FOLDED), settled in its
#    absence and collected when it comes back;
#  - a round the table cannot finish (the host killed mid-round and back after the stale time)
#    is cancelled and every stake returned;
#  - a stake after betting closed is refused, the same key sent again answered the same, the
#    key with other figures refused; a terminal's login cannot act for another, read a table or
#    call the host's functions;
#  - afterwards: `table audit` replays every settled round through the engine and finds the
#    money whole; each terminal's own audit balances (cents lost 0) and its table_out / table_in
#    meters equal the table's rows for it.
# usage: table_basic.sh STUDPOKER
set -uo pipefail
bin=$1
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
source "$here/pg_lib.sh"
source "$here/table_lib.sh" # history_rows
pg_test_begin "$bin"
pg_start
pg_link_controller "$bin" || { bad "the controller"; finish; exit; }
q() { link_q "$@"; }
field() { echo "$1" | tr ' ' '\n' | sed -n "s/^$2=//p" | head -1; }
tq() { local m=$1; shift; psql -XAtq "host=$PGHOST dbname=link user=sp_$m password=pw-$m-secret" -v ON_ERROR_STOP=1 "$@" 2>&1; }

q <<'EOF' >/dev/null || bad "setting up the table"
SELECT splink.link_site_add('paris', 'EUR');
SELECT sptable.table_add('t1', 'EUR', 'sp_host_t1', 'pw-host-secret');
EOF
cat >"$tmp/host.ini" <<'EOF'
[game]
preset = caribbean-classic
currency = EUR
[timers]
betting_seconds = 10
decision_seconds = 4
EOF
for p in p1 p2 p3; do pg_table_terminal $p paris "$tmp/$p" || bad "adding $p"; done
host_url="host=$PGHOST dbname=link user=sp_host_t1 password=pw-host-secret"
# the decks of the rounds someone plays: one deck, the players in the order they bet, then the
# dealer. Round A: p1 a royal, p2 a pair of twos, the dealer ace-king (qualifies). Round B: p2
# alone (auto-folded). Round C: p1 alone (cancelled).
deck_a="As Ks Qs Js Ts  2c 2d 5h 8s 9c  Ad Kc 8h 6d 3c"
deck_b="7c 7d 9h Jc 4s  Ah Kd 9c 6h 2s"
deck_c="Qc Qd 3h 8d 5s  Ac Kh 9d 6c 2h"
start_host() {
  "$bin" table-host --config "$tmp/host.ini" --url "$host_url" --table t1 --pause-ms 1500 \
    --stale-seconds 8 --deck "$deck_a" --deck "$deck_b" --deck "$deck_c" "$@" \
    >>"$tmp/host.log" 2>&1 &
  hostpid=$!
}
start_host
# the terminals sit down once the host has published its game (a join before that is refused,
# "table t1 has no host yet": under load the host takes seconds to start)
for _ in $(seq 600); do
  [ "$(link_q -c "SELECT config <> '' FROM sptable.tables WHERE tab = 't1'" 2>/dev/null)" = t ] && break
  sleep 0.1
done
# play NAME RUN SCRIPT-LINES... in the background; $tmp/NAME/RUN.out gets the summaries
play() {
  local p=$1 run=$2; shift 2
  printf '%s\n' "$@" >"$tmp/$p/$run.script"
  "$bin" play --headless --size 320x240 --frame-ms 50 --config "$tmp/$p/game.ini" --join t1 \
    --db "$tmp/$p/db.sqlite" --credits 1000.00 --script "$tmp/$p/$run.script" \
    >"$tmp/$p/$run.out" 2>"$tmp/$p/$run.err" &
  eval "pid_$p=\$!"
}
wait_for() { # FILE PATTERN SECONDS
  for _ in $(seq $(($3 * 10))); do grep -q "$2" "$1" 2>/dev/null && return 0; sleep 0.1; done
  return 1
}
last() { tail -n 1 "$tmp/$1/$2.out"; }

# ---- round A: p1 and p2 play, p3 bets and is killed while betting is open ----
bets=("200 CHIP3" "300 SPOT ante" "400 SPOT ante")
# (the royal's win is over the hand-pay threshold: the attendant clears it onto the credits)
play p1 a "100 TABLEWAIT 30000 betting" "${bets[@]}" "500 DEAL" "600 SUMMARY" \
  "700 TABLEWAIT 20000 deciding" "800 PLAY" "900 TABLEWAIT 20000 settled" \
  "1000 TABLEWAIT 20000 collected=1" "5000 SUMMARY" "5100 ATTENDANT" "5200 SUMMARY" "5300 QUIT"
wait_for "$tmp/p1/a.out" "bets_sent=1" 40 || bad "p1 did not bet: $(cat "$tmp/p1/a.err")"
# (p2 starts once p1's bets are in, so that the one deck deals p1 first: ten seconds of betting
# leave it time to start under load; it decides 0.7 s after p1, so that the host settles the
# first to decide while the other's decision is awaited)
play p2 a "100 TABLEWAIT 30000 betting" "${bets[@]}" "500 DEAL" "600 SUMMARY" \
  "700 TABLEWAIT 20000 deciding" "750 SLEEP 700" "800 PLAY" "900 TABLEWAIT 20000 settled" \
  "1000 TABLEWAIT 20000 collected=1" "5000 SUMMARY" "5100 QUIT"
play p3 a "100 TABLEWAIT 30000 betting" "${bets[@]}" "500 DEAL" "600 SUMMARY" "700 SLEEP 60000"
wait_for "$tmp/p2/a.out" "bets_sent=1" 20 || bad "p2 did not bet: $(cat "$tmp/p2/a.err")"
wait_for "$tmp/p3/a.out" "bets_sent=1" 20 || bad "p3 did not bet: $(cat "$tmp/p3/a.err")"
round_a=$(field "$(last p1 a)" table_round)
[ "$(field "$(last p3 a)" table_round)" = "$round_a" ] && [ "$(field "$(last p3 a)" table_phase)" = betting ] &&
  ok || bad "p3 is not betting in p1's round: $(last p3 a)"
kill -9 "$pid_p3"
wait "$pid_p1" || bad "p1 round A: $(cat "$tmp/p1/a.err")"
wait "$pid_p2" || bad "p2 round A: $(cat "$tmp/p2/a.err")"
# p1: ante 10.00 + PLAY 20.00 staked; royal: ante 1 to 1 (20.00 back), PLAY 100 to 1 (2,020.00)
l=$(last p1 a)
[ "$(field "$l" credits)" = $((100000 - 3000 + 2000 + 202000)) ] && [ "$(field "$l" state)" = play ] && ok ||
  bad "p1 after round A: $l"
grep -q "state=locked" "$tmp/p1/a.out" && ok || bad "p1's royal did not lock for a hand pay: $(cat "$tmp/p1/a.out")"
# p2: a pair of twos beats the dealer's ace-king: ante 1 to 1, PLAY "pair or less" 1 to 1
l=$(last p2 a)
[ "$(field "$l" credits)" = $((100000 - 3000 + 2000 + 4000)) ] && ok || bad "p2 after round A: $l"
# the first to decide was settled while the host waited for the other's decision (the credits
# above are p1's and p2's worked out by hand, and the audit below replays the round)
grep -q "^round $round_a: 1 players settled before the close (1 of 2)" "$tmp/host.log" && ok ||
  bad "no player was settled before the close of round A: $(grep "^round $round_a" "$tmp/host.log")"
read -r k1 t1 < <(q -F' ' -c "SELECT kind, total FROM sptable.results WHERE machine='p1' AND round=$round_a")
read -r k3 t3 s3 < <(q -F' ' -c "SELECT kind, total, staked FROM sptable.results WHERE machine='p3' AND round=$round_a")
[ "$k1 $t1" = "settled 204000" ] && ok || bad "the table's result for p1: $k1 $t1"
[ "$k3" = void ] && [ "$t3" = 1000 ] && [ "$s3" = 1000 ] && ok || bad "p3 voided while betting: $k3 $t3 $s3"
# a void result is written at the deal, while the others still decide: its terminal is not shown
# the dealer's hand until the round is settled (the round put back to deciding for the check)
look3() {
  tq p3 -F' ' -c "SELECT r_kind, coalesce(nullif(r_dealer, ''), '-') FROM sptable.table_look('p3', 't1', $((round_a - 1))) WHERE r_round = $round_a"
  tq p3 -F' ' -c "SELECT kind, coalesce(nullif(dealer, ''), '-') FROM sptable.table_results('p3', 't1', $((round_a - 1))) WHERE round = $round_a"
}
q -c "UPDATE sptable.rounds SET phase = 'deciding' WHERE tab = 't1' AND round = $round_a" >/dev/null
mid=$(look3 | tr '\n' ' ')
q -c "UPDATE sptable.rounds SET phase = 'settled' WHERE tab = 't1' AND round = $round_a" >/dev/null
after=$(look3 | tr '\n' ' ')
[ "$mid" = "void - void - " ] && ok || bad "p3's void result shows the dealer's cards while the round is in play: $mid"
[ "$after" = "void Ad Kc 8h 6d 3c void Ad Kc 8h 6d 3c " ] && ok ||
  bad "p3's void result after the settlement: $after"
# the one deck, in the order they bet: p1 the royal, p2 the twos
[ "$(q -c "SELECT string_agg(machine || ':' || cards, ',' ORDER BY seat) FROM sptable.hands WHERE round=$round_a")" = \
  "p1:As Ks Qs Js Ts,p2:2c 2d 5h 8s 9c" ] && ok || bad "the hands of round A: $(q -c "SELECT * FROM sptable.hands")"
# p3 comes back: its bets are on its credits again
play p3 back "100 TABLEWAIT 20000 collected=1" "200 SUMMARY" "300 QUIT"
wait "$pid_p3" || bad "p3 back: $(cat "$tmp/p3/back.err")"
l=$(last p3 back)
[ "$(field "$l" credits)" = 100000 ] && [ "$(field "$l" collected)" = 1 ] && ok || bad "p3 back: $l"

# ---- round B: p2 bets and is killed after betting closed ----
play p2 b "100 TABLEWAIT 30000 betting" "${bets[@]}" "500 DEAL" "600 TABLEWAIT 20000 dealt" \
  "700 SUMMARY" "800 SLEEP 60000"
wait_for "$tmp/p2/b.out" "phase=deciding" 40 || bad "p2 was not dealt in round B: $(cat "$tmp/p2/b.err")"
round_b=$(field "$(last p2 b)" table_round)
kill -9 "$pid_p2"
# the table goes on without it: the hand folds at the decision time, the round settles
for _ in $(seq 200); do
  [ "$(q -c "SELECT phase FROM sptable.rounds WHERE round=$round_b")" = settled ] && break
  sleep 0.1
done
[ "$(q -c "SELECT action FROM sptable.decisions WHERE machine='p2' AND round=$round_b")" = auto_fold ] && ok ||
  bad "p2's hand in round B: $(q -c "SELECT * FROM sptable.decisions WHERE round=$round_b")"
play p2 back "100 TABLEWAIT 20000 collected=1" "200 SUMMARY" "300 HISTORY" "900 BOXES $tmp/p2/history.txt" \
  "1000 QUIT"
wait "$pid_p2" || bad "p2 back: $(cat "$tmp/p2/back.err")"
# its HISTORY shows the table's rounds as they came back, newest first: B auto-folded, then A,
# each at table t1 (the rows of the pop-up: the felt under it has a ROUND line of its own)
rows=$(history_rows "$tmp/p2/history.txt" | cut -d' ' -f1-3 | tr '\n' ',')
[ "$rows" = "t1 $round_b AUTO_FOLDED,t1 $round_a -," ] && ok ||
  bad "p2's HISTORY after round B, not B auto-folded then A: $rows"
grep -q "|HISTORY  -  TABLE t1, NEWEST FIRST$" "$tmp/p2/history.txt" && ok ||
  bad "p2's HISTORY's title: $(grep 'HISTORY' "$tmp/p2/history.txt")"
l=$(last p2 back)
# its ante lost: 1,030.00 - 10.00
[ "$(field "$l" credits)" = 102000 ] && ok || bad "p2 back after round B: $l"
grep -q "notice=Round $round_b: AUTO FOLDED" "$tmp/p2/back.out" && ok ||
  bad "p2 is not told its hand was auto-folded: $(cat "$tmp/p2/back.out")"

# ---- round C: p1 bets, the host is killed and comes back after the stale time ----
play p1 c "100 TABLEWAIT 30000 betting" "${bets[@]}" "500 DEAL" "600 TABLEWAIT 20000 dealt" \
  "700 SUMMARY" "800 TABLEWAIT 60000 collected=1" "900 SUMMARY" "1000 QUIT"
wait_for "$tmp/p1/c.out" "phase=deciding" 40 || bad "p1 was not dealt in round C: $(cat "$tmp/p1/c.err")"
round_c=$(field "$(last p1 c)" table_round)
kill -9 "$hostpid"
wait "$hostpid" 2>/dev/null
sleep 6
start_host --stale-seconds 1
wait "$pid_p1" || bad "p1 round C: $(cat "$tmp/p1/c.err")"
[ "$(q -c "SELECT phase FROM sptable.rounds WHERE round=$round_c")" = cancelled ] && ok ||
  bad "round C after the host came back: $(q -c "SELECT phase, cancel_reason FROM sptable.rounds WHERE round=$round_c")"
l=$(last p1 c)
[ "$(field "$l" credits)" = 301000 ] && ok || bad "p1 after the cancelled round: $l"

# ---- the protocol, as a terminal's login sees it ----
closed=$round_a
out=$(tq p1 -c "SELECT accepted, reason, replay FROM sptable.table_stake('p1', 't1', $closed, 9001, '{500,0,0,0,0,0,0,0,0,0,0,0}')")
[ "$out" = "f|betting had closed|f" ] && ok || bad "a stake after betting closed: $out"
out=$(tq p1 -c "SELECT accepted, reason, replay FROM sptable.table_stake('p1', 't1', $closed, 9001, '{500,0,0,0,0,0,0,0,0,0,0,0}')")
[ "$out" = "f|betting had closed|t" ] && ok || bad "the same stake again: $out"
out=$(tq p1 -c "SELECT * FROM sptable.table_stake('p1', 't1', $closed, 9001, '{700,0,0,0,0,0,0,0,0,0,0,0}')")
echo "$out" | grep -q 'sent with other figures' && ok || bad "the same key, other figures: $out"
out=$(tq p1 -c "SELECT * FROM sptable.table_stake('p2', 't1', $closed, 9002, '{500,0,0,0,0,0,0,0,0,0,0,0}')")
echo "$out" | grep -q 'may not act for terminal p2' && ok || bad "a terminal acting for another: $out"
# what a terminal reads on each notice (table_look): refused for another terminal, with nothing of
# its table or its results in the answer
out=$(tq p1 -c "SELECT * FROM sptable.table_look('p2', 't1', 0)")
echo "$out" | grep -q 'may not act for terminal p2' && ! echo "$out" | grep -q '|' && ok ||
  bad "a terminal looking for another: $out"
out=$(tq p1 -c "SELECT * FROM sptable.stakes")
echo "$out" | grep -q 'permission denied' && ok || bad "a terminal read the stakes: $out"
out=$(tq p1 -c "SELECT sptable.host_open('t1', 'x')")
echo "$out" | grep -q 'permission denied' && ok || bad "a terminal called the host's function: $out"

# ---- the records agree ----
kill "$hostpid" 2>/dev/null
wait "$hostpid" 2>/dev/null
"$bin" table audit --url "$link_su" --config "$tmp/host.ini" --table t1 >"$tmp/audit" 2>&1 &&
  grep -q 'problems 0' "$tmp/audit" && ok || bad "table audit: $(cat "$tmp/audit")"
grep -q 'hands replayed' "$tmp/audit" && [ "$(sed -n 's/.* \([0-9]*\) hands replayed.*/\1/p' "$tmp/audit")" -ge 3 ] && ok ||
  bad "the audit replayed too few hands: $(tail -1 "$tmp/audit")"
for p in p1 p2 p3; do
  "$bin" audit --db "$tmp/$p/db.sqlite" --meters >"$tmp/$p/audit" 2>&1 || bad "$p's audit: $(grep -v ^meter "$tmp/$p/audit")"
  grep -q 'cents lost 0$' "$tmp/$p/audit" && ok || bad "$p's books: $(grep 'cents lost' "$tmp/$p/audit")"
  out_m=$(sed -n 's/^meter table_out //p' "$tmp/$p/audit") in_m=$(sed -n 's/^meter table_in //p' "$tmp/$p/audit")
  read -r sent refused back < <(q -F' ' -c "SELECT
      (SELECT COALESCE(SUM(total),0) FROM sptable.stakes WHERE machine='$p' AND transfer < 9000),
      (SELECT COALESCE(SUM(total),0) FROM sptable.stakes WHERE machine='$p' AND transfer < 9000 AND NOT accepted),
      (SELECT COALESCE(SUM(total),0) FROM sptable.results WHERE machine='$p')")
  [ "${out_m:-0}" = "$sent" ] && [ "${in_m:-0}" = $((refused + back)) ] && ok ||
    bad "$p: table_out ${out_m:-0} table_in ${in_m:-0}; the table: sent $sent, refused $refused, results $back"
done
finish
