#!/usr/bin/env bash
# The README's second command: set up, build, and run the whole test suite:
#   1. release build, every ctest (unit, rtl, workload);
#   2. ASan + UBSan build, the unit tests again;
#   3. clang libFuzzer build of every fuzz target (tests/fuzz/), each fuzzed for 45-60 s.
# WF_SKIP_ASAN=1 / WF_SKIP_FUZZ=1 skip steps 2 / 3 for a quick local run.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
jobs="$(nproc)"
"$root/tools/build.sh" release
ctest --preset release -j "$jobs"
if [ "${WF_SKIP_ASAN:-0}" != "1" ]; then
  "$root/tools/build.sh" asan
  ctest --preset asan -j "$jobs" -L unit
fi
if [ "${WF_SKIP_FUZZ:-0}" != "1" ]; then
  cmake --preset fuzz >/dev/null
  cmake --build --preset fuzz -j "$jobs"
  ctest --preset fuzz -L fuzz
fi
