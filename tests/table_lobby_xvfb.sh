#!/usr/bin/env bash
# Four tables in one window (issue 15, seed 001's Multi-Game Play), the real program in a real X
# window (Xvfb, 1920x1080), played with xdotool, on a PostgreSQL server of the test's own with
# four tables (table_lib.sh: classic, live, cajun, asian), each dealt from a stacked deck:
#  - the terminal starts in the LOBBY; a click on classic's JOIN, then the title bar's LOBBY and
#    +TABLE for live, the L key and +TABLE for cajun, a quarter's LOBBY and +TABLE for asian: the
#    four tables two by two, the felt in each quarter (screenshot);
#  - at each table a bet made where it is: a click on the quarter's 5.00 chip (the mouse acts on
#    the quarter it falls in, which takes the focus), B (the keyboard acts on the focused table:
#    the chip on its ANTE) and a click on its DEAL; then PLAY at classic and FOLD at the others
#    (keys to the table clicked); the controller accepts each stake at its own table, and each
#    table settles its round on its own: each result row as worked out from rules.md (classic: a
#    flush against the dealer's kings, PLAY 5 to 1: 70.00 back for 15.00; the others folded);
#  - F6 moves the focus: the gold frame leaves the quarter it was on for the next (screenshots);
#  - the X of one table: it is left (the controller unseats the terminal there), the others play
#    on, its quarter empty;
#  - Ctrl+Q ends the program cleanly; its own audit balances (cents lost 0) and its table_out and
#    table_in meters are the controller's stakes and results.
# KEEP=1 keeps the temporary folder (the screenshots, the program's output); SHOTS=DIR copies
# the screenshots there.
set -u
set -f # the wanted colour kinds hold "?"
bin=$1
here=$(cd "$(dirname "$0")" && pwd)
. "$here/xvfb_lib.sh"
game=
xvfb_start 1920x1080
source "$here/lib.sh"
source "$here/pg_lib.sh"
source "$here/table_lib.sh"
trap 'kill $xvfb $game 2>/dev/null; for p in ${host_pids[@]:-}; do kill $p 2>/dev/null; done; pg_stop; [ -n "${KEEP:-}" ] && echo "kept $tmp" || rm -rf "$tmp"' EXIT
trap 'exit 143' TERM INT HUP
if "$bin" link status --url '' 2>&1 | grep -q 'built without libpq'; then
  pg_skip "this studpoker was built without libpq"
fi
export SDL_RENDER_DRIVER=software SDL_FRAMEBUFFER_ACCELERATION=0
pg_start
pg_link_controller "$bin" || { bad "the controller"; finish; exit; }
q() { link_q "$@"; }
deck_classic="2h 7h 9h Jh 4h  Kd Kc 9s 6d 2c"
deck_live="2c 3d 7h 9s Jc  Ad Kc 8h 6d 3c"
deck_cajun="7c 2d  Qh 9s 4d"
deck_asian="5h 5d Tc Kh 9s  7d 3c Ks Ac 2d"
four_tables_add || { bad "the tables"; finish; exit; }
four_terminal p1 "$tmp/p1" || bad "adding p1"

