#!/usr/bin/env bash
# A MEGA WIN's celebration keeps the table under it as one picture, its shade on it, and draws
# the meters and the pay table on it tinted as if under the shade (table_draw.c): the pictures
# are those of a run that draws every frame whole (STUDPOKER_NO_FRAME_CACHE) to within the
# shade's rounding (2%: five levels of 255), from the deal to after the celebration, every
# 300 ms, in two games; the kept run did copy kept frames (STUDPOKER_FRAMES_KEPT_TO), the whole
# run none; the banner is on screen (its dark red in the middle) and the light turns (two
# pictures of it differ). Those two runs draw without the window's draw list (STUDPOKER_DAMAGE=0,
# as an accelerated renderer does); a third run with it (SDL's software renderer, the default
# there: the kept table is a list of its own drawn again where it changes) gives the same
# pictures to within the same rounding.
set -u
bin=$1
command -v compare >/dev/null || { echo "SKIPPED: ImageMagick's compare is missing"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
{
  printf '100 CHIP3\n150 SPOT ante\n200 SPOT ante\n600 DEAL\n3000 PLAY\n'
  for t in $(seq 3300 300 9300); do printf '%d SCREENSHOT P/c%05d.png\n' "$t" "$t"; done
  printf '9400 QUIT\n'
} >"$tmp/s"
for preset in caribbean-classic caribbean-live; do
  for mode in kept whole list; do
    mkdir -p "$tmp/$preset-$mode"
    sed "s|P/|$tmp/$preset-$mode/|" "$tmp/s" >"$tmp/$mode.script"
    env $([ $mode = whole ] && echo STUDPOKER_NO_FRAME_CACHE=1) \
      $([ $mode != list ] && echo STUDPOKER_DAMAGE=0) \
      STUDPOKER_FRAMES_KEPT_TO="$tmp/$preset-$mode.kept" "$bin" play --headless \
      --size 1280x720 --seed 5 --clock 1800000000 --preset $preset \
      --deck "As Ks Qs Js Ts  Ad Kc 9h 6d 2c" --script "$tmp/$mode.script" \
      >"$tmp/$preset-$mode.out" 2>"$tmp/err" || { echo "FAIL: $preset $mode: $(cat "$tmp/err")"; fail=1; }
  done
  kept=$(cat "$tmp/$preset-kept.kept" 2>/dev/null)
  whole=$(cat "$tmp/$preset-whole.kept" 2>/dev/null)
  [ "${kept:-0}" -ge 60 ] || { echo "FAIL: $preset: only ${kept:-no} frames copied kept"; fail=1; }
  [ "${whole:-1}" -eq 0 ] || { echo "FAIL: $preset: the whole run copied ${whole:-?} frames"; fail=1; }
  for other in kept list; do
    n=0
    for f in "$tmp/$preset-whole"/*.png; do
      b=$(basename "$f")
      d=$(compare -metric AE -fuzz 2% "$f" "$tmp/$preset-$other/$b" null: 2>&1)
      [ "$d" = 0 ] && n=$((n + 1)) || { echo "FAIL: $preset $other $b: $d pixels differ"; fail=1; }
    done
    [ "$n" -eq 21 ] || { echo "FAIL: $preset $other: $n of 21 pictures the same"; fail=1; }
  done
  # the banner (dark red, 120,14,24 to 50,4,10) in the middle of the window 2.7 s after PLAY
  px=$(convert "$tmp/$preset-kept/c05700.png" -format '%[fx:int(255*p{640,300}.r)] %[fx:int(255*p{640,300}.g)]' info:)
  set -- $px
  [ "${1:-0}" -ge 40 ] && [ "${2:-255}" -le 20 ] || { echo "FAIL: $preset: no banner ($px)"; fail=1; }
  # the light behind the banner lights the felt below it (its mean red there about 34, 20
  # without it: at 1280x720 its turned copies came a pixel short of their size and none was drawn)
  for mode in kept list; do
    red=$(convert "$tmp/$preset-$mode/c05700.png" -crop 120x90+580+440 -format '%[fx:int(255*mean.r)]' info:)
    [ "${red:-0}" -ge 27 ] || { echo "FAIL: $preset $mode: no light under the banner (red $red)"; fail=1; }
  done
  cmp -s "$tmp/$preset-kept/c05700.png" "$tmp/$preset-kept/c06000.png" &&
    { echo "FAIL: $preset: the celebration stands still"; fail=1; }
done
[ $fail -eq 0 ] && echo "celebrations drawn on a kept table, kept or listed, are the frames drawn whole (2 games, 84 pictures)"
exit $fail
