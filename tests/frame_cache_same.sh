#!/usr/bin/env bash
# A help or history page over the table is drawn once and copied while nothing under it changes
# (gfx_frame_begin): the pictures are the same, byte for byte, as a run that draws every frame
# whole (STUDPOKER_NO_FRAME_CACHE), on every help page, on the history after a round, on a page
# turned back, and after the pop-up closes. A frame kept under a key that missed the page, the
# round or the size would show the wrong page here. Both runs read the same clock (--clock): the
# top row's clock turning its minute between them is not a difference of the frame cache. The
# same again without the window's draw list, and the frames drawn whole with and without it: the
# list draws again only where a frame changed, and its pictures are those drawn whole.
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
# kept and whole with the window's draw list (SDL's software renderer's default), kept0 and whole0
# without it (STUDPOKER_DAMAGE=0: as an accelerated renderer draws, the keyed frames)
for mode in kept whole kept0 whole0; do
  mkdir -p "$tmp/$mode"
  sed "s|P/|$tmp/$mode/|" "$tmp/s" >"$tmp/$mode.script"
  env $(case $mode in whole*) echo STUDPOKER_NO_FRAME_CACHE=1 ;; esac) \
    $(case $mode in *0) echo STUDPOKER_DAMAGE=0 ;; esac) \
    "$bin" play --headless --size 1280x720 --seed 5 --clock 1800000000 --preset caribbean-classic \
    --script "$tmp/$mode.script" >/dev/null 2>"$tmp/err" || { echo "FAIL: run: $(cat "$tmp/err")"; fail=1; }
done
n=0
for pair in "whole kept" "whole0 kept0" "whole0 whole"; do
  set -- $pair
  for f in "$tmp/$1"/*.png; do
    b=$(basename "$f")
    [ -s "$tmp/$2/$b" ] || { echo "FAIL: no $2/$b"; fail=1; continue; }
    cmp -s "$f" "$tmp/$2/$b" && n=$((n + 1)) || { echo "FAIL: $2/$b differs from $1/$b"; fail=1; }
  done
done
[ "$n" -eq 21 ] || { echo "FAIL: $n of 21 pictures the same"; fail=1; }
# the pages differ from each other (the comparison would see a stale page)
cmp -s "$tmp/whole/help1.png" "$tmp/whole/help2.png" && { echo "FAIL: the pages are one picture"; fail=1; }
cmp -s "$tmp/whole/help3.png" "$tmp/whole/help3b.png" || { echo "FAIL: page 3 again is not page 3"; fail=1; }
[ $fail -eq 0 ] && echo "7 pop-up frames kept, listed or drawn whole are the same pictures, with the draw list and without"
exit $fail
