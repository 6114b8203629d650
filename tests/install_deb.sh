#!/usr/bin/env bash
# Installing (issue 16, item 6): CPack makes the .deb of this build, dpkg installs it into a fresh
# root in a temporary folder (its own database and log: the system's packages are not touched),
# and the program is run from the installed files only: check-config on every installed preset
# and on a broken file, and a headless round from a stacked deck whose money and pictures are
# checked. The source and build trees are covered by empty folders in a mount namespace of the
# run (when unshare may), and a copy of the program without its data must refuse to start
# however reachable the source tree is: it never reads it. Then the package's control fields,
# its files (desktop entry, icons, manual page, the fonts' licence) and a clean purge.
# usage: install_deb.sh CPACK CPACK_CONFIG PNG_PROBE VERSION SOURCE_DIR BUILD_DIR DATADIR
#   DATADIR: the install prefix's data folder compiled into the program (…/share/studpoker)
set -u
cpack=$1 cpack_config=$2 probe=$3 version=$4 src=$5 build=$6 datadir=$7
. "$(dirname "$0")/lib.sh"
export PATH="$PATH:/usr/sbin:/sbin" # dpkg wants ldconfig and start-stop-daemon on the PATH
export HOME="$tmp/home"             # the program's caches and data stay in the test's folder
unset XDG_CACHE_HOME XDG_DATA_HOME STUDPOKER_ASSETS
mkdir -p "$HOME"
cd "$tmp" || exit 1

# a tool the test cannot do without: skipped outside CI, a failure under CI (scripts/deps.sh
# installs it)
require() {
  command -v "$1" >/dev/null && return 0
  if [ -n "${CI:-}" ]; then echo "FAIL: $1 is missing (scripts/deps.sh installs $2)"; exit 1; fi
  echo "SKIP: $1 is missing (apt-get install $2)"
  exit 77
}
require dpkg dpkg
require dpkg-shlibdeps dpkg-dev
require file file
# a check's tool that may be missing outside CI: said, not counted
optional() {
  command -v "$1" >/dev/null && return 0
  if [ -n "${CI:-}" ]; then bad "$1 is missing (scripts/deps.sh installs $2)"; return 1; fi
  echo "note: $1 is missing (apt-get install $2): that check is left out"
  return 1
}

# ---- the package ----
if ! "$cpack" -G DEB -B "$tmp/pkg" --config "$cpack_config" >"$tmp/cpack.log" 2>&1; then
  cat "$tmp/cpack.log"
  bad "cpack could not make the package"
  finish
  exit 1
fi
arch=$(dpkg --print-architecture)
deb=$tmp/pkg/studpoker_${version}_$arch.deb
if [ -f "$deb" ]; then ok; else bad "no $deb: $(ls "$tmp/pkg")"; finish; exit 1; fi

