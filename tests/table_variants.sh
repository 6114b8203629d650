#!/usr/bin/env bash
# Shared tables of the other variants (issue 15): a Cajun Stud table and an Asian Stud table, each
# with its host and a headless terminal, on a PostgreSQL server of the test's own, from decks the
# test stacks; the money worked out here from rules.md:
#  - Cajun Stud: ante 10.00 and raises of 1x, 2x and 3x (70.00 staked) on a royal flush: 500 to 1
#    on every wager is 35,000.00, above the aggregate limit of 25,000.00 on wins paid above 50 to
#    1, so the wins are paid 25,000.00 with the 70.00 staked back; a hand pay;
#  - Asian Stud: the player's 8 points (10-J-K make 30, 9-9 are 8) against the dealer's 2 (Q-K-10
#    make 30, 5-7 are 2): a margin of 6; the ante wins 1 to 1, the RAISE 2 to 1 (4 to 6 points),
#    and the commission takes 5% of the 30.00 won: 48.50 back for 20.00 staked.
#  - Cajun Stud, two players (rules.md: the aggregate limit is the round's, over all seats): on the
#    board Qh Jh Th one holds Ah Kh (a royal, 500 to 1) and the other 9h 8h (a straight flush,
#    100 to 1), each with 70.00 staked as above: 35,000.00 and 7,000.00 won, 42,000.00 over the
#    limit, so the royal is paid 25,000 x 35,000 / 42,000 = 20,833.33 and the straight flush
#    25,000 x 7,000 / 42,000 = 4,166.66 (rounded down), each with its 70.00 back; each player
#    alone would have had 25,070.00 and 7,070.00.
# usage: table_variants.sh STUDPOKER
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
q <<'EOF' >/dev/null || bad "setting up the tables"
SELECT splink.link_site_add('paris', 'EUR');
SELECT sptable.table_add('cajun', 'EUR', 'sp_host_cajun', 'pw-host-secret');
SELECT sptable.table_add('asian', 'EUR', 'sp_host_asian', 'pw-host-secret');
SELECT sptable.table_add('cajun2', 'EUR', 'sp_host_cajun2', 'pw-host-secret');
EOF
pids=()
host() { # TABLE PRESET DECK [BETTING-SECONDS]
  cat >"$tmp/$1.ini" <<EOF
[game]
preset = $2
currency = EUR
[timers]
betting_seconds = ${4:-5}
decision_seconds = 5
EOF
  "$bin" table-host --config "$tmp/$1.ini" --table "$1" --pause-ms 500 --rounds 3 --deck "$3" \
    --url "host=$PGHOST dbname=link user=sp_host_$1 password=pw-host-secret" >"$tmp/$1.log" 2>&1 &
  pids+=($!)
}
terminal() { # NAME TABLE SCRIPT-LINES...
  local p=$1 tab=$2; shift 2
  pg_table_terminal "$p" paris "$tmp/$p" || bad "adding $p"
  printf '%s\n' "$@" >"$tmp/$p/script"
  "$bin" play --headless --size 640x360 --config "$tmp/$p/game.ini" --join "$tab" \
    --db "$tmp/$p/db.sqlite" --credits 1000.00 --script "$tmp/$p/script" >"$tmp/$p/out" 2>"$tmp/$p/err" &
  pids+=($!)
}
host cajun cajun "Ah Kh  Qh Jh Th"
host asian asian "Td Jd Kd 9c 9s  Qh Kh Th 5c 7c"
host cajun2 cajun "Ah Kh  9h 8h  Qh Jh Th" 10
bet=("100 TABLEWAIT 30000 betting" "200 CHIP3" "300 SPOT ante" "400 SPOT ante" "450 SUMMARY" "500 DEAL")
raises=("600 TABLEWAIT 30000 deciding" "700 SUMMARY" "800 RAISE1" \
  "900 TABLEWAIT 30000 deciding" "1000 SUMMARY" "1100 RAISE2" "1200 TABLEWAIT 30000 deciding" \
  "1300 SUMMARY" "1400 RAISE3" "1500 TABLEWAIT 30000 settled" "1550 SUMMARY" \
  "1600 TABLEWAIT 30000 collected=1")
terminal pc cajun "${bet[@]}" "${raises[@]}" "5000 SUMMARY" "5100 QUIT"
# the two of cajun2 bet in the same round (the host waits for the betting time with a player in)
terminal c1 cajun2 "${bet[@]}" "${raises[@]}" "5000 SUMMARY" "5100 QUIT"
terminal c2 cajun2 "${bet[@]}" "${raises[@]}" "5000 SUMMARY" "5100 QUIT"
terminal pa asian "${bet[@]}" "600 TABLEWAIT 30000 deciding" "700 SUMMARY" "800 PLAY" \
  "900 TABLEWAIT 30000 settled" "1000 TABLEWAIT 30000 collected=1" "5000 SUMMARY" "5100 QUIT"
for p in "${pids[@]}"; do wait "$p" || bad "a process ended badly ($p)"; done

