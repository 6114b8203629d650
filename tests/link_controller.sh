#!/usr/bin/env bash
# The linked progressive's controller on a real PostgreSQL server of its own (pg_lib.sh), through
# the program's own client (`studpoker link ...`) and psql:
#  - `link init` installs the schema and roles, and again changes nothing;
#  - seed 001's example: a player betting 1 GBP and one betting 1 EUR share the JACKPOT the seed
#    shows (5,434.05) in proportion to their stakes in the pool's currency; the seed's figures
#    are read from the seed's own text and the shares worked out here in awk, to the cent;
#  - four machines at two sites in two currencies contribute at once; a (machine, game) sent
#    twice is counted once, and another stake under a used key is refused; the pool equals the
#    seed plus the exact sum of every stake's share, worked out here in awk from the rates and
#    from the percentages in rules.md, with the limit's overflow;
#  - two machines claim at the same instant: the controller puts them in order, the first is
#    paid the prize at its instant, the second the prize that restarted after it, each as the
#    rules give (awk again), and a retried claim pays nothing more;
#  - seeding + contributions = pool now + wins paid + overflow, to the 1/10,000 cent;
#  - a machine's login cannot UPDATE a pool, read another site's rows, act for another machine,
#    read another pool or change a parameter; a login of no machine can call nothing;
#  - a change reaches a machine that follows the pool (LISTEN), without polling.
# usage: link_controller.sh STUDPOKER SHARED_DIR (the folder with rules.md and seeds/)
set -uo pipefail
bin=$1
shared=$2
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
source "$here/pg_lib.sh"
pg_test_begin "$bin"
seed001=$(ls "$shared"/seeds/001_*.txt 2>/dev/null | head -1)
if [ ! -f "$shared/rules.md" ] || [ -z "$seed001" ]; then
  pg_skip "no $shared/rules.md or seed 001"
fi

# ---- the figures, from the documents ----
# rules.md: "Funding of each jackpot stake: 45% to the top prize, 5% to the reserve ..."
funding=$(tr '\n' ' ' <"$shared/rules.md" | grep -o 'Funding of each jackpot stake:[^.]*\.[^.]*')
pct_prize=$(echo "$funding" | grep -oE '[0-9.]+% to the top prize' | grep -oE '^[0-9.]+')
pct_reserve=$(echo "$funding" | grep -oE '[0-9.]+% to the reserve' | grep -oE '^[0-9.]+')
to_bp() { awk -v p="$1" 'BEGIN { split(p, a, "."); printf "%d", a[1] * 100 + substr(a[2] "00", 1, 2) }'; }
bp_v=$(to_bp "$pct_prize")
bp_r=$(to_bp "$pct_reserve")
[ "$bp_v" = 4500 ] && [ "$bp_r" = 500 ] && ok ||
  bad "rules.md's funding read as $bp_v / $bp_r basis points (from '$funding')"
# seed 001's JACKPOT payable shows the prize: "JACKPOT <tab> / 5,434.05"
jackpot_text=$(grep -m1 -A1 -E '^JACKPOT[[:space:]]*$' "$seed001" | tail -1 | tr -d '[:space:]')
jackpot=$(echo "$jackpot_text" | tr -d ',.')
[ "$jackpot_text" = "5,434.05" ] && ok || bad "seed 001's JACKPOT read as '$jackpot_text'"
# its example: "a bet of 1 GBP" beside "a bet of 1€"
grep -q 'placing a bet of 1 GBP' "$seed001" && grep -q 'placing a bet of 1€' "$seed001" && ok ||
  bad "seed 001's GBP/EUR example not found"

pg_start
psql -XAtq -c 'CREATE DATABASE link' || { bad "CREATE DATABASE"; finish; exit; }
su="host=$PGHOST dbname=link user=postgres"
mach() { echo "host=$PGHOST dbname=link user=sp_$1 password=pw-$1-secret"; }
q() { psql -XAtq -d link -v ON_ERROR_STOP=1 "$@"; }
# a machine's login through psql: the output and the error, one text
mq() { local m=$1; shift; psql -XAtq "$(mach "$m")" -v ON_ERROR_STOP=1 "$@" 2>&1; }
field() { echo "$1" | tr ' ' '\n' | sed -n "s/^$2=//p" | head -1; }
idiv_awk='function idiv(a, b) { return (a - a % b) / b }'

