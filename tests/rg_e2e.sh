#!/usr/bin/env bash
# Responsible gaming end to end (issue 16 item 3): the real program, headless, on a database
# kept across restarts, its wall clock started by --clock (2027-01-15 08:00 UTC) and run by the
# script's virtual time. A desktop: the reality check at its interval answered by CONTINUE and
# by CASH OUT; the loss limit refusing a chip that could pass it and taking one that cannot,
# reached, betting stopped (chips and coins refused, cash-out working) across a restart until
# its break is over, and across a SIGKILL and a restart with the clock set back; the session
# time limit reached between rounds, not in the middle of one;
# the player's limits set on the RESPONSIBLE GAMING page, kept by a restart with the session
# and its time, a raised one waiting its day; a break taken on the page refusing play across a
# restart and the clock set back a day, over by the clock. A cabinet: the operator's loss limit and break from the
# operator menu, a session from the note to the cash-out. Every event is read back from the
# audit log (`studpoker audit --log`). Money from ../shared/rules.md's classic pay table.
set -u
bin=$1
source "$(dirname "$0")/lib.sh"
export TZ=UTC
T0=1800000000 # 2027-01-15 08:00:00 UTC
LOSE="2c 3d 5h 7s 9c  Ad Ac Kd Qh Js" # high card 9 against the dealer's aces: lost with PLAY

# run NAME INI DB CLOCK [--deck D]... -- SCRIPT-LINES...: every SUMMARY line kept in NAME.out
run() {
  local name=$1 ini=$2 db=$3 clock=$4 args=()
  shift 4
  while [ "$1" != -- ]; do args+=("$1"); shift; done
  shift
  printf '%s\n' "$@" >"$tmp/$name.script"
  if ! "$bin" play --headless --turbo --frame-ms 40 --size 1280x720 --config "$ini" --db "$db" \
      --seed 3 --clock "$clock" "${args[@]}" --script "$tmp/$name.script" \
      >"$tmp/$name.out" 2>"$tmp/$name.err"; then
    bad "$name: the program failed: $(tail -n 3 "$tmp/$name.err")"
  fi
}
# expect NAME N key=value...: the Nth summary line holds each pair (a pair with spaces: as text)
expect() {
  local name=$1 n=$2 line
  shift 2
  line=$(sed -n "${n}p" "$tmp/$name.out")
  for kv in "$@"; do
    if grep -qF -- "$kv" <<<" $line "; then ok; else bad "$name line $n: want '$kv' in: $line"; fi
  done
}
# logged DB EVENT TEXT: the audit log holds a row of EVENT with TEXT in it
logged() {
  "$bin" audit --db "$1" --log 1000 >"$tmp/audit.txt" 2>&1
  if grep -F " $2 " "$tmp/audit.txt" | grep -qF -- "$3"; then ok; else
    bad "audit log of $(basename "$1"): no $2 row with '$3'"
  fi
}
# boxes FILE TEXT...: the frame drew each TEXT
boxes() {
  local f=$1 t
  shift
  for t in "$@"; do
    if grep -qF -- "$t" "$f" 2>/dev/null; then ok; else bad "$(basename "$f"): no '$t' on the screen"; fi
  done
}

# ---- a desktop: the reality check every minute ----
# At 1:00 it waits (nothing else is taken: a chip does nothing; a tap where the ante's spot was
# would be CONTINUE's, which covers it); DEAL is CONTINUE; the next is
# due at 2:00 after the answer at 1:01 (2:01), answered by CASH OUT: the 1,000.00 of free
# credits as a ticket.
printf '[responsible]\nreality_check_minutes = 1\n' >"$tmp/check.ini"
db=$tmp/check.db
run check "$tmp/check.ini" "$db" $T0 -- "59000 SUMMARY" "60500 SUMMARY" \
  "60600 BOXES $tmp/check.txt" "60700 CHIP2" "60800 BET" "60900 SUMMARY" "61000 DEAL" \
  "61200 SUMMARY" "120500 SUMMARY" "121200 SUMMARY" "121300 CASHOUT" "121500 SUMMARY"
expect check 1 rg_session=1 rg_check=0
expect check 2 rg_check=1
boxes "$tmp/check.txt" "REALITY CHECK" "You have played for 1 minute." "CONTINUE" "CASH OUT"
expect check 3 rg_check=1 staked=0
expect check 4 rg_check=0 staked=0 balance=100000
expect check 5 rg_check=0
expect check 6 rg_check=1 rg_played=121
expect check 7 rg_check=0 balance=0 rg_out=100000
logged "$db" rg-reality-check "reality check shown: time played 1 minute"
logged "$db" rg-reality-answer "CONTINUE after 1 minute"
logged "$db" rg-reality-answer "CASH OUT after 2 minutes"

