#!/usr/bin/env bash
# Sets up this machine (Debian packages), builds the test build (warnings are errors,
# AddressSanitizer and UndefinedBehaviorSanitizer on) and runs every test with ctest.
# Extra arguments go to ctest (e.g. scripts/test.sh -R eval).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
cmake -S . -B build/test -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DSTUDPOKER_SANITIZE=ON -DSTUDPOKER_WERROR=ON >/dev/null
cmake --build build/test -j"$(nproc)"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
cd build/test
# twice as many tests as processors: the busy ones count as two (tests/CMakeLists.txt, PROCESSORS)
ctest --output-on-failure -j"$((2 * $(nproc)))" "$@"
