#!/usr/bin/env bash
# `studpoker bench table` on a PostgreSQL server of its own (a temporary folder, a Unix socket,
# durable commits as a controller would run them, room in the lock table for a presence lock per
# player), built in Release. Arguments go to the bench:
#   scripts/bench-table.sh                        1,000 players, 5 rounds
#   scripts/bench-table.sh --players 10000 --rounds 3    (15 s to bet and decide past 2,000 players)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
cmake -S . -B build/release -DCMAKE_BUILD_TYPE=Release -DSTUDPOKER_TESTS=OFF >/dev/null
cmake --build build/release -j"$(nproc)" >/dev/null
bin=$PWD/build/release/studpoker
set +e
source tests/lib.sh
PG_MAX_CONNECTIONS=60
PG_EXTRA_OPTS="-c max_locks_per_transaction=4096"
source tests/pg_lib.sh
pg_test_begin "$bin"
pg_start
pg_link_controller "$bin" || exit 1
"$bin" bench table --url "$link_su" "$@"
