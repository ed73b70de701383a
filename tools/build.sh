#!/usr/bin/env bash
# Installs what is missing, then configures and builds one CMake preset (default: release).
# Usage: tools/build.sh [release|asan]
#
# With GCC the release build is profile-guided: the first time, an instrumented copy of the
# simulator (build/pgo-train, only what the training needs) runs every workload at its test
# size (tools/pgo/pgo_train.cpp, about two seconds) and leaves its profile in build/pgo-profile;
# release then compiles with it. Simulation runs 5-15 % faster (README, "Simulation speed").
# The profile is kept: delete build/pgo-profile and build/release to train again, for instance
# after large changes to the simulator (a source edited since training just builds without
# its profile). WF_PGO=0 builds release without it.
set -euo pipefail
preset="${1:-release}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/tools/install-deps.sh"
cd "$root"
jobs="$(nproc)"

pgo=()
if [ "$preset" = release ] && [ "${WF_PGO:-1}" != 0 ] &&
  "${CXX:-c++}" --version | grep -q 'Free Software Foundation'; then
  profile="$root/build/pgo-profile"
  if [ ! -d "$profile" ]; then
    echo "build.sh: training the profile-guided build (once; build/pgo-profile)"
    train="$root/build/pgo-train"
    cmake -S . -B "$train" -G Ninja -DCMAKE_BUILD_TYPE=Release -DWF_LINK_RTL=OFF \
      -DWF_PGO=GENERATE -DWF_PGO_DIR="$profile.partial" >/dev/null
    cmake --build "$train" --target wf_pgo_train -j "$jobs"
    rm -rf "$profile.partial"
    # Without address-space randomization the counts (hash tables keyed by pointers) repeat
    # from run to run, so ccache can reuse the objects compiled with them.
    setarch "$(uname -m)" -R "$train/tools/wf_pgo_train"
    mv "$profile.partial" "$profile"
  fi
  pgo=(-DWF_PGO=USE -DWF_PGO_DIR="$profile")
elif [ "$preset" = release ]; then
  pgo=(-DWF_PGO=OFF)
fi

cmake --preset "$preset" "${pgo[@]}" >/dev/null
cmake --build --preset "$preset" -j "$jobs"
