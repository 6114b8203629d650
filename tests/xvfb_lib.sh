# Shared by the tests that run the program in a real X server (source it):
#   xvfb_start WxH     checks for Xvfb and xdotool (a SKIP outside CI, a FAIL in CI), starts a
#                      server on a free display and exports DISPLAY; $xvfb is its pid
#   xvfb_window        waits up to 30 s for the program's window (a loaded CI machine with the
#                      sanitizers is slow to start); prints its id (empty: none)
xvfb_start() {
  for tool in Xvfb xdotool; do
    if ! command -v "$tool" >/dev/null; then
      if [ -n "${CI:-}" ]; then echo "FAIL: $tool is missing (scripts/deps.sh installs it)"; exit 1; fi
      echo "SKIP: $tool is not installed"; exit 0
    fi
  done
  # Xvfb picks a free display itself and writes its number once it takes connections
  # (-displayfd): no guessed number that another server on the machine may hold. -noreset: by
  # default the server resets whenever its last client leaves (each xdotool call here), and a
  # program connecting during that reset is refused ("x11 not available", seen once in CI).
  local numfile
  numfile=$(mktemp)
  Xvfb -displayfd 3 -noreset -screen 0 "$1x24" -nolisten tcp 3>"$numfile" >/dev/null 2>&1 &
  xvfb=$!
  local display=
  for _ in $(seq 300); do
    display=$(tr -dc 0-9 <"$numfile")
    [ -n "$display" ] && break
    kill -0 $xvfb 2>/dev/null || break
    sleep 0.1
  done
  rm -f "$numfile"
  if [ -z "$display" ]; then echo "FAIL: Xvfb did not come up in 30 s"; kill $xvfb 2>/dev/null; exit 1; fi
  display=:$display
  # and it answers a client
  local up=0
  for _ in $(seq 300); do
    DISPLAY=$display xdotool getmouselocation >/dev/null 2>&1 && { up=1; break; }
    sleep 0.1
  done
  if [ $up -eq 0 ]; then echo "FAIL: Xvfb $display did not answer in 30 s"; kill $xvfb; exit 1; fi
  export DISPLAY=$display SDL_AUDIODRIVER=dummy SDL_VIDEODRIVER=x11
}
xvfb_window() {
  local win=
  for _ in $(seq 300); do
    win=$(xdotool search --name '^studpoker$' 2>/dev/null | head -n 1)
    [ -n "$win" ] && break
    sleep 0.1
  done
  echo "$win"
}