field() { dpkg-deb -f "$deb" "$1"; }
want_field() { # name, value (grep -E, whole field)
  local got; got=$(field "$1")
  if grep -qxE -- "$2" <<<"$got"; then ok; else bad "control field $1 is '$got', want /$2/"; fi
}
want_field Package studpoker
want_field Version "$version"
want_field Section games
want_field Architecture "$arch"
want_field Maintainer '.+ <[^ >]+@[^ >]+>'
summary=$(field Description | head -1)
[ ${#summary} -ge 10 ] && [ ${#summary} -le 80 ] && ok || bad "Description's summary: '$summary'"
[ "$(field Description | wc -l)" -ge 3 ] && ok || bad "Description: no long description"

# ---- installed into a fresh root by dpkg (its own database; no dependency in there) ----
root=$tmp/root
mkdir -p "$root/var/lib/dpkg/info" "$root/var/lib/dpkg/updates"
: >"$root/var/lib/dpkg/status"
dpkg_root() { dpkg --force-not-root --root="$root" --log="$tmp/dpkg.log" "$@"; }
if dpkg_root --force-depends -i "$deb" >"$tmp/dpkg.out" 2>&1; then
  ok
else
  cat "$tmp/dpkg.out"
  bad "dpkg could not install the package into $root"
  finish
  exit 1
fi
bin=$root/usr/bin/studpoker
share=$root/usr/share
data=$share/studpoker
for f in "$bin" "$data/assets/cards/back.svg" "$data/assets/fonts/RobotoCondensed-Regular.ttf" \
  "$data/assets/sounds/card.ogg" "$data/assets/help/caribbean.md" "$data/config/default.ini" \
  "$share/applications/studpoker.desktop" "$share/icons/hicolor/scalable/apps/studpoker.svg" \
  "$share/man/man6/studpoker.6" "$share/doc/studpoker/README.md"; do
  if [ -s "$f" ]; then ok; else bad "not installed: ${f#"$root"}"; fi
done
[ -x "$bin" ] && ok || bad "/usr/bin/studpoker is not executable"
# 52 faces, the joker and two backs
n=$(find "$data/assets/cards" -name '*.svg' | wc -l)
[ "$n" -eq 55 ] && ok || bad "$n card pictures installed, want 55"

# The dependencies were worked out from the program's libraries: the package that holds each of
# the libraries the installed program loads (ldd, then dpkg -S) is in Depends.
depends=$(field Depends)
for lib in libSDL2-2.0.so.0 libSDL2_image-2.0.so.0 libSDL2_ttf-2.0.so.0 libSDL2_mixer-2.0.so.0 \
  libsqlite3.so.0 libsodium.so; do
  if ! ldd "$bin" | grep -q "$lib"; then bad "the program does not load $lib?"; continue; fi
  name=$(ldd "$bin" | awk -v l="$lib" 'index($1, l) == 1 {print $1; exit}')
  pkg=$(dpkg -S "*/$name" 2>/dev/null | head -1 | cut -d: -f1)
  if [ -n "$pkg" ] && grep -qE "(^|, )$pkg( |,|$)" <<<"$depends"; then
    ok
  else
    bad "$name (package '$pkg') is not in Depends: $depends"
  fi
done

# ---- run from the installed files ----
presets=$("$bin" print-config --preset none 2>&1 | sed -n 's/.*the presets are: //p')
[ -n "$presets" ] && ok || bad "no preset list from print-config"
for p in $presets default; do
  out=$("$bin" check-config "$data/config/$p.ini" 2>&1); rc=$?
  if [ "$rc" -eq 0 ] && grep -q "$p.ini: ok (preset" <<<"$out"; then
    ok
  else
    bad "check-config of the installed $p.ini: status $rc: $out"
  fi
done
printf '[game]\nseats = 9\n' >"$tmp/broken.ini"
out=$("$bin" check-config "$tmp/broken.ini" 2>&1); rc=$?
if [ "$rc" -eq 2 ] && grep -q 'broken.ini:2: game.seats: ' <<<"$out"; then
  ok
else
  bad "check-config of a broken file: status $rc (want 2): $out"
fi

# In a mount namespace of its own, the source tree, the build tree and the compiled-in prefix's
# data (if this machine has one) are covered by empty folders; without one (unshare refused)
# the command runs as it is and $hidden says so.
hidden=0
if command -v unshare >/dev/null; then
  ns=(unshare -m)
  [ "$(id -u)" -eq 0 ] || ns=(unshare -r -m)
  if "${ns[@]}" true 2>/dev/null; then hidden=1; fi
fi
covered() {
  if [ "$hidden" -eq 0 ]; then "$@"; return; fi
  H1=$build H2=$src H3=$datadir "${ns[@]}" sh -c '
    for d in "$H1" "$H2" "$H3"; do
      if [ -d "$d" ]; then mount -t tmpfs -o size=1m,mode=0755 none "$d" || exit 99; fi
    done
    [ -e "$H2/CMakeLists.txt" ] && exit 98
    exec "$@"' sh "$@"
}
[ "$hidden" -eq 1 ] ||
  echo "note: no mount namespace here (unshare): the source tree stays reachable in the round"

# Caribbean classic from the installed preset file: a royal flush against A-K high (the dealer
# qualifies). Ante 10.00 pays 1:1 (20.00 back), PLAY 20.00 pays 100:1 (2,020.00 back): staked
# 30.00, returned 2,040.00, credits 1,000.00 - 30.00 + 2,040.00 = 3,010.00.
printf '%s\n' "100 CHIP3" "150 SPOT ante" "200 SPOT ante" "300 SCREENSHOT $tmp/bet.png" \
  "400 DEAL" "1400 SCREENSHOT $tmp/deal.png" "1500 PLAY" "3500 SCREENSHOT $tmp/end.png" \
  "3600 SUMMARY" >"$tmp/round.script"
covered "$bin" play --headless --turbo --size 1280x720 --seed 1 \
  --config "$data/config/caribbean-classic.ini" --deck "As Ks Qs Js Ts  Ad Kc 9h 6d 2c" \
  --script "$tmp/round.script" >"$tmp/round.out" 2>"$tmp/round.err"
rc=$?
line=$(tail -n 1 "$tmp/round.out")
case $rc in
  0) ok ;;
  98 | 99) bad "the source tree could not be covered (status $rc)" ;;
  *) bad "the installed program failed (status $rc): $(tail -5 "$tmp/round.err")" ;;
esac
for kv in phase=settled staked=3000 returned=204000 credits=301000; do
  grep -qw -- "$kv" <<<"$line" && ok || bad "round: want $kv in: $line"
done
# The pictures: face-up cards are near-white (the probe's "light" share of the whole table).
# After the deal the five player cards are up (+3% of the picture at least, whatever the
# layout: each is about a 14th of the width); at the end the dealer's four more.
light() { "$probe" "$1" 0 0 1920 1080 2>/dev/null | awk '{print $6}'; }
if [ -f "$tmp/bet.png" ] && [ -f "$tmp/deal.png" ] && [ -f "$tmp/end.png" ]; then
  l0=$(light "$tmp/bet.png") l1=$(light "$tmp/deal.png") l2=$(light "$tmp/end.png")
  awk -v a="$l0" -v b="$l1" 'BEGIN{exit !(b > a + 0.03)}' && ok ||
    bad "the player's cards are not face up after the deal (light $l0 -> $l1)"
  awk -v a="$l1" -v b="$l2" 'BEGIN{exit !(b > a + 0.015)}' && ok ||
    bad "the dealer's cards are not turned at the end (light $l1 -> $l2)"
