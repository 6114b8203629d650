#!/usr/bin/env bash
# Every screen in one language (issue 16, item 1), at 1280x720, 1920x1080 and 3840x2160, drawn by
# the real program (headless, --sparse: only the frames the script reads are rendered) with the
# layout's real sizes: each preset's table (empty, the bets and each side bet's pay table, each
# decision, a round's result, the four help pages, the history, the player's settings, a refused
# bet), responsible gaming (the page, the reality check, betting stopped), a cabinet (the hand pay,
# the cash-out's message and its ticket, the recorded rounds, the door, the PIN pad and every page
# of the operator menu, the pools page of a game with a pool), the lobby of a terminal whose
# tables cannot be reached, and the attract demo. Each frame's text boxes (script verb BOXES) and
# the ticket's are checked by layout_check.py --fits --lang: no text over another, off the screen
# or spilling out of its button or box, no character its font cannot draw, and in Chinese or
# Spanish no text left in English. Each screen must show what names it, in its language (the catalog's words, read
# with gettext from the build's catalogs: "请下注" is PLACE YOUR BETS), so a tour that missed a
# screen or stayed English fails. The classic table's screenshots are written; with KEEP=DIR,
# every screen's, kept there with the boxes.
# Then, once: a cabinet's player chooses the language, cashes out with a ticket in it, and the
# next player finds the operator's English; a desktop keeps the player's choice for its next start;
# in English, the classic tour drawn with every frame gives the same boxes as --sparse.
# usage: i18n_screens.sh STUDPOKER LAYOUT_CHECK.PY LOCALEDIR LANG [SIZES...]
set -u
bin=$1
check=$2
localedir=$3
lang=$4
shift 4
sizes=${*:-1280x720 1920x1080 3840x2160}
if ! command -v python3 >/dev/null; then
  if [ -n "${CI:-}" ]; then echo "FAIL: python3 is missing (scripts/deps.sh installs it)"; exit 1; fi
  echo "SKIP: python3 is not installed"; exit 77
fi
if [ ! -f /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc ]; then
  if [ -n "${CI:-}" ]; then echo "FAIL: fonts-noto-cjk is missing (scripts/deps.sh installs it)"; exit 1; fi
  echo "SKIP: the CJK font (fonts-noto-cjk) is not installed"; exit 77
fi
if ! command -v gettext >/dev/null || [ ! -d "$localedir" ]; then
  echo "FAIL: gettext or the catalogs ($localedir) are missing"; exit 1
