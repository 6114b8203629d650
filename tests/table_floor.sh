#!/usr/bin/env bash
# A shared table under stress (issue 15): one host and TABLE_TERMINALS terminal processes (50)
# playing by themselves until the table has dealt TABLE_ROUNDS rounds (30 here; the issue's run is
# TABLE_ROUNDS=200), on a PostgreSQL server of the test's own, while:
#  - terminals are killed with SIGKILL at random instants and started again on their files;
#  - the host is killed once and started again (its round goes on from the controller's record);
#  - the server is stopped for 10 s once and started again.
# Then every terminal is brought up to date, and the records of the table and of every terminal
# are checked against each other: the table's audit replays every settled round through the
# round engine and finds each accepted stake with exactly one result; each terminal's own audit
# balances (cents lost 0), nothing is owed either way, and its table_out / table_in meters equal
# the table's rows for it (every stake sent was answered, every refund and result credited once).
# usage: table_floor.sh STUDPOKER
set -uo pipefail
bin=$1
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
PG_MAX_CONNECTIONS=200
source "$here/pg_lib.sh"
pg_test_begin "$bin"
pg_start
pg_link_controller "$bin" || { bad "the controller"; finish; exit; }
q() { link_q "$@"; }
field() { echo "$1" | tr ' ' '\n' | sed -n "s/^$2=//p" | head -1; }
terminals=${TABLE_TERMINALS:-50}
rounds=${TABLE_ROUNDS:-30}

q -c "SELECT splink.link_site_add('paris', 'EUR')" \
  -c "SELECT sptable.table_add('floor', 'EUR', 'sp_host_floor', 'pw-host-secret')" >/dev/null ||
  bad "setting up the table"
cat >"$tmp/host.ini" <<'EOF'
[game]
preset = caribbean-classic
currency = EUR
[timers]
betting_seconds = 2
decision_seconds = 2
EOF
names=()
for i in $(seq -w 1 "$terminals"); do
  p=t$i
  names+=("$p")
  pg_table_terminal "$p" paris "$tmp/$p" || bad "adding $p"
done
host_url="host=$PGHOST dbname=link user=sp_host_floor password=pw-host-secret"
start_host() { # [ROUNDS]
  "$bin" table-host --config "$tmp/host.ini" --url "$host_url" --table floor --pause-ms 300 \
    --stale-seconds 60 --rounds "${1:-0}" --quiet >>"$tmp/host.log" 2>&1 &
  hostpid=$!
}
declare -A pid
start_terminal() {
  local p=$1
  "$bin" play --headless --turbo --size 320x240 --frame-ms 200 --config "$tmp/$p/game.ini" \
    --join floor --db "$tmp/$p/db.sqlite" --credits 1000.00 --autoplay 1000000 \
    >>"$tmp/$p/out" 2>>"$tmp/$p/err" &
  pid[$p]=$!
}
table_round() { q -c "SELECT COALESCE(MAX(round), 0) FROM sptable.rounds WHERE tab='floor'"; }

start_host
for p in "${names[@]}"; do start_terminal "$p"; done
kills=0 host_killed=0 server_stopped=0
# the rounds asked for, and at least half the terminals with a round settled (a slow start, the
# sanitizers on a loaded machine, must not leave the test with nobody who played), for at most
# ten minutes
players() { q -c "SELECT COUNT(DISTINCT machine) FROM sptable.results WHERE kind='settled'"; }
started=$SECONDS
while [ "$(table_round)" -lt "$rounds" ] ||
  { [ "$(players)" -lt $((terminals / 2)) ] && [ $((SECONDS - started)) -lt 600 ]; }; do
  sleep "0.$((RANDOM % 9 + 1))"
  r=$(table_round)
  # a terminal killed at a random instant, started again a moment later
  p=${names[$((RANDOM % terminals))]}
  kill -9 "${pid[$p]}" 2>/dev/null && kills=$((kills + 1))
  wait "${pid[$p]}" 2>/dev/null
  start_terminal "$p"
  if [ "$host_killed" = 0 ] && [ "$r" -ge $((rounds / 3)) ]; then
    kill -9 "$hostpid"
    wait "$hostpid" 2>/dev/null
    sleep 2
    start_host
    host_killed=1
  fi
  if [ "$server_stopped" = 0 ] && [ "$r" -ge $((2 * rounds / 3)) ]; then
    pg_ctl_stop_fast
    sleep 10
    pg_start_again || bad "the server did not start again"
    server_stopped=1
  fi
