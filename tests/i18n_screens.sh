#!/usr/bin/env bash
# The table in each language (issue 16, item 1): Simplified and Traditional Chinese and Spanish,
# at 1280x720, 1920x1080 and 3840x2160, drawn by the real program (headless) with the layout's
# real sizes: the empty table, a win (a flush, stacked deck), every help page and, on a
# cabinet, the cash-out ticket's message. Each frame's text boxes (script verb BOXES) are
# checked by layout_check.py --fits: no text over another, off the screen, spilling out of its
# button or box, and no character its font cannot draw (the program records those); each
# screen shows the words of its language (from the catalog: "请下注" is PLACE YOUR BETS), so
# a tour that stayed English fails. Screenshots of each are written (KEEP=DIR keeps them). A
# desktop's choice is kept for its next start; a cabinet's ends at the cash-out.
# usage: i18n_screens.sh STUDPOKER LAYOUT_CHECK.PY
set -u
bin=$1
check=$2
if ! command -v python3 >/dev/null; then
  if [ -n "${CI:-}" ]; then echo "FAIL: python3 is missing (scripts/deps.sh installs it)"; exit 1; fi
  echo "SKIP: python3 is not installed"; exit 77
fi
if [ ! -f /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc ]; then
  if [ -n "${CI:-}" ]; then echo "FAIL: fonts-noto-cjk is missing (scripts/deps.sh installs it)"; exit 1; fi
  echo "SKIP: the CJK font (fonts-noto-cjk) is not installed"; exit 77
fi
tmp=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] && cp "$tmp"/*.png "$tmp"/*.txt "$KEEP"/ 2>/dev/null; rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
shows() { # FILE TEXT...
  local f=$1 t
  shift
  if [ ! -s "$f" ]; then bad "$(basename "$f"): no boxes written"; return; fi
  for t in "$@"; do
    if grep "^text " "$f" | grep -qF -- "$t"; then ok; else bad "$(basename "$f"): no '$t'"; fi
  done
}
png() { [ -s "$1" ] && ok || bad "$(basename "$1"): no screenshot"; }

# the words each screen must show, in each language: PLACE YOUR BETS, the hand's name on the
# win's line (a flush, jack high), HELP's page count, the ticket's CASHED OUT
declare -A BETS=([zh_CN]="请下注" [zh_TW]="請下注" [es]="HAGAN SUS APUESTAS")
declare -A FLUSH=([zh_CN]="J高同花" [zh_TW]="J高同花" [es]="Color al jota")
declare -A PAGE=([zh_CN]="第1页" [zh_TW]="第1頁" [es]="PÁGINA 1 DE")
declare -A CASHED=([zh_CN]="已兑现" [zh_TW]="已兌現" [es]="COBRADO")


for lang in zh_CN zh_TW es; do
  for size in 1280x720 1920x1080 3840x2160; do
    f=$tmp/$lang-$size
    printf '%s\n' "60 BOXES $f-table.txt" "80 SCREENSHOT $f-table.png" "100 CHIP3" "150 SPOT ante" \
      "300 DEAL" "2000 PLAY" "6000 BOXES $f-win.txt" "6050 SCREENSHOT $f-win.png" "6100 HELP" \
      "6600 BOXES $f-help0.txt" "6650 SCREENSHOT $f-help.png" "6700 NEXT_SPOT" \
      "7200 BOXES $f-help1.txt" "7300 NEXT_SPOT" "7800 BOXES $f-help2.txt" "7900 NEXT_SPOT" \
      "8400 BOXES $f-help3.txt" "8500 QUIT" >"$f.script"
    if ! "$bin" play --headless --turbo --frame-ms 40 --lang "$lang" --size "$size" \
        --preset caribbean-classic --seed 1 --deck "2h 7h 9h Jh 4h  Kd Kc 9s 6d 2c" \
        --script "$f.script" >"$f.out" 2>"$f.err"; then
      bad "$lang $size: the program failed: $(tail -n 3 "$f.err")"
    fi
    shows "$f-table.txt" "${BETS[$lang]}"
    shows "$f-win.txt" "${FLUSH[$lang]}"
    shows "$f-help0.txt" "${PAGE[$lang]}"
    png "$f-table.png"
    png "$f-win.png"
    png "$f-help.png"
    # the cabinet's player chooses the language (its button: script verb LANG), cashes out,
    # and the next player finds the operator's language ([display] language, English)
    printf '[game]\npreset = caribbean-classic\n[display]\nmode = kiosk\nlanguage = en\n[cabinet]\nmachine_id = TEST-07\ncoin_value = 1.00\nvoucher_path = %s\n' \
      "$f-tickets" >"$f-cabinet.ini"
    printf '%s\n' "50 LANG $lang" "100 COIN" "200 COIN" "400 CASHOUT" "900 BOXES $f-ticket.txt" \
      "950 SCREENSHOT $f-ticket.png" "3000 BOXES $f-after.txt" "3100 QUIT" >"$f-cab.script"
    if ! "$bin" play --headless --turbo --frame-ms 40 --size "$size" \
        --config "$f-cabinet.ini" --db "$tmp/$lang-$size.db" --seed 1 \
        --script "$f-cab.script" >"$f-cab.out" 2>"$f-cab.err"; then
      bad "$lang $size cabinet: the program failed: $(tail -n 3 "$f-cab.err")"
    fi
    shows "$f-ticket.txt" "${CASHED[$lang]}"
    shows "$f-after.txt" "INSERT MONEY"
    png "$f-ticket.png"
  done
done

# a desktop remembers the player's choice: LANG es, then a second start without --lang is in
# Spanish (the player's settings file beside the database says so); --lang en wins over it
d=$tmp/desktop
printf '%s\n' "100 LANG es" "400 BOXES $d-1.txt" "500 QUIT" >"$d-1.script"
printf '%s\n' "300 BOXES $d-2.txt" "400 QUIT" >"$d-2.script"
"$bin" play --headless --turbo --size 1280x720 --db "$d.db" --script "$d-1.script" >/dev/null 2>&1 ||
  bad "desktop: the first start failed"
grep -qx 'language = es' "$d-player.ini" 2>/dev/null && ok || bad "desktop: the choice is not kept"
"$bin" play --headless --turbo --size 1280x720 --db "$d.db" --script "$d-2.script" >/dev/null 2>&1 ||
  bad "desktop: the second start failed"
shows "$d-2.txt" "HAGAN SUS APUESTAS"
"$bin" play --headless --turbo --size 1280x720 --db "$d.db" --lang en --script "$d-2.script" \
  >/dev/null 2>&1 || bad "desktop: the third start failed"
shows "$d-2.txt" "PLACE YOUR BETS"

if python3 "$check" --fits --summary "$tmp"/*-{table,win,help0,help1,help2,help3,ticket}.txt \
    >"$tmp/check.log"; then ok; else
  bad "the layout: $(grep -vc ' texts ' "$tmp/check.log") problems"
  grep -v ' texts ' "$tmp/check.log" | sed "s|$tmp/||" | head -n 200
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