give_up() {
  bad "$*"
  [ -n "${win:-}" ] && xwd -silent -id "$win" 2>/dev/null | convert xwd:- "$tmp/last.png" 2>/dev/null
  echo "program $(kill -0 $game 2>/dev/null && echo alive || echo gone); its stderr:"
  tail -n 20 "$tmp/err"
  finish
  exit 1
}
shot() { xwd -silent -id "$win" 2>/dev/null | convert xwd:- "$tmp/$1.png" 2>/dev/null; }
kind_at() { xvfb_kind "$(xvfb_pixels "$win" "$1")"; }
click() { xdotool mousemove --window "$win" "$1" "$2" click 1; }
key() { xdotool key --window "$win" "$@"; }
seated() { # TABLE: the controller seats p1 there (up to 30 s)
  for _ in $(seq 300); do
    [ "$(q -c "SELECT count(*) FROM sptable.seats WHERE machine = 'p1' AND tab = '$1'")" = 1 ] && return 0
    kill -0 $game 2>/dev/null || return 1
    sleep 0.1
  done
  return 1
}
wait_kind() { # X,Y KIND SECONDS
  local end=$((SECONDS + $3)) k=
  while [ $SECONDS -lt $end ]; do
    k=$(kind_at "$1")
    case "|$2|" in *"|$k|"*) return 0 ;; esac
    kill -0 $game 2>/dev/null || return 1
    sleep 0.2
  done
  echo "at $1: $k, not $2"
  return 1
}
betting() { # TABLE: its round takes bets for 7 s more at least (up to 90 s)
  for _ in $(seq 900); do
    [ "$(q -c "SELECT phase = 'betting' AND sptable.ms_left(betting_until) > 7000 FROM sptable.rounds
               WHERE tab = '$1' ORDER BY round DESC LIMIT 1")" = t ] && return 0
    sleep 0.1
  done
  return 1
}
staked() { # TABLE MIN: p1's accepted stakes there reach MIN (up to 30 s)
  for _ in $(seq 300); do
    [ "$(q -c "SELECT coalesce(sum(total), 0) >= $2 FROM sptable.stakes WHERE machine = 'p1' AND tab = '$1' AND accepted")" = t ] && return 0
    sleep 0.1
  done
  return 1
}

"$bin" play --windowed --size 1920x1080 --summary --no-vsync --config "$tmp/p1/game.ini" \
  --db "$tmp/p1/db.sqlite" --credits 1000.00 >"$tmp/out" 2>"$tmp/err" &
game=$!
win=$(xvfb_window 180 $game)
[ -n "$win" ] || give_up "no window drawn on the screen"
# the tables open once the window is up: their first rounds are the stacked decks' (eight)
four_hosts 12 60

# ---- the lobby (rows by name: asian, cajun, classic, live; at 1920x1080 units are pixels) ----
# (a button's colour is read left of its centre, off its label)
button() { lobby_point "$1" "$2" 1920 1080 | awk '{ printf "%d,%d\n", $1 - 50, $2 }'; }
wait_kind "$(button 2 join)" gold 60 || give_up "the lobby did not show classic's JOIN"
shot lobby
click $(lobby_point 2 join 1920 1080)
seated classic || give_up "the click on JOIN did not seat p1 at classic"
# one table: the whole window (the felt right of the spots), and its LOBBY in the title bar
wait_kind 1410,705 felt 30 || give_up "classic's table is not on the screen"
click 1226 36 # LOBBY, left of HELP, HISTORY and (a desktop's) SETTINGS
add_live=$(lobby_point 3 add 1920 1080)
wait_kind "$(button 3 join)" gold 30 || give_up "LOBBY did not open the lobby"
click $add_live
seated live || give_up "+TABLE did not seat p1 at live"
sleep 1
key o
wait_kind "$(button 1 join)" gold 30 || give_up "the O key did not open the lobby"
click $(lobby_point 1 add 1920 1080)
seated cajun || give_up "+TABLE did not seat p1 at cajun"
sleep 1
# the first quarter's LOBBY (the title bar's, at half size)
click 613 18
wait_kind "$(button 0 join)" gold 30 || give_up "a quarter's LOBBY did not open the lobby"
click $(lobby_point 0 add 1920 1080)
seated asian || give_up "+TABLE did not seat p1 at asian"

# ---- two by two: the felt in each quarter (left of the player's cards, under the timer) ----
qx=(0 960 0 960) qy=(0 0 540 540) tabs=(classic live cajun asian)
for i in 0 1 2 3; do
  wait_kind "$((qx[i] + 250)),$((qy[i] + 300))" felt 30 && ok || bad "no felt in quarter $((i + 1)) (${tabs[$i]})"
done
shot four

# ---- a bet at each table, in its quarter ----
for i in 0 1 2 3; do
  t=${tabs[$i]}
  betting "$t" || { bad "$t did not open a round for bets"; continue; }
  click $((qx[i] + 429)) $((qy[i] + 491)) # the 5.00 chip of the quarter's tray
  key b                                    # on the focused table's lit spot, the ANTE
  click $((qx[i] + 887)) $((qy[i] + 496)) # its DEAL
  staked "$t" 500 && ok || bad "the bet at $t was not taken: $(tail -n 3 "$tmp/err")"
