#!/usr/bin/env bash
# Moments that feel like a casino (issue 13, item 6), end to end: the real program, headless,
# from stacked decks, its summary line and screenshots. The amounts are worked out by hand from
# the pay tables of ../shared/rules.md; the words are the tiers' (machine_moments.h).
#  - the tiers: a two pair's verdict is WIN, four of a kind's BIG WIN!, a royal's MEGA WIN! with a
#    celebration of its own (moment=...), the live table's royal with the JACKPOT bet JACKPOT!
#  - a cabinet's royal over the hand-pay threshold: the celebration first, the CALL ATTENDANT
#    panel after it; while locked the hand pay, WIN and BALANCE agree (WIN the hand pay, BALANCE
#    what stays on the machine), the winning cards face up and lit beside the panel; the
#    attendant's key leaves the BALANCE as it said; a desktop's key adds the hand pay to it
#  - the cards that made each winning hand: the dealer's up card lit when it makes the 5+1
#    hand, not when it is a kicker; Cajun's hole and board cards that made the hand
#  - a 10.00 ante is a stack of two 5.00 chips (its height on the screen's boxes)
#  - every offered bet's pay table: the arrow turns the panel through them; once settled the
#    tables with a winning line take turns, the line lit
#  - a desktop player's SETTINGS: kept for the next start, within the operator's volume; none on
#    a cabinet; the session's rounds, won, lost, pushed and the biggest win
set -u
bin=$1
probe=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# run NAME ARGS... -- SCRIPT-LINES...: the summary lines in $tmp/NAME.out
run() {
  local name=$1 args=()
  shift
  while [ "$1" != -- ]; do args+=("$1"); shift; done
  shift
  printf '%s\n' "$@" >"$tmp/$name.script"
  if ! "$bin" play --headless --size 1280x720 "${args[@]}" --script "$tmp/$name.script" \
      >"$tmp/$name.out" 2>"$tmp/$name.err"; then
    bad "$name: the program failed: $(tail -n 3 "$tmp/$name.err")"
  fi
}
# expect NAME N TEXT...: the Nth summary line holds each TEXT (a word: key=value)
expect() {
  local name=$1 n=$2 t line
  shift 2
  line=$(sed -n "${n}p" "$tmp/$name.out")
  for t in "$@"; do
    if grep -qF -- " $t" <<<"$line"; then ok; else bad "$name line $n: want '$t' in: $line"; fi
  done
}
refute() { # NAME N TEXT: the Nth line does not hold it
  local line; line=$(sed -n "${2}p" "$tmp/$1.out")
  if grep -qF -- "$3" <<<"$line"; then bad "$1 line $2: '$3' in: $line"; else ok; fi
}
probe() { "$probe" "$@" 2>/dev/null; }
above() { awk -v a="$1" -v b="$2" 'BEGIN{exit !(a > b)}'; }

# ---- the tiers (turbo; the results show about 1 s after PLAY) ----
# classic, ante 10.00 and PLAY 20.00 against A-K high (the dealer qualifies):
# two pair 2 to 1: 10.00 + 40.00 = 50.00, a WIN
round() { # NAME PRESET DECK [SIDE BETS...]
  local name=$1 preset=$2 deck=$3 lines=("100 CHIP3" "150 SPOT ante" "200 SPOT ante") s k=0
  shift 3
  for s in "$@"; do lines+=("$((250 + k * 50)) SPOT $s"); k=$((k + 1)); done
  lines+=("500 DEAL" "1500 PLAY" "2700 SUMMARY" "9000 SUMMARY")
  run "$name" --turbo --preset "$preset" --seed 1 --deck "$deck" -- "${lines[@]}"
}
round twopair caribbean-classic "Kd Ks 7c 7d 2s  Ad Kc 9h 6d 3c"
expect twopair 2 'verdict=WIN|TWO PAIR 2 TO 1  -  WIN $50.00'
refute twopair 1 "moment="
# four of a kind 20 to 1: 10.00 + 400.00 = 410.00: BIG WIN!, its coins and bells
round quads caribbean-classic "9s 9h 9d 9c 2h  Ad Kc 8h 6d 3c"
expect quads 1 "moment=BIG_WIN!"
expect quads 2 'verdict=BIG WIN!|FOUR OF A KIND 20 TO 1  -  WIN $410.00'
# the royal 100 to 1: 10.00 + 2,000.00 = 2,010.00: MEGA WIN!, a celebration of its own
round royal caribbean-classic "As Ks Qs Js Ts  Ad Kc 9h 6d 2c"
expect royal 1 "moment=ROYAL_FLUSH!"
expect royal 2 'verdict=MEGA WIN!|ROYAL FLUSH 100 TO 1  -  WIN $2,010.00' "session=1/1/0/0/201000"
refute royal 2 "moment="
# live, the royal with the 1.00 JACKPOT: the top prize (1,000.00 and this stake's 45%)
round jackpot caribbean-live "As Ks Qs Js Ts  Ad Kc 9h 6d 2c" jackpot
expect jackpot 1 "moment=JACKPOT!"
expect jackpot 2 "verdict=JACKPOT!|ROYAL FLUSH 100 TO 1"