# ---- a desktop: the loss limit ----
# 10.00: a fourth 1.00 chip on the ante could lose 12.00 with PLAY and is refused; three
# (9.00 with PLAY) are taken, dealt and lost: 1.00 is left, less than the smallest game (1.00
# and its 2.00 PLAY), so betting stops for the break after a limit (30 minutes, until 08:30),
# after a restart too; cash-out works; at 08:31 a new session has the whole limit.
printf '[responsible]\nloss_limit = 10.00\n' >"$tmp/loss.ini"
db=$tmp/loss.db
run loss "$tmp/loss.ini" "$db" $T0 --deck "$LOSE" -- "100 CHIP2" "300 SPOT ante" "500 SPOT ante" \
  "700 SPOT ante" "900 SPOT ante" "1000 SUMMARY" "1200 DEAL" "2600 PLAY" "7000 SUMMARY" \
  "7200 CHIP2" "7300 SPOT ante" "7400 SUMMARY" "7500 COIN" \
  "7600 SUMMARY"
expect loss 1 staked=300 "toast=Your loss limit of \$10.00 leaves \$10.00: these bets could lose \$12.00"
expect loss 2 phase=settled credits=99100 rg_net=-900 rg_stop=loss \
  "notice=Your loss limit of \$10.00 is reached: betting stops until 08:30. You can cash out."
expect loss 3 phase=settled game=1 rg_stop=loss "notice=Your loss limit of \$10.00 is reached"
expect loss 4 balance=99100 "toast=Coin returned: betting is stopped."
run loss2 "$tmp/loss.ini" "$db" $((T0 + 600)) -- "100 SUMMARY" "200 BOXES $tmp/loss.txt" \
  "300 CASHOUT" "500 SUMMARY"
boxes "$tmp/loss.txt" "middle|BETTING STOPPED"
expect loss2 1 rg_session=1 rg_stop=loss rg_net=-900
expect loss2 2 balance=0 rg_stop=loss rg_out=99100
run loss3 "$tmp/loss.ini" "$db" $((T0 + 1860)) -- "100 SUMMARY"
expect loss3 1 rg_session=2 rg_stop=none rg_net=0
logged "$db" rg-limit-reached "loss limit reached; time played less than a minute, bets \$9.00, paid back \$0.00, result -\$9.00"
logged "$db" rg-session-end "session 1 ended: the break after the limit is over"

# ---- an attacker: a kill while betting is stopped, then the clock set back ----
# The loss limit reached as above on a database of its own, and the program killed (SIGKILL)
# while betting is stopped, a real minute of sleep into its script. Restarted a minute later the
# stop holds; with the clock set an hour back too (the sessions' clock starts from the latest
# time the database knows, 08:00, so the words name 08:30, not a time an hour earlier); a chip
# is refused both times. At 08:31 the break after the limit is over.
db=$tmp/kill.db
printf '%s\n' "100 CHIP2" "300 SPOT ante" "500 SPOT ante" "700 SPOT ante" "1200 DEAL" "2600 PLAY" \
  "7000 SUMMARY" "7100 SLEEP 60000" "7200 QUIT" >"$tmp/kill.script"
("$bin" play --headless --turbo --frame-ms 40 --size 1280x720 --config "$tmp/loss.ini" --db "$db" \
  --seed 3 --clock $T0 --deck "$LOSE" --script "$tmp/kill.script" >"$tmp/kill.out" \
  2>"$tmp/kill.err") &
pid=$!
for i in $(seq 600); do
  grep -q "rg_stop=loss" "$tmp/kill.out" 2>/dev/null && break
  kill -0 $pid 2>/dev/null || break
  sleep 0.2
done
if grep -q "rg_stop=loss" "$tmp/kill.out" && kill -KILL $pid 2>/dev/null; then ok; else
  bad "kill: the stop was not reached in a run still going: $(tail -n 3 "$tmp/kill.err")"
fi
wait $pid 2>/dev/null
run kill2 "$tmp/loss.ini" "$db" $((T0 + 60)) -- "100 CHIP2" "200 SPOT ante" "300 SUMMARY"
expect kill2 1 staked=0 rg_session=1 rg_stop=loss rg_net=-900
run kill3 "$tmp/loss.ini" "$db" $((T0 - 3600)) -- "100 CHIP2" "200 SPOT ante" "300 SUMMARY"
expect kill3 1 staked=0 rg_session=1 rg_stop=loss \
  "notice=Your loss limit of \$10.00 is reached: betting stops until 08:30."
