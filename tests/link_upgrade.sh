#!/usr/bin/env bash
# A controller made by the release before the accumulators (schema 1, tests/fixtures/
# controller_schema1.sql), in use, upgraded by today's `link init` (schema 7), on a PostgreSQL
# server of the test's own:
#  - the pools show exactly what they showed before (value, reserve, overflow, stakes, totals);
#    every machine has its accumulator and every pool its announcement row, and init again
#    changes nothing;
#  - a stake counted before the upgrade, sent again after it, is a replay;
#  - stakes after it count as rules.md's percentages give (awk), a capped pool's excess going to
#    its overflow as schema 1 sent it there;
#  - a royal claimed after it is paid the prize (awk: the figures before + the stakes after, in
#    pounds at 6/5, rounded down), the next prize starts from what is left + reserve + overflow,
#    and every pool balances to the 1/10,000 cent, the pools' rows alone too.
# usage: link_upgrade.sh STUDPOKER
set -uo pipefail
bin=$1
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
source "$here/pg_lib.sh"
pg_test_begin "$bin"
pg_start
q() { link_q "$@"; }
mach() { echo "host=$PGHOST dbname=link user=sp_$1 password=pw-$1-secret"; }
mq() { local m=$1; shift; psql -XAtq "$(mach "$m")" -v ON_ERROR_STOP=1 "$@" 2>&1; }
field() { echo "$1" | tr ' ' '\n' | sed -n "s/^$2=//p" | head -1; }
idiv_awk='function idiv(a, b) { return (a - a % b) / b }'
figures="value, reserve, overflow, contributions, contributed, seeded, paid, hits, base"

# ---- schema 1, in use ----
psql -XAtq -c 'CREATE DATABASE link' >/dev/null || { bad "CREATE DATABASE"; finish; exit; }
q -1 -f "$here/fixtures/controller_schema1.sql" >"$tmp/v1.log" 2>&1 ||
  { bad "installing schema 1: $(tail -3 "$tmp/v1.log")"; finish; exit; }
q <<'EOF' >/dev/null || bad "setting up schema 1's pools and machines"
SELECT splink.link_site_add('paris', 'EUR');
SELECT splink.link_site_add('london', 'GBP');
SELECT splink.link_set_rate('GBP', 'EUR', 6, 5);
SELECT splink.link_pool_add('floor', 'EUR', 100000, 4500, 500, 0);
SELECT splink.link_pool_add('capped', 'EUR', 1000, 4500, 500, 1010);
SELECT splink.link_machine_add('m1', 'paris', 'floor', 'sp_m1', 'pw-m1-secret');
SELECT splink.link_machine_add('m2', 'london', 'floor', 'sp_m2', 'pw-m2-secret');
SELECT splink.link_machine_add('m3', 'paris', 'capped', 'sp_m3', 'pw-m3-secret');
EOF
v1_stakes() {
  for g in 1 2 3 4 5; do echo "SELECT * FROM splink.link_contribute('m1', $g, $((g * 100)), 'EUR');"; done | mq m1 >/dev/null
  for g in 1 2 3; do echo "SELECT * FROM splink.link_contribute('m2', $g, 100, 'GBP');"; done | mq m2 >/dev/null
  # 100.00 a stake, 45.00 to the prize: the capped pool passes its 1,010.00 limit
  for g in $(seq 1 10); do echo "SELECT * FROM splink.link_contribute('m3', $g, 10000, 'EUR');"; done | mq m3 >/dev/null
}
v1_stakes || bad "schema 1's stakes"
[ "$(q -c "SELECT value FROM splink.meta WHERE key = 'schema_version'")" = 1 ] && ok || bad "the fixture is not schema 1"
before_floor=$(q -c "SELECT $figures FROM splink.pools WHERE pool = 'floor'")
before_capped=$(q -c "SELECT $figures FROM splink.pools WHERE pool = 'capped'")
[ "$(q -c "SELECT overflow > 0 FROM splink.pools WHERE pool = 'capped'")" = t ] && ok ||
  bad "schema 1's capped pool has no overflow: $before_capped"

# ---- today's init ----
link_su="host=$PGHOST dbname=link user=postgres"
"$bin" link init --url "$link_su" >"$tmp/init.log" 2>&1 || bad "link init on schema 1: $(cat "$tmp/init.log")"
[ "$(q -c "SELECT value FROM splink.meta WHERE key = 'schema_version'")" = 7 ] && ok || bad "not schema 7 after init"
[ "$(q -c "SELECT $figures FROM splink.pools_now WHERE pool = 'floor'")" = "$before_floor" ] &&
  [ "$(q -c "SELECT $figures FROM splink.pools_now WHERE pool = 'capped'")" = "$before_capped" ] && ok ||
  bad "the pools changed in the upgrade: $(q -c "SELECT $figures FROM splink.pools_now")"
