#!/usr/bin/env bash
# A help or history page over the table is drawn once and copied while nothing under it changes
# (gfx_frame_begin): the pictures are the same, byte for byte, as a run that draws every frame
# whole (STUDPOKER_NO_FRAME_CACHE), on every help page, on the history after a round, on a page
# turned back, and after the pop-up closes. A frame kept under a key that missed the page, the
# round or the size would show the wrong page here. Both runs read the same clock (--clock): the
# top row's clock turning its minute between them is not a difference of the frame cache.
set -u
bin=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
cat >"$tmp/s" <<'SCRIPT'
100 CHIP3
150 SPOT ante
400 DEAL
1400 PLAY
4000 HELP
4300 SCREENSHOT P/help1.png
4600 NEXT_SPOT
4900 SCREENSHOT P/help2.png
5200 NEXT_SPOT
5500 SCREENSHOT P/help3.png
5800 NEXT_SPOT
6100 SCREENSHOT P/help4.png
6400 PREV_SPOT
6700 SCREENSHOT P/help3b.png
7000 BACK
7300 HISTORY
7600 SCREENSHOT P/history.png
7900 BACK
8200 SCREENSHOT P/closed.png
8300 QUIT
SCRIPT
for mode in kept whole; do
  mkdir -p "$tmp/$mode"
  sed "s|P/|$tmp/$mode/|" "$tmp/s" >"$tmp/$mode.script"
  if [ $mode = whole ]; then export STUDPOKER_NO_FRAME_CACHE=1; fi
  "$bin" play --headless --size 1280x720 --seed 5 --clock 1800000000 --preset caribbean-classic \
    --script "$tmp/$mode.script" >/dev/null 2>"$tmp/err" || { echo "FAIL: run: $(cat "$tmp/err")"; fail=1; }
done
n=0
for f in "$tmp"/whole/*.png; do
  b=$(basename "$f")
  [ -s "$tmp/kept/$b" ] || { echo "FAIL: no $b"; fail=1; continue; }
  cmp -s "$f" "$tmp/kept/$b" && n=$((n + 1)) || { echo "FAIL: $b differs from the frame drawn whole"; fail=1; }
done
[ "$n" -eq 7 ] || { echo "FAIL: $n of 7 pictures compared"; fail=1; }
# the pages differ from each other (the comparison would see a stale page)
cmp -s "$tmp/whole/help1.png" "$tmp/whole/help2.png" && { echo "FAIL: the pages are one picture"; fail=1; }
cmp -s "$tmp/whole/help3.png" "$tmp/whole/help3b.png" || { echo "FAIL: page 3 again is not page 3"; fail=1; }
[ $fail -eq 0 ] && echo "7 pop-up frames kept and copied are the same pictures as drawn whole"
exit $fail
