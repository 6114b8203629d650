#!/usr/bin/env bash
# The real program in a real X window (Xvfb), played with xdotool: a mouse click on the chip
# tray, keys for the bets and decisions, and Ctrl+Q to end it. Checks that
# the round happened with the bets the clicks and keys made.
set -u
bin=$1
. "$(dirname "$0")/xvfb_lib.sh"
tmp=$(mktemp -d)
game=
xvfb_start 1280x720
trap 'kill $xvfb $game 2>/dev/null; [ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
# Under a fully loaded CI machine the window once never appeared: the program had started before
# Xvfb was up and SDL fell back to its offscreen driver (xvfb_lib.sh now waits for the server and
# pins SDL to X11). One more start is still allowed, and a miss says what it saw.
for attempt in 1 2; do
  "$bin" play --windowed --size 1280x720 --seed 4 --turbo --summary --no-vsync --db "$tmp/machine.db" \
    >"$tmp/out" 2>"$tmp/err" &
  game=$!
  win=$(xvfb_window)
  [ -n "$win" ] && break
  echo "note: attempt $attempt: no window in 30 s; program $(kill -0 $game 2>/dev/null && echo alive || echo gone);" \
    "windows: $(xdotool search --name . 2>/dev/null | wc -l); stderr: $(cat "$tmp/err")"
  kill $game 2>/dev/null; wait $game 2>/dev/null
done
fail=0 pass=0
if [ -z "$win" ]; then echo "FAIL: no window appeared: $(cat "$tmp/err")"; exit 1; fi
# keys go to the window with --window (no window manager runs here to focus it)
sleep 1
# the $5 chip: third in the tray, centre (911, 993) of the 1920x1080 layout = (607, 662) here
xdotool mousemove --window "$win" 607 662 click 1
sleep 0.3
xdotool key --window "$win" b; sleep 0.3      # the chip on ANTE
xdotool key --window "$win" b; sleep 0.3      # again: 10.00
xdotool key --window "$win" Return; sleep 3   # deal, and wait for the cards
xdotool key --window "$win" p; sleep 3        # PLAY 2x
xdotool key --window "$win" ctrl+q  # quit (a desktop key; kiosk mode will refuse it)
for _ in $(seq 50); do kill -0 $game 2>/dev/null || break; sleep 0.1; done
if kill -0 $game 2>/dev/null; then echo "FAIL: Ctrl+Q did not end the program"; fail=1; fi
line=$(tail -n 1 "$tmp/out")
for want in phase=settled staked=3000 folded=0; do
  if grep -qw "$want" <<<"$line"; then pass=$((pass + 1)); else echo "FAIL: want $want in: $line"; fail=$((fail + 1)); fi
done
# money adds up: 1,000.00 - 30.00 + returned
credits=$(sed -n 's/.*credits=\([0-9]*\).*/\1/p' <<<"$line")
returned=$(sed -n 's/.*returned=\([0-9]*\).*/\1/p' <<<"$line")
if [ -n "$credits" ] && [ "$credits" -eq $((100000 - 3000 + returned)) ]; then pass=$((pass + 1)); else echo "FAIL: credits $credits != 100000 - 3000 + $returned"; fail=$((fail + 1)); fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
