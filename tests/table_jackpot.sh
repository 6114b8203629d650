#!/usr/bin/env bash
# A shared table's JACKPOT is the linked pool (issue 15; seed 001: the prize "shared among all
# players who have placed a jackpot bet in the winning game round", rules.md: among the royals, in
# proportion to their stakes), on a PostgreSQL server of the test's own. A live Caribbean table
# whose host plays the pool as a machine of it; two players each bet the ante, PLAY and the
# JACKPOT and are dealt a royal flush each from a stacked deck. Worked out here from rules.md:
#  - the pool, seeded at 1,000.00 EUR, takes 45% of each 1.00 stake: 1,000.90 at the claim;
#    the two royals' stakes are equal, so each is paid half, rounded down: 500.45; the next prize
#    starts at the seed again (what is left and the 5% reserve are below it);
#  - each player: ante 10.00 1 to 1, PLAY 20.00 at 100 to 1 (the dealer's ace-king qualifies),
#    the JACKPOT's share: 1,000.00 - 31.00 + 2,040.00 + 500.45;
#  - the controller's wins, the table's results and audit (the replay with the prizes the
#    controller paid) and each terminal's books agree.
# usage: table_jackpot.sh STUDPOKER
set -uo pipefail
bin=$1
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
source "$here/pg_lib.sh"
pg_test_begin "$bin"
pg_start
pg_link_controller "$bin" || { bad "the controller"; finish; exit; }
q() { link_q "$@"; }
field() { echo "$1" | tr ' ' '\n' | sed -n "s/^$2=//p" | head -1; }
q <<'EOF' >/dev/null || bad "setting up the pool and the table"
SELECT splink.link_site_add('paris', 'EUR');
SELECT splink.link_pool_add('floor', 'EUR', 100000, 4500, 500, 0);
SELECT splink.link_machine_add('table_t1', 'paris', 'floor', 'sp_table_t1', 'pw-table-secret');
SELECT sptable.table_add('t1', 'EUR', 'sp_host_t1', 'pw-host-secret');
EOF
cat >"$tmp/host.ini" <<EOF
[game]
preset = caribbean-live
currency = EUR
[timers]
betting_seconds = 10
decision_seconds = 5
[link]
url = host=$PGHOST dbname=link user=sp_table_t1 password=pw-table-secret connect_timeout=2
pool = floor
site = paris
machine = table_t1
EOF
"$bin" table-host --config "$tmp/host.ini" --table t1 --pause-ms 500 --rounds 2 \
  --url "host=$PGHOST dbname=link user=sp_host_t1 password=pw-host-secret" \
  --deck "As Ks Qs Js Ts  Ah Kh Qh Jh Th  Ad Kc 8h 6d 3c" >"$tmp/host.log" 2>&1 &
hostpid=$!
pids=()
terminal() {
  local p=$1
  pg_table_terminal "$p" paris "$tmp/$p" || bad "adding $p"
  printf '%s\n' "100 TABLEWAIT 30000 betting" "200 CHIP3" "300 SPOT ante" "400 SPOT ante" \
    "500 SPOT jackpot" "600 SUMMARY" "700 DEAL" "750 SUMMARY" "800 TABLEWAIT 30000 deciding" \
    "900 PLAY" "1000 TABLEWAIT 30000 settled" "1100 SUMMARY" "1200 TABLEWAIT 30000 collected=1" \
    "4000 SUMMARY" "4100 QUIT" >"$tmp/$p/script"
  "$bin" play --headless --size 640x360 --config "$tmp/$p/game.ini" --join t1 \
    --db "$tmp/$p/db.sqlite" --credits 1000.00 --script "$tmp/$p/script" >"$tmp/$p/out" 2>"$tmp/$p/err" &
  pids+=($!)
}
# p1 bets first (the first hand of the deck), then p2 in the same round (the second)
terminal p1
for _ in $(seq 300); do grep -q "bets_sent=1" "$tmp/p1/out" 2>/dev/null && break; sleep 0.1; done
terminal p2
for p in "${pids[@]}"; do wait "$p" || bad "a terminal ended badly"; done
wait "$hostpid" || bad "the host: $(tail -3 "$tmp/host.log")"
for p in p1 p2; do
  l=$(sed -n 1p "$tmp/$p/out")
  [ "$(field "$l" staked)" = 1100 ] && ok || bad "$p's bets: $l"
  l=$(tail -n 1 "$tmp/$p/out")
  [ "$(field "$l" credits)" = $((100000 - 3100 + 204000 + 50045)) ] && [ "$(field "$l" state)" = locked ] &&
    ok || bad "$p after the royals: $l $(cat "$tmp/$p/err")"
done
[ "$(q -c "SELECT string_agg(seat || ':' || amount, ' ' ORDER BY seat) FROM splink.wins WHERE machine='table_t1'")" = \
  "1:50045 2:50045" ] && ok || bad "the controller's wins: $(q -c "SELECT * FROM splink.wins")"
[ "$(q -c "SELECT string_agg(machine || ':' || total, ' ' ORDER BY machine) FROM sptable.results")" = \
  "p1:254045 p2:254045" ] && ok || bad "the table's results: $(q -c "SELECT * FROM sptable.results")"
[ "$(q -c "SELECT value FROM splink.pools_now WHERE pool='floor'")" = 1000000000 ] && ok ||
  bad "the next prize: $(q -c "SELECT * FROM splink.pools_now")"
[ "$(q -c "SELECT bool_and(seeded + contributed = value + reserve + overflow + paid) FROM splink.pools_now")" = t ] &&
  ok || bad "the pool does not balance"
"$bin" table audit --url "$link_su" --config "$tmp/host.ini" --table t1 >"$tmp/audit" 2>&1 &&
  grep -q 'problems 0' "$tmp/audit" && ok || bad "table audit: $(cat "$tmp/audit")"
for p in p1 p2; do
  "$bin" audit --db "$tmp/$p/db.sqlite" >"$tmp/$p/audit" 2>&1 && grep -q 'cents lost 0$' "$tmp/$p/audit" &&
    ok || bad "$p's books: $(cat "$tmp/$p/audit")"
done
finish
