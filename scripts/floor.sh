#!/usr/bin/env bash
# A linked floor to watch: a PostgreSQL controller in a temporary folder (nothing is installed
# or left behind), N machines at two sites (EUR and GBP) playing by themselves with the linked
# JACKPOT bet, and one window on the pool. The window's meter follows every machine's stakes;
# a royal anywhere shows JACKPOT WON. Close the window (or Ctrl-C) and everything stops.
# usage: scripts/floor.sh [N]   (N machines besides the window, default 8)
#        FLOOR_HEADLESS_ROUNDS=R scripts/floor.sh N   (each machine stops after R rounds)
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-8}
scripts/deps.sh
cmake -S . -B build/release -DCMAKE_BUILD_TYPE=Release -DSTUDPOKER_TESTS=OFF >/dev/null
cmake --build build/release -j"$(nproc)" >/dev/null
bin=$PWD/build/release/studpoker
set +e
source tests/lib.sh
source tests/pg_lib.sh
pg_test_begin "$bin"
pids=()
trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done; pg_stop; rm -rf "$tmp"' EXIT
pg_start
pg_link_controller "$bin" || exit 1
link_q >/dev/null <<EOF
SELECT splink.link_site_add('paris', 'EUR');
SELECT splink.link_site_add('london', 'GBP');
SELECT splink.link_set_rate('GBP', 'EUR', 117, 100);
SELECT splink.link_pool_add('floor', 'EUR', 543405, 4500, 500, 0);
EOF
machine() { pg_link_machine "$1" "$2" "$3" floor "$tmp/$1"; } # NAME SITE CURRENCY
for i in $(seq 1 "$n"); do
  if [ $((i % 2)) -eq 0 ]; then machine "m$i" london GBP; else machine "m$i" paris EUR; fi
  "$bin" play --headless --size 320x240 --frame-ms 50 --config "$tmp/m$i/game.ini" \
    --db "$tmp/m$i/studpoker.db" --autoplay "${FLOOR_HEADLESS_ROUNDS:-1000000}" \
    >/dev/null 2>"$tmp/m$i/err" &
  pids+=($!)
done
machine window paris EUR
echo "floor: $n machines playing on pool 'floor' (controller at $PGHOST); the window is yours."
echo "       the controller's meters: $bin link meters --url '$link_su' --pool floor"
"$bin" play --config "$tmp/window/game.ini" --db "$tmp/window/studpoker.db"
