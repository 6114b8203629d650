#!/usr/bin/env bash
# Runs the config parser's fuzzer for a while on a copy of the example configs, with a
# dictionary of their section and key names. Usage: fuzz_config.sh FUZZER CONFIG_DIR [SECONDS].
# With no fuzzer (no clang with libFuzzer) it reports itself skipped (exit 77), except in CI,
# where scripts/deps.sh installs clang and a missing fuzzer is a failure.
set -u
bin=$1 configs=$2 seconds=${3:-20}
if [ -z "$bin" ] || [ ! -x "$bin" ]; then
  if [ -n "${CI:-}" ]; then
    echo "FAIL: no clang with libFuzzer, so no config fuzzer was built (scripts/deps.sh installs clang)"
    exit 1
  fi
  echo "SKIP: no clang with libFuzzer, so no config fuzzer was built"
  exit 77
fi
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/corpus"
cp "$configs"/*.ini "$work/corpus/"
{
  grep -ho '^\[[a-z0-9_]*\]' "$configs"/*.ini
  grep -ho '^[a-z0-9_]* =' "$configs"/*.ini
  printf '%s\n' ' ; ' ' # ' '=' '.00' '%' 'on' 'off' ', ' 'to 1'
} | sort -u | sed 's/\\/\\\\/g; s/"/\\"/g; s/.*/"&"/' >"$work/dict"
echo '"\x0D\x0A"' >>"$work/dict" # CRLF
cd "$work"
"$bin" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=8192 \
  -dict=dict -print_final_stats=1 corpus >log 2>&1
status=$?
if [ "$status" -eq 0 ]; then
  grep -E '^(Done|stat::)' log
else
  tail -80 log
fi
exit "$status"
