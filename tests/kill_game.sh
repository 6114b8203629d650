#!/usr/bin/env bash
# The kill test on the real game: the program plays rounds by itself (--autoplay) against its
# database and is killed with SIGKILL at random instants, again and again; every restart must
# resume the round in play. At the end an independent audit (studpoker audit) works the money
# out again from the history: cents lost must be 0, no round dealt twice, every check passing.
# usage: kill_game.sh STUDPOKER KILLS ROUNDS [PRESET] [SEED]
set -u
bin=$1 kills=${2:-60} rounds=${3:-400} preset=${4:-caribbean-live} seed=${5:-1}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
db=$tmp/machine.db
RANDOM=$seed
done_kills=0 finished=0 resumed=0
run() {
  # exec: the background job is the game itself, so that the kill reaches it
  exec "$bin" play --headless --turbo --size 320x240 --preset "$preset" --db "$db" \
    --autoplay "$rounds" >"$tmp/out" 2>"$tmp/err"
}
count_resumed() { grep -q "resumed where it stopped" "$tmp/err" 2>/dev/null && resumed=$((resumed + 1)); }
# the first start works out the exact par sheet for the approved return range and keeps it in
# the database (seconds under the sanitizers); every later start reads it back at once, so the
# kills below land in play rather than in that first computation
printf '0 QUIT\n' >"$tmp/warm.script"
"$bin" play --headless --size 320x240 --preset "$preset" --db "$db" --script "$tmp/warm.script" \
  >/dev/null 2>"$tmp/err" || { echo "FAIL: the first start failed: $(cat "$tmp/err")"; exit 1; }
for ((k = 0; k < kills; k++)); do
  count_resumed
  (run) &
  pid=$!
  # a random instant: start-up, betting, a deal, a decision, a settlement or a commit
  sleep "$(printf '0.%03d' $((RANDOM % 700 + 20)))"
  if kill -0 $pid 2>/dev/null; then
    kill -KILL $pid 2>/dev/null && done_kills=$((done_kills + 1))
    wait $pid 2>/dev/null
  else
    wait $pid; status=$?
    if [ "$status" -ne 0 ]; then echo "FAIL: the game stopped with status $status: $(cat "$tmp/err")"; exit 1; fi
    finished=1
    break
  fi
done
# the last run plays to the end, without a kill
# (bounded: a game that stalls instead of finishing fails here rather than at ctest's timeout)
if [ $finished -eq 0 ] && ! (timeout 300 "$bin" play --headless --turbo --size 320x240 \
    --preset "$preset" --db "$db" --autoplay "$rounds" >"$tmp/out" 2>"$tmp/err"); then echo "FAIL: the last run failed: $(cat "$tmp/err") $(cat "$tmp/out")"; exit 1; fi
audit=$("$bin" audit --db "$db"); status=$?
echo "$audit"
count_resumed
echo "kills $done_kills, rounds resumed after a kill $resumed"
pass=0 fail=0
check() { if grep -qE "$1" <<<"$audit"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: want /$1/"; fi; }
[ "$status" -eq 0 ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: the audit found a problem"; }
# every run plays until the database holds $rounds rounds (autoplay counts the recorded rounds,
# and deals no more once they are there), so the count is exact, kills or not, and the last
# run leaves no round in play
check "^rounds $rounds \(void [0-9]+\), round in play no,"
check "duplicate decks 0,"
check "do not add up 0,"
check "cents lost 0$"
[ "$done_kills" -ge $((kills / 2)) ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: only $done_kills kills landed"; }
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