fi
tmp=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] && cp -r "$tmp"/*.png "$tmp"/*.txt "$tmp"/tickets-* "$KEEP"/ 2>/dev/null; rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# cat_of MSGID: the catalog's words for it in this language (gettext: the C.UTF-8 locale reads
# LANGUAGE); catf MSGID ARGS...: the same, formatted
cat_of() { LC_ALL=C.UTF-8 LANGUAGE=$lang TEXTDOMAINDIR=$localedir gettext -d studpoker -- "$1"; }
catf() {
  local f
  f=$(cat_of "$1")
  shift
  # shellcheck disable=SC2059
  printf "$f" "$@"
}
if [ "$lang" != en ] && [ "$(cat_of "PLACE YOUR BETS")" = "PLACE YOUR BETS" ]; then
  echo "FAIL: the catalog of $lang is not in $localedir"; exit 1
fi

# play NAME ARGS... -- SCRIPT-LINES...: the game headless, turbo, in the language, the script's
# frames only (a fixed clock: the same frames every run)
play() {
  local name=$1 args=()
  shift
  while [ "$1" != -- ]; do args+=("$1"); shift; done
  shift
  # screenshots (slow to write at 3840x2160) only where kept, and the checked ones
  local l
  for l in "$@"; do
    case $l in
      *" SCREENSHOT "*-caribbean-classic-empty.png | *" SCREENSHOT "*-caribbean-classic-result.png) ;;
      *" SCREENSHOT "*) [ -n "${KEEP:-}" ] || continue ;;
    esac
    printf '%s\n' "$l"
  done >"$tmp/$name.script"
  if ! "$bin" play --headless --turbo --sparse --frame-ms 40 "${args[@]}" \
      --script "$tmp/$name.script" >"$tmp/$name.out" 2>"$tmp/$name.err"; then
    bad "$name: the program failed: $(tail -n 3 "$tmp/$name.err")"
  fi
}
# shows FILE TEXT...: the frame holds a text box with each TEXT in it ("GROUP|TEXT": in that
# group of boxes)
shows() {
  local f=$1 t
  shift
  if [ ! -s "$f" ]; then bad "$(basename "$f"): no boxes written"; return; fi
  for t in "$@"; do
    if grep "^text " "$f" | grep -qF -- "$t"; then ok; else bad "$(basename "$f"): no text '$t'"; fi
  done
}
png() { [ -s "$1" ] && ok || bad "$(basename "$1"): no screenshot"; }
PIN=("2468" "DIGIT 2" "DIGIT 4" "DIGIT 6" "DIGIT 8")
declare -A WORDS=([en]="ONE HUNDRED ONE AND 00/100" [zh_CN]="壹佰零壹元整" [zh_TW]="壹佰零壹元整"
  [es]="CIENTO UNO CON 00/100")

# A preset's table: the bets (side bets too) and each side bet's pay table, the decisions, a
# round won (stacked decks: ../shared/rules.md's hands), help, history, the player's settings
# and a refused bet (a second chip on an ante at its maximum).
tour() { # SIZE PRESET DECK SPOTS DECISIONS VERDICT-MSGID [PAY TABLE MSGIDS after the first...]
  local size=$1 preset=$2 deck=$3 spots=$4 decisions=$5 verdict=$6 n=0 t s k lines=()
  shift 6
  local pays=("$@")
  local f=$tmp/$size-$preset
  lines=("60 BOXES $f-empty.txt" "80 SCREENSHOT $f-empty.png" "100 CHIP3")
  for s in $spots; do lines+=("$((150 + n * 40)) SPOT $s"); n=$((n + 1)); done
  lines+=("450 BOXES $f-bet.txt")
  for ((k = 1; k <= ${#pays[@]}; k++)); do
    lines+=("$((460 + k * 80)) PAYS" "$((500 + k * 80)) BOXES $f-pays$k.txt")
  done
  lines+=("800 DEAL")
  t=2300 n=1
  for s in $decisions; do
    lines+=("$t BOXES $f-dec$n.txt" "$((t + 100)) $s")
    t=$((t + 1200)) n=$((n + 1))
  done
  t=$((t + 3800))
  lines+=("$t BOXES $f-result.txt" "$((t + 50)) SCREENSHOT $f-result.png" "$((t + 100)) HELP")
  for p in 0 1 2 3; do
    lines+=("$((t + 600 + p * 500)) BOXES $f-help$p.txt" "$((t + 700 + p * 500)) NEXT_SPOT")
  done
  lines+=("$((t + 650)) SCREENSHOT $f-help.png")
  t=$((t + 2800))
  lines+=("$t BACK" "$((t + 100)) HISTORY" "$((t + 600)) BOXES $f-history.txt"
    "$((t + 650)) SCREENSHOT $f-history.png" "$((t + 700)) BACK"
    "$((t + 750)) SETTINGS" "$((t + 1100)) BOXES $f-settings.txt" "$((t + 1150)) BACK"
    "$((t + 1300)) CHIP6" "$((t + 1400)) SPOT ante" "$((t + 1500)) SPOT ante"
    "$((t + 1800)) BOXES $f-refused.txt" "$((t + 1900)) QUIT")
  play "$size-$preset" --lang "$lang" --size "$size" --preset "$preset" --seed 1 --clock 1800000000 \
    --deck "$deck" -- "${lines[@]}"
  shows "$f-empty.txt" "middle|$(cat_of "PLACE YOUR BETS")"
  shows "$f-bet.txt" "$(cat_of ANTE)"
  for ((k = 1; k <= ${#pays[@]}; k++)); do shows "$f-pays$k.txt" "pays|$(cat_of "${pays[$((k - 1))]}")"; done
  for ((k = 1; k < n; k++)); do shows "$f-dec$k.txt" "middle|$(cat_of "MAKE YOUR DECISION")"; done
  shows "$f-result.txt" "$(cat_of "$verdict" | sed 's/[:：].*//')" # a result line's name
  for p in 0 1 2 3; do shows "$f-help$p.txt" "$(catf "PAGE %d OF %d" $((p + 1)) 4)"; done
  shows "$f-history.txt" "$(catf "GAME %06llu" 1)"
  shows "$f-settings.txt" "$(cat_of "YOUR SETTINGS")"
  if [ "$preset" = caribbean-classic ]; then png "$f-empty.png"; png "$f-result.png"; fi
}

