#!/usr/bin/env bash
# The decision on the screen without any input (issue 13, item 1): the loop saves frames on a
# still table, and once it drew the frame from before the round entered the decision (FOLD and
# PLAY grey, no hand named) and kept it until a click. For each variant's decision (Caribbean
# PLAY, Cajun's raises, Asian's RAISE) in a real window under Xvfb: bet, deal, wait until the
# decision's buttons are lit, then three pictures of the window: one, another 3 s later with no
# input between them, and one after a click on empty felt. All three must be the same picture,
# and it must be the decision (the buttons lit), so no state change waits for an input to show.
set -u
set -f # the wanted kinds hold "?", which a glob would expand to a file name
bin=$1
. "$(dirname "$0")/xvfb_lib.sh"
game=
xvfb_start 1280x720 compare
tmp=$(mktemp -d)
trap 'kill $xvfb $game 2>/dev/null; [ -n "${KEEP:-}" ] && echo "kept $tmp" || rm -rf "$tmp"' EXIT
export SDL_RENDER_DRIVER=software SDL_FRAMEBUFFER_ACCELERATION=0
fail=0 pass=0
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }
shot() { xwd -silent -id "$win" 2>/dev/null | convert xwd:- "$1" 2>/dev/null; }
printf '[hint]\nshow = false\n' >"$tmp/nohint.ini" # the hint appears when its strategy is ready

for preset in caribbean-classic cajun asian; do
  "$bin" play --windowed --size 1280x720 --preset "$preset" --config "$tmp/nohint.ini" \
    --seed 7 --db "$tmp/$preset.db" >"$tmp/$preset.out" 2>"$tmp/$preset.err" &
  game=$!
  win=$(xvfb_window 180 $game)
  if [ -z "$win" ]; then bad "$preset: no window"; kill $game 2>/dev/null; continue; fi
  # open for bets (the first game: DEAL and REPEAT unlit, as nothing can be dealt or repeated)
  if ! xvfb_wait_screen "felt ? ?" 60; then bad "$preset: the table was not open for bets"; kill $game; continue; fi
  # the $5 chip, BET on the ante, DEAL
  xdotool mousemove --window "$win" 578 655 click 1
  xdotool key --window "$win" b Return
  # the decision: the rightmost button gold (PLAY, RAISE 3x, RAISE), the one beside it FOLD
  # (red) or RAISE 2x (gold)
  if ! xvfb_wait_screen "felt gold red|gold" 120; then
    bad "$preset: the decision's buttons never lit with no input"
    kill $game; continue
  fi
  shot "$tmp/$preset-1.png"
  sleep 3
  shot "$tmp/$preset-2.png"
  xdotool mousemove --window "$win" 940 470 click 1 # empty felt: nothing there to press
  sleep 1
  shot "$tmp/$preset-3.png"
  for n in 2 3; do
    # the clock in the top row (responsible gaming's, by the minute) may turn between pictures:
    # compared without its box (x 560-700, y 0-45 of 1280x720), the rest must be the same
    d=$(compare -metric AE "$tmp/$preset-1.png" "$tmp/$preset-$n.png" null: 2>&1)
    if [ "$d" != 0 ]; then
      for f in 1 $n; do convert "$tmp/$preset-$f.png" -fill black -draw "rectangle 560,0 700,45" "$tmp/m$f.png"; done
      d=$(compare -metric AE "$tmp/m1.png" "$tmp/m$n.png" null: 2>&1)
    fi
    if [ "$d" = 0 ]; then pass=$((pass + 1)); else bad "$preset: picture $n differs from the first in $d pixels"; fi
  done
  [ "$(xvfb_screen)" = "felt gold red" ] || [ "$(xvfb_screen)" = "felt gold gold" ] && pass=$((pass + 1)) ||
    bad "$preset: after the click: $(xvfb_screen)"
  kill $game 2>/dev/null
  wait $game 2>/dev/null
  game=
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