run kill4 "$tmp/loss.ini" "$db" $((T0 + 1860)) -- "100 CHIP2" "200 SPOT ante" "300 SUMMARY"
expect kill4 1 staked=100 rg_session=2 rg_stop=none

# ---- a desktop: the session time limit of 1 minute ----
# A round dealt at 0:59 is decided at 1:01 (never stopped in the middle); then betting stops.
printf '[responsible]\nsession_minutes = 1\n' >"$tmp/time.ini"
db=$tmp/time.db
run time "$tmp/time.ini" "$db" $T0 --deck "$LOSE" -- "58000 CHIP2" "58200 SPOT ante" \
  "59000 DEAL" "60500 SUMMARY" "61000 PLAY" "63000 SUMMARY"
expect time 1 phase=deciding rg_stop=none
expect time 2 phase=settled rg_stop=time \
  "notice=Your session time limit of 1 minute is reached: betting stops until 08:31."
logged "$db" rg-limit-reached "session time limit reached; time played 1 minute"

# ---- a desktop: the player's limits on the page, kept across restarts ----
# The page's rows: TIME LIMIT, LOSS LIMIT, SET THESE LIMITS, BREAK, TAKE THE BREAK, CLOSE. The
# time limit stepped to 30 minutes, the loss limit to 50.00 (10, 20, 50), set: both at once.
db=$tmp/limits.db
printf '[responsible]\n' >"$tmp/limits.ini"
run limits "$tmp/limits.ini" "$db" $T0 -- "100 RESPONSIBLE" "300 DEAL" "400 NEXT_SPOT" "500 DEAL" \
  "600 DEAL" "700 DEAL" "800 NEXT_SPOT" "900 DEAL" "1100 BOXES $tmp/limits.txt" "1200 BACK" \
  "301000 SUMMARY"
boxes "$tmp/limits.txt" "Session time: 30 minutes" "Losses: \$50.00 (\$50.00 left)"
expect limits 1 rg_session=1 rg_played=300
# ten minutes after the start (the game closed for 5): the same session, 10 minutes played, the
# same limits; the loss limit raised to 100.00 waits a day
run limits2 "$tmp/limits.ini" "$db" $((T0 + 600)) -- "100 SUMMARY" "200 RESPONSIBLE" \
  "300 NEXT_SPOT" "400 DEAL" "500 NEXT_SPOT" "600 DEAL" "800 BOXES $tmp/limits2.txt" "900 BACK"
expect limits2 1 rg_session=1 rg_played=600
boxes "$tmp/limits2.txt" "Session time: 30 minutes" "Losses: \$50.00 (\$100.00 from Sat 16 Jan 08:10)"
# a day and a quarter later: a new session, the raised limit in force
run limits3 "$tmp/limits.ini" "$db" $((T0 + 30 * 3600)) -- "100 SUMMARY" "200 RESPONSIBLE" \
  "600 BOXES $tmp/limits3.txt"
expect limits3 1 rg_session=2 rg_played=0
boxes "$tmp/limits3.txt" "Session time: 30 minutes" "Losses: \$100.00 (\$100.00 left)"
logged "$db" rg-limit "the player set the limits: the session time limit is now 30 minutes"
logged "$db" rg-limit "the loss limit becomes \$100.00 on Sat 16 Jan 08:10"
logged "$db" rg-limit "the loss limit is now \$100.00"
logged "$db" rg-session-pause "session 1 paused: the game was closed"
logged "$db" rg-session-resume "session 1 goes on: the game was closed for"
logged "$db" rg-session-end "session 1 ended: the game was closed for"

# ---- a desktop: a break of a day taken on the page ----
# Four rows down to TAKE THE BREAK, pressed twice (the second confirms). No chip is taken, after
# a restart too, and with the clock set back; a day later the break is over.
db=$tmp/break.db
run break "$tmp/limits.ini" "$db" $T0 -- "100 RESPONSIBLE" "200 NEXT_SPOT" "300 NEXT_SPOT" \
  "400 NEXT_SPOT" "500 NEXT_SPOT" "600 DEAL" "700 DEAL" "800 BACK" "900 CHIP2" "1000 SPOT ante" \
  "1100 SUMMARY"
expect break 1 staked=0 rg_stop=break \
  "notice=You are taking a break until Sat 16 Jan 08:00: no bets until then. You can cash out."
