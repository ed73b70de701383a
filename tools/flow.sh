#!/usr/bin/env bash
# The README's first command: set up, build, and run the main job (`warpforge flow`).
# Extra arguments go to `warpforge flow`.
# It builds only the warpforge program, without the profile-guided and link-time optimisation
# of the simulator (WF_PGO=1 WF_LTO=1 ask for them): the flow's work is RTL generation, lint,
# synthesis and equivalence, which they do not speed up, and the training build and the fat LTO
# objects would lengthen the wait before it starts (docs/building.md).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
WF_PGO="${WF_PGO:-0}" WF_LTO="${WF_LTO:-0}" "$root/tools/build.sh" release warpforge
cd "$root"
exec build/release/warpforge flow "$@"