# (a summary line also names table_phase: the felt's own phase is the field at a line's start or
# after a space)
# Cajun: the community cards as the table turned them, one a step
l=$(sed -n 1p "$tmp/pc/out")
[ "$(field "$l" staked)" = 1000 ] && ok || bad "pc's bets before DEAL: $l"
l=$(sed -n 3p "$tmp/pc/out")
[ "$(field "$l" phase)" = deciding ] && [ "$(field "$l" cards)" = AhKh ] && ok || bad "pc after RAISE 1x: $l"
l=$(tail -n 1 "$tmp/pc/out")
[ "$(field "$l" credits)" = $((100000 - 7000 + 2507000)) ] && [ "$(field "$l" state)" = locked ] &&
  ok || bad "pc after its royal: $l"
l=$(grep -E "(^| )phase=settled" "$tmp/pc/out" | tail -n 1)
[ "$(field "$l" dealer)" = QhJhTh ] && [ "$(field "$l" returned)" = 2507000 ] && ok ||
  bad "pc's felt at the settlement: $l"
[ "$(q -c "SELECT kind || ' ' || staked || ' ' || total FROM sptable.results WHERE machine='pc'")" = "settled 7000 2507000" ] &&
  ok || bad "the Cajun table's result: $(q -c "SELECT * FROM sptable.results WHERE machine='pc'")"
[ "$(q -c "SELECT string_agg(step || ':' || action || ':' || multiple, ' ' ORDER BY step) FROM sptable.decisions WHERE machine='pc'")" = \
  "0:play:1 1:play:2 2:play:3" ] && ok || bad "pc's decisions: $(q -c "SELECT * FROM sptable.decisions WHERE machine='pc'")"
# Asian
l=$(tail -n 1 "$tmp/pa/out")
[ "$(field "$l" credits)" = $((100000 - 2000 + 4850)) ] && ok || bad "pa after its 8 points: $l"
[ "$(q -c "SELECT kind || ' ' || staked || ' ' || total FROM sptable.results WHERE machine='pa'")" = "settled 2000 4850" ] &&
  ok || bad "the Asian table's result: $(q -c "SELECT * FROM sptable.results WHERE machine='pa'")"
# Cajun, two players: the table's aggregate limit shared between the royal and the straight flush
got=$(q -c "SELECT string_agg(kind || ' ' || staked || ' ' || total, ',' ORDER BY total DESC) FROM sptable.results WHERE tab='cajun2'")
[ "$got" = "settled 7000 2090333,settled 7000 423666" ] && ok || bad "the cajun2 table's results: $got"
read -r rr1 rr2 rr3 rr4 < <(q -F' ' -c "SELECT returned[1], returned[3], returned[4], returned[5] FROM sptable.results WHERE tab='cajun2' ORDER BY total DESC LIMIT 1")
# the royal's 20,833.33 spread as the wins were: 5,000 / 5,000 / 10,000 / 15,000 of 35,000
[ "$rr1 $rr2 $rr3 $rr4" = "298619 298619 597238 895857" ] && ok || bad "the royal's wagers: $rr1 $rr2 $rr3 $rr4"
creds=$(for p in c1 c2; do field "$(tail -n 1 "$tmp/$p/out")" credits; done | sort -n | tr '\n' ' ')
[ "$creds" = "$((100000 - 7000 + 423666)) $((100000 - 7000 + 2090333)) " ] && ok || bad "c1 and c2 after the round: $creds"
for p in c1 c2; do
  # the felt shows the money the table paid, not what one player alone would have had
  l=$(grep -E "(^| )phase=settled" "$tmp/$p/out" | tail -n 1)
  [ "$(field "$l" returned)" = $(($(field "$(tail -n 1 "$tmp/$p/out")" credits) - 93000)) ] && ok ||
    bad "$p's felt at the settlement: $l"
  grep -Eq "(notice|toast)=Round [0-9]*: .*the table's limit of" "$tmp/$p/out" && ok ||
    bad "$p is not told of the table's limit: $(grep -o 'notice=.*' "$tmp/$p/out" | tail -2)"
done
# each host settled its rounds from the bets it read at the close, the decks it dealt and the
# decisions read after them (schema 6: it read every player's records again only when those were
# not its own); the audit replays every round from the records alone and must find the same
for t in cajun asian cajun2; do
  grep -q "settled 1 players\|settled 2 players" "$tmp/$t.log" &&
    ! grep -q "reading every player's records" "$tmp/$t.log" && ok ||
    bad "$t's host did not settle from its own close and deal: $(cat "$tmp/$t.log")"
  "$bin" table audit --url "$link_su" --config "$tmp/$t.ini" --table $t >"$tmp/$t.audit" 2>&1 &&
    grep -q 'problems 0' "$tmp/$t.audit" && ok || bad "$t audit: $(cat "$tmp/$t.audit")"
done
for p in pc pa c1 c2; do
  "$bin" audit --db "$tmp/$p/db.sqlite" >"$tmp/$p/audit" 2>&1 && grep -q 'cents lost 0$' "$tmp/$p/audit" &&
    ok || bad "$p's books: $(cat "$tmp/$p/audit")"
done
finish