# ---- init ----
if "$bin" link init --url "$su" >"$tmp/init1" 2>&1; then ok; else bad "link init: $(cat "$tmp/init1")"; fi
if "$bin" link init --url "$su" >"$tmp/init2" 2>&1; then ok; else bad "link init again: $(cat "$tmp/init2")"; fi
"$bin" link status --url "$su" | grep -q 'link controller: answers' && ok || bad "link status as the superuser"
if "$bin" link status --url "host=$pg_dir/none dbname=link" >"$tmp/down" 2>&1; then
  bad "link status answered without a server"
else
  grep -q 'cannot reach the link controller' "$tmp/down" && ok || bad "no server: $(cat "$tmp/down")"
fi

# ---- the controller's parameters (operator functions, audited) ----
q <<EOF >/dev/null || bad "setting up sites, pools and machines"
SELECT splink.link_site_add('london', 'GBP');
SELECT splink.link_site_add('paris', 'EUR');
-- the seed gives no rate, only that 1 GBP is worth more than 1 EUR: the test takes 1.20
SELECT splink.link_set_rate('GBP', 'EUR', 6, 5);
SELECT splink.link_pool_add('floor', 'EUR', 100000, $bp_v, $bp_r, 105000);
EOF

# ---- seed 001's example: 1 GBP and 1 EUR share the prize the seed shows ----
# The pool is seeded so that with this round's two contributions it shows the seed's figure.
read -r c_gbp c_eur < <(awk -v v="$bp_v" "$idiv_awk"'
  BEGIN { print idiv(100 * v * 6, 5), idiv(100 * v * 1, 1) }')
if [ $(((c_gbp + c_eur) % 10000)) -ne 0 ]; then bad "the seed example's contributions are not whole cents"; fi
seed_ex=$((jackpot - (c_gbp + c_eur) / 10000))
q <<EOF >/dev/null || bad "setting up the seed 001 table"
SELECT splink.link_pool_add('seed001', 'EUR', $seed_ex, $bp_v, $bp_r, 0);
SELECT splink.link_machine_add('table1', 'paris', 'seed001', 'sp_table1', 'pw-table1-secret');
EOF
"$bin" link contribute --url "$(mach table1)" --machine table1 --game 1 --seat 1 --stake 100 \
  --currency GBP --raw >/dev/null 2>"$tmp/err" || bad "table1 seat 1: $(cat "$tmp/err")"
"$bin" link contribute --url "$(mach table1)" --machine table1 --game 1 --seat 2 --stake 100 \
  --currency EUR --raw >/dev/null 2>"$tmp/err" || bad "table1 seat 2: $(cat "$tmp/err")"
m=$("$bin" link meters --url "$su" --pool seed001 --raw | head -1)
[ "$(field "$m" value)" = "$((jackpot * 10000))" ] && ok ||
  bad "seed001 shows $(field "$m" value) frac, not the seed's $jackpot_text"
"$bin" link claim --url "$(mach table1)" --machine table1 --game 1 --seats 1,2 --raw \
  >"$tmp/seedclaim" 2>"$tmp/err" || bad "the seed example's claim: $(cat "$tmp/err")"
# second route: shares of J in proportion to 1.00 GBP at 6/5 and 1.00 EUR, paid in each currency
read -r want_gbp want_eur want_left < <(awk -v J="$jackpot" "$idiv_awk"'
  BEGIN {
    V = J * 10000; wg = 100 * 6; we = 100 * 5; W = wg + we      # stakes in EUR, over 5
    sg = idiv(V * wg, W); se = idiv(V * we, W)
    ag = idiv(sg * 5, 6 * 10000); ae = idiv(se, 10000)
    dg = idiv(ag * 6 * 10000 + 4, 5); de = ae * 10000
    print ag, ae, V - dg - de }')
got_gbp=$(field "$(grep '^seat=1 ' "$tmp/seedclaim")" amount)
got_eur=$(field "$(grep '^seat=2 ' "$tmp/seedclaim")" amount)
[ "$got_gbp" = "$want_gbp" ] && [ "$got_eur" = "$want_eur" ] && ok ||
  bad "seed 001: paid $got_gbp pence and $got_eur cents, want $want_gbp and $want_eur"
# 1 GBP and 1 EUR: the same win per unit of each player's own money (the seed's point)
[ "$want_gbp" = "$want_eur" ] && ok || bad "seed 001: the shares are not proportionate"
echo "seed 001: 1 GBP and 1 EUR share $jackpot_text EUR at 1 GBP = 1.20 EUR:" \
     "GBP $((got_gbp / 100)).$(printf %02d $((got_gbp % 100))) and EUR $((got_eur / 100)).$(printf %02d $((got_eur % 100)))"
"$bin" link claim --url "$(mach table1)" --machine table1 --game 1 --seats 1,2 --raw \
  >"$tmp/seedclaim2" 2>"$tmp/err" || bad "the seed example's claim again: $(cat "$tmp/err")"
[ "$(grep -c 'replay=1' "$tmp/seedclaim2")" = 2 ] &&
  [ "$(sed 's/ replay=.//' "$tmp/seedclaim")" = "$(sed 's/ replay=.//' "$tmp/seedclaim2")" ] && ok ||
  bad "the seed example's claim sent again was not the same claim: $(cat "$tmp/seedclaim2")"
m=$("$bin" link meters --url "$su" --pool seed001 --raw | head -1)
# after the hit: what was left + the reserve, topped up to the seed by the house
want_res=$(awk -v v="$bp_r" "$idiv_awk"' BEGIN { print idiv(100 * v * 6, 5) + 100 * v }')
want_next=$((want_left + want_res))
topup=0
[ "$want_next" -lt $((seed_ex * 10000)) ] && topup=$((seed_ex * 10000 - want_next)) && want_next=$((seed_ex * 10000))
[ "$(field "$m" value)" = "$want_next" ] && [ "$(field "$m" hits)" = 1 ] &&
  [ "$(field "$m" seeded)" = "$((seed_ex * 10000 + topup))" ] && ok ||
  bad "seed001 after the hit: $m (want value $want_next, seeded $((seed_ex * 10000 + topup)))"

# ---- four machines, two sites, two currencies ----
q <<EOF >/dev/null || bad "adding the floor's machines"
SELECT splink.link_set_rate('GBP', 'EUR', 11713, 10000);
SELECT splink.link_machine_add('lon1', 'london', 'floor', 'sp_lon1', 'pw-lon1-secret');
SELECT splink.link_machine_add('lon2', 'london', 'floor', 'sp_lon2', 'pw-lon2-secret');
SELECT splink.link_machine_add('par1', 'paris', 'floor', 'sp_par1', 'pw-par1-secret');
SELECT splink.link_machine_add('par2', 'paris', 'floor', 'sp_par2', 'pw-par2-secret');
EOF
games=60
k=0 pids=()
for m in lon1 lon2 par1 par2; do
  k=$((k + 1))
  for g in $(seq 1 $games); do echo "$g $(((g * 37 + k * 11) % 450 + 1))"; done >"$tmp/$m.games"
done
echo "5 $(((5 * 37 + 1 * 11) % 450 + 1))" >>"$tmp/lon1.games" # game 5 sent twice
cur() { case $1 in lon*) echo GBP ;; *) echo EUR ;; esac; }
# par2 sends its stakes 16 to a transaction (link_contribute_many), as a machine's outbox does
for m in lon1 lon2 par1 par2; do
  batch=()
  [ $m = par2 ] && batch=(--batch 16)
  "$bin" link contribute --url "$(mach $m)" --machine $m --currency "$(cur $m)" \
    --from "$tmp/$m.games" "${batch[@]}" --raw >"$tmp/$m.out" 2>"$tmp/$m.err" &
  pids+=($!)
