#!/usr/bin/env bash
# A terminal started before its table's host (issue 15): `play --join t1` while table t1 has no
# host yet opens anyway, in the lobby, saying in the player's words that it waits for the table to
# open (not a refusal), and is not seated there; once table-host starts and publishes the table,
# the terminal sits down by itself and plays a round, on a deck the test stacks (rules.md,
# classic: a pair of twos against the dealer's ace-king, which qualifies: the ante pays 1 to 1,
# PLAY "pair or less" 1 to 1). The lobby's line in Spanish comes from the catalog.
# usage: table_open_wait.sh STUDPOKER
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
q <<'EOF2' >/dev/null || bad "setting up the table"
SELECT splink.link_site_add('paris', 'EUR');
SELECT sptable.table_add('t1', 'EUR', 'sp_host_t1', 'pw-host-secret');
EOF2
for p in p1 p2; do pg_table_terminal $p paris "$tmp/$p" || bad "adding $p"; done
cat >"$tmp/host.ini" <<'EOF2'
[game]
preset = caribbean-classic
currency = EUR
[timers]
betting_seconds = 6
decision_seconds = 4
EOF2
wait_for() { # FILE PATTERN SECONDS
  for _ in $(seq $(($3 * 10))); do grep -q "$2" "$1" 2>/dev/null && return 0; sleep 0.1; done
  return 1
}

# p1 starts first: the lobby, waiting; it sits down once the host is up, bets, plays, collects
printf '%s\n' "100 SLEEP 3000" "1000 SUMMARY" "1100 SEATWAIT 60000 1" "1200 SUMMARY" \
  "1300 TABLEWAIT 30000 betting" "1400 CHIP3" "1500 SPOT ante" "1550 SPOT ante" "1600 DEAL" \
  "1700 TABLEWAIT 20000 deciding" "1800 PLAY" "1900 TABLEWAIT 20000 settled" \
  "2000 TABLEWAIT 20000 collected=1" "5000 SUMMARY" "5100 QUIT" >"$tmp/p1/run.script"
"$bin" play --headless --size 320x240 --frame-ms 50 --config "$tmp/p1/game.ini" --join t1 \
  --db "$tmp/p1/db.sqlite" --credits 1000.00 --script "$tmp/p1/run.script" \
  >"$tmp/p1/run.out" 2>"$tmp/p1/run.err" &
pid_p1=$!
# p2 the same in Spanish, only to its waiting line
printf '%s\n' "100 SLEEP 3000" "1000 SUMMARY" "1100 QUIT" >"$tmp/p2/run.script"
"$bin" play --headless --size 320x240 --frame-ms 50 --config "$tmp/p2/game.ini" --join t1 \
  --db "$tmp/p2/db.sqlite" --credits 1000.00 --lang es --script "$tmp/p2/run.script" \
  >"$tmp/p2/run.out" 2>"$tmp/p2/run.err" &
pid_p2=$!
wait_for "$tmp/p1/run.out" "screen=" 60 || bad "p1 did not start: $(cat "$tmp/p1/run.err")"
l=$(head -n 1 "$tmp/p1/run.out")
[ "$(field "$l" screen)" = lobby ] && [ "$(field "$l" seats)" = 0 ] &&
  echo "$l" | grep -q "lobby_line=Table t1 is not open yet. You will sit down there as soon as it opens." &&
  ok || bad "p1 before the host: $l $(cat "$tmp/p1/run.err")"
# the log says why in the controller's words, and nothing was refused
grep -q "table t1 has no host yet.*: waiting for it to open" "$tmp/p1/run.err" && ok ||
  bad "p1's log before the host: $(cat "$tmp/p1/run.err")"
[ "$(q -c "SELECT count(*) FROM sptable.seats WHERE tab = 't1'")" = 0 ] && ok ||
  bad "a terminal sat at a table not open: $(q -c "SELECT * FROM sptable.seats")"
wait "$pid_p2" || bad "p2: $(cat "$tmp/p2/run.err")"
l=$(head -n 1 "$tmp/p2/run.out")
echo "$l" | grep -q "lobby_line=La mesa t1 todavía no está abierta. Se sentará en ella en cuanto abra." &&
  ok || bad "p2's waiting line in Spanish: $l"

# the host comes: one deck, p1's cards then the dealer's
"$bin" table-host --config "$tmp/host.ini" --table t1 --pause-ms 1500 \
  --url "host=$PGHOST dbname=link user=sp_host_t1 password=pw-host-secret" \
  --deck "2c 2d 5h 8s 9c  Ad Kc 8h 6d 3c" >"$tmp/host.log" 2>&1 &
hostpid=$!
wait "$pid_p1" || bad "p1: $(cat "$tmp/p1/run.err")"
l=$(sed -n 2p "$tmp/p1/run.out")
[ "$(field "$l" screen)" = table ] && [ "$(field "$l" seats)" = 1 ] && [ "$(field "$l" table)" = t1 ] &&
  ok || bad "p1 once the host was up: $l"
# ante 10.00 and PLAY 20.00 staked; the twos win both 1 to 1: 20.00 and 40.00 back
l=$(tail -n 1 "$tmp/p1/run.out")
[ "$(field "$l" credits)" = $((100000 - 3000 + 2000 + 4000)) ] && [ "$(field "$l" collected)" = 1 ] && ok ||
  bad "p1 after its round: $l"
[ "$(q -c "SELECT kind || ':' || staked || ':' || total FROM sptable.results WHERE machine = 'p1'")" = \
  "settled:3000:6000" ] && ok || bad "the table's result for p1: $(q -c "SELECT * FROM sptable.results")"
kill "$hostpid" 2>/dev/null
wait "$hostpid" 2>/dev/null
finish
