#!/usr/bin/env bash
# The window's draw list (ui_gfx_damage.c) draws again only where a frame changed. Two checks:
# 1. A player's whole session on two games at two sizes (the benchmark's session: bets, a deal,
#    the decisions, a royal's celebration and hand pay, the help pages, the history, the operator
#    menu's pages, a cash-out and the attract demo), with STUDPOKER_DAMAGE_CHECK=4: after every
#    fourth frame drawn in part, the program draws the same list whole on the same pixels and
#    compares. Every such frame must be the same, and no picture may change after it was drawn in
#    its frame.
# 2. Pictures at moments of a round (the decision, the reveal, the celebration, a help page, the
#    operator's meters, the demo), taken with the list and without it (STUDPOKER_DAMAGE=0: drawn
#    whole by SDL as an accelerated renderer would), both drawing every frame whole under the
#    pop-ups: byte for byte the same.
set -u
bin=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
printf '[attract]\nidle_seconds = 5\n' >"$tmp/idle.ini"

for run in "caribbean-live 1280x720" "asian 1024x768"; do
  set -- $run
  preset=$1 size=$2
  "$bin" bench render --preset "$preset" --print-script >"$tmp/session" ||
    { echo "FAIL: $preset: no session"; fail=1; continue; }
  deck=$(sed -n '1s/.*--deck "\([^"]*\)".*/\1/p' "$tmp/session")
  grep -v '^#' "$tmp/session" >"$tmp/script"
  STUDPOKER_DAMAGE_CHECK=4 "$bin" play --headless --size "$size" --clock 1800000000 \
    --preset "$preset" --config "$tmp/idle.ini" --db "$tmp/$preset.db" --deck "$deck" \
    --script "$tmp/script" >"$tmp/out" 2>"$tmp/err" ||
    { echo "FAIL: $preset: the run: $(tail -3 "$tmp/err")"; fail=1; continue; }
  line=$(grep 'damage check:' "$tmp/err" | tail -1)
  set -- $(echo "$line" | sed -n 's/.*check: \([0-9]*\) frames drawn in part checked, \([0-9]*\) differed, \([0-9]*\) pictures.*/\1 \2 \3/p')
  checked=${1:-0} differed=${2:-x} changed=${3:-x}
  # the session draws some 5,500 frames in part (a still table is not drawn at all): a quarter
  [ "$checked" -ge 1000 ] || { echo "FAIL: $preset $size: only $checked frames checked ($line)"; fail=1; }
  [ "$differed" = 0 ] || { echo "FAIL: $preset $size: $differed frames drawn in part differ from drawn whole"; fail=1; }
  [ "$changed" = 0 ] || { echo "FAIL: $preset $size: $changed pictures changed after they were drawn"; fail=1; }
  grep -q 'screen=attract' "$tmp/out" || { echo "FAIL: $preset: the session did not reach the demo"; fail=1; }
  [ $fail -eq 0 ] && echo "$preset at $size: $checked frames drawn in part checked, each the same as drawn whole"
done

cat >"$tmp/moments" <<'SCRIPT'
100 CHIP3
150 SPOT ante
200 SPOT ante
600 DEAL
2600 SCREENSHOT P/decision.png
3000 PLAY
3400 SCREENSHOT P/reveal.png
5200 SCREENSHOT P/celebration.png
7000 SCREENSHOT P/win.png
9000 ATTENDANT
9500 HELP
9900 NEXT_SPOT
10300 SCREENSHOT P/help.png
10600 BACK
10900 SCREENSHOT P/closed.png
11000 QUIT
SCRIPT
for mode in list whole; do
  mkdir -p "$tmp/$mode"
  sed "s|P/|$tmp/$mode/|" "$tmp/moments" >"$tmp/$mode.script"
  env STUDPOKER_NO_FRAME_CACHE=1 $([ $mode = whole ] && echo STUDPOKER_DAMAGE=0) \
    "$bin" play --headless --size 1280x720 --clock 1800000000 --preset caribbean-live \
    --db "$tmp/moments-$mode.db" --deck "As Ks Qs Js Ts  Ad Kc 9h 6d 2c" \
    --script "$tmp/$mode.script" >/dev/null 2>"$tmp/err" ||
    { echo "FAIL: moments $mode: $(tail -3 "$tmp/err")"; fail=1; }
done
n=0
for f in "$tmp"/whole/*.png; do
  b=$(basename "$f")
  [ -s "$tmp/list/$b" ] || { echo "FAIL: no $b with the list"; fail=1; continue; }
  cmp -s "$f" "$tmp/list/$b" && n=$((n + 1)) || { echo "FAIL: $b with the list differs from drawn whole"; fail=1; }
done
[ "$n" -eq 6 ] || { echo "FAIL: $n of 6 pictures the same"; fail=1; }
# the moments differ from each other (a frame the list never drew again would repeat)
cmp -s "$tmp/list/decision.png" "$tmp/list/reveal.png" && { echo "FAIL: the reveal is the decision's picture"; fail=1; }
cmp -s "$tmp/list/celebration.png" "$tmp/list/win.png" && { echo "FAIL: the win is the celebration's picture"; fail=1; }
[ $fail -eq 0 ] && echo "a round's moments with the draw list are the pictures drawn whole ($n)"
exit $fail
