#!/usr/bin/env bash
# `studpoker bench table` on a PostgreSQL server of its own (a temporary folder, a Unix socket,
# durable commits as a controller would run them, room in the lock table for a presence lock per
# player), built in Release. Arguments go to the bench:
#   scripts/bench-table.sh                        1,000 players, 5 rounds
#   scripts/bench-table.sh --players 10000 --rounds 3    (15 s to bet and decide past 2,000 players)
#   BENCH_BIN=/path/to/studpoker scripts/bench-table.sh ...   that build instead (its own schema:
#                                 `link init` installs what the binary carries), to alternate runs
#                                 of two builds in the same minutes
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
if [ -n "${BENCH_BIN:-}" ]; then
  bin=$(readlink -f "$BENCH_BIN")
else
  cmake -S . -B build/release -DCMAKE_BUILD_TYPE=Release -DSTUDPOKER_TESTS=OFF >/dev/null
  cmake --build build/release -j2 >/dev/null
  bin=$PWD/build/release/studpoker
fi
set +e
source tests/lib.sh
PG_MAX_CONNECTIONS=60
PG_EXTRA_OPTS="-c max_locks_per_transaction=4096"
source tests/pg_lib.sh
pg_test_begin "$bin"
pg_start
pg_link_controller "$bin" || exit 1
"$bin" bench table --url "$link_su" "$@"
