#!/usr/bin/env bash
# Copies the bundled UI font into assets/fonts/ from Debian's package
# (authoring time only; the game loads the committed TTF files with SDL2_ttf).
#
#   tools/assets/get_fonts.sh [OUTDIR]        (default: assets/fonts)
#
# Fonts: Roboto Condensed Regular and Bold (UI text) and Roboto Black (display:
# meters, banners), Copyright 2015 Google Inc., Apache License 2.0, from Debian's
# fonts-roboto-unhinted package. The game picks them by name (ui_gfx.c looks for
# "Regular.ttf", "Condensed-Bold.ttf" and "Black.ttf").
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-$here/../../assets/fonts}
src=/usr/share/fonts/truetype/roboto/unhinted
if [ ! -f "$src/RobotoCondensed-Bold.ttf" ]; then
  apt-get install -y fonts-roboto-unhinted
fi
mkdir -p "$out"
rm -f "$out"/*.ttf
for f in RobotoCondensed-Regular.ttf RobotoCondensed-Bold.ttf RobotoTTF/Roboto-Black.ttf; do
  cp "$src/$f" "$out/$(basename "$f")"
done
cp /usr/share/common-licenses/Apache-2.0 "$out/LICENSE-Apache-2.0.txt"
ver=$(dpkg-query -W -f '${Version}' fonts-roboto-unhinted 2>/dev/null || echo unknown)
{
  echo "Roboto Condensed (RobotoCondensed-Regular.ttf, RobotoCondensed-Bold.ttf) and"
  echo "Roboto Black (Roboto-Black.ttf)"
  echo
  echo "Copyright 2015 Google Inc. Licensed under the Apache License, Version 2.0;"
  echo "the full text is in LICENSE-Apache-2.0.txt next to this file."
  echo
  echo "Where it came from: Debian package fonts-roboto-unhinted, version $ver"
  echo "(files /usr/share/fonts/truetype/roboto/unhinted/RobotoCondensed-Regular.ttf,"
  echo "RobotoCondensed-Bold.ttf and RobotoTTF/Roboto-Black.ttf),"
  echo "upstream project: Roboto by Google (github.com/google/roboto). Copied unmodified"
  echo "by tools/assets/get_fonts.sh. Debian's copyright file for the package:"
  echo
  sed -n '1,10p' /usr/share/doc/fonts-roboto-unhinted/copyright | sed 's/^/    /'
  echo
  echo "sha256:"
  (cd "$out" && sha256sum RobotoCondensed-Regular.ttf RobotoCondensed-Bold.ttf Roboto-Black.ttf | sed 's/^/    /')
  echo
  echo "Note: these fonts have no playing-card suit glyphs (U+2660-2667); draw suits"
  echo "with assets/icons/suit_*.svg instead."
} >"$out/SOURCE.txt"
echo "get_fonts: wrote $(ls "$out" | wc -l) files to $(cd "$out" && pwd)"