done
wait "${pids[@]}"
for m in lon1 lon2 par1 par2; do
  [ "$(grep -c '^game=' "$tmp/$m.out")" = "$(wc -l <"$tmp/$m.games")" ] && ok ||
    bad "$m's contributions: $(tail -2 "$tmp/$m.err")"
done
[ "$(grep -c 'replay=1' "$tmp/lon1.out")" = 1 ] && ok || bad "lon1's game 5, sent twice, was not replayed once"
sed -n 's/^.*: \([0-9]* a second\).*$/\1/p' "$tmp"/*.err | tr '\n' ' ' | sed 's/^/contributions per second, four machines at once: /'
echo
# another stake under a used key
if "$bin" link contribute --url "$(mach lon1)" --machine lon1 --game 5 --stake 9999 --currency GBP \
     >/dev/null 2>"$tmp/err"; then
  bad "another stake under a used key was counted"
else
  grep -q 'already counted' "$tmp/err" && ok || bad "another stake under a used key: $(cat "$tmp/err")"
fi
# the whole of lon1's file sent again, as after a crash: nothing counted twice (one by one, and
# in batches)
for b in 1 32; do
  "$bin" link contribute --url "$(mach lon1)" --machine lon1 --currency GBP --from "$tmp/lon1.games" \
    --batch $b --raw >"$tmp/lon1.again" 2>/dev/null
  [ "$(grep -c 'replay=1' "$tmp/lon1.again")" = "$(wc -l <"$tmp/lon1.games")" ] && ok ||
    bad "lon1's contributions sent again (batches of $b) were counted again"
done
# a batch holding one stake under a used key is refused whole: its new stakes are not counted
printf '%s\n' "900 100" "5 9999" "901 100" >"$tmp/badbatch"
before=$(q -c "SELECT contributions FROM splink.pools_now WHERE pool = 'floor'")
if "$bin" link contribute --url "$(mach lon1)" --machine lon1 --currency GBP --from "$tmp/badbatch" \
     --batch 3 >/dev/null 2>"$tmp/err"; then
  bad "a batch with a stake under a used key was counted"
else
  [ "$(q -c "SELECT contributions FROM splink.pools_now WHERE pool = 'floor'")" = "$before" ] &&
    [ "$(q -c "SELECT COUNT(*) FROM splink.contributions WHERE machine = 'lon1' AND game >= 900")" = 0 ] &&
    grep -q 'already counted' "$tmp/err" && ok || bad "a refused batch: $(cat "$tmp/err")"
fi

# second route: the pool from the stakes, the rates and rules.md's percentages
model() {
  for m in lon1 lon2 par1 par2; do
    if [ "$(cur $m)" = GBP ]; then n=11713 d=10000; else n=1 d=1; fi
    awk -v m=$m -v n=$n -v d=$d '{ print m, $1, $2, n, d }' "$tmp/$m.games"
  done | awk -v bv="$bp_v" -v br="$bp_r" -v seed=1000000000 -v lim=1050000000 "$idiv_awk"'
    !seen[$1 " " $2]++ { v += idiv($3 * bv * $4, $5); r += idiv($3 * br * $4, $5); n++ }
    END { val = seed + v; ov = 0; if (val > lim) { ov = val - lim; val = lim }
          print val, r, ov, n, v + r }'
}
read -r want_v want_r want_o want_n want_c < <(model)
m=$("$bin" link meters --url "$su" --pool floor --raw | head -1)
[ "$(field "$m" value)" = "$want_v" ] && [ "$(field "$m" reserve)" = "$want_r" ] &&
  [ "$(field "$m" overflow)" = "$want_o" ] && [ "$(field "$m" contributions)" = "$want_n" ] &&
  [ "$(field "$m" contributed)" = "$want_c" ] && ok ||
  bad "the floor pool: $m; want value $want_v reserve $want_r overflow $want_o ($want_n stakes, $want_c frac)"
# every row: the rate in force recorded on it, and its shares from it
q -F' ' -c "SELECT machine, currency, stake, rate_num, rate_den, value_bp, reserve_bp,
                   to_value + to_overflow, to_reserve FROM splink.contributions WHERE pool = 'floor'" |
  awk -v bv="$bp_v" -v br="$bp_r" "$idiv_awk"'
    { want = ($2 == "GBP") ? "11713/10000" : "1/1"
      if ($4 "/" $5 != want || $6 != bv || $7 != br || $8 != idiv($3 * bv * $4, $5) ||
          $9 != idiv($3 * br * $4, $5)) { print "row " NR ": " $0; bad++ } }
    END { exit bad > 0 }' >"$tmp/rows" && ok || bad "contribution rows: $(head -3 "$tmp/rows")"

# ---- a machine follows the pool, and two machines claim at the same instant ----
"$bin" link meters --url "$(mach par1)" --pool floor --follow --count 4 --seconds 20 --raw \
  >"$tmp/follow" 2>"$tmp/follow.err" &
follower=$!
for _ in $(seq 100); do grep -qs listening "$tmp/follow.err" && break; sleep 0.05; done
"$bin" link contribute --url "$(mach lon2)" --machine lon2 --game 1000 --stake 100 --currency GBP \
  --raw >"$tmp/c1" 2>&1 || bad "lon2 game 1000: $(cat "$tmp/c1")"
"$bin" link contribute --url "$(mach par2)" --machine par2 --game 2000 --stake 100 --currency EUR \
  --raw >"$tmp/c2" 2>&1 || bad "par2 game 2000: $(cat "$tmp/c2")"
before=$("$bin" link meters --url "$su" --pool floor --raw | head -1)
"$bin" link claim --url "$(mach lon2)" --machine lon2 --game 1000 --stake 100 --currency GBP \
  --wait-file "$tmp/go" --raw >"$tmp/claim.lon2" 2>"$tmp/claim.lon2.err" &
p1=$!
"$bin" link claim --url "$(mach par2)" --machine par2 --game 2000 --stake 100 --currency EUR \
  --wait-file "$tmp/go" --raw >"$tmp/claim.par2" 2>"$tmp/claim.par2.err" &
p2=$!
for _ in $(seq 200); do
  [ "$(cat "$tmp"/claim.*.err 2>/dev/null | grep -c waiting)" = 2 ] && break
  sleep 0.05
done
touch "$tmp/go"
wait $p1 && wait $p2 && ok || bad "the claims at one instant: $(cat "$tmp"/claim.*.err)"
wait $follower && ok || bad "the follower: $(cat "$tmp/follow.err")"
after=$("$bin" link meters --url "$su" --pool floor --raw | head -1)

# second route: the model's pool with the two contributions, then the claims in the order the
# controller gave them
read -r w1 w2 < <(echo "$(field "$(cat "$tmp/claim.lon2")" win) $(field "$(cat "$tmp/claim.par2")" win)")
if [ "$w1" -lt "$w2" ]; then first=lon2 second=par2; else first=par2 second=lon2; fi
read -r v0 r0 o0 < <(awk -v v="$want_v" -v r="$want_r" -v o="$want_o" -v bv="$bp_v" -v br="$bp_r" \
  -v lim=1050000000 "$idiv_awk"'
  BEGIN { # lon2: 1.00 GBP at 11713/10000; par2: 1.00 EUR
    add[1] = idiv(100 * bv * 11713, 10000); res[1] = idiv(100 * br * 11713, 10000)
    add[2] = 100 * bv; res[2] = 100 * br
    for (i = 1; i <= 2; i++) { v += add[i]; r += res[i]; if (v > lim) { o += v - lim; v = lim } }
    print v, r, o }')
[ "$(field "$before" value)" = "$v0" ] && [ "$(field "$before" reserve)" = "$r0" ] &&
  [ "$(field "$before" overflow)" = "$o0" ] && ok || bad "before the claims: $before; want $v0 $r0 $o0"
# one claim on the model: prints amount, debit, the next prize, its overflow, the house's top-up
claim_model() { # value reserve overflow num den
  awk -v V="$1" -v R="$2" -v O="$3" -v n="$4" -v d="$5" -v seed=1000000000 -v lim=1050000000 \
    "$idiv_awk"'BEGIN {
      a = idiv(V * d, n * 10000); g = idiv(a * n * 10000 + d - 1, d)
      nv = V - g + R + O; ov = 0; if (nv > lim) { ov = nv - lim; nv = lim }
      t = 0; if (nv < seed) { t = seed - nv; nv = seed }
      print a, g, nv, ov, t }'
}
rate_of() { if [ "$1" = lon2 ]; then echo "11713 10000"; else echo "1 1"; fi; }
read -r a1 g1 nv1 ov1 t1 < <(claim_model "$v0" "$r0" "$o0" $(rate_of $first))
read -r a2 g2 nv2 ov2 t2 < <(claim_model "$nv1" 0 "$ov1" $(rate_of $second))
c1=$(cat "$tmp/claim.$first") c2=$(cat "$tmp/claim.$second")
[ "$(field "$c1" value_before)" = "$v0" ] && [ "$(field "$c1" amount)" = "$a1" ] &&
  [ "$(field "$c1" value_after)" = "$nv1" ] && ok ||
  bad "the first claim ($first): $c1; want the prize $v0 paid $a1, restarting at $nv1"
[ "$(field "$c2" value_before)" = "$nv1" ] && [ "$(field "$c2" amount)" = "$a2" ] &&
  [ "$(field "$c2" value_after)" = "$nv2" ] && ok ||
  bad "the second claim ($second): $c2; want the prize $nv1 paid $a2, restarting at $nv2"
[ "$(field "$after" hits)" = 2 ] && [ "$(field "$after" paid)" = "$((g1 + g2))" ] &&
  [ "$(field "$after" value)" = "$nv2" ] && [ "$(field "$after" overflow)" = "$ov2" ] && ok ||
  bad "after the claims: $after; want 2 hits, paid $((g1 + g2)), value $nv2, overflow $ov2"
echo "claims at one instant: $first paid $a1 of a prize of $v0 frac, then $second $a2 of $nv1"

# a retried claim pays nothing more; a claim without a contribution, or with another stake, none
"$bin" link claim --url "$(mach lon2)" --machine lon2 --game 1000 --stake 100 --currency GBP \
  --raw >"$tmp/retry" 2>&1
[ "$(field "$(cat "$tmp/retry")" replay)" = 1 ] &&
  [ "$(field "$(cat "$tmp/retry")" amount)" = "$(field "$(cat "$tmp/claim.lon2")" amount)" ] &&
  [ "$("$bin" link meters --url "$su" --pool floor --raw | head -1)" = "$after" ] && ok ||
  bad "a retried claim: $(cat "$tmp/retry")"
"$bin" link claim --url "$(mach lon1)" --machine lon1 --game 777 --stake 100 --currency GBP \
  >/dev/null 2>"$tmp/err" && bad "a claim without its contribution was paid" ||
  { grep -q 'has no contribution' "$tmp/err" && ok || bad "claim without contribution: $(cat "$tmp/err")"; }
"$bin" link claim --url "$(mach lon1)" --machine lon1 --game 7 --stake 5000 --currency GBP \
  >/dev/null 2>"$tmp/err" && bad "a claim with another stake was paid" ||
  { grep -q 'contributed a stake of' "$tmp/err" && ok || bad "claim with another stake: $(cat "$tmp/err")"; }

# the follower saw both contributions and both wins, pushed
grep -c 'event=contribute' "$tmp/follow" | grep -qx 2 && [ "$(grep -c 'event=win' "$tmp/follow")" = 2 ] &&
  grep -q "event=win .*machine=$first .*amount=$a1 " "$tmp/follow" && ok ||
  bad "the follower's notices: $(cat "$tmp/follow")"
echo "notice latency (controller commit to a follower): $(sed -n 's/.*latency_us=//p' "$tmp/follow" | tr '\n' ' ')us"

# ---- the balance, to the 1/10,000 cent ----
for pool in floor seed001; do
  m=$("$bin" link meters --url "$su" --pool $pool --raw | head -1)
  s=$(field "$m" seeded) c=$(field "$m" contributed) v=$(field "$m" value) r=$(field "$m" reserve)
  o=$(field "$m" overflow) p=$(field "$m" paid)
  [ $((s + c)) -eq $((v + r + o + p)) ] && ok || bad "$pool: seeded $s + contributed $c <> $v + $r + $o + $p"
done
# and the floor's from the second route, with the rows' own totals
want_c2=$((want_c + $(awk -v bv="$bp_v" -v br="$bp_r" "$idiv_awk"'BEGIN {
  print idiv(100 * bv * 11713, 10000) + idiv(100 * br * 11713, 10000) + 100 * bv + 100 * br }')))
want_s=$((1000000000 + t1 + t2))
[ $((want_s + want_c2)) -eq $((nv2 + 0 + ov2 + g1 + g2)) ] &&
  [ "$(field "$after" contributed)" = "$want_c2" ] && [ "$(field "$after" seeded)" = "$want_s" ] && ok ||
  bad "the floor's balance from the second route: seeded $want_s contributed $want_c2"
rows=$(q -F' ' -c "SELECT (SELECT sum(to_value + to_reserve + to_overflow) FROM splink.contributions
                             WHERE pool = 'floor'),
                          (SELECT sum(debit) FROM splink.wins WHERE pool = 'floor')")
[ "$rows" = "$want_c2 $((g1 + g2))" ] && ok || bad "the rows' totals: $rows"

# ---- what a machine's login cannot do ----
value_now=$(field "$after" value)
out=$(mq lon1 -c "UPDATE splink.pools SET value = 0")
echo "$out" | grep -q 'permission denied for table pools' && ok || bad "a machine's UPDATE of a pool: $out"
out=$(mq lon1 -c "UPDATE splink.accum SET value = value + 1000000 WHERE machine = 'lon1'")
echo "$out" | grep -q 'permission denied for table accum' && ok || bad "a machine's UPDATE of its accumulator: $out"
out=$(mq lon1 -c "SELECT * FROM splink.fold('floor')")
echo "$out" | grep -q 'permission denied for function fold' && ok || bad "a machine folded the pool: $out"
out=$(mq lon1 -c "SELECT * FROM splink.link_announce('par1')")
echo "$out" | grep -q 'may not act for machine par1' && ok || bad "a machine announced for another: $out"
out=$(mq lon1 -c "SELECT * FROM splink.contributions WHERE site = 'paris'")
echo "$out" | grep -q 'permission denied for table contributions' && ok || bad "a machine read another site's rows: $out"
out=$(mq lon1 -c "SELECT * FROM splink.wins WHERE site = 'paris'")
echo "$out" | grep -q 'permission denied for table wins' && ok || bad "a machine read the wins table: $out"
out=$(mq lon1 -c "SELECT * FROM splink.link_contribute('par1', 999, 100, 'EUR')")
echo "$out" | grep -q 'may not act for machine par1' && ok || bad "a machine contributed for another: $out"
out=$(mq lon1 -c "SELECT * FROM splink.link_meters('seed001')")
echo "$out" | grep -q 'may read only the meters of its own' && ok || bad "a machine read another pool: $out"
out=$(mq lon1 -c "SELECT splink.link_set_seed('floor', 1)")
echo "$out" | grep -q 'permission denied for function link_set_seed' && ok || bad "a machine changed the seed: $out"
out=$(mq lon1 -c "SELECT * FROM splink.rate_for('GBP', 'EUR')")
echo "$out" | grep -q 'permission denied for function rate_for' && ok || bad "a machine called a helper: $out"
"$bin" link meters --url "$(mach lon1)" --pool seed001 >/dev/null 2>"$tmp/err" &&
  bad "link meters of another pool" || { grep -q 'may read only' "$tmp/err" && ok || bad "$(cat "$tmp/err")"; }
q -c "CREATE ROLE stranger LOGIN PASSWORD 'pw-stranger-secret'" >/dev/null
out=$(psql -XAtq "host=$PGHOST dbname=link user=stranger password=pw-stranger-secret" \
  -c "SELECT * FROM splink.link_contribute('lon1', 999, 100, 'GBP')" 2>&1)
echo "$out" | grep -q 'permission denied for schema splink' && ok || bad "a login of no machine: $out"
"$bin" link status --url "host=$PGHOST dbname=link user=sp_lon1 password=wrong" >/dev/null 2>"$tmp/err" &&
  bad "a wrong password was let in" || { grep -q 'password authentication failed' "$tmp/err" && ok || bad "$(cat "$tmp/err")"; }
[ "$(field "$("$bin" link meters --url "$su" --pool floor --raw | head -1)" value)" = "$value_now" ] && ok ||
  bad "the pool changed while the machine was refused"
"$bin" link status --url "$(mach lon1)" | grep -q 'machine lon1 at site london, pool floor' && ok ||
  bad "link status as a machine"

# ---- the operator's changes are audited; the records cannot be changed; init again ----
audit=$(q -c "SELECT action || ' ' || subject || ' ' || coalesce(old_value, '-') || ' ' || new_value
              FROM splink.audit WHERE action = 'set_rate' ORDER BY id")
[ "$audit" = "$(printf 'set_rate GBP->EUR - 6/5\nset_rate GBP->EUR 6/5 11713/10000')" ] && ok ||
  bad "the audit of the rates: $audit"
out=$(q -c "DELETE FROM splink.wins" 2>&1)
echo "$out" | grep -q 'never changed or removed' && ok || bad "the wins could be deleted: $out"
was=$("$bin" link meters --url "$su" --pool floor --raw)
"$bin" link init --url "$su" >/dev/null 2>&1 &&
  [ "$("$bin" link meters --url "$su" --pool floor --raw)" = "$was" ] && ok ||
  bad "link init on a controller in use changed it"
# the operator's page, as people read it
"$bin" link meters --url "$su" --pool floor >"$tmp/meters" 2>&1
for w in 'current value' 'reserve' 'overflow' 'hits            2' 'base' 'last 25 wins' 'holds'; do
  grep -q "$w" "$tmp/meters" && ok || bad "link meters shows no '$w'"
done
[ "$("$bin" link wins --url "$su" --pool floor --raw | grep -c '^win=')" = 2 ] && ok || bad "link wins"
finish
