#!/usr/bin/env bash
# The config commands: check-config's verdicts and exit status, print-config and its option
# form, and the generated files (config/*.ini, the README's reference) equal to what the
# program makes now, so that they cannot drift from the key table. Usage: cli_config.sh BIN SRC
set -u
bin=$1 src=$2
pass=0 fail=0
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
  check "config/$p.ini loads" 0 "ok \(preset $p\)$" "$bin" check-config "$src/config/$p.ini"
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
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
