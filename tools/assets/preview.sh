#!/usr/bin/env bash
# Rasterises the SVG art with the game's own loader (SDL2_image/nanosvg, via
# svg2png.c) and builds contact sheets for a visual check.
#   tools/assets/preview.sh [OUTDIR]        (default /tmp/studpoker-preview)
# Needs: cc, SDL2 + SDL2_image dev files, ImageMagick (montage, convert).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out=${1:-/tmp/studpoker-preview}
mkdir -p "$out/cards" "$out/chips" "$out/table" "$out/buttons"
cc -O2 -o "$out/svg2png" "$here/svg2png.c" $(pkg-config --cflags --libs sdl2 SDL2_image)
exec 3>"$out/timings.txt"

raster() { # width dir files...
  local w=$1 dir=$2; shift 2
  local args=()
  for f in "$@"; do args+=("$f" "$out/$dir/$(basename "${f%.svg}").png"); done
  "$out/svg2png" "$w" 0 "${args[@]}" >&3
}

order=()
for s in s h d c; do for r in A K Q J T 9 8 7 6 5 4 3 2; do order+=("$root/assets/cards/$r$s.svg"); done; done
order+=("$root/assets/cards/Jk.svg" "$root/assets/cards/back.svg" "$root/assets/cards/back_blue.svg")
raster 150 cards "${order[@]}"
pngs=(); for f in "${order[@]}"; do pngs+=("$out/cards/$(basename "${f%.svg}").png"); done
montage "${pngs[@]}" -background '#0f5a32' -tile 13x -geometry +6+6 "$out/cards_sheet.png"
# the same at a small size, as the table may draw them
raster 90 cards "${order[@]}"
montage "${pngs[@]}" -background '#0f5a32' -tile 13x -geometry +4+4 "$out/cards_sheet_small.png"

if ls "$root"/assets/chips/*.svg >/dev/null 2>&1; then
  raster 120 chips "$root"/assets/chips/*.svg
  montage "$out"/chips/*.png -background '#0f5a32' -tile 8x -geometry +8+8 "$out/chips_sheet.png"
fi
if ls "$root"/assets/buttons/*.svg >/dev/null 2>&1; then
  raster 220 buttons "$root"/assets/buttons/*.svg
  montage "$out"/buttons/*.png -background '#0f5a32' -tile 4x -geometry +8+8 "$out/buttons_sheet.png"
fi
if ls "$root"/assets/table/spots/*.svg >/dev/null 2>&1; then
  mkdir -p "$out/spots"
  raster 200 spots "$root"/assets/table/spots/*.svg
  montage "$out"/spots/*.png -background '#0f5a32' -tile 6x -geometry +8+8 "$out/spots_sheet.png"
fi
for f in "$root"/assets/table/*.svg "$root"/assets/logo.svg; do
  [ -f "$f" ] && "$out/svg2png" 960 0 "$f" "$out/table/$(basename "${f%.svg}").png" >&3
done


# a mock table scene (1280x720) composed from the assets, to judge them together
m="$out/mock"; mkdir -p "$m"; A="$root/assets"; R="$out/svg2png"
{
"$R" 1280 0 "$A/table/felt.svg" "$m/felt.png"
"$R" 110 0 "$A/cards/As.svg" "$m/c1.png" "$A/cards/Kd.svg" "$m/c2.png" "$A/cards/Qs.svg" "$m/c3.png" \
  "$A/cards/Jh.svg" "$m/c4.png" "$A/cards/Th.svg" "$m/c5.png" "$A/cards/back.svg" "$m/bk.png" "$A/cards/7c.svg" "$m/c7.png"
"$R" 120 0 "$A/table/spots/circle_ante.svg" "$m/ante.png" "$A/table/spots/circle_play.svg" "$m/play.png" \
  "$A/table/spots/circle_5plus1_bonus.svg" "$m/b51.png" "$A/table/spots/circle_jackpot.svg" "$m/jp.png"
"$R" 60 0 "$A/chips/chip_500.svg" "$m/ch5.png" "$A/chips/chip_2500.svg" "$m/ch25.png" "$A/chips/chip_10000.svg" "$m/ch100.png" \
  "$A/chips/chip_100.svg" "$m/ch1.png" "$A/chips/chip_25.svg" "$m/ch025.png"
"$R" 72 0 "$A/chips/chip_select.svg" "$m/sel.png"
"$R" 150 0 "$A/buttons/green_normal.svg" "$m/bg.png" "$A/buttons/red_normal.svg" "$m/br.png" \
  "$A/buttons/gold_hover.svg" "$m/bgo.png" "$A/buttons/blue_normal.svg" "$m/bb.png" "$A/buttons/blue_disabled.svg" "$m/bbd.png"
"$R" 260 0 "$A/logo.svg" "$m/logo.png"
"$R" 330 0 "$A/table/meter.svg" "$m/meter.png"
} >/dev/null
F="$A/fonts/RobotoCondensed-Bold.ttf"
convert "$m/felt.png" \
  "$m/logo.png" -geometry +20+14 -composite "$m/meter.png" -geometry +475+8 -composite \
  -font "$F" -fill '#ffd75e' -pointsize 16 -annotate +560+30 'PROGRESSIVE JACKPOT' \
  -fill '#ff4040' -pointsize 40 -annotate +545+72 '$ 148,392.75' \
  "$m/bk.png" -geometry +450+120 -composite "$m/c2.png" -geometry +535+120 -composite \
  "$m/bk.png" -geometry +620+120 -composite "$m/bk.png" -geometry +705+120 -composite \
  "$m/bk.png" -geometry +790+120 -composite \
  "$m/c1.png" -geometry +450+410 -composite "$m/c3.png" -geometry +535+410 -composite \
  "$m/c4.png" -geometry +620+410 -composite "$m/c5.png" -geometry +705+410 -composite \
  "$m/c7.png" -geometry +790+410 -composite \
  "$m/ante.png" -geometry +380+575 -composite "$m/play.png" -geometry +520+575 -composite \
  "$m/b51.png" -geometry +660+575 -composite "$m/jp.png" -geometry +800+575 -composite \
  "$m/ch5.png" -geometry +410+605 -composite "$m/ch25.png" -geometry +410+600 -composite \
  "$m/ch100.png" -geometry +410+595 -composite "$m/ch5.png" -geometry +690+605 -composite \
  "$m/sel.png" -geometry +14+634 -composite "$m/ch025.png" -geometry +20+640 -composite \
  "$m/ch1.png" -geometry +85+640 -composite "$m/ch5.png" -geometry +150+640 -composite \
  "$m/ch25.png" -geometry +215+640 -composite "$m/ch100.png" -geometry +280+640 -composite \
  "$m/bb.png" -geometry +960+560 -composite "$m/bbd.png" -geometry +1115+560 -composite \
  "$m/bg.png" -geometry +960+630 -composite "$m/br.png" -geometry +1115+630 -composite \
  "$m/bgo.png" -geometry +1040+490 -composite \
  -fill white -pointsize 26 -annotate +1005+600 'REPEAT' -fill '#cfd2d6' -annotate +1168+600 'UNDO' \
  -fill white -annotate +1018+670 'PLAY' -annotate +1168+670 'FOLD' -fill '#3a2500' -annotate +1092+530 'DEAL' \
  -fill '#ffd75e' -pointsize 18 -annotate +20+625 'BALANCE  $1,250.00     BET  $130.00     WIN  $0.00' \
  "$out/table_mock.png"
echo "preview: contact sheets and table_mock.png in $out (rasterise times in timings.txt)"
