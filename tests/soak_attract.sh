#!/usr/bin/env bash
# The attract soak (issue 7): --attract headless for ROUNDS demo rounds, resident memory sampled
# every INTERVAL seconds. Not part of ctest (it runs for an hour or more); the README reports its
# figures. It passes when the program exits cleanly after exactly ROUNDS rounds, printed no error,
# and memory after the first sample grew by less than 2 MB.
# usage: tests/soak_attract.sh STUDPOKER [ROUNDS] [INTERVAL]
# SOAK_SEED picks the demo's deck (default 1); SOAK_FRAME_MS draws a frame every that many
# virtual milliseconds (default 16, a 60 Hz display; 66 draws a quarter as many frames, and the
# game logic, stepped at 120 Hz regardless, plays exactly the same rounds).
set -u
bin=$1 rounds=${2:-100000} interval=${3:-60}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
start=$(date +%s)
"$bin" play --headless --turbo --size 320x240 --attract --autoplay "$rounds" --seed "${SOAK_SEED:-1}" \
  --frame-ms "${SOAK_FRAME_MS:-16}" >"$tmp/out" 2>"$tmp/err" &
pid=$!
first= last=
while kill -0 $pid 2>/dev/null; do
  sleep "$interval"
  rss=$(awk '/VmRSS/ {print $2}' /proc/$pid/status 2>/dev/null) || break
  [ -n "$rss" ] || break
  [ -n "$first" ] || first=$rss
  last=$rss
  echo "t=$(( $(date +%s) - start ))s rss=${rss}kB"
done
wait $pid; status=$?
echo "exit $status after $(( $(date +%s) - start ))s: $(cat "$tmp/out")"
[ -s "$tmp/err" ] && echo "stderr: $(cat "$tmp/err")"
ok=1
[ "$status" -eq 0 ] || ok=0
grep -q "^game=$rounds phase=settled" "$tmp/out" || grep -q "^game=$((rounds + 1)) " "$tmp/out" || ok=0
[ -s "$tmp/err" ] && ok=0
if [ -n "$first" ] && [ $((last - first)) -ge 2048 ]; then ok=0; fi
echo "memory first ${first:-?} kB, last ${last:-?} kB"
[ $ok -eq 1 ] && echo PASS || { echo FAIL; exit 1; }