run break2 "$tmp/limits.ini" "$db" $((T0 + 12 * 3600)) -- "100 CHIP2" "200 SPOT ante" "300 SUMMARY"
expect break2 1 staked=0 rg_stop=break
# the clock set back a day, before the break began: the break holds, to the same end (break3)
run break2b "$tmp/limits.ini" "$db" $((T0 - 24 * 3600)) -- "100 CHIP2" "200 SPOT ante" "300 SUMMARY"
expect break2b 1 staked=0 rg_stop=break "until Sat 16 Jan 08:00"
run break3 "$tmp/limits.ini" "$db" $((T0 + 24 * 3600 + 60)) -- "100 CHIP2" "200 SPOT ante" \
  "300 SUMMARY"
expect break3 1 staked=100 rg_stop=none
logged "$db" rg-cool-off-start "a break of 1 day taken by the player, until Sat 16 Jan 08:00"
logged "$db" rg-cool-off-end "the break is over"

# ---- a cabinet: the operator's limit and break ----
# The operator menu (RESPONSIBLE GAMING is the twelfth item): LOSS LIMIT stepped to 20.00 with no
# credits on the machine. A 20.00 note opens session 1; an ante of 5.00 (15.00 with PLAY) is
# lost; 5.00 is left: 2.00 of ante (6.00) is refused, 1.00 (3.00) taken and lost: 2.00 left,
# less than the smallest game: betting stops, the coin is returned, CASH OUT pays 2.00.
cat >"$tmp/cabinet.ini" <<EOF
[display]
mode = kiosk
[cabinet]
operator_pin = 2468
bill_values = 20.00
voucher_path = $tmp/tickets
EOF
db=$tmp/cabinet.db
menu=("100 SERVICE" "200 DIGIT 2" "220 DIGIT 4" "240 DIGIT 6" "260 DIGIT 8" "280 DEAL")
t=400
for i in $(seq 11); do menu+=("$t NEXT_SPOT"); t=$((t + 60)); done
menu+=("$t DEAL" "$((t + 100)) NEXT_SPOT" "$((t + 200)) DEAL" "$((t + 400)) BOXES $tmp/op.txt"
  "$((t + 500)) BACK" "$((t + 600)) BACK")
run cab "$tmp/cabinet.ini" "$db" $T0 --deck "$LOSE" --deck "$LOSE" -- "${menu[@]}" \
  "2000 SUMMARY" "2100 BILL" "2200 SUMMARY" "2300 CHIP3" "2400 SPOT ante" "2500 DEAL" "4000 PLAY" \
  "8000 SUMMARY" "8100 CHIP2" "8200 SPOT ante" "8300 SPOT ante" "8400 SUMMARY" "8500 DEAL" \
  "10000 PLAY" "14000 SUMMARY" "14100 COIN" "14200 SUMMARY" "14300 CASHOUT" "14500 SUMMARY"
boxes "$tmp/op.txt" "RESPONSIBLE GAMING" "LOSS LIMIT: \$20.00"
expect cab 1 rg_session=0
expect cab 2 rg_session=1 rg_in=2000
expect cab 3 rg_net=-1500 rg_stop=none
expect cab 4 staked=100 "toast=Your loss limit of \$20.00 leaves \$5.00: these bets could lose \$6.00"
expect cab 5 rg_net=-1800 rg_stop=loss
expect cab 6 balance=200 "toast=Coin returned: betting is stopped."
expect cab 7 balance=0 rg_stop=loss rg_out=200
logged "$db" config-change "responsible.loss_limit=20.00"
logged "$db" rg-session-start "session 1 began: credits in"
logged "$db" rg-limit-reached "loss limit reached"
# the operator starts a week's break (START THE BREAK, twice) and ends it (the same row)
menu=("100 SERVICE" "200 DIGIT 2" "220 DIGIT 4" "240 DIGIT 6" "260 DIGIT 8" "280 DEAL")
t=400
for i in $(seq 11); do menu+=("$t NEXT_SPOT"); t=$((t + 60)); done
menu+=("$t DEAL")
for i in 1 2 3 4; do menu+=("$((t + 100 * i)) NEXT_SPOT"); done
menu+=("$((t + 500)) DEAL" "$((t + 600)) NEXT_SPOT" "$((t + 700)) DEAL" "$((t + 800)) DEAL"
  "$((t + 900)) SUMMARY" "$((t + 1000)) DEAL" "$((t + 1100)) SUMMARY")
run cab2 "$tmp/cabinet.ini" "$db" $((T0 + 3600)) -- "${menu[@]}"
expect cab2 1 rg_stop=break
expect cab2 2 rg_stop=none
logged "$db" rg-cool-off-start "a break of 7 days taken by the operator"
logged "$db" rg-cool-off-end "the break was ended by the operator"
logged "$db" rg-session-end "session 1 ended: the break after the limit is over"
finish
