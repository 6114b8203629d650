#!/usr/bin/env bash
# `studpoker bench link` on a PostgreSQL server of its own (a temporary folder, a Unix socket,
# durable commits as a controller would run them), built in Release. Arguments go to the bench:
#   scripts/bench-link.sh                 64 machines, 16 stakes to a transaction, 10 s
#   scripts/bench-link.sh --batch 1       one stake to a transaction (no batching)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
cmake -S . -B build/release -DCMAKE_BUILD_TYPE=Release -DSTUDPOKER_TESTS=OFF >/dev/null
cmake --build build/release -j"$(nproc)" >/dev/null
bin=$PWD/build/release/studpoker
set +e
source tests/lib.sh
PG_MAX_CONNECTIONS=300
source tests/pg_lib.sh
pg_test_begin "$bin"
pg_start
pg_link_controller "$bin" || exit 1
"$bin" bench link --url "$link_su" "$@"
