#!/usr/bin/env bash
# The config commands: check-config's verdicts and exit status, print-config and its option
# form, and the generated files (config/*.ini, the README's reference) equal to what the
# program makes now, so that they cannot drift from the key table. Usage: cli_config.sh BIN SRC
set -u
bin=$1 src=$2
pass=0 fail=0 skipped=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
check() { # description, expected status, expected text (grep -E), command...
  local what=$1 status=$2 text=$3; shift 3
  local out rc
  out=$("$@" 2>&1); rc=$?
  if [ "$rc" -eq "$status" ] && grep -qE -- "$text" <<<"$out"; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1)); echo "FAIL: $what (status $rc, want $status; want /$text/): $out"
  fi
}
same() { # description, file, command...: the command's output equals the file
  local what=$1 file=$2; shift 2
  if "$@" >"$tmp/out" 2>&1 && cmp -s "$tmp/out" "$file"; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1)); echo "FAIL: $what: $file differs from \`$*\` (run scripts/gen-config.sh):"
    diff "$file" "$tmp/out" | head -20
  fi
}

presets=(caribbean-classic caribbean-live caribbean-us casino-stud-uk cajun asian)
for p in "${presets[@]}"; do
  same "config/$p.ini is generated" "$src/config/$p.ini" "$bin" print-config --preset "$p" --commented
  # as a cabinet: it loads, and every bet returns within the default approved range
  check "config/$p.ini loads" 0 "ok \(preset $p\)$" "$bin" check-config --kiosk "$src/config/$p.ini"
done
same "config/default.ini is generated" "$src/config/default.ini" \
  "$bin" print-config --preset caribbean-classic --commented
check "default.ini loads" 0 'default.ini: ok \(preset caribbean-classic\)' \
  "$bin" check-config "$src/config/default.ini"

sed -n '/^<!-- config-reference:begin -->$/,/^<!-- config-reference:end -->$/p' "$src/README.md" |
  sed '1d;$d' >"$tmp/readme-ref"
same "README config reference is generated" "$tmp/readme-ref" "$bin" config-reference
check "README heading" 0 '^## Config reference$' grep -x '## Config reference' "$src/README.md"

printf '[game]\npreset = cajun\n[limits]\nante_min = 10\n' >"$tmp/good.ini"
check "good file"          0 'good.ini: ok \(preset cajun\)$' "$bin" check-config "$tmp/good.ini"
printf '[game]\nseats = 9\n[limits]\nante_min = 1.005\n[asian]\ncommission = 5\n' >"$tmp/bad.ini"
check "bad: range"         2 'bad.ini:2: game.seats: 9 is out of range'   "$bin" check-config "$tmp/bad.ini"
check "bad: money"         2 "bad.ini:4: limits.ante_min: '1.005' has more than 2 decimals" \
  "$bin" check-config "$tmp/bad.ini"
check "bad: variant"       2 'bad.ini:6: asian.commission: applies to Asian Stud only' \
  "$bin" check-config "$tmp/bad.ini"
check "bad: count"         2 'bad.ini: 3 errors; the game will not start' "$bin" check-config "$tmp/bad.ini"
check "good and bad"       2 'good.ini: ok'                  "$bin" check-config "$tmp/good.ini" "$tmp/bad.ini"
check "missing file"       2 'nope.ini: cannot open it'      "$bin" check-config "$tmp/nope.ini"
check "no file"            2 'give the config file to check' "$bin" check-config

"$bin" print-config --preset asian >"$tmp/asian.ini"
check "printed config loads" 0 'ok \(preset asian\)'         "$bin" check-config "$tmp/asian.ini"
check "print from file"    0 '^ante_min = 10.00$'            "$bin" print-config --config "$tmp/good.ini"
check "print bad file"     2 'game.seats: 9 is out of range' "$bin" print-config --config "$tmp/bad.ini"
check "print bad preset"   2 "unknown preset 'nope'"         "$bin" print-config --preset nope
check "print bad option"   2 "unknown option '--nope'"       "$bin" print-config --nope
check "print both"         2 'not both'                      "$bin" print-config --preset cajun --config "$tmp/good.ini"
check "--print-config"     0 '^preset = caribbean-classic$'  "$bin" --print-config
check "--print-config with --config" 0 '^preset = cajun$'    "$bin" --config "$tmp/good.ini" --print-config
check "--print-config commented" 0 '^; studpoker config: preset asian' \
  "$bin" --print-config --preset asian --commented
