#!/usr/bin/env bash
# The layout tour (layout_boxes.sh's rules, layout_check.py) of a terminal's own screens, which
# need a controller with tables (a PostgreSQL server of the test's own, four tables: table_lib.sh):
# the LOBBY with no table joined and with tables in play (JOIN, +TABLE, PLAYING, the JACKPOT), one
# table with the title bar's LOBBY and X, and four tables two by two (betting; a hand dealt at each
# with one table's HELP open; three tables and the empty quarter's +TABLE), in English at
# 1024x768, 1280x720 and 1920x1080 and in the other languages at one size each (Simplified
# Chinese at 1280x720, Traditional at 1920x1080, Spanish at 3840x2160: i18n_screens.sh draws the
# lobby's frame at every size in every language, without a server). Each screen must also show
# what names it, in its language (the catalogs' words); in Chinese and Spanish nothing may be left
# in English and no text may spill out of its box (layout_check.py --fits --lang). Two by two,
# each quarter is checked as a screen of its own (layout_check.py's views): nothing overlaps or
# leaves its quarter, and its text is at least 24 units of the table's layout, which a quarter
# draws at half the window's scale (12 px at 1920x1080; the summary says so).
# The runs go side by side, each on a server of its own with its own four tables and hosts (what
# a run sees is its own tables' rounds, as when they took turns on one server), so that their
# waits for the tables' rounds overlap.
# usage: layout_tables.sh STUDPOKER LAYOUT_CHECK.PY LOCALEDIR [SIZE:LANG...]
set -uo pipefail
bin=$1
check=$2
localedir=$3
shift 3
runs=${*:-1024x768:en 1280x720:en 1920x1080:en 1280x720:zh_CN 1920x1080:zh_TW 3840x2160:es}
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
source "$here/pg_lib.sh"
source "$here/table_lib.sh"
if ! command -v python3 >/dev/null; then
  if [ -n "${CI:-}" ]; then echo "FAIL: python3 is missing (scripts/deps.sh installs it)"; exit 1; fi
  echo "SKIP: python3 is not installed"; exit 77
fi
# cat_of LANG MSGID: the catalog's words for it (as i18n_screens.sh reads them)
cat_of() { LC_ALL=C.UTF-8 LANGUAGE=$1 TEXTDOMAINDIR=$localedir gettext -d studpoker -- "$2"; }
catf() {
  local f
  f=$(cat_of "$1" "$2")
  shift 2
  # shellcheck disable=SC2059
  printf "$f" "$@"
}
pg_test_begin "$bin"
pg_find # (no server programs: skipped here, not in each run)
# shows FILE TEXT...: the frame holds a text box with each TEXT in it
shows() {
  local f=$1 t
  shift
  if [ ! -s "$f" ]; then bad "$(basename "$f"): no boxes written"; return; fi
  for t in "$@"; do
    # (not grep -q: under pipefail the first grep, cut short, would fail the pipeline)
    grep "^text " "$f" | grep -F -- "$t" >/dev/null && ok || bad "$(basename "$f"): no text '$t' on this screen"
  done
}

