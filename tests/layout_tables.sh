#!/usr/bin/env bash
# The layout tour (layout_boxes.sh's rules, layout_check.py) of a terminal's own screens, which
# need a controller with tables (a PostgreSQL server of the test's own, four tables: table_lib.sh):
# the LOBBY with no table joined and with tables in play (JOIN, +TABLE, PLAYING, the JACKPOT), one
# table with the title bar's LOBBY and X, and four tables two by two (betting; a hand dealt at each
# with one table's HELP open; three tables and the empty quarter's +TABLE), at 1024x768,
# 1280x720 and 1920x1080. Each screen must also show what names it. Two by two, each quarter is
# checked as a screen of its own (layout_check.py's views): nothing overlaps or leaves its quarter,
# and its text is at least 24 units of the table's layout, which a quarter draws at half the
# window's scale (12 px at 1920x1080; the summary says so).
# usage: layout_tables.sh STUDPOKER LAYOUT_CHECK.PY [SIZES...]
set -uo pipefail
bin=$1
check=$2
shift 2
sizes=${*:-1024x768 1280x720 1920x1080}
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
source "$here/pg_lib.sh"
source "$here/table_lib.sh"
if ! command -v python3 >/dev/null; then
  if [ -n "${CI:-}" ]; then echo "FAIL: python3 is missing (scripts/deps.sh installs it)"; exit 1; fi
  echo "SKIP: python3 is not installed"; exit 77
fi
pg_test_begin "$bin"
pg_start
pg_link_controller "$bin" || { bad "the controller"; finish; exit; }
four_tables 10 60 || { bad "the tables"; finish; exit; }
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

for size in $sizes; do
  f=$tmp/$size
  # a terminal of its own for each size: its records and the controller's are one story
  term=t_$size
  four_terminal "$term" "$tmp/$term" || bad "adding $term"
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
  if ! "$bin" play --headless --turbo --size "$size" --frame-ms 50 --config "$tmp/$term/game.ini" \
      --db "$tmp/$term/db.sqlite" --credits 1000.00 --script "$f.script" >"$f.out" 2>"$f.err"; then
    bad "$size: the program failed: $(tail -n 3 "$f.err")"
  fi
  shows "$f-lobby.txt" "LOBBY" "Choose a table and JOIN it" "Asian Stud" "JOIN" "€1,000.00" "BALANCE"
  shows "$f-one.txt" "LOBBY" "HELP" "HISTORY" "X" "PLACE YOUR BETS"
  shows "$f-lobby2.txt" "PLAYING" "+TABLE" "BACK TO PLAY"
  shows "$f-four.txt" "Cajun Stud" "Asian Stud" "PLAY PAYS" "RAISE PAYS"
  shows "$f-dealt.txt" "MAKE YOUR DECISION" "PAGE 1 OF"
  shows "$f-three.txt" "+TABLE"
  [ "$(grep -c '^view ' "$f-four.txt")" -ge 4 ] && ok || bad "$size: the four tables are not drawn in quarters"
done
for p in "${host_pids[@]}"; do kill "$p" 2>/dev/null; done
for p in "${host_pids[@]}"; do wait "$p" 2>/dev/null; done

# every frame's boxes, checked; the figures (smallest text, problems) by size
if python3 "$check" --summary "$tmp"/*-*.txt >"$tmp/check.log"; then ok; else
  bad "the layout: $(grep -vc ': [0-9]*x[0-9]* texts' "$tmp/check.log") problems"
  grep -v ': [0-9]*x[0-9]* texts' "$tmp/check.log" | sed "s|$tmp/||" | head -n 200
fi
sed "s|$tmp/||" "$tmp/check.log" | grep ' texts '
finish
