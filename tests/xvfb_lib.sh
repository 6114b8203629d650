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
#   xvfb_screen, xvfb_wait_screen WANT SECONDS [POKE]  the table's felt and two rightmost
#                      buttons as colour kinds, and waiting for them (below)
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

# The table's state read from its colours (xvfb_window.sh, xvfb_still.sh), with the window in
# $win and the program's pid in $game. Callers run with `set -f`: the wanted kinds hold "?".
# Where to look, in a 1280x720 window (2/3 of the 1920x1080 layout): the felt right of the
# spots, and the top of the two rightmost buttons of the bar (DEAL or PLAY, and REPEAT/DOUBLE
# or FOLD). The colours: felt green, gold (DEAL, PLAY), dark green (REPEAT, DOUBLE), red (FOLD),
# grey (a button not offered now).
felt=940,470 main=1183,640 second=1044,640
xvfb_kind() { # R,G,B -> felt, gold, green, red, grey or other
  local r g b
  IFS=, read -r r g b <<<"$1"
  if [ -z "$b" ]; then echo none
  elif [ $((g - r)) -gt 50 ] && [ $((g - b)) -gt 30 ]; then echo felt
  elif [ "$r" -gt 150 ] && [ "$g" -gt 90 ] && [ "$b" -lt 90 ]; then echo gold
  elif [ "$r" -lt 90 ] && [ $((g - r)) -gt 15 ] && [ $((g - b)) -gt 10 ]; then echo green
  elif [ "$r" -gt 100 ] && [ "$g" -lt 80 ] && [ "$b" -lt 80 ]; then echo red
  elif [ "$r" -lt 120 ] && [ $((r - g)) -lt 20 ] && [ $((g - r)) -lt 20 ] && [ $((r - b)) -lt 20 ] &&
    [ $((b - r)) -lt 20 ]; then echo grey
  else echo other; fi
}
xvfb_screen() { # "felt main second" as kinds, from one capture of the window
  local p k=
  for p in $(xvfb_pixels "$win" $felt $main $second); do k="$k $(xvfb_kind "$p")"; done
  echo ${k:-none none none}
}
# Waits until the screen is as asked, up to $2 seconds: a kind per point, "a|b" for either, "?"
# for any ("felt gold green": the table open for bets, DEAL lit and REPEAT beside it). While
# waiting it runs $3, if given, every 3 s.
xvfb_wait_screen() {
  local want=$1 end=$((SECONDS + $2)) poke=${3:-} next=$SECONDS now w k ok
  while [ $SECONDS -lt $end ]; do
    kill -0 $game 2>/dev/null || return 1
    if [ -n "$poke" ] && [ $SECONDS -ge $next ]; then $poke; next=$((SECONDS + 3)); fi
    now=$(xvfb_screen)
    ok=1
    set -- $now
    for w in $want; do
      k=${1:-none}; shift
      case "|$w|" in *"|$k|"* | "|?|") ;; *) ok=0 ;; esac
    done
    [ $ok -eq 1 ] && return 0
    sleep 0.2
  done
  echo "screen: $now (wanted $want)"
  return 1
}
