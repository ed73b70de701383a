#!/usr/bin/env bash
# The README's second command: set up, build, and run the whole test suite (ctest), then the
# same suite's unit tests once more under AddressSanitizer + UndefinedBehaviorSanitizer.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
"$root/tools/build.sh" release
ctest --preset release -j "$(nproc)"
if [ "${WF_SKIP_ASAN:-0}" != "1" ]; then
  "$root/tools/build.sh" asan
  ctest --preset asan -j "$(nproc)" -L unit
fi
