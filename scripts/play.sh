#!/usr/bin/env bash
# Sets up this machine (Debian packages), builds studpoker in Release and starts it.
# Arguments are passed to the program (e.g. scripts/play.sh rank As Ks Qs Js Ts).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
cmake -S . -B build/release -DCMAKE_BUILD_TYPE=Release -DSTUDPOKER_TESTS=OFF >/dev/null
cmake --build build/release -j"$(nproc)" >/dev/null
exec build/release/studpoker "$@"
