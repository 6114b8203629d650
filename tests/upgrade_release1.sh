#!/usr/bin/env bash
# Records that survive an upgrade: tests/fixtures/release1.db was written by the release of
# 2026-11-24 (schema 1, rules encoding SPRULES1, rows signed with that release's built-in key;
# made by tests/fixtures/make_release1_db.sh). Every later build must refuse to play it until a
# technician upgrades it, upgrade it once, then recall its games with the rules they were dealt
# under, audit it to 0 cents lost, and play on. The figures below are that release's pay tables
# worked out by hand (the same rounds as its e2e test), not read back from the program.
#   upgrade_release1.sh STUDPOKER FIXTURE
set -u
bin=$1
fixture=$2
. "$(dirname "$0")/lib.sh"
db=$tmp/machine.db
cp "$fixture" "$db"
chmod 644 "$db"

# 1. Started as it is: refused with what to do, nothing changed, no key made.
sum=$(md5sum <"$db")
printf '100 SUMMARY\n' >"$tmp/s"
"$bin" play --headless --db "$db" --script "$tmp/s" >"$tmp/old.out" 2>"$tmp/old.err"
rc=$?
[ $rc = 3 ] && grep -q "studpoker upgrade --db" "$tmp/old.err" && ok ||
  bad "the old database was not refused with the upgrade named: $rc $(cat "$tmp/old.err")"
[ "$(md5sum <"$db")" = "$sum" ] && [ ! -e "$tmp/machine.key" ] && ok ||
  bad "refusing changed the old database or made a key"

# 2. The technician's upgrade: the old file kept, a key made (mode 600), an anchor.
"$bin" upgrade --db "$db" >"$tmp/up.txt" 2>&1 && ok || bad "upgrade: $(cat "$tmp/up.txt")"
[ -f "$db.release1" ] && [ "$(md5sum <"$db.release1")" = "$sum" ] && ok || bad "the old file is not kept as it was"
[ "$(stat -c %a "$tmp/machine.key" 2>/dev/null)" = 600 ] && [ -s "$db.anchor" ] && ok ||
  bad "no key or anchor: $(ls -l "$tmp")"
# a second upgrade is refused (the old file would be replayed)
"$bin" upgrade --db "$db" >"$tmp/up2.txt" 2>&1 && bad "a second upgrade ran" || ok

# 3. The audit: every check, and every round replayed through today's engine with the rules it
# was recorded with and compared with its recorded results (game 3 replays only if its rules
# decode to that release's reading of Asian Stud), then the money from the history: 0 cents lost.
"$bin" audit --db "$db" --meters --log 40 >"$tmp/audit.txt" 2>&1 && ok || bad "audit: $(head -5 "$tmp/audit.txt")"
grep -q "^rounds 5 (void 0), round in play no, duplicate decks 0, rounds whose credits do not add up 0" \
  "$tmp/audit.txt" && ok || bad "rounds: $(head -2 "$tmp/audit.txt")"
grep -q "cents lost 0$" "$tmp/audit.txt" && ok || bad "cents: $(head -2 "$tmp/audit.txt")"
meter() {
  local got
  got=$(awk -v n="$1" '$1 == "meter" && $2 == n {print $3}' "$tmp/audit.txt")
  [ "$got" = "$2" ] && ok || bad "meter $1: want $2, got '$got'"
}
# game 1, classic royal (ante 10.00, PLAY 20.00): ante 1:1 returns 20.00, PLAY 100:1 2,020.00.
# game 2, classic fold (ante 5.00): nothing back.
# game 3, Asian Stud as that release paid it: 9 points against 3 is a 6-point win, 2:1 on the
#   ante AND the raise (5.00 each, 15.00 back each); the 5% commission on the 20.00 won (1.00) is
#   taken from the ante's win first: ante 14.00, raise 15.00 back.
# game 4, Cajun A-K with Q-9-4 (ante 5.00, pocket 5.00, three 1x raises): ace high loses the
#   main game; the pocket bonus, ace-king unsuited, 10:1 returns 55.00.
# game 5, live four nines (ante 5.00, 5+1 5.00, JACKPOT 1.00, PLAY 10.00): ante 10.00, PLAY 25:1
#   260.00, 5+1 (quads with the up card) 100:1 505.00, JACKPOT quads 250.00 (stake not returned).
meter won.ante 4400   # 20.00 + 14.00 + 10.00
meter won.play 229500 # 2,020.00 + 15.00 + 260.00
meter won.pocket 5500
meter won.bonus51 50500
meter won.jackpot 25000
meter games_played 5
meter ticket_numbers 1
grep -q "upgrade upgraded from schema 1 (the release of 2026-11-24)" "$tmp/audit.txt" && ok ||
  bad "the upgrade is not in the audit log"

# 4. Play on: a new round of today's Asian Stud (the odds on the raise only) on the same machine.
printf '100 CHIP3\n150 SPOT ante\n400 DEAL\n1500 PLAY\n3600 SUMMARY\n' >"$tmp/s"
"$bin" play --headless --turbo --preset asian --seed 1 --deck "5s 5c Td Kd 9h  7h 3s Kc Ad 2c" \
  --db "$db" --script "$tmp/s" >"$tmp/play.out" 2>"$tmp/play.err" || bad "play on: $(cat "$tmp/play.err")"
# (game 3's cards in other suits: a deck is never dealt twice) ante 5.00 wins 1:1 (5.00), the
# raise 5.00 wins 2:1 (10.00): 15.00 won less 5% (0.75): 10.00 + 15.00 - 0.75 = 24.25 back
grep -qw "returned=2425" "$tmp/play.out" && grep -qw "game=6" "$tmp/play.out" && ok ||
  bad "today's rule on the upgraded machine: $(cat "$tmp/play.out")"
"$bin" audit --db "$db" >"$tmp/audit2.txt" 2>&1 && grep -q "^rounds 6 " "$tmp/audit2.txt" &&
  grep -q "cents lost 0$" "$tmp/audit2.txt" && ok || bad "audit after playing on: $(cat "$tmp/audit2.txt")"

finish
