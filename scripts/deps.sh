#!/usr/bin/env bash
# Installs the Debian packages studpoker needs to build, run and test, if any are missing.
# Safe to run again: it does nothing when everything is there.
set -euo pipefail

packages=(
  build-essential cmake pkg-config
  libsodium-dev libsqlite3-dev
  libsdl2-dev libsdl2-image-dev libsdl2-ttf-dev libsdl2-mixer-dev
  libcmocka-dev libsystemd-dev libx11-dev
  clang
  xvfb xdotool x11-apps imagemagick
  python3 sqlite3
  postgresql libpq-dev
  dpkg-dev file desktop-file-utils groff-base
  libzint-dev libmd4c-dev libcups2-dev
  zbar-tools cups-daemon cups-client
  gettext fonts-noto-cjk python3-fonttools
)

missing=()
for p in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
  [ "$status" = "install ok installed" ] || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "studpoker: installing ${missing[*]}" >&2
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "studpoker: need root or sudo to install ${missing[*]}" >&2; exit 1; }
  sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
