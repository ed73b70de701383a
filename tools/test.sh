#!/usr/bin/env bash
# The README's second command: set up, build, and run the whole test suite:
#   1. plain release build (no profile-guided or link-time optimization: the tests need a correct
#      optimized build, not the fastest one), every ctest but the unit ones (rtl, workload,
#      float16);
#   2. clang ASan + UBSan build of what the unit tests run and of the libFuzzer targets
#      (tests/fuzz/), which link the same objects; the unit tests (run once, here: the release
#      tree is configured without their programs, WF_UNIT_TEST_PROGRAMS=OFF);
#   3. each fuzz target fuzzed for 6-15 s.
# Usage: tools/test.sh [--full]
#   --full  the exhaustive sweeps the default run samples: every workload under every
#           registered policy set in the trace-replay and reference-mode tests (WF_TEST_FULL=1
#           for the test programs), and the ctests labelled full (the proofs at the preset's
#           sizes, the exec programs rebuilt with nvcc), and the unit suites in the release tree as well; run it before resolving an
#           issue that touches the cycle model or a block.
# WF_SKIP_ASAN=1 / WF_SKIP_FUZZ=1 skip steps 2 / 3 for a quick local run (with step 2 skipped,
# step 1 runs the unit suites).
# At its end (also when a stage fails) it prints each stage's wall and CPU seconds and the 20
# slowest tests of each ctest run; docs/building.md holds the budget and the measurements.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
full=0
case "${1:-}" in
  "") ;;
  --full) export WF_TEST_FULL=1; full=1 ;;
  *) echo "tools/test.sh: unknown argument '$1'; expected nothing or --full" >&2; exit 2 ;;
esac
# The tests labelled full run only under --full; the unit suites run in the sanitizer tree, and
# in the release tree too under --full or when there is no sanitizer run.
release_unit=1
if [ "$full" = 0 ] && [ "${WF_SKIP_ASAN:-0}" != "1" ]; then release_unit=0; fi
release_skip=()
if [ "$release_unit" = 0 ]; then release_skip=(-LE 'full|unit')
elif [ "$full" = 0 ]; then release_skip=(-LE full)
fi
jobs="$(nproc)"
source "$root/tools/stages.sh"
trap stages_report EXIT

stage install "$root/tools/install-deps.sh"
stage "build release" env WF_PGO=0 WF_LTO=0 WF_UNIT_TEST_PROGRAMS="$release_unit" \
  "$root/tools/build.sh" release
stage "ctest release" ctest_timed release -j "$jobs" "${release_skip[@]}"
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
