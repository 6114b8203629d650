# Shared by the tests that run the program in a real X server (source it):
#   xvfb_start WxH [TOOL...]  checks for Xvfb, xdotool, xwd, convert and any TOOL named (a SKIP,
#                      exit status 77, outside CI; a FAIL in CI, where scripts/deps.sh installs
#                      them), starts a server on a free display and exports DISPLAY; $xvfb is its
#                      pid
#   xvfb_window [S [PID]]  waits up to S seconds (default 120: a loaded CI machine with the
#                      sanitizers takes tens of seconds to start), or until process PID ends, for
#                      the program's window to be on the screen with a frame drawn; prints its id
#                      (empty: none). Not sooner: the window SDL creates first is replaced by
#                      another when the OpenGL renderer starts (an id taken then goes stale), and
#                      input sent before the program reads its events can be lost (a click on a
#                      window not yet mapped goes to the root window; SDL drops a click it reads
#                      together with the window's focus-in).
#   xvfb_pixels WIN X,Y...  the colour of the window's pixels at X,Y as "R,G,B" (0-255), one
#                      line each; nothing when the window cannot be read
xvfb_start() {
  local size=$1 tool
  shift
  for tool in Xvfb xdotool xwd convert "$@"; do
    if ! command -v "$tool" >/dev/null; then
      if [ -n "${CI:-}" ]; then echo "FAIL: $tool is missing (scripts/deps.sh installs it)"; exit 1; fi
      # 77: ctest reports the test skipped (SKIP_RETURN_CODE), never passed
      echo "SKIP: $tool is not installed"; exit 77
    fi
  done
  # Xvfb picks a free display itself and writes its number once it takes connections
  # (-displayfd): no guessed number that another server on the machine may hold. -noreset: by
  # default the server resets whenever its last client leaves (each xdotool call here), and a
  # program connecting during that reset is refused ("x11 not available", seen once in CI).
  local numfile
  numfile=$(mktemp)
  Xvfb -displayfd 3 -noreset -screen 0 "${size}x24" -nolisten tcp 3>"$numfile" >/dev/null 2>&1 &
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
  # No session bus: without an address libdbus tries to start one for the X display
  # ("autolaunch", which SDL_Init sets off), fails (no dbus-launch) and leaks 1032 bytes doing
  # so, which LeakSanitizer reports at exit (abort_on_error: the program ends "Aborted"). An
  # address that leads nowhere fails at once and cleanly, and keeps the test off the bus of a
  # desktop it may run on.
  export DISPLAY=$display SDL_AUDIODRIVER=dummy SDL_VIDEODRIVER=x11 \
    DBUS_SESSION_BUS_ADDRESS=unix:path=/nonexistent/studpoker-test-no-bus
}
xvfb_window() {
  local win= end=$((SECONDS + ${1:-120})) pid=${2:-} drawn
  while [ $SECONDS -lt $end ]; do
    win=$(xdotool search --onlyvisible --name '^studpoker$' 2>/dev/null | tail -n 1)
    if [ -n "$win" ]; then
      # black until the first frame is presented
      drawn=$(xwd -silent -id "$win" 2>/dev/null | convert xwd:- -format '%[fx:mean>0.01]' info: 2>/dev/null)
      [ "$drawn" = 1 ] && break
      win=
    fi
    [ -z "$pid" ] || kill -0 "$pid" 2>/dev/null || break
    sleep 0.2
  done
  echo "$win"
}
xvfb_pixels() {
  local win=$1 p format=
  shift
  for p in "$@"; do
    format="$format%[fx:int(255*p{$p}.r+0.5)],%[fx:int(255*p{$p}.g+0.5)],%[fx:int(255*p{$p}.b+0.5)]\n"
  done
  xwd -silent -id "$win" 2>/dev/null | convert xwd:- -format "$format" info: 2>/dev/null
}
