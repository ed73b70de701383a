#!/usr/bin/env bash
# Installs what is missing, then configures and builds one CMake preset (default: release):
# every target, or only the TARGETs named.
# Usage: tools/build.sh [release|asan] [TARGET...]
#
# With GCC the release build is profile-guided: the first time, an instrumented copy of the
# simulator (build/pgo-train, only what the training needs) runs every workload
# (tools/pgo/pgo_train.cpp, about a minute) and its profile is kept in build/pgo-profile;
# release compiles the simulator with it (docs/simulation-speed.md).
# The profile is kept: delete build/pgo-profile and build/release to train again, for instance
# after large changes to the simulator (a source edited since training just builds without
# its profile). WF_PGO=0 builds release without it.
# With GCC the release build also links warpforge and the speed benchmark with link-time
# optimization (CMake option WF_LTO; WF_LTO=0 builds without it).
set -euo pipefail
preset="${1:-release}"
shift || true
targets=()
if [ $# -gt 0 ]; then targets=(--target "$@"); fi
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/tools/install-deps.sh"
cd "$root"
jobs="$(nproc)"

# Profile-guided and link-time optimization are set up for GCC only.
gcc=0
if "${CXX:-c++}" --version | grep -q 'Free Software Foundation'; then gcc=1; fi

options=()
if [ "$preset" = release ] && [ "${WF_PGO:-1}" != 0 ] && [ "$gcc" = 1 ]; then
  profile="$root/build/pgo-profile"
  if [ ! -d "$profile" ]; then
    echo "build.sh: training the profile-guided build (once; build/pgo-profile)"
    train="$root/build/pgo-train"
    cmake -S . -B "$train" -G Ninja -DCMAKE_BUILD_TYPE=Release -DWF_LINK_RTL=OFF \
      -DWF_PGO=GENERATE >/dev/null
    cmake --build "$train" --target wf_pgo_train -j "$jobs"
    find "$train" -name '*.gcda' -delete
    # Address-space randomization changes a few counts from run to run (seen: two trainings
    # differed with it, not without it); fixed counts let ccache reuse the profiled objects.
    setarch "$(uname -m)" -R "$train/tools/wf_pgo_train"
    rm -rf "$profile.partial"
    mkdir -p "$profile.partial"
    (cd "$train" && find . -name '*.gcda' -exec cp --parents -t "$profile.partial" {} +)
    mv "$profile.partial" "$profile"
  fi
  # GCC looks for each object's profile beside it.
  mkdir -p build/release
  cp -r "$profile/." build/release/
  options=(-DWF_PGO=USE)
elif [ "$preset" = release ]; then
  options=(-DWF_PGO=OFF)
fi
if [ "$preset" = release ]; then
  # tools/test.sh sets WF_UNIT_TEST_PROGRAMS=0 when the sanitizer tree runs the unit suites.
  if [ "${WF_UNIT_TEST_PROGRAMS:-1}" = 0 ]; then
    options+=(-DWF_UNIT_TEST_PROGRAMS=OFF)
  else
    options+=(-DWF_UNIT_TEST_PROGRAMS=ON)
  fi
  if [ "${WF_LTO:-1}" != 0 ] && [ "$gcc" = 1 ]; then
    options+=(-DWF_LTO=ON)
  else
    options+=(-DWF_LTO=OFF)
  fi
fi

cmake --preset "$preset" "${options[@]}" >/dev/null
cmake --build --preset "$preset" -j "$jobs" "${targets[@]}"
