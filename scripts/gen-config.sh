#!/usr/bin/env bash
# Regenerates what the config key table produces: config/*.ini (one per preset, and default.ini
# = caribbean-classic) and the README's "Config reference" section. The tests fail when these
# differ from the program's output, so run this after changing src/config/config.c.
# Usage: scripts/gen-config.sh [STUDPOKER]  (default: build/test/studpoker)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-build/test/studpoker}
presets=(caribbean-classic caribbean-live caribbean-us casino-stud-uk cajun asian)
for p in "${presets[@]}"; do
  "$bin" print-config --preset "$p" --commented >"config/$p.ini"
done
"$bin" print-config --preset caribbean-classic --commented >config/default.ini

begin='<!-- config-reference:begin -->' end='<!-- config-reference:end -->'
ref=$(mktemp)
trap 'rm -f "$ref" README.md.tmp' EXIT
"$bin" config-reference >"$ref"
if ! grep -qF "$begin" README.md; then
  printf '\n## Config reference\n\n%s\n%s\n' "$begin" "$end" >>README.md
fi
awk -v begin="$begin" -v end="$end" -v ref="$ref" '
  $0 == begin { print; while ((getline line < ref) > 0) print line; skip = 1; next }
  $0 == end { skip = 0 }
  !skip { print }' README.md >README.md.tmp
mv README.md.tmp README.md
echo "regenerated config/*.ini and the README's config reference"