# Responsible gaming on a desktop: the page with a loss limit and a help contact, the page after
# the limit was reached, the reality check over the table, and the table whose betting the limit
# stopped after a restart.
responsible() { # SIZE
  local size=$1 f=$tmp/$1-rg
  printf '[responsible]\nloss_limit = 10.00\nreality_check_minutes = 1\nhelp_contact = 0800 123 456\n' \
    >"$tmp/rg.ini"
  play "$size-rg" --lang "$lang" --config "$tmp/rg.ini" --size "$size" --seed 1 --clock 1800000000 \
    --deck "2c 3d 5h 7s 9c  Ad Ac Kd Qh Js" -- "100 RESPONSIBLE" "200 NEXT_SPOT" "300 DEAL" \
    "400 NEXT_SPOT" "500 DEAL" "800 BOXES $f-page.txt" "850 SCREENSHOT $f-page.png" "900 BACK" \
    "1000 CHIP2" "1100 SPOT ante" "1200 SPOT ante" "1300 SPOT ante" "1500 DEAL" "3000 PLAY" \
    "6000 RESPONSIBLE" "6500 BOXES $f-page-stopped.txt" "6600 BACK" "6700 CLEAR" "7000 QUIT"
  shows "$f-page.txt" "$(cat_of "RESPONSIBLE GAMING")" "0800 123 456"
  shows "$f-page-stopped.txt" "$(cat_of "RESPONSIBLE GAMING")"
  play "$size-rg2" --lang "$lang" --config "$tmp/rg.ini" --size "$size" --seed 1 \
    --clock 1800000000 -- "61000 BOXES $f-check.txt" "61100 QUIT"
  shows "$f-check.txt" "$(cat_of "REALITY CHECK")"
  play "$size-rg3" --lang "$lang" --config "$tmp/rg.ini" --size "$size" --seed 1 \
    --clock 1800000000 --db "$tmp/$size-rg.db" --deck "2c 3d 5h 7s 9c  Ad Ac Kd Qh Js" -- \
    "100 CHIP2" "200 SPOT ante" "300 SPOT ante" "400 SPOT ante" "600 DEAL" "2000 PLAY" "6000 QUIT"
  play "$size-rg4" --lang "$lang" --config "$tmp/rg.ini" --size "$size" --seed 1 \
    --clock 1800000060 --db "$tmp/$size-rg.db" -- "100 CHIP1" "200 SPOT ante" \
    "400 BOXES $f-stop.txt" "500 QUIT"
  shows "$f-stop.txt" "middle|$(cat_of "BETTING STOPPED")"
}

