#!/usr/bin/env bash
# Readable at a cabinet's distance (issue 13, item 5): every screen of every preset, drawn at
# 1024x768, 1280x720 and 1920x1080 by the real program (headless), has its text boxes written
# out (script verb BOXES) and checked by layout_check.py: no text over another text, a card, a
# chip or under a panel drawn after it; none off the screen; none under 24 px at 1080 lines
# (scaled with the window). The screens: the empty table, bets on the spots, each decision
# (Cajun's three), the result of a round won with side-bet lines, a refusal in the message box,
# the four help pages, the history, a desktop player's SETTINGS with the session's figures, each
# pay table, the moments of a MEGA WIN, a jackpot and a BIG WIN, the hint beside a decision and
# after it; on a cabinet the hand-pay lock, the ticket's message, the recorded rounds, DEAL
# refused for want of credits, the door, the PIN pad and every page of the operator menu (the
# pools page of a game with a pool too); responsible gaming (the page, the reality check, betting
# stopped); the attract demo with its help pages. Each screen must also show what names it (the
# decision's MAKE YOUR DECISION in the middle row, the verdict, the side bets' lines under the pay
# table, the page's title), so a tour that missed a screen fails.
# usage: layout_boxes.sh STUDPOKER LAYOUT_CHECK.PY [SIZES...]
set -u
bin=$1
check=$2
shift 2
sizes=${*:-1024x768 1280x720 1920x1080}
if ! command -v python3 >/dev/null; then
  if [ -n "${CI:-}" ]; then echo "FAIL: python3 is missing (scripts/deps.sh installs it)"; exit 1; fi
  echo "SKIP: python3 is not installed"; exit 77
