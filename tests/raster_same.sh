#!/usr/bin/env bash
# The raster cache changes nothing on screen: the same table drawn with an empty cache (every
# SVG rasterised, and kept) and again from the cache is the same picture, byte for byte; and the
# second run did read the cache (its files are there, and a damaged one is drawn again). The big
# pictures of a 3840x2160 window (its cards; a panel is rasterised narrow and widened, none is
# big), listed at the end of the run that drew them, are read before they are needed by the next
# (ui_warm.h): the same picture of the help page over them again, also when the kept files are
# damaged.
set -u
bin=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
shot() { # $1: picture
  printf '100 CHIP3\n150 SPOT ante\n400 DEAL\n1400 SCREENSHOT %s\n' "$1" >"$tmp/s"
  XDG_CACHE_HOME="$tmp/cache" "$bin" play --headless --turbo --size 1280x720 --seed 3 --clock 1800000000 \
    --script "$tmp/s" >/dev/null 2>"$tmp/err" || { echo "FAIL: run: $(cat "$tmp/err")"; fail=1; }
}
help() { # $1: picture of the help page
  printf '100 CHIP3\n150 SPOT ante\n400 DEAL\n1400 HELP\n1600 SCREENSHOT %s\n' "$1" >"$tmp/h"
  XDG_CACHE_HOME="$tmp/cache" "$bin" play --headless --turbo --size 3840x2160 --seed 3 --clock 1800000000 \
    --script "$tmp/h" >/dev/null 2>"$tmp/err" || { echo "FAIL: run: $(cat "$tmp/err")"; fail=1; }
}
shot "$tmp/cold.png"
n=$(ls "$tmp/cache/studpoker/raster" 2>/dev/null | grep -c '\.raster$')
[ "$n" -gt 10 ] || { echo "FAIL: the first run kept $n pictures"; fail=1; }
shot "$tmp/warm.png"
cmp -s "$tmp/cold.png" "$tmp/warm.png" || { echo "FAIL: the picture from the cache differs"; fail=1; }
help "$tmp/help-cold.png"
list=$tmp/cache/studpoker/raster/recent-3840x2160.list
[ "$(wc -l <"$list" 2>/dev/null || echo 0)" -ge 1 ] || { echo "FAIL: no big picture listed"; fail=1; }
help "$tmp/help-warm.png"
cmp -s "$tmp/help-cold.png" "$tmp/help-warm.png" || { echo "FAIL: the help prepared before differs"; fail=1; }
# every kept file damaged in its last byte: drawn again, the same picture
for f in "$tmp"/cache/studpoker/raster/*.raster; do
  printf '\x5a' | dd of="$f" bs=1 seek=$(($(stat -c %s "$f") - 1)) conv=notrunc status=none
done
shot "$tmp/damaged.png"
cmp -s "$tmp/cold.png" "$tmp/damaged.png" || { echo "FAIL: damaged cache files changed the picture"; fail=1; }
help "$tmp/help-damaged.png"
cmp -s "$tmp/help-cold.png" "$tmp/help-damaged.png" || { echo "FAIL: damaged files changed the help"; fail=1; }
[ $fail -eq 0 ] && echo "the same picture cold, from the cache and from a damaged cache ($n files)"
exit $fail
