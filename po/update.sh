#!/usr/bin/env bash
# Extracts every marked text of the core, the machine and the app into po/studpoker.pot
# (xgettext) and merges it into each catalog of po/LINGUAS (msgmerge): new texts arrive
# untranslated, texts no longer in the code become obsolete (#~). Run from anywhere; the build
# only compiles the catalogs (msgfmt).
set -euo pipefail
cd "$(dirname "$0")/.."
# host*: the table host has no screen; the store's and the math's texts are their records but
# for the few marked N_() that a screen shows (a refusal, a bet's name)
mapfile -t sources < <(ls src/core/*.c src/core/*.h src/machine/*.c src/machine/*.h src/app/*.c src/app/*.h src/store/*.c src/math/approval.c | grep -v "src/machine/host" | sort)
xgettext --from-code=UTF-8 --language=C --add-comments=TRANSLATORS \
  --keyword=_ --keyword=N_ --keyword=NG_:1,2 --keyword=C_:1c,2 --keyword=NC_:1c,2 \
  --keyword=gfx_text:2 --keyword=gfx_text_shadow:2 --keyword=gfx_text_width:2 \
  --keyword=gfx_text_wrap:2 --keyword=gfx_text_wrap_height:2 --keyword=tb_fit:2 \
  --keyword=table_toast:2 --keyword=banner:2 --keyword=banner:3 --keyword=say:2 \
  --keyword=fault:2 --keyword=game_link_fault:2 --keyword=game_record_fault:2 \
  --keyword=void_after_fault:2 --keyword=recorded:3 \
  --flag=NG_:1:c-format --flag=NG_:2:c-format --add-location=file \
  --package-name=studpoker --msgid-bugs-address=dev@studpoker.invalid \
  -o po/studpoker.pot "${sources[@]}"
# the help pages' Markdown, unit by unit as scene_help_text.c's translate_doc reads them: a
# heading's, a paragraph's or a list item's text on one line, without its mark
python3 - po/help.pot assets/help/*.md <<'PY'
import sys
def units(text):
    out, mark, unit = [], "", ""
    for line in text.split("\n"):
        body = line.lstrip(" ")
        blank, cont = not body, line.startswith(" ") and unit
        item = line[line.index("}") + 1:] if line.startswith("{?") and "}" in line else line
        starts = blank or line.startswith("#") or item.startswith("- ")
        if unit and (starts or (not cont and mark.startswith("#"))):
            out.append(unit)
            unit = mark = ""
        if blank:
            continue
        if not unit:
            if line.startswith("#"):
                m = len(line) - len(line.lstrip("#"))
                m += len(line[m:]) - len(line[m:].lstrip(" "))
            elif item.startswith("- "):
                m = len(line) - len(item) + 2
            else:
                m = 0
            mark, unit = line[:m], line[m:]
        else:
            unit += " " + body
    if unit:
        out.append(unit)
    return out
def q(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'
seen = {}
for path in sys.argv[2:]:
    for u in units(open(path, encoding="utf-8").read()):
        seen.setdefault(u, []).append(path)
with open(sys.argv[1], "w", encoding="utf-8") as f:
    f.write('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n')
    for u, paths in seen.items():
        f.write("#. TRANSLATORS: a help page's text (Markdown); keep {names} as they are\n")
        f.write("#: " + " ".join(sorted(set(paths))) + "\n")
        f.write("msgid " + q(u) + '\nmsgstr ""\n\n')
PY
msgcat --use-first -o po/studpoker.pot po/studpoker.pot po/help.pot
rm -f po/help.pot
for l in $(grep -v '^#' po/LINGUAS); do
  if [ -f "po/$l.po" ]; then
    msgmerge --quiet --update --backup=none --no-fuzzy-matching "po/$l.po" po/studpoker.pot
  else
    msginit --no-translator --locale="$l.UTF-8" -i po/studpoker.pot -o "po/$l.po"
  fi
done