fi
tmp=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] && cp "$tmp"/*.txt "$KEEP"/ 2>/dev/null; rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# play NAME ARGS... -- SCRIPT-LINES...: the game headless, turbo, with the script; --sparse: only
# the frames the script reads are drawn (their boxes are those of a run drawing every frame, but
# for the time of day the screens show: all 432 compared when this was changed; i18n_screens.sh
# compares a tour's on every run)
play() {
  local name=$1 args=()
  shift
  while [ "$1" != -- ]; do args+=("$1"); shift; done
  shift
  printf '%s\n' "$@" >"$tmp/$name.script"
  if ! "$bin" play --headless --turbo --sparse --frame-ms 40 "${args[@]}" --script "$tmp/$name.script" \
      >"$tmp/$name.out" 2>"$tmp/$name.err"; then
    bad "$name: the program failed: $(tail -n 3 "$tmp/$name.err")"
  fi
}
# shows FILE TEXT...: the frame holds a text box with each TEXT in it ("GROUP|TEXT": in the
# named row or box, e.g. the middle row between the hands)
shows() {
  local f=$1 t
  shift
  if [ ! -s "$f" ]; then bad "$(basename "$f"): no boxes written"; return; fi
  for t in "$@"; do
    if grep -q "^text " "$f" && grep "^text " "$f" | grep -qF -- "$t"; then ok
    else bad "$(basename "$f"): no text '$t' on this screen"; fi
  done
}

# The table of each preset: the bets (side bets too), the decisions, a round won with side-bet
# lines (stacked decks: ../shared/rules.md's hands), help, history and a refused bet (a second
# chip on an ante at its maximum).
tour() { # SIZE PRESET DECK SPOTS DECISIONS VERDICT [PAY TABLES after the first...]
  local size=$1 preset=$2 deck=$3 spots=$4 decisions=$5 verdict=$6 n=0 t=300 s lines=()
  shift 6
  local pays=("$@") k
  local f=$tmp/$size-$preset
  lines=("60 BOXES $f-empty.txt" "100 CHIP3")
  for s in $spots; do lines+=("$((150 + n * 40)) SPOT $s"); n=$((n + 1)); done
  lines+=("450 BOXES $f-bet.txt")
  # each side bet's pay table, turned to with the panel's arrow
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
  lines+=("$t BOXES $f-result.txt" "$((t + 100)) HELP")
  for p in 0 1 2 3; do
    lines+=("$((t + 600 + p * 500)) BOXES $f-help$p.txt" "$((t + 700 + p * 500)) NEXT_SPOT")
  done
  t=$((t + 2800))
  lines+=("$t BACK" "$((t + 100)) HISTORY" "$((t + 600)) BOXES $f-history.txt" "$((t + 700)) BACK"
    "$((t + 750)) SETTINGS" "$((t + 1100)) BOXES $f-settings.txt" "$((t + 1150)) BACK"
    "$((t + 1300)) CHIP6" "$((t + 1400)) SPOT ante" "$((t + 1500)) SPOT ante"
    "$((t + 1800)) BOXES $f-refused.txt"
    "$((t + 1900)) QUIT")
  play "$size-$preset" --size "$size" --preset "$preset" --seed 1 --deck "$deck" -- "${lines[@]}"
  shows "$f-empty.txt" "middle|PLACE YOUR BETS"
  shows "$f-bet.txt" "ANTE"
  for ((k = 1; k <= ${#pays[@]}; k++)); do shows "$f-pays$k.txt" "pays|${pays[$((k - 1))]}"; done
  for ((k = 1; k < n; k++)); do shows "$f-dec$k.txt" "middle|MAKE YOUR DECISION"; done
  shows "$f-result.txt" "$verdict"
  shows "$f-help0.txt" "PAGE 1 OF"
  shows "$f-help1.txt" "PAGE 2 OF"
  shows "$f-help2.txt" "PAGE 3 OF"
  shows "$f-help3.txt" "PAGE 4 OF"
  shows "$f-history.txt" "GAME 000001"
  shows "$f-settings.txt" "YOUR SETTINGS" "SINCE THE GAME STARTED" "Rounds played"
  shows "$f-refused.txt" "at its maximum"
}

# The moments of a win: a royal's MEGA WIN and the live table's JACKPOT (the royal with the
# JACKPOT bet) each with its celebration over the table, four of a kind's BIG WIN (its coins
# and glow, the verdict's BIG WIN!); each caught while it plays.
moments() { # SIZE
  local size=$1 f=$tmp/$1-moment
  play "$size-mega" --size "$size" --preset caribbean-classic --seed 1 \
    --deck "As Ks Qs Js Ts  Ad Kc 9h 6d 2c" -- "100 CHIP3" "150 SPOT ante" "500 DEAL" \
    "1500 PLAY" "2900 BOXES $f-mega.txt" "3000 QUIT"
  shows "$f-mega.txt" "ROYAL FLUSH!" "MEGA WIN"
  play "$size-jackpot" --size "$size" --preset caribbean-live --seed 1 \
    --deck "As Ks Qs Js Ts  Ad Kc 9h 6d 2c" -- "100 CHIP3" "150 SPOT ante" "200 SPOT jackpot" \
    "500 DEAL" "1500 PLAY" "2900 BOXES $f-jackpot.txt" "3000 QUIT"
  shows "$f-jackpot.txt" "JACKPOT!" "WINS THE TOP PRIZE"
  play "$size-big" --size "$size" --preset caribbean-classic --seed 1 \
    --deck "9s 9h 9d 9c 2h  Ad Kc 8h 6d 3c" -- "100 CHIP3" "150 SPOT ante" "500 DEAL" \
    "1500 PLAY" "2700 BOXES $f-big.txt" "2800 QUIT"
  shows "$f-big.txt" "middle|BIG WIN!"
}

# The hint (desktop, --hint) in the message box beside a decision with side bets on the table,
# and its notice after a different decision, over the result.
hint() { # SIZE
  local size=$1 f=$tmp/$1-hint
  play "$size-hint" --size "$size" --preset caribbean-live --hint --seed 1 \
    --deck "As Ad 7c 4h 2s  Kd 9c 8h 6d 3c" -- "100 CHIP3" "150 SPOT ante" "200 SPOT bonus51" \
    "250 SPOT jackpot" "400 DEAL" "2000 BOXES $f-decision.txt" "2100 FOLD" \
    "4500 BOXES $f-after.txt" "4600 QUIT"
  shows "$f-decision.txt" "message|Suggested: PLAY" "middle|MAKE YOUR DECISION"
  shows "$f-after.txt" "message|Suggested was PLAY" "middle|FOLDED"
}

# A cabinet (kiosk): coins and a note, a royal flush over the hand-pay threshold (CALL
# ATTENDANT), the attendant, CASH OUT's ticket, the recorded rounds with their times (HISTORY on
# a machine with a store), a coin and a bet DEAL cannot cover (the message
# box's lasting line), the door, then the PIN pad and every page of the operator menu but SHUT
# DOWN (BUTTON TEST leaves with BACK twice).
cabinet() { # SIZE
  local size=$1 f=$tmp/$1-cabinet t k i lines=()
  cat >"$tmp/cabinet.ini" <<EOF
[game]
preset = caribbean-classic
[approval]
handpay_threshold = 1000.00
[display]
mode = kiosk
[cabinet]
machine_id = TEST-07
operator_pin = 2468
coin_value = 1.00
bill_values = 20.00, 100.00
voucher_path = $tmp/tickets-$size
EOF
  lines=("100 COIN" "200 BILL 100.00" "300 CHIP3" "400 SPOT ante" "500 SPOT ante" "600 DEAL"
    "2000 PLAY" "6000 BOXES $f-handpay.txt" "6100 ATTENDANT" "6300 CASHOUT"
    "7000 BOXES $f-ticket.txt" "7050 HISTORY" "7500 BOXES $f-recall.txt" "7550 BACK"
    "7600 COIN" "7650 CHIP2" "7700 SPOT ante" "7750 DEAL"
    "7850 BOXES $f-short.txt" "7900 CLEAR" "8000 DOOR" "8300 BOXES $f-door.txt" "8400 DOOR"
    "8600 SERVICE" "8900 BOXES $f-pin.txt" "9000 DIGIT 2" "9020 DIGIT 4" "9040 DIGIT 6"
    "9060 DIGIT 8" "9080 DEAL" "9400 BOXES $f-menu.txt")
  t=9500
  for k in 0 1 2 3 4 5 6 7 8 9 11; do
    # a press a frame (the frames are 40 ms apart)
    for ((i = 0; i < k; i++)); do lines+=("$((t + i * 60)) NEXT_SPOT"); done
    t=$((t + k * 60))
    lines+=("$((t + 100)) DEAL" "$((t + 500)) BOXES $f-op$k.txt" "$((t + 600)) BACK")
    [ $k = 4 ] && lines+=("$((t + 700)) BACK")
    t=$((t + 900))
  done
  lines+=("$t QUIT")
  play "$size-cabinet" --config "$tmp/cabinet.ini" --size "$size" --db "$tmp/$size.db" --seed 5 \
    --deck "As Ks Qs Js Ts  Ad Kc 9h 6d 2c" -- "${lines[@]}"
  shows "$f-handpay.txt" "CALL ATTENDANT"
  shows "$f-ticket.txt" "CASHED OUT"
  shows "$f-recall.txt" "GAME RECALL" "DEALER"
  shows "$f-short.txt" "more"
  shows "$f-door.txt" "DOOR OPEN"
  shows "$f-pin.txt" "Enter the operator PIN"
  shows "$f-menu.txt" "METERS" "CLOSE MENU"
  local titles=("METERS" "GAME RECALL" "JACKPOT POOLS" "AUDIT LOG" "BUTTON TEST"
    "TOUCH CALIBRATION" "SOUND TEST" "DISPLAY TEST" "SETTINGS" "CLEAR CREDITS" "" "RESPONSIBLE GAMING")
  for k in 0 1 2 3 4 5 6 7 8 9 11; do shows "$f-op$k.txt" "${titles[$k]}"; done
}

# The operator's JACKPOT POOLS page of a game with a pool (the live table), and its question
# before a reset, in the page's message line.
pools() { # SIZE
  local size=$1 f=$tmp/$1-pools
  printf '[game]\npreset = caribbean-live\n[display]\nmode = kiosk\n[cabinet]\noperator_pin = 2468\n' \
    >"$tmp/live.ini"
  play "$size-pools" --config "$tmp/live.ini" --size "$size" --db "$tmp/$size-live.db" -- \
    "100 SERVICE" "200 DIGIT 2" "220 DIGIT 4" "240 DIGIT 6" "260 DIGIT 8" "280 DEAL" \
    "400 NEXT_SPOT" "460 NEXT_SPOT" "560 DEAL" "900 BOXES $f-page.txt" "1000 DEAL" \
    "1300 BOXES $f-ask.txt" "1400 BACK" "1500 BACK" "1600 QUIT"
  shows "$f-page.txt" "JACKPOT POOLS" "hidden reserve" "RESET TO SEED"
  shows "$f-ask.txt" "Press DEAL again"
}

# Responsible gaming on a desktop: the RESPONSIBLE GAMING page with a loss limit, a raised one
# waiting and a help contact; the page after the loss limit was reached; the reality check over
# the table; after a restart the table whose betting the limit stopped (BETTING STOPPED, the
# message box saying until when, a chip refused).
responsible() { # SIZE
  local size=$1 f=$tmp/$1-rg
  printf '[responsible]\nloss_limit = 10.00\nreality_check_minutes = 1\n%s\n' \
    'help_contact = the help line and website your operator names here' >"$tmp/rg.ini"
  play "$size-rg" --config "$tmp/rg.ini" --size "$size" --seed 1 --clock 1800000000 \
    --deck "2c 3d 5h 7s 9c  Ad Ac Kd Qh Js" -- "100 RESPONSIBLE" "200 NEXT_SPOT" "300 DEAL" \
    "400 NEXT_SPOT" "500 DEAL" "800 BOXES $f-page.txt" "900 BACK" "1000 CHIP2" "1100 SPOT ante" \
    "1200 SPOT ante" "1300 SPOT ante" "1500 DEAL" "3000 PLAY" "6000 RESPONSIBLE" \
    "6500 BOXES $f-page-stopped.txt" "6600 BACK" "6700 CLEAR" "7000 QUIT"
  shows "$f-page.txt" "RESPONSIBLE GAMING" "THIS SESSION" "LIMITS" "HELP" "TIME LIMIT" \
    "Losses: \$10.00" "the help line and website"
  shows "$f-page-stopped.txt" "Your loss limit of \$10.00 is reached"
  play "$size-rg2" --config "$tmp/rg.ini" --size "$size" --seed 1 --clock 1800000000 -- \
    "61000 BOXES $f-check.txt" "61100 QUIT"
  play "$size-rg3" --config "$tmp/rg.ini" --size "$size" --seed 1 --clock 1800000000 \
    --db "$tmp/$size-rg.db" --deck "2c 3d 5h 7s 9c  Ad Ac Kd Qh Js" -- "100 CHIP2" \
    "200 SPOT ante" "300 SPOT ante" "400 SPOT ante" "600 DEAL" "2000 PLAY" "6000 QUIT"
  play "$size-rg4" --config "$tmp/rg.ini" --size "$size" --seed 1 --clock 1800000060 \
    --db "$tmp/$size-rg.db" -- "100 CHIP1" "200 SPOT ante" "400 BOXES $f-stop.txt" "500 QUIT"
  shows "$f-check.txt" "REALITY CHECK" "CONTINUE" "CASH OUT"
  shows "$f-stop.txt" "middle|BETTING STOPPED" "message|Your loss limit of"
}

# The attract demo: rounds played by themselves, and the help pages between them.
attract() { # SIZE
  local size=$1 f=$tmp/$1-attract k lines=()
  for k in $(seq 1 40); do lines+=("$((k * 500)) BOXES $f-$k.txt"); done
  lines+=("20500 QUIT")
  play "$size-attract" --attract --autoplay 1000 --size "$size" --seed 3 -- "${lines[@]}"
  grep -lqF "INSERT CREDITS" "$f"-*.txt && ok || bad "$size attract: no demo banner"
  grep -lqF "PAGE " "$f"-*.txt && ok || bad "$size attract: no help page between the rounds"
}

for size in $sizes; do
  tour "$size" caribbean-classic "2h 7h 9h Jh 4h  Kd Kc 9s 6d 2c" "ante" "PLAY" "middle|FLUSH 5 TO 1"
  tour "$size" caribbean-live "9s 9h 9d 9c 2h  Ad Kc 8h 6d 3c" "ante bonus51 jackpot" "PLAY" \
    "results|5+1 BONUS" "5+1 BONUS" "JACKPOT"
  tour "$size" caribbean-us "As Ks Qs Js Ts  Ad Kc 9h 6d 2c" "ante progressive" "PLAY" \
    "results|PROGRESSIVE" "PROGRESSIVE"
  tour "$size" casino-stud-uk "2h 7h 9h Jh 4h  Kd Kc 9s 6d 2c" "ante" "PLAY" "middle|FLUSH"
  tour "$size" cajun "Ah Kh  Qh Jh Th" "ante pocket board loball" "RAISE3 RAISE3 RAISE3" \
    "results|POCKET BONUS" "BOARD BONUS" "POCKET BONUS" "LO BALL"
  tour "$size" asian "5h 5d Tc Kh 9s  7d 3c Ks Ac 2d" "ante asian_bonus" "PLAY" "results|COMMISSION" \
    "BONUS"
  hint "$size"
  moments "$size"
  responsible "$size"
  cabinet "$size"
  pools "$size"
  attract "$size"
done

# every frame's boxes, checked; the figures (smallest text, problems) by size
if python3 "$check" --summary "$tmp"/*.txt >"$tmp/check.log"; then ok; else
  bad "the layout: $(grep -vc ': [0-9]*x[0-9]* texts' "$tmp/check.log") problems"
  grep -v ': [0-9]*x[0-9]* texts' "$tmp/check.log" | sed "s|$tmp/||" | head -n 400
fi
for size in $sizes; do
  grep " ${size} texts" "$tmp/check.log" | awk -v s="$size" '
    { for (i = 1; i <= NF; i++) { if ($i == "smallest") px = $(i + 1); if ($i == "problems") p = $(i + 1) }
      if (min == "" || px < min) min = px; probs += p; n++ }
    END { printf "%s: %d screens, smallest text %s px, %d problems\n", s, n, min, probs }'
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
