#!/usr/bin/env bash
# The rank command: right answers for good input, a clear message and exit status 2 for bad.
set -u
bin=$1
pass=0 fail=0
check() { # description, expected status, expected text (grep -E), command...
  local what=$1 status=$2 text=$3; shift 3
  local out rc
  out=$("$@" 2>&1); rc=$?
  if [ "$rc" -eq "$status" ] && grep -qE "$text" <<<"$out"; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1)); echo "FAIL: $what (status $rc, want $status; want /$text/): $out"
  fi
}
check "royal of six"     0 'best five: +A♠ K♠ Q♠ J♠ 10♠$' "$bin" rank As Ks Qs Js Ts 2d
check "royal name"       0 'category: +Royal Flush'         "$bin" rank As Ks Qs Js Ts 2d
check "royal value"      0 'value: +7462 of 7462'           "$bin" rank As Ks Qs Js Ts
check "worst hand"       0 'value: +1 of 7462'              "$bin" rank 7c 5d 4h 3s 2c
check "seven, one arg"   0 'Full House, Kings full of Sixes' "$bin" rank "Kh Kd Kc 6s 6h 2c 3d"
check "board3"           0 'board: +Mini Royal'             "$bin" rank --board3 Ah Kh Qh
check "pocket"           0 'pocket: +Pair of Aces'          "$bin" rank --pocket Ah Ad
check "lowball"          0 'lo ball: +Seven high'           "$bin" rank --lowball 7h 5d 4c 3s 2h
check "asian"            0 'qualifies, value 2'             "$bin" rank --asian Jk 4h 5d 9c 3s
check "asian five aces"  0 'bonus: +Five Aces'              "$bin" rank --asian As Ah Ad Ac Jk
check "bad card"         2 "'Xx' is not a card"             "$bin" rank As Ks Qs Js Xx
check "duplicate"        2 'appears twice'                  "$bin" rank As Ks Qs Js As
check "too few"          2 'got 4 cards, need 5, 6 or 7'    "$bin" rank As Ks Qs Js
check "too many"         2 'too many cards'                 "$bin" rank As Ks Qs Js Ts 9s 8s 7s 6s
check "board3 count"     2 'need exactly 3 cards'           "$bin" rank --board3 As Ks
check "joker not here"   2 'only dealt in Asian Stud'       "$bin" rank As Ks Qs Js Jk
check "no cards"         2 'got 0 cards'                    "$bin" rank
check "bad option"       2 "unknown option '--nope'"        "$bin" rank --nope As Ks Qs Js Ts
check "unknown command"  2 "unknown command 'frobnicate'"   "$bin" frobnicate
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