# A cabinet whose operator's language is this one: coins and a note, a royal flush over the hand
# pay threshold, the attendant, CASH OUT's message and ticket, the recorded rounds, a bet DEAL
# cannot cover, the door, then the PIN pad and every page of the operator menu but SHUT DOWN
# (the TICKETS page with the ticket; BUTTON TEST leaves with BACK twice).
cabinet() { # SIZE
  local size=$1 f=$tmp/$1-cabinet t k i lines=()
  cat >"$tmp/cabinet.ini" <<EOF
[game]
preset = caribbean-classic
[approval]
handpay_threshold = 1000.00
[display]
mode = kiosk
language = $lang
[cabinet]
machine_id = 07
operator_pin = 2468
coin_value = 1.00
bill_values = 20.00, 100.00
voucher_path = $tmp/tickets-$size
EOF
  lines=("100 COIN" "200 BILL 100.00" "300 CHIP3" "400 SPOT ante" "500 SPOT ante" "600 DEAL"
    "2000 PLAY" "6000 BOXES $f-handpay.txt" "6050 SCREENSHOT $f-handpay.png" "6100 ATTENDANT"
    "6300 CASHOUT" "7000 BOXES $f-ticket.txt" "7020 SCREENSHOT $f-ticket.png" "7050 HISTORY"
    "7500 BOXES $f-recall.txt" "7550 BACK" "7600 COIN" "7650 CHIP2" "7700 SPOT ante" "7750 DEAL"
    "7850 BOXES $f-short.txt" "7900 CLEAR" "8000 DOOR" "8300 BOXES $f-door.txt" "8400 DOOR"
    "8600 SERVICE" "8900 BOXES $f-pin.txt" "9000 ${PIN[1]}" "9020 ${PIN[2]}" "9040 ${PIN[3]}"
    "9060 ${PIN[4]}" "9080 DEAL" "9400 BOXES $f-menu.txt" "9420 SCREENSHOT $f-menu.png")
  t=9500
  for k in 0 1 2 3 4 5 6 7 8 9 10 11; do
    for ((i = 0; i < k; i++)); do lines+=("$((t + i * 60)) NEXT_SPOT"); done
    t=$((t + k * 60))
    lines+=("$((t + 100)) DEAL" "$((t + 500)) BOXES $f-op$k.txt" "$((t + 520)) SCREENSHOT $f-op$k.png"
      "$((t + 600)) BACK")
    [ $k = 4 ] && lines+=("$((t + 700)) BACK")
    t=$((t + 900))
  done
  lines+=("$t QUIT")
  play "$size-cabinet" --config "$tmp/cabinet.ini" --size "$size" --db "$tmp/$size.db" --seed 5 \
    --clock 1800000000 --deck "As Ks Qs Js Ts  Ad Kc 9h 6d 2c" -- "${lines[@]}"
  shows "$f-handpay.txt" "$(cat_of "CALL ATTENDANT")"
  shows "$f-ticket.txt" "$(cat_of "CASHED OUT")"
  shows "$f-recall.txt" "$(cat_of "GAME RECALL")"
  shows "$f-door.txt" "$(cat_of "DOOR OPEN")"
  shows "$f-pin.txt" "$(cat_of "Enter the operator PIN")"
  shows "$f-menu.txt" "$(cat_of "OPERATOR MENU")" "$(cat_of "CLOSE MENU")"
  local titles=("METERS" "GAME RECALL" "JACKPOT POOLS" "AUDIT LOG" "BUTTON TEST"
    "TOUCH CALIBRATION" "SOUND TEST" "DISPLAY TEST" "SETTINGS" "CLEAR CREDITS" "TICKETS"
    "RESPONSIBLE GAMING")
  for k in 0 1 2 3 4 5 6 7 8 9 10 11; do shows "$f-op$k.txt" "$(cat_of "${titles[$k]}")"; done
  # the ticket printed, as its picture's text boxes (written beside it while boxes are recorded)
  local tb
  tb=$(ls "$tmp/tickets-$size"/ticket-*.boxes 2>/dev/null | head -n 1)
  if [ -n "$tb" ]; then
    cp "$tb" "$f-paper.txt"
    # the cash-out's 101.00 (a coin and a 100.00 note; the royal is paid by hand) in the
    # language's words, as its cheques write them
    shows "$f-paper.txt" "$(cat_of "CASHOUT TICKET")" "${WORDS[$lang]}"
  else
    bad "$size: no ticket's boxes in $tmp/tickets-$size"
  fi
}

