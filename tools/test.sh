#!/usr/bin/env bash
# The README's second command: set up, build, and run the whole test suite:
#   1. plain release build (no profile-guided or link-time optimization: the tests need a correct
#      optimized build, not the fastest one), every ctest (unit, rtl, workload);
#   2. clang ASan + UBSan build of what the unit tests run and of the libFuzzer targets
#      (tests/fuzz/), which link the same objects; the unit tests again;
#   3. each fuzz target fuzzed for 25-30 s.
# Usage: tools/test.sh [--full]
#   --full  the exhaustive sweeps the default run samples: every workload under every
#           registered policy set in the trace-replay and reference-mode tests (WF_TEST_FULL=1
#           for the test programs), and the ctests labelled full (the proofs at the preset's
#           sizes); run it before resolving an issue that touches the cycle model or a block.
# WF_SKIP_ASAN=1 / WF_SKIP_FUZZ=1 skip steps 2 / 3 for a quick local run.
# At its end (also when a stage fails) it prints each stage's wall and CPU seconds and the 20
# slowest tests of each ctest run; docs/building.md holds the budget and the measurements.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
skip_full=(-LE full)  # the tests labelled full run only under --full
case "${1:-}" in
  "") ;;
  --full) export WF_TEST_FULL=1; skip_full=() ;;
  *) echo "tools/test.sh: unknown argument '$1'; expected nothing or --full" >&2; exit 2 ;;
esac
jobs="$(nproc)"
source "$root/tools/stages.sh"
trap stages_report EXIT

stage install "$root/tools/install-deps.sh"
stage "build release" env WF_PGO=0 WF_LTO=0 "$root/tools/build.sh" release
stage "ctest release" ctest_timed release -j "$jobs" "${skip_full[@]}"
asan_targets=()
if [ "${WF_SKIP_ASAN:-0}" != "1" ]; then asan_targets+=(wf_unit_tests); fi
if [ "${WF_SKIP_FUZZ:-0}" != "1" ]; then asan_targets+=(fuzz_targets); fi
if [ ${#asan_targets[@]} -gt 0 ]; then
  stage "build asan" "$root/tools/build.sh" asan "${asan_targets[@]}"
fi
if [ "${WF_SKIP_ASAN:-0}" != "1" ]; then
  stage "ctest asan (unit)" ctest_timed asan -j "$jobs" -L unit
fi
if [ "${WF_SKIP_FUZZ:-0}" != "1" ]; then
  stage "fuzz" ctest_timed fuzz -j "$jobs" -L fuzz
fi
