#!/usr/bin/env bash
# Kiosk mode in a real X server (Xvfb): the window covers the screen, and ESC, Alt+F4, Ctrl+Q and
# a window-close request (what a window manager's close button sends) do not end the program;
# the service manager's SIGTERM does, in order (exit status 0, the database closed cleanly).
set -u
bin=$1 xclose=$2
. "$(dirname "$0")/xvfb_lib.sh"
tmp=$(mktemp -d)
game=
xvfb_start 1024x768
trap 'kill $xvfb $game 2>/dev/null; rm -rf "$tmp"' EXIT
# Leak checking is off here: an idle SDL window under Xvfb leaves about 240 bytes in X and
# D-Bus libraries that SDL unloads at exit (no stack can name them); our own code is leak-checked
# by every headless test.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
"$bin" play --kiosk --seed 4 --no-vsync --db "$tmp/machine.db" >"$tmp/out" 2>"$tmp/err" &
game=$!
win=$(xvfb_window)
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
if [ -z "$win" ]; then echo "FAIL: no window appeared: $(cat "$tmp/err")"; exit 1; fi
sleep 1
# going fullscreen may give the program a new window: take the one there now
win=$(xdotool search --name '^studpoker$' 2>/dev/null | tail -n 1)
geometry=$(xdotool getwindowgeometry "$win" | sed -n 's/.*Geometry: //p')
[ "$geometry" = "1024x768" ] && ok || bad "the kiosk window is $geometry, not the whole 1024x768 screen"
alive() { sleep 1; kill -0 $game 2>/dev/null; }
xdotool key --window "$win" Escape; alive && ok || bad "ESC ended the kiosk"
xdotool key --window "$win" alt+F4; alive && ok || bad "Alt+F4 ended the kiosk"
xdotool key --window "$win" ctrl+q; alive && ok || bad "Ctrl+Q ended the kiosk"
"$xclose" "$win"; alive && ok || bad "a window-close request ended the kiosk"
kill -TERM $game
status=
for _ in $(seq 50); do kill -0 $game 2>/dev/null || break; sleep 0.1; done
if kill -0 $game 2>/dev/null; then bad "SIGTERM did not end it"; else wait $game; status=$?; fi
[ "$status" = 0 ] && ok || bad "SIGTERM: exit status $status: $(cat "$tmp/err")"
"$bin" audit --db "$tmp/machine.db" >"$tmp/audit" && ok || bad "the database after SIGTERM: $(cat "$tmp/audit")"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
