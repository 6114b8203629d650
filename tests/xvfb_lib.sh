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
  local display=:$((90 + RANDOM % 200))
  Xvfb "$display" -screen 0 "$1x24" -nolisten tcp >/dev/null 2>&1 &
  xvfb=$!
  # a loaded machine may take seconds to bring the server up; the program must not start before
  # it (SDL would then fall back to its offscreen driver and no window would ever appear)
  local up=0
  for _ in $(seq 300); do
    DISPLAY=$display xdotool getmouselocation >/dev/null 2>&1 && { up=1; break; }
    sleep 0.1
  done
  if [ $up -eq 0 ]; then echo "FAIL: Xvfb $display did not come up in 30 s"; kill $xvfb; exit 1; fi
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
