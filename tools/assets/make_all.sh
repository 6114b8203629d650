#!/usr/bin/env bash
# Regenerates every studpoker asset from the scripts in this folder.
#   tools/assets/make_all.sh            (writes into assets/, and the icon into dist/icons/)
# Needs python3; sox + libsox-fmt-all + espeak-ng for the sounds; the Debian
# font package for the font (get_fonts.sh installs it when missing).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
python3 "$here/make_cards.py"
python3 "$here/make_chips.py"
python3 "$here/make_table.py"
python3 "$here/make_icon.py"
bash "$here/make_sounds.sh"
bash "$here/get_fonts.sh"
