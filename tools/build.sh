#!/usr/bin/env bash
# Installs what is missing, then configures and builds one CMake preset (default: release).
# Usage: tools/build.sh [release|asan]
set -euo pipefail
preset="${1:-release}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/tools/install-deps.sh"
cd "$root"
cmake --preset "$preset" >/dev/null
cmake --build --preset "$preset" -j "$(nproc)"