# ---- a cabinet's hand pay ----
# Two coins, a 100.00 note, ante 10.00, PLAY 20.00, the royal: the win of 2,010.00 is over the
# 1,000.00 threshold and locks the machine. Its record holds 102.00 - 30.00 staked + 2,040.00
# returned = 2,112.00; the attendant pays the 2,010.00 by hand, so 102.00 stays: WIN 2,010.00
# and BALANCE 102.00 while locked, the BALANCE still 102.00 after the attendant's key.
cat >"$tmp/cabinet.ini" <<EOF
[game]
preset = caribbean-classic
[approval]
handpay_threshold = 1000.00
[display]
mode = kiosk
[cabinet]
coin_value = 1.00
bill_values = 20.00, 100.00
voucher_path = $tmp/tickets
EOF
run cabinet --config "$tmp/cabinet.ini" --db "$tmp/cab.db" --seed 5 \
  --deck "As Ks Qs Js Ts  Ad Kc 9h 6d 2c" -- "100 COIN" "150 COIN" "200 BILL 100.00" "300 CHIP3" \
  "400 SPOT ante" "500 SPOT ante" "600 DEAL" "2500 PLAY" "5200 SUMMARY" \
  "12000 SUMMARY" "12100 SCREENSHOT $tmp/locked.png" "12200 SETTINGS" "12300 SUMMARY" \
  "12400 ATTENDANT" "13000 SUMMARY"
# the celebration plays while the machine is already locked; its panel waits for it
expect cabinet 1 "state=locked" "moment=ROYAL_FLUSH!" "handpay=201000 lock_panel=0"
expect cabinet 2 "state=locked" "balance=211200" "shown=10200/0/201000" \
  "handpay=201000 lock_panel=1" 'verdict=MEGA WIN!|ROYAL FLUSH 100 TO 1  -  WIN $2,010.00'
refute cabinet 2 "moment="
# a cabinet has no player's SETTINGS (the S key opens nothing; the panel stays)
expect cabinet 3 "lock_panel=1"
refute cabinet 3 "player="
expect cabinet 4 "state=play" "balance=10200" "shown=10200/0/201000"
# beside the panel (over the dealer's cards) the player's royal stays face up and lit: the five
# card faces light and gold-edged, the dealer's row under the panel not
if [ -f "$tmp/locked.png" ]; then
  for i in 0 1 2 3 4; do
    x=$((578 + i * 156))
    l=$(probe "$tmp/locked.png" $((x + 10)) 440 120 160 | awk '{print $6}')
    above "$l" 0.2 && ok || bad "locked: player card $i not in sight (light $l)"
    gold=$(probe "$tmp/locked.png" $((x - 4)) 430 8 180 | awk '{print $8}')
    above "$gold" 0.2 && ok || bad "locked: player card $i not lit (gold $gold)"
  done
  l=$(probe "$tmp/locked.png" 600 120 700 100 | awk '{print $6}')
  above 0.05 "$l" && ok || bad "locked: the dealer's row is not under the panel (light $l)"
else
  bad "locked: no screenshot"
fi
# a desktop game with the same threshold: the key adds the hand pay to the BALANCE (1,000.00
# free credits - 30.00 + 30.00 stakes back = 1,000.00 while locked; 3,010.00 after)
printf '[game]\npreset = caribbean-classic\n[approval]\nhandpay_threshold = 1000.00\n' \
  >"$tmp/desk.ini"
run desk --turbo --config "$tmp/desk.ini" --db "$tmp/desk.db" --seed 5 \
  --deck "As Ks Qs Js Ts  Ad Kc 9h 6d 2c" -- "100 CHIP3" "150 SPOT ante" "200 SPOT ante" \
  "500 DEAL" "1500 PLAY" "5000 SUMMARY" "5100 ATTENDANT" "5600 SUMMARY"
expect desk 1 "state=locked" "shown=100000/0/201000" "handpay=201000 lock_panel=1"
expect desk 2 "state=play" "balance=301000" "shown=301000/0/201000"

# ---- the cards that made each hand ----
# live, 5+1 BONUS with the dealer's up card the fourth nine: it is lit, and so are the three
# nines of the hand, not the kickers; the same nines with the up card a kicker (4 of hearts):
# the up card not lit
run upcard --turbo --preset caribbean-live --seed 1 --deck "9s 9h 9d 2c 3c  9c Kc 8h 6d 3d" -- \
  "100 CHIP3" "150 SPOT ante" "200 SPOT bonus51" "500 DEAL" "1500 PLAY" "2800 SUMMARY" \
  "2900 SCREENSHOT $tmp/upcard.png"
expect upcard 1 "lit=9s9h9d+9c"
run kicker --turbo --preset caribbean-live --seed 1 --deck "9s 9h 9d 9c 4s  4h Js 8h 6d 2c" -- \
  "100 CHIP3" "150 SPOT ante" "200 SPOT bonus51" "500 DEAL" "1500 FOLD" "2800 SUMMARY"