# lane SIZE LANG: one run, in a subshell: a server, its controller and four tables with their
# hosts (pg_lib.sh, table_lib.sh: their files in a folder of the run's own), the terminal's tour;
# its boxes in $tmp/SIZE-LANG-*.txt, what failed as FAIL: lines on stdout
lane() {
  local size=$1 lang=$2
  local f=$tmp/$size-$lang
  tmp=$tmp/lane-$size-$lang
  mkdir -p "$tmp"
  host_pids=()
  local play=
  # (waits for its own processes by their ids: pg_start's guard lives as long as the test)
  trap 'exit 143' TERM INT HUP
  trap 'kill $play ${host_pids[@]:-} 2>/dev/null
    for p in $play ${host_pids[@]:-}; do wait "$p" 2>/dev/null; done; pg_stop' EXIT
  pg_start
  pg_link_controller "$bin" || { echo "FAIL: $size $lang: the controller"; exit 1; }
  four_tables 10 60 || { echo "FAIL: $size $lang: the tables"; exit 1; }
  # a terminal of its own for each run: its records and the controller's are one story
  local term
  term=t_${size}_$(printf %s "$lang" | tr A-Z a-z)
  four_terminal "$term" "$tmp/$term" || echo "FAIL: adding $term"
  printf '[display]\nlanguage = %s\n' "$lang" >>"$tmp/$term/game.ini"
  {
    printf '%s\n' "LOBBYWAIT 30000 live" "SLEEP 1500" "LOBBYWAIT 5000 live" "BOXES $f-lobby.txt" \
      "JOIN classic" "BOXES $f-one.txt" "LOBBY" "LOBBYWAIT 5000 live" "BOXES $f-lobby2.txt" \
      "ADDTABLE live" "ADDTABLE cajun" "ADDTABLE asian" "BOXES $f-four.txt"
    for i in 1 2 3 4; do
      printf '%s\n' "FOCUS $i" "TABLEWAIT 60000 betting" "CHIP3" "SPOT ante" "DEAL"
    done
    for i in 1 2 3 4; do printf '%s\n' "FOCUS $i" "TABLEWAIT 60000 deciding"; done
    printf '%s\n' "FOCUS 2" "HELP" "BOXES $f-dealt.txt" "BACK"
    for i in 1 2 3 4; do printf '%s\n' "FOCUS $i" "FOLD"; done
    printf '%s\n' "FOCUS 1" "TABLEWAIT 60000 collected=1" "CLOSETABLE 1" "SEATWAIT 30000 3" \
      "BOXES $f-three.txt" "QUIT"
  } | awk '{ printf "%d %s\n", NR * 100, $0 }' >"$f.script"
  # (in the background: a TERM to the test ends it at once)
  "$bin" play --headless --turbo --size "$size" --frame-ms 50 --config "$tmp/$term/game.ini" \
    --db "$tmp/$term/db.sqlite" --credits 1000.00 --script "$f.script" >"$f.out" 2>"$f.err" &
  play=$!
  wait $play || echo "FAIL: $size: the program failed: $(tail -n 3 "$f.err")"
  play=
}
lanes=()
trap 'kill ${lanes[@]:-} 2>/dev/null; for p in ${lanes[@]:-}; do wait "$p"; done
  [ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
for run in $runs; do
  lane "${run%%:*}" "${run##*:}" >"$tmp/lane-$run.log" 2>&1 &
  lanes+=($!)
done
wait "${lanes[@]}"
lanes=()

declare -A BALANCE=([en]="€1,000.00" [zh_CN]="€1,000.00" [zh_TW]="€1,000.00" [es]="1000,00 €")
for run in $runs; do
  size=${run%%:*} lang=${run##*:}
  f=$tmp/$size-$lang
  if grep -q '^FAIL: ' "$tmp/lane-$run.log"; then
    while read -r l; do bad "${l#FAIL: }"; done < <(grep '^FAIL: ' "$tmp/lane-$run.log")
    grep -v '^FAIL: ' "$tmp/lane-$run.log" | head -n 20
  fi
  bal=$(catf "$lang" "BALANCE %s" "")
  shows "$f-lobby.txt" "$(cat_of "$lang" LOBBY)" "$(cat_of "$lang" "Choose a table and JOIN it.")" \
    "$(cat_of "$lang" "Asian Stud")" "$(cat_of "$lang" JOIN)" "${BALANCE[$lang]}" "${bal% }"
  shows "$f-one.txt" "$(cat_of "$lang" LOBBY)" "$(cat_of "$lang" HELP)" "$(cat_of "$lang" HISTORY)" "X" \
    "$(cat_of "$lang" "PLACE YOUR BETS")"
  shows "$f-lobby2.txt" "$(cat_of "$lang" PLAYING)" "$(cat_of "$lang" +TABLE)" "$(cat_of "$lang" "BACK TO PLAY")"
  shows "$f-four.txt" "$(cat_of "$lang" "Cajun Stud")" "$(cat_of "$lang" "Asian Stud")" \
    "$(cat_of "$lang" "PLAY PAYS")" "$(cat_of "$lang" "RAISE PAYS")"
  shows "$f-dealt.txt" "$(cat_of "$lang" "MAKE YOUR DECISION")" "$(catf "$lang" "PAGE %d OF %d" 1 4)"
  shows "$f-three.txt" "$(cat_of "$lang" +TABLE)"
  [ "$(grep -c '^view ' "$f-four.txt")" -ge 4 ] && ok || bad "$run: the four tables are not drawn in quarters"
done

# every frame's boxes, checked; the figures (smallest text, problems) by run: English by the
# rules of every layout tour, the other languages with --fits and --lang as well
for run in $runs; do
  size=${run%%:*} lang=${run##*:}
  extra=()
  # (the tables' names are the test's: table_lib.sh's four)
  [ "$lang" != en ] && extra=(--fits --lang "$lang" --allow classic,live,cajun,asian)
  if python3 "$check" --summary "${extra[@]}" "$tmp/$size-$lang"-*.txt >"$tmp/check-$run.log"; then ok; else
    bad "$run: the layout: $(grep -vc ': [0-9]*x[0-9]* texts' "$tmp/check-$run.log") problems"
    grep -v ': [0-9]*x[0-9]* texts' "$tmp/check-$run.log" | sed "s|$tmp/||" | head -n 100
  fi
  sed "s|$tmp/||" "$tmp/check-$run.log" | grep ' texts '
done
finish