done
shot bets
# the decisions, keys to the table clicked (pressed again until the table has it: a key during
# the deal's animation is not a decision yet)
decide() { # QUARTER KEY
  local t=${tabs[$1]}
  for _ in $(seq 60); do
    [ "$(q -c "SELECT count(*) FROM sptable.decisions WHERE machine = 'p1' AND tab = '$t'")" -ge 1 ] && return 0
    click $((qx[$1] + 250)) $((qy[$1] + 300))
    key "$2"
    sleep 1
  done
  return 1
}
decide 0 p && ok || bad "PLAY at classic was not taken"
for i in 1 2 3; do decide $i f && ok || bad "FOLD at ${tabs[$i]} was not taken"; done
# each table settled its round, each on its own
for want in "classic settled 1500 7000" "live settled 500 0" "cajun settled 500 0" "asian settled 500 0"; do
  set -- $want
  for _ in $(seq 300); do
    [ -n "$(q -c "SELECT 1 FROM sptable.results WHERE machine = 'p1' AND tab = '$1'")" ] && break
    sleep 0.1
  done
  got=$(q -F' ' -c "SELECT kind, staked, total FROM sptable.results WHERE machine = 'p1' AND tab = '$1'")
  [ "$got" = "$2 $3 $4" ] && ok || bad "$1's result for p1: '$got', not '$2 $3 $4'"
done
sleep 3
shot settled

# ---- F6: the focus (the gold frame) moves from the last table clicked (asian) to the first ----
wait_kind 963,810 gold 10 && ok || bad "the focused quarter (asian's) has no gold frame"
[ "$(kind_at 3,270)" != gold ] && ok || bad "classic's quarter is framed before F6"
key F6
wait_kind 3,270 gold 10 && ok || bad "F6 did not move the frame to classic's quarter"
[ "$(kind_at 963,810)" != gold ] && ok || bad "asian's quarter is still framed after F6"
shot focus

# ---- X on live's quarter: it is left, the others play on ----
click 1889 18
for _ in $(seq 300); do
  [ "$(q -c "SELECT count(*) FROM sptable.seats WHERE machine = 'p1' AND tab = 'live'")" = 0 ] && break
  sleep 0.1
done
[ "$(q -c "SELECT string_agg(tab, ' ' ORDER BY tab) FROM sptable.seats WHERE machine = 'p1'")" = "asian cajun classic" ] &&
  ok || bad "after X on live, p1 sits at: $(q -c "SELECT string_agg(tab, ' ') FROM sptable.seats WHERE machine = 'p1'")"
# the tables move up: cajun and asian in the second and third quarters, the fourth empty
wait_kind 1600,940 green 10 && ok || bad "the fourth quarter is not empty after X"
for i in 0 1 2; do
  [ "$(kind_at "$((qx[i] + 250)),$((qy[i] + 300))")" = felt ] && ok || bad "quarter $((i + 1)) lost its felt after X"
done
shot three

key ctrl+q
end=$((SECONDS + 120))
while kill -0 $game 2>/dev/null && [ $SECONDS -lt $end ]; do sleep 0.1; done
if kill -0 $game 2>/dev/null; then
  bad "Ctrl+Q did not end the program in 120 s"
else
  wait $game
  status=$?
  [ "$status" -eq 0 ] && ok || bad "exit status $status: $(tail -n 5 "$tmp/err")"
fi
game=
"$bin" audit --db "$tmp/p1/db.sqlite" --meters >"$tmp/audit" 2>&1 || bad "p1's audit: $(grep -v ^meter "$tmp/audit")"
grep -q 'cents lost 0$' "$tmp/audit" && ok || bad "p1's books: $(grep 'cents lost' "$tmp/audit")"
out_m=$(sed -n 's/^meter table_out //p' "$tmp/audit") in_m=$(sed -n 's/^meter table_in //p' "$tmp/audit")
[ "${out_m:-0}" = 3000 ] && [ "${in_m:-0}" = 7000 ] && ok ||
  bad "p1's meters: table_out ${out_m:-0} table_in ${in_m:-0}, not 3000 and 7000 (the controller's rows)"
if [ -n "${SHOTS:-}" ]; then mkdir -p "$SHOTS" && find "$tmp" -maxdepth 1 -name '*.png' -exec cp {} "$SHOTS"/ \;; fi
finish