expect kicker 1 "lit=9s9h9d9c+"
refute kicker 1 "+4h"
# Cajun: the royal of the two hole cards and the three on the board lights all five; a pair of
# jacks in the hole (jacks or better pay 1 to 1) lights the two jacks, not the board
cajun() { # NAME DECK
  run "$1" --turbo --preset cajun --seed 1 --deck "$2" -- "100 CHIP3" "150 SPOT ante" "400 DEAL" \
    "1200 RAISE1" "1800 RAISE1" "2400 RAISE1" "4000 SUMMARY"
}
cajun cajun_royal "Ah Kh  Qh Jh Th"
expect cajun_royal 1 "lit=AhKh+QhJhTh"
cajun cajun_jacks "Jh Jd  2c 7s 9h"
expect cajun_jacks 1 "lit=JhJd+"
refute cajun_jacks 1 "+2c"
# on the screen: the up card gold-edged, the dealer's last card (a kicker of nothing) not
if [ -f "$tmp/upcard.png" ]; then
  up=$(probe "$tmp/upcard.png" 574 80 8 180 | awk '{print $8}')
  next=$(probe "$tmp/upcard.png" 1338 80 8 180 | awk '{print $8}')
  above "$up" 0.2 && above 0.05 "$next" && ok || bad "up card: lit $up, the next card $next"
else
  bad "upcard: no screenshot"
fi

# ---- chips: a 10.00 ante is two 5.00 chips, stacked (a chip 0.61 of its width tall, each
# next one 0.11 of its width higher: the stack's box tells how many) ----
run chips --turbo --preset caribbean-classic --seed 1 -- "100 CHIP3" "150 SPOT ante" \
  "200 SPOT ante" "600 BOXES $tmp/chips.txt"
n=$(awk '$1 == "art" && $0 ~ /\|stack$/ { w = $4; h = $5; printf "%d\n", (h - 0.61 * w) / (0.11 * w) + 1.5 }' \
  "$tmp/chips.txt" | head -n 1)
[ "$n" = 2 ] && ok || bad "chips: a 10.00 ante stacked as ${n:-no} chips, want 2"

# ---- pay tables ----
# live: PLAY's table first, the arrow turns to the 5+1 BONUS's, then the JACKPOT's; once the
# round is settled (the dealer's K-9 high does not qualify: PLAY has no line) the 5+1 BONUS's
# four of a kind (the up card the fourth nine, 100 to 1) and the JACKPOT's three of a kind (the
# player's five: 3.00) take turns, lit
run pays --preset caribbean-live --seed 1 --deck "9s 9h 9d 2c 3c  9c Kc 8h 6d 3d" -- \
  "100 CHIP3" "150 SPOT ante" "200 SPOT bonus51" "250 SPOT jackpot" "300 SUMMARY" "400 PAYS" \
  "500 SUMMARY" "600 PAYS" "700 SUMMARY" "800 DEAL" "3500 PLAY" "7000 SUMMARY" "11000 SUMMARY"
expect pays 1 "pays=PLAY_PAYS"
expect pays 2 "pays=5+1_BONUS"
expect pays 3 "pays=JACKPOT"
expect pays 4 "pays=5+1_BONUS|Four_of_a_Kind"
expect pays 5 "pays=JACKPOT|Three_of_a_Kind"

# ---- a desktop player's own settings and the session ----
# the operator's volume 80 (the default): SETTINGS, "-" (70), then the voice (two steps on) off;
# the next start finds them; an operator's 50 bounds the 70 kept
run set1 --turbo --db "$tmp/player.db" --seed 1 -- "100 SETTINGS" "200 DEAL" "300 NEXT_SPOT" \
  "400 NEXT_SPOT" "500 DEAL" "600 SUMMARY" "700 BACK"
expect set1 1 "player=70/0/0"
[ -f "$tmp/player-player.ini" ] && ok || bad "set1: the settings were not kept beside the database"
run set2 --turbo --db "$tmp/player.db" --seed 1 -- "100 SUMMARY"
expect set2 1 "player=70/0/0"
printf '[sound]\nvolume = 50\n' >"$tmp/quiet.ini"
run set3 --turbo --config "$tmp/quiet.ini" --db "$tmp/player.db" --seed 1 -- "100 SUMMARY"
expect set3 1 "player=50/0/0"
# three rounds: the royal won (2,010.00), a fold lost, A-K-Q-J-9 against the same pushed
run session --turbo --preset caribbean-classic --seed 1 --deck "As Ks Qs Js Ts  Ad Kc 9h 6d 2c" \
  --deck "2s 7h 9d Jc 4s  Ad Kc 9h 6d 2c" --deck "As Kd Qc Jh 9s  Ac Kh Qd Js 9c" -- \
  "100 CHIP3" "150 SPOT ante" "200 SPOT ante" "500 DEAL" "1500 PLAY" "4000 DEAL" "6000 FOLD" \
  "8000 DEAL" "10000 PLAY" "12500 SUMMARY"
expect session 1 "session=3/1/1/1/201000"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
