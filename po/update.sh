#!/usr/bin/env bash
# Extracts every marked text of the core, the machine and the app into po/studpoker.pot
# (xgettext) and merges it into each catalog of po/LINGUAS (msgmerge): new texts arrive
# untranslated, texts no longer in the code become obsolete (#~). Run from anywhere; the build
# only compiles the catalogs (msgfmt).
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t sources < <(ls src/core/*.c src/core/*.h src/machine/*.c src/machine/*.h src/app/*.c src/app/*.h | sort)
xgettext --from-code=UTF-8 --language=C --add-comments=TRANSLATORS \
  --keyword=_ --keyword=N_ --keyword=NG_:1,2 --keyword=C_:1c,2 --keyword=NC_:1c,2 \
  --keyword=gfx_text:2 --keyword=gfx_text_shadow:2 --keyword=gfx_text_width:2 \
  --keyword=gfx_text_wrap:2 --keyword=gfx_text_wrap_height:2 --keyword=tb_fit:2 \
  --keyword=table_toast:2 --keyword=banner:2 --keyword=banner:3 \
  --flag=NG_:1:c-format --flag=NG_:2:c-format --add-location=file \
  --package-name=studpoker --msgid-bugs-address=dev@studpoker.invalid \
  -o po/studpoker.pot "${sources[@]}"
for l in $(grep -v '^#' po/LINGUAS); do
  if [ -f "po/$l.po" ]; then
    msgmerge --quiet --update --backup=none --no-fuzzy-matching "po/$l.po" po/studpoker.pot
  else
    msginit --no-translator --locale="$l.UTF-8" -i po/studpoker.pot -o "po/$l.po"
  fi
done