# The operator's JACKPOT POOLS page of a game with a pool (the live table), and its question
# before a reset; then the lobby of a terminal whose controller does not answer.
pools() { # SIZE
  local size=$1 f=$tmp/$1-pools
  printf '[game]\npreset = caribbean-live\n[display]\nmode = kiosk\nlanguage = %s\n[cabinet]\noperator_pin = 2468\n' \
    "$lang" >"$tmp/live.ini"
  play "$size-pools" --config "$tmp/live.ini" --size "$size" --db "$tmp/$size-live.db" \
    --clock 1800000000 -- "100 SERVICE" "200 ${PIN[1]}" "220 ${PIN[2]}" "240 ${PIN[3]}" \
    "260 ${PIN[4]}" "280 DEAL" "400 NEXT_SPOT" "460 NEXT_SPOT" "560 DEAL" "900 BOXES $f-page.txt" \
    "1000 DEAL" "1300 BOXES $f-ask.txt" "1400 BACK" "1500 BACK" "1600 QUIT"
  shows "$f-page.txt" "$(cat_of "JACKPOT POOLS")" "$(cat_of "RESET TO SEED")"
}

# A terminal's LOBBY while its controller cannot be reached (the lobby with tables in play needs
# a server: layout_tables.sh): its title, balance and what it says meanwhile.
lobby() { # SIZE
  local size=$1 f=$tmp/$1-lobby
  printf '[table]\nurl = host=%s/nowhere dbname=link user=nobody connect_timeout=1\nterminal = t1\n[display]\nlanguage = %s\n' \
    "$tmp" "$lang" >"$tmp/lobby.ini"
  play "$size-lobby" --config "$tmp/lobby.ini" --size "$size" --db "$tmp/$size-lobby.db" \
    --clock 1800000000 -- "1500 BOXES $f.txt" "1550 SCREENSHOT $f.png" "1600 QUIT"
  shows "$f.txt" "$(cat_of "LOBBY")"
}

# The attract demo: rounds played by themselves, help pages between them.
attract() { # SIZE
  local size=$1 f=$tmp/$1-attract k lines=()
  for k in $(seq 1 10); do lines+=("$((k * 1800)) BOXES $f-$k.txt"); done
  lines+=("18500 QUIT")
  play "$size-attract" --attract --autoplay 1000 --lang "$lang" --size "$size" --seed 3 -- \
    "${lines[@]}"
  grep -lqF "$(cat_of "DEMO GAME")" "$f"-*.txt && ok || bad "$size attract: no demo banner"
}

for size in $sizes; do
  tour "$size" caribbean-classic "2h 7h 9h Jh 4h  Kd Kc 9s 6d 2c" "ante" "PLAY" "Flush"
  tour "$size" caribbean-live "9s 9h 9d 9c 2h  Ad Kc 8h 6d 3c" "ante bonus51 jackpot" "PLAY" \
    "5+1 BONUS" "5+1 BONUS" "JACKPOT"
  tour "$size" caribbean-us "As Ks Qs Js Ts  Ad Kc 9h 6d 2c" "ante progressive" "PLAY" \
    "PROGRESSIVE" "PROGRESSIVE"
  tour "$size" casino-stud-uk "2h 7h 9h Jh 4h  Kd Kc 9s 6d 2c" "ante" "PLAY" "Flush"
  tour "$size" cajun "Ah Kh  Qh Jh Th" "ante pocket board loball" "RAISE3 RAISE3 RAISE3" \
    "POCKET BONUS" "BOARD BONUS" "POCKET BONUS" "LO BALL"
  tour "$size" asian "5h 5d Tc Kh 9s  7d 3c Ks Ac 2d" "ante asian_bonus" "PLAY" "COMMISSION: -%s" \
    "BONUS"
  responsible "$size"
  cabinet "$size"
  pools "$size"
  lobby "$size"
  attract "$size"