done
# the host stops; another finishes the round in play (if any) and opens no other
kill "$hostpid" 2>/dev/null
wait "$hostpid" 2>/dev/null
start_host 1
wait "$hostpid" || bad "the last host: $(tail -3 "$tmp/host.log")"
for p in "${names[@]}"; do kill -9 "${pid[$p]}" 2>/dev/null; wait "${pid[$p]}" 2>/dev/null; done
echo "terminals $terminals, rounds $(table_round), terminals killed $kills, host killed $host_killed," \
  "server stopped $server_stopped"

# every terminal up to date, all at once
for p in "${names[@]}"; do
  printf '%s\n' "0 TABLEWAIT 90000 synced" "100 SUMMARY" "200 QUIT" >"$tmp/$p/flush.script"
  "$bin" play --headless --size 320x240 --frame-ms 200 --config "$tmp/$p/game.ini" --join floor \
    --db "$tmp/$p/db.sqlite" --script "$tmp/$p/flush.script" >"$tmp/$p/flush" 2>>"$tmp/$p/err" &
  pid[$p]=$!
done
for p in "${names[@]}"; do wait "${pid[$p]}" || bad "$p's last start: $(tail -2 "$tmp/$p/err")"; done

"$bin" table audit --url "$link_su" --config "$tmp/host.ini" --table floor >"$tmp/audit" 2>&1 &&
  grep -q 'problems 0' "$tmp/audit" && ok || bad "table audit: $(tail -5 "$tmp/audit")"
tail -1 "$tmp/audit"
[ "$(q -c "SELECT COUNT(*) FROM sptable.rounds WHERE tab='floor' AND phase NOT IN ('settled','cancelled')")" = 0 ] &&
  ok || bad "a round was left unfinished: $(q -c "SELECT round, phase FROM sptable.rounds WHERE phase NOT IN ('settled','cancelled')")"
bad_books=0 unsynced=0 mismatch=0
for p in "${names[@]}"; do
  l=$(tail -n 1 "$tmp/$p/flush")
  [ "$(field "$l" synced)" = 1 ] || { unsynced=$((unsynced + 1)); echo "$p not synced: $l"; }
  "$bin" audit --db "$tmp/$p/db.sqlite" --meters >"$tmp/$p/audit" 2>&1 &&
    grep -q 'cents lost 0$' "$tmp/$p/audit" || { bad_books=$((bad_books + 1)); echo "$p: $(grep -v ^meter "$tmp/$p/audit" | tail -3)"; }
  out_m=$(sed -n 's/^meter table_out //p' "$tmp/$p/audit") in_m=$(sed -n 's/^meter table_in //p' "$tmp/$p/audit")
  read -r sent refused back < <(q -F' ' -c "SELECT
      (SELECT COALESCE(SUM(total),0) FROM sptable.stakes WHERE machine='$p'),
      (SELECT COALESCE(SUM(total),0) FROM sptable.stakes WHERE machine='$p' AND NOT accepted),
      (SELECT COALESCE(SUM(total),0) FROM sptable.results WHERE machine='$p')")
  if [ "${out_m:-0}" != "$sent" ] || [ "${in_m:-0}" != $((refused + back)) ]; then
    mismatch=$((mismatch + 1))
    echo "$p: table_out ${out_m:-0} table_in ${in_m:-0}; the table: sent $sent, refused $refused, results $back"
  fi
done
[ "$unsynced" = 0 ] && ok || bad "$unsynced terminals still owed or were owed something"
[ "$bad_books" = 0 ] && ok || bad "$bad_books terminals' books do not balance"
[ "$mismatch" = 0 ] && ok || bad "$mismatch terminals' meters differ from the table's rows"
played=$(players)
[ "$played" -ge $((terminals / 2)) ] && ok || bad "only $played terminals had a round settled"
echo "results: $(q -c "SELECT string_agg(kind || ' ' || n, ', ') FROM (SELECT kind, COUNT(*) n FROM sptable.results GROUP BY kind) x"); stakes refused: $(q -c "SELECT COUNT(*) FROM sptable.stakes WHERE NOT accepted")"
finish
