#!/usr/bin/env bash
# The README's first command: set up, build, and run the main job (`warpforge flow`).
# Extra arguments go to `warpforge flow`.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/tools/build.sh" release
cd "$root"
exec build/release/warpforge flow "$@"