done

# a cabinet's player chooses the language (its button: script verb LANG), cashes out, and the
# next player finds the operator's language ([display] language, English); once, at the first size
if [ "$lang" != en ]; then
  size=${sizes%% *} f=$tmp/choice
  printf '[game]\npreset = caribbean-classic\n[display]\nmode = kiosk\nlanguage = en\n[cabinet]\nmachine_id = 07\ncoin_value = 1.00\nvoucher_path = %s\n' \
    "$f-tickets" >"$f.ini"
  play choice --size "$size" --config "$f.ini" --db "$f.db" --seed 1 --clock 1800000000 -- \
    "50 LANG $lang" "100 COIN" "200 COIN" "400 CASHOUT" "900 BOXES $f-ticket.txt" \
    "3000 BOXES $f-after.txt" "3100 QUIT"
  shows "$f-ticket.txt" "$(cat_of "CASHED OUT")"
  shows "$f-after.txt" "INSERT MONEY"
  # a desktop remembers the player's choice: LANG, then a second start without --lang is in it
  # (the player's settings file beside the database says so); --lang en wins over it
  d=$tmp/desktop
  play desktop-1 --size "$size" --db "$d.db" -- "100 LANG $lang" "400 BOXES $d-1.txt" "500 QUIT"
  grep -qx "language = $lang" "$d-player.ini" 2>/dev/null && ok || bad "desktop: the choice is not kept"
  play desktop-2 --size "$size" --db "$d.db" -- "300 BOXES $d-2.txt" "400 QUIT"
  shows "$d-2.txt" "$(cat_of "PLACE YOUR BETS")"
  play desktop-3 --size "$size" --db "$d.db" --lang en -- "300 BOXES $d-3.txt" "400 QUIT"
  shows "$d-3.txt" "PLACE YOUR BETS"
fi

# --sparse draws fewer frames but the same ones where it matters: the classic tour's boxes drawn
# with every frame are the same, byte for byte (once, at the first size, in English)
if [ "$lang" = en ]; then
  size=${sizes%% *} full=$tmp/every-frame
  mkdir -p "$full"
  sed "s|$tmp/$size-|$full/$size-|; /SCREENSHOT/d" "$tmp/$size-caribbean-classic.script" >"$full/script"
  "$bin" play --headless --turbo --frame-ms 40 --lang en --size "$size" --preset caribbean-classic \
    --seed 1 --clock 1800000000 --deck "2h 7h 9h Jh 4h  Kd Kc 9s 6d 2c" --script "$full/script" \
    >/dev/null 2>&1 || bad "every frame: the program failed"
  n=0
  for b in "$full"/*.txt; do
    n=$((n + 1))
    cmp -s "$b" "$tmp/$(basename "$b")" || bad "--sparse: $(basename "$b") differs from every frame's"
  done
  [ "$n" -ge 10 ] && ok || bad "every frame: only $n boxes written"
fi

# every frame's boxes (the choice's and the desktop's are the other language's on purpose)
files=$(ls "$tmp"/*x*-*.txt)
# shellcheck disable=SC2086
if python3 "$check" --fits --lang "$lang" --summary $files >"$tmp/check.log"; then ok; else
  bad "the layout: $(grep -vc ' texts ' "$tmp/check.log") problems"
  grep -v ' texts ' "$tmp/check.log" | sed "s|$tmp/||" | head -n 300
fi
for size in $sizes; do
  grep "/${size}-[^ ]*: [0-9x]* texts" "$tmp/check.log" | awk -v s="$size" '
    { for (i = 1; i <= NF; i++) { if ($i == "smallest") px = $(i + 1); if ($i == "problems") p = $(i + 1) }
      if (min == "" || px < min) min = px; probs += p; n++ }
    END { printf "%s: %d screens, smallest text %s px, %d problems\n", s, n, min, probs }'
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
