#!/usr/bin/env bash
# The real program in a real X window (Xvfb), played with xdotool: a mouse click on the chip
# tray, keys for the bets and decisions, and Ctrl+Q to end it. Checks that the round happened
# with the bets the click and keys made, and that the program ended cleanly (exit status 0: a
# sanitizer report, which aborts under scripts/test.sh, fails the test).
#
# Nothing here waits a fixed time for the program: each step waits for the screen to show what
# it needs (read back with xwd), however slow a loaded machine makes the start (tens of seconds
# under the sanitizers) or a frame. KEEP=1 keeps the temporary folder (out, err, and last.png of
# the screen when a step gave up).
set -u
set -f # the wanted kinds hold "?", which a glob would expand to a file name
bin=$1
. "$(dirname "$0")/xvfb_lib.sh"
game=
xvfb_start 1280x720
tmp=$(mktemp -d)
trap 'kill $xvfb $game 2>/dev/null; [ -n "${KEEP:-}" ] && echo "kept $tmp" || rm -rf "$tmp"' EXIT
# SDL's own software renderer, as in the headless tests: the OpenGL one (Mesa's llvmpipe here)
# is unloaded at exit with memory only its globals held (112 bytes that LeakSanitizer reports,
# from a module it can no longer name).
export SDL_RENDER_DRIVER=software SDL_FRAMEBUFFER_ACCELERATION=0

fail=0 pass=0
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }
stderr() { echo "--- the program's stderr:"; cat "$tmp/err"; echo "---"; }
give_up() { # a step that cannot go on: what the screen and the program said, then out
  bad "$*"
  [ -n "${win:-}" ] && xwd -silent -id "$win" 2>/dev/null | convert xwd:- "$tmp/last.png" 2>/dev/null
  echo "program $(kill -0 $game 2>/dev/null && echo alive || echo gone); last line: $(tail -n 1 "$tmp/out")"
  stderr
  exit 1
}

"$bin" play --windowed --size 1280x720 --seed 4 --turbo --summary --no-vsync --db "$tmp/machine.db" \
  >"$tmp/out" 2>"$tmp/err" &
game=$!
# Ready for input: the window is on the screen with a frame drawn (xvfb_lib.sh says why), and
# that frame is the table open for bets
win=$(xvfb_window 180 $game)
[ -n "$win" ] || give_up "no window drawn on the screen (180 s at most; windows: $(xdotool search --name . 2>/dev/null | wc -l))"
# (the first game: nothing to repeat and no ante yet, so DEAL and REPEAT are not lit)
xvfb_wait_screen "felt grey grey" 60 || give_up "the table was not open for bets"
# the $5 chip: third in the tray, centre (867, 983) of the 1920x1080 layout = (578, 655) here
# (the tray moved left when the meters narrowed, so the buttons fit REBET & DEAL at full size);
# keys go to the window with --window (no window manager runs here to focus it)
xdotool mousemove --window "$win" 578 655 click 1
# the chip twice on ANTE (10.00), and deal: sent at once, as a fast player or a stalled frame
# has them; each is its own action, in order
xdotool key --window "$win" b b Return
# the cards dealt: FOLD (red, or grey while they are dealt) where REPEAT was
xvfb_wait_screen "felt ? grey|red" 120 || give_up "the cards were not dealt"
# PLAY 2x. It is taken once the deal's animation is over (during it PLAY is not offered), and
# the screen does not always show that moment: at times the last frame drawn is the animation's
# last, PLAY and FOLD disabled, and a still table is not drawn again. So P is pressed every 3 s
# until the round is over; a P after that does nothing (no decision is open).
press_play() { xdotool key --window "$win" p; }
xvfb_wait_screen "felt gold green" 120 press_play || give_up "PLAY did not end the round"
xdotool key --window "$win" ctrl+q # quit (a desktop key; kiosk mode will refuse it)
end=$((SECONDS + 120)) # the sanitizers' checks at exit take a while on a loaded machine
while kill -0 $game 2>/dev/null && [ $SECONDS -lt $end ]; do sleep 0.1; done
status=
if kill -0 $game 2>/dev/null; then
  bad "Ctrl+Q did not end the program in 120 s"
else
  wait $game
  status=$?
  [ "$status" -eq 0 ] && pass=$((pass + 1)) || bad "exit status $status (134: aborted, e.g. a sanitizer report)"
fi
line=$(tail -n 1 "$tmp/out")
for want in phase=settled staked=3000 folded=0; do
  if grep -qw "$want" <<<"$line"; then pass=$((pass + 1)); else bad "want $want in: $line"; fi
done
# the money, worked out by hand from the cards seed 4 deals (a new database, game 1): the player
# holds Q-J-7-6-3 (queen high), the dealer K-K-Q-J-4, a pair of kings, which qualifies (ace-king
# or better, rules.md): the dealer wins, ante 10.00 and PLAY 20.00 are lost, nothing returns:
# 1,000.00 - 30.00 = 970.00
for want in cards=Jd3hQh6h7h dealer=KsQsKdJs4c returned=0 credits=97000; do
  if grep -qw "$want" <<<"$line"; then pass=$((pass + 1)); else bad "want $want in: $line"; fi
done
[ "$fail" -eq 0 ] || stderr
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
