#!/usr/bin/env bash
# The README's screenshots (docs/screenshots/), made by the real program, headless, from stacked
# decks at 1280x720: the decision moment and a win on the live table (and in Chinese), a royal's
# celebration.
# Reduced to 256 colours by ImageMagick's convert when it is there (a third of the size).
#   tools/screenshots.sh [STUDPOKER]      (default: build/release/studpoker)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-build/release/studpoker}
out=docs/screenshots
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$out"
# the live table: ante 10.00 (two 5.00 chips), 5+1 BONUS 5.00, JACKPOT 1.00; four nines against
# the dealer's ace-king: the decision with its timer, then BIG WIN! with the payouts on the spots
printf '%s\n' "100 CHIP3" "150 SPOT ante" "200 SPOT ante" "250 SPOT bonus51" "300 SPOT jackpot" \
  "800 DEAL" "4200 SCREENSHOT $tmp/decision.png" "4500 PLAY" "6800 SCREENSHOT $tmp/win.png" \
  "7000 QUIT" >"$tmp/live.script"
"$bin" play --headless --preset caribbean-live --seed 11 --size 1280x720 --clock 1800000000 \
  --deck "9s 9h 9d 9c Kh  Ad Kc 8h 6d 3c" --script "$tmp/live.script" >/dev/null
# the classic table's royal flush: its celebration
printf '%s\n' "100 CHIP3" "150 SPOT ante" "200 SPOT ante" "600 DEAL" "3000 PLAY" \
  "6500 SCREENSHOT $tmp/celebration.png" "6600 QUIT" >"$tmp/royal.script"
"$bin" play --headless --preset caribbean-classic --seed 11 --size 1280x720 --clock 1800000000 \
  --deck "As Ks Qs Js Ts  Ad Kc 9h 6d 2c" --script "$tmp/royal.script" >/dev/null
# the same win in Simplified Chinese (README: Languages and money)
"$bin" play --headless --preset caribbean-live --seed 11 --size 1280x720 --lang zh_CN --clock 1800000000 \
  --deck "9s 9h 9d 9c Kh  Ad Kc 8h 6d 3c" \
  --script <(sed "s|$tmp/win.png|$tmp/win-zh_CN.png|; s|$tmp/decision.png|$tmp/unused.png|" \
    "$tmp/live.script") >/dev/null
for f in decision win celebration win-zh_CN; do
  if command -v convert >/dev/null; then
    convert "$tmp/$f.png" -dither FloydSteinberg -colors 256 -strip "PNG8:$out/$f.png"
  else
    cp "$tmp/$f.png" "$out/$f.png"
  fi
done
ls -l "$out"