else
  bad "round: screenshots missing"
fi

# The program without its data beside it: it says where it looked, none of it the source tree,
# and starts nothing. Not covered: the source tree is right there, and is not read.
mkdir -p "$tmp/bare/bin"
cp "$bin" "$tmp/bare/bin/"
printf '100 SUMMARY\n' >"$tmp/summary.script"
bare() {
  "$@" "$tmp/bare/bin/studpoker" play --headless --script "$tmp/summary.script" \
    >"$tmp/bare.out" 2>"$tmp/bare.err"
}
rc=
if [ ! -e "$datadir/assets/cards/back.svg" ]; then
  bare; rc=$?
elif [ "$hidden" -eq 1 ]; then
  echo "note: $datadir is installed on this machine: the bare program runs with it covered"
  bare covered; rc=$?
else
  echo "note: $datadir is installed on this machine and cannot be covered: no bare check"
fi
if [ -z "$rc" ]; then
  :
elif [ "$rc" -eq 1 ] && [ ! -s "$tmp/bare.out" ] &&
  grep -qF "$tmp/bare/bin/../share/studpoker/assets (beside the program)" "$tmp/bare.err" &&
  grep -qF "$datadir/assets (the install prefix)" "$tmp/bare.err" &&
  ! grep -qF "$src" "$tmp/bare.err"; then
  ok
else
  bad "the program without its data: status $rc (want 1), out: $(cat "$tmp/bare.out")," \
    "err: $(cat "$tmp/bare.err")"
fi

# ---- the desktop's files ----
desktop=$share/applications/studpoker.desktop
if optional desktop-file-validate desktop-file-utils; then
  out=$(desktop-file-validate "$desktop" 2>&1) && [ -z "$out" ] && ok ||
    bad "desktop-file-validate: $out"
fi
entry() { sed -n "s/^$1=//p" "$desktop"; }
[ -x "$root/usr/bin/$(entry Exec | cut -d' ' -f1)" ] && ok || bad "Exec=$(entry Exec) is not installed"
[ "$(entry Icon)" = studpoker ] && ok || bad "Icon=$(entry Icon)"
grep -q 'Game;CardGame;' <<<"$(entry Categories)" && ok || bad "Categories=$(entry Categories)"
[ "$(entry Terminal)" = false ] && ok || bad "Terminal=$(entry Terminal)"
for size in 48 128 256; do
  png=$share/icons/hicolor/${size}x$size/apps/studpoker.png
  file "$png" | grep -q "PNG image data, $size x $size," && ok || bad "$(file "$png")"
done
grep -qE '<svg [^>]*viewBox="0 0 ([0-9]+) \1"' "$share/icons/hicolor/scalable/apps/studpoker.svg" &&
  ok || bad "the scalable icon is not a square SVG"

# the manual page: clean for groff, this version, every command and play option described
man=$share/man/man6/studpoker.6
if optional groff groff-base; then
  out=$(groff -man -ww -z "$man" 2>&1) && [ -z "$out" ] && ok || bad "groff: $out"
fi
grep -q "^\.TH STUDPOKER 6 .*\"studpoker $version\"" "$man" && ok || bad "man page: not version $version"
for cmd in $("$bin" help | sed -n 's/^  \([a-z][a-z-]*\).*/\1/p' | sort -u); do
  grep -qE "^\.B[IR]? ${cmd//-/\\\\-}( |$)" "$man" && ok || bad "man page: no command $cmd"
done
for opt in $("$bin" play --help | grep -oE -- '--[a-z][a-z-]*' | sort -u); do
  grep -qF -- "${opt//-/\\-}" "$man" && ok || bad "man page: no play option $opt"
done
# the bundled fonts' licence goes with them, in the assets and in the doc folder
for f in "$data/assets/fonts/LICENSE-Apache-2.0.txt" "$share/doc/studpoker/fonts/LICENSE-Apache-2.0.txt"; do
  grep -q "Apache License" "$f" 2>/dev/null && ok || bad "no fonts' licence at ${f#"$root"}"
done

# ---- removed: nothing of it stays ----
if dpkg_root -P studpoker >>"$tmp/dpkg.out" 2>&1; then ok; else bad "dpkg could not purge it"; fi
left=$(find "$root/usr" -type f 2>/dev/null | head -5)
[ -z "$left" ] && ok || bad "left after the purge: $left"

echo "install_deb: $(basename "$deb"), $(du -k "$deb" | cut -f1) KB; the source tree" \
  "$([ "$hidden" -eq 1 ] && echo covered || echo "reachable (no namespace)") during the round"
finish