check "reference"          0 '^\| `commission` \| percent \| \*preset\* \|' "$bin" config-reference
check "reference args"     2 'takes no arguments'            "$bin" config-reference x
# The approved return range ([approval] min_payback 75%, max_payback 99.99% by default): every
# bet's exact return from the par sheet. The classic table of issue 11 (pair or less 3, two pair
# and trips 4, straight 4) returns 154.065837% of the ante under optimal play: the figure is the
# par sheet's (printed by `parsheet` below, the same exact enumeration the check uses), and an
# independent estimate from the round engine (`simulate`, optimal play, 99% interval) must
# contain it.
high='[game]\npreset = caribbean-classic\n[paytable]\nmain_high_card = 3\nmain_pair = 3\nmain_two_pair = 4\nmain_trips = 4\nmain_straight = 4\n'
printf "$high" >"$tmp/high.ini"
printf "$high[display]\nmode = kiosk\n" >"$tmp/high-kiosk.ini"
check "154% in the par sheet" 0 'return 154\.065837%   \(per ante\)' "$bin" parsheet --config "$tmp/high.ini"
if ! command -v python3 >/dev/null; then
  # the JSON is read with python3: without it this check cannot run (in CI it must)
  if [ -n "${CI:-}" ]; then
    fail=$((fail + 1)); echo "FAIL: python3 is missing (scripts/deps.sh installs it)"
  else
    skipped=$((skipped + 1)); echo "SKIP: python3 is not installed: the simulation is not checked"
  fi
else
  sim=$("$bin" simulate --config "$tmp/high.ini" --rounds 1000000 --seed 11 --json 2>&1)
  if python3 -c '
import json, sys
main = json.loads(sys.argv[1])["bets"][0]
m, ci = main["measured_return"], main["ci99"]
sys.exit(0 if abs(m - 1.54065837) <= ci and ci < 0.012 else 1)' "$sim"; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1)); echo "FAIL: the simulation does not bracket 154.0658%: $sim"
  fi
fi
msg='the main game \(ante and PLAY\) returns 154\.0658% of the ante, above the approved maximum of 99\.99% \(\[approval\] max_payback\)'
out=$("$bin" check-config "$tmp/high.ini" 2>&1); rc=$?
check "desktop: passes" 0 '' test "$rc" -eq 0
check "desktop: a warning" 0 "high.ini:8: paytable.main_straight: warning: $msg" echo "$out"
check "desktop: ok line" 0 'high.ini: ok \(preset caribbean-classic\), 1 warning' echo "$out"
out=$("$bin" check-config "$tmp/high-kiosk.ini" 2>&1); rc=$?
check "kiosk: refused" 0 '' test "$rc" -eq 2
check "kiosk: an error" 0 "high-kiosk.ini:8: paytable.main_straight: $msg; a cabinet \(kiosk\) does not start" echo "$out"
check "kiosk: the count" 0 'high-kiosk.ini: 1 error; the game will not start' echo "$out"
# the limit's own line when the pay table is the preset's
printf '[game]\npreset = caribbean-live\n[approval]\nmax_payback = 95\n[display]\nmode = kiosk\n' >"$tmp/max95.ini"
check "the max key's line" 2 'max95.ini:4: approval.max_payback: the main game \(ante and PLAY\) returns 96\.2963% of the ante, above the approved maximum of 95%' \
  "$bin" check-config "$tmp/max95.ini"
# Lo Ball at tiny pays (1 to 1 on every line: a win needs jack high or lower with no pair,
# straight or flush): below 75%, the last pay line set is named
printf '[game]\npreset = cajun\n[paytable]\nloball_seven_high = 1\nloball_eight_high = 1\nloball_nine_high = 1\nloball_ten_high = 1\n[display]\nmode = kiosk\n' >"$tmp/loball.ini"
check "lo ball below the minimum" 2 'loball.ini:7: paytable.loball_ten_high: the LO BALL bet returns [0-9]+\.[0-9]{4}%, below the approved minimum of 75% \(\[approval\] min_payback\)' \
  "$bin" check-config "$tmp/loball.ini"
# The US progressive at the 25% increment first configured: its funded return is 62.7766%
# (fixed prizes 36.2376% + 25% + the reset seeding 1.5391%): a cabinet refuses it. The preset's
# 45% gives 82.7766% (seeds/caribbean-stud.md).
printf '[game]\npreset = caribbean-us\n[progressive]\nincrement_share = 25\n' >"$tmp/us25.ini"
check "us at 25%" 2 'us25.ini:4: progressive.increment_share: the PROGRESSIVE returns 62\.7766% \(funded, long run\), below the approved minimum of 75%' \
  "$bin" check-config --kiosk "$tmp/us25.ini"
check "us preset, funded" 0 'house edge 17\.223351%   return 82\.776649%' "$bin" parsheet --preset caribbean-us
# the minimum above the maximum is a config error
printf '[approval]\nmin_payback = 90\nmax_payback = 80\n' >"$tmp/range.ini"
check "min above max" 2 "range.ini:2: approval.min_payback: 90% is above max_payback \(80%, line 3\)" \
  "$bin" check-config "$tmp/range.ini"

echo "$pass passed, $fail failed, $skipped skipped"
[ "$fail" -eq 0 ] || exit 1
# a check that could not run: ctest reports the test skipped (SKIP_RETURN_CODE 77), not passed
[ "$skipped" -eq 0 ] || exit 77