[ "$(q -c "SELECT string_agg(machine || ':' || pool || ':' || value || ':' || reserve || ':' || contributions, ' ' ORDER BY machine) FROM splink.accum")" = \
  "m1:floor:0:0:0 m2:floor:0:0:0 m3:capped:0:0:0" ] && ok || bad "the accumulators: $(q -c "SELECT * FROM splink.accum")"
[ "$(q -c "SELECT string_agg(pool, ' ' ORDER BY pool) FROM splink.announced")" = "capped floor" ] && ok ||
  bad "the announcement rows: $(q -c "SELECT * FROM splink.announced")"
"$bin" link init --url "$link_su" >"$tmp/init2.log" 2>&1 &&
  [ "$(q -c "SELECT $figures FROM splink.pools_now WHERE pool = 'floor'")" = "$before_floor" ] && ok ||
  bad "link init again: $(cat "$tmp/init2.log")"

# ---- stakes after it ----
contribute() { # MACHINE GAME STAKE CURRENCY -> the raw answer
  "$bin" link contribute --url "$(mach "$1")" --machine "$1" --game "$2" --stake "$3" \
    --currency "$4" --raw 2>"$tmp/c.err" || echo "FAILED $(cat "$tmp/c.err")"
}
r=$(contribute m1 3 300 EUR)
[ "$(field "$r" replay)" = 1 ] && ok || bad "m1 game 3 sent again after the upgrade: $r"
r=$(contribute m1 6 250 EUR)
[ "$(field "$r" replay)" = 0 ] && ok || bad "m1 game 6: $r"
r=$(contribute m2 4 300 GBP)
[ "$(field "$r" replay)" = 0 ] && ok || bad "m2 game 4: $r"
r=$(contribute m3 11 10000 EUR)
[ "$(field "$r" replay)" = 0 ] && ok || bad "m3 game 11: $r"
read -r v0 r0 o0 n0 c0 s0 p0 _ < <(echo "$before_floor" | tr '|' ' ')
read -r want_v want_r want_n want_c < <(awk -v v="$v0" -v r="$r0" -v n="$n0" -v c="$c0" "$idiv_awk"'
  BEGIN { dv = idiv(250 * 4500, 1) + idiv(300 * 4500 * 6, 5); dr = 250 * 500 + idiv(300 * 500 * 6, 5)
          print v + dv, r + dr, n + 2, c + dv + dr }')
now=$(q -c "SELECT value, reserve, overflow, contributions, contributed FROM splink.pools_now WHERE pool = 'floor'")
[ "$now" = "$want_v|$want_r|$o0|$want_n|$want_c" ] && ok ||
  bad "the floor after the stakes: $now, want $want_v|$want_r|$o0|$want_n|$want_c"
read -r cv cr co _ < <(echo "$before_capped" | tr '|' ' ')
now=$(q -c "SELECT value, reserve, overflow FROM splink.pools_now WHERE pool = 'capped'")
[ "$now" = "$cv|$((cr + 10000 * 500))|$((co + 10000 * 4500))" ] && [ "$cv" = 10100000 ] && ok ||
  bad "the capped pool after a stake: $now (before $before_capped)"

# ---- a royal on m2 (GBP) ----
"$bin" link claim --url "$(mach m2)" --machine m2 --game 4 --stake 300 --currency GBP --raw \
  >"$tmp/claim" 2>&1 || bad "the claim: $(cat "$tmp/claim")"
read -r amount next < <(awk -v V="$want_v" -v R="$want_r" -v O="$o0" -v S=1000000000 "$idiv_awk"'
  BEGIN { a = idiv(V * 5, 6 * 10000); d = idiv(a * 6 * 10000 + 5 - 1, 5); nv = V - d + R + O
          if (nv < S) nv = S; print a, nv }')
paid=$(q -c "SELECT amount FROM splink.wins WHERE machine = 'm2' AND game = 4")
[ "$paid" = "$amount" ] && ok || bad "m2 was paid $paid pence, want $amount"
[ "$(q -c "SELECT value FROM splink.pools_now WHERE pool = 'floor'")" = "$next" ] && ok ||
  bad "the next prize: $(q -c "SELECT value FROM splink.pools_now WHERE pool = 'floor'"), want $next"
[ "$(q -c "SELECT COALESCE(SUM(value + reserve + contributions), 0) FROM splink.accum WHERE pool = 'floor'")" = 0 ] &&
  ok || bad "the claim did not fold the accumulators: $(q -c "SELECT * FROM splink.accum")"
for t in pools pools_now; do
  [ "$(q -c "SELECT bool_and(seeded + contributed = value + reserve + overflow + paid) FROM splink.$t")" = t ] &&
    ok || bad "splink.$t does not balance: $(q -c "SELECT * FROM splink.$t")"
done
[ "$(q -c "SELECT bool_and(p.contributed = (SELECT COALESCE(SUM(to_value + to_reserve + to_overflow), 0)
                                            FROM splink.contributions c WHERE c.pool = p.pool))
           FROM splink.pools_now p")" = t ] && ok || bad "the pools' totals are not their rows'"
finish
