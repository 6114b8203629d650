#!/usr/bin/env bash
# The kill test: plays scripted rounds through the store in the real program and kills it with
# SIGKILL at random instants, over and over, then lets it finish. Every restart must resume the
# round in play exactly (the program checks the recorded actions against its script); at the
# end the database must pass every check, lose no cent (credits + paid out = credits in + net
# result), hold every game dealt once from its own deck, and match, digest for digest, a run of
# the same games that was never killed.
# usage: kill_test.sh STUDPOKER [KILLS=300] [ROUNDS=5000] [SEED=7]
set -euo pipefail
bin=$1
kills=${2:-300}
rounds=${3:-5000}
seed=${4:-7}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
# a private copy: a rebuild during the run must not swap the program under it
cp "$bin" "$dir/studpoker"
bin=$dir/studpoker
# (exec: the background job is the program itself, so that kill -9 hits it)
run() { exec "$bin" store-selftest --db "$1" --rounds "$rounds" --seed "$seed"; }

# the reference run, never killed, alongside
(run "$dir/ref.db") 2>"$dir/ref.err" &
ref_pid=$!

n=0 attempts=0 finished_early=0
while [ "$n" -lt "$kills" ]; do
  attempts=$((attempts + 1))
  (run "$dir/kill.db") 2>>"$dir/kill.err" &
  pid=$!
  # 0 to 0.4 s: start-up, the checks at open, recovery and play all get hit
  sleep "0.$(printf '%03d' $((RANDOM % 400)))"
  if kill -9 "$pid" 2>/dev/null; then
    wait "$pid" 2>/dev/null || true
    n=$((n + 1))
  else
    status=0
    wait "$pid" || status=$?
    if [ "$status" -ne 0 ]; then
      echo "kill_test: the program failed after $n kills (status $status):" >&2
      tail -5 "$dir/kill.err" >&2
      exit 1
    fi
    finished_early=1
    break
  fi
done
# the rest without interruption
(run "$dir/kill.db") 2>>"$dir/kill.err"
wait "$ref_pid"

ref=$("$bin" store-selftest --db "$dir/ref.db" --seed "$seed" --check)
got=$("$bin" store-selftest --db "$dir/kill.db" --seed "$seed" --check)
resumed=$(grep -c "resumed game" "$dir/kill.err" || true)
echo "reference: $ref"
echo "killed:    $got"
field() { echo "$1" | tr ' ' '\n' | grep -A1 -x "$2" | tail -1; }
lost=$(field "$got" cents_lost)
echo "kill_test: rounds $(field "$got" rounds), kills $n, rounds resumed mid-game $resumed," \
     "restarts $(($(field "$got" power_ups) - 1)), cents lost $lost"
[ "$(field "$got" rounds)" = "$rounds" ] || { echo "kill_test: not every round was played" >&2; exit 1; }
[ "$lost" = 0 ] || { echo "kill_test: money was lost" >&2; exit 1; }
[ "$(field "$got" bad_decks)" = 0 ] || { echo "kill_test: a game was reshuffled" >&2; exit 1; }
[ "$(field "$got" digest)" = "$(field "$ref" digest)" ] ||
  { echo "kill_test: the killed run differs from the reference run" >&2; exit 1; }
if [ "$finished_early" = 1 ]; then
  echo "kill_test: note: all rounds were played after $n kills (fewer than $kills)"
fi
echo "kill_test: ok"
