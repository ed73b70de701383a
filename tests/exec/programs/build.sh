#!/usr/bin/env bash
# Regenerates the checked-in test programs bin/<name> from <name>.cu with nvcc (CUDA 13), the
# way a user builds a program for `warpforge exec`: the shared CUDA runtime. -frandom-seed and a
# stripped symbol table make the output the same bytes on every build, so that
# tests/exec/programs_up_to_date.sh can tell drift. Usage: build.sh [OUTDIR] (default bin/).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="${1:-$here/bin}"
mkdir -p "$out"
for src in "$here"/*.cu; do
  name="$(basename "$src" .cu)"
  (cd "$here" && nvcc -cudart shared -arch=sm_75 -O2 -frandom-seed=1 -Xlinker -s \
     -o "$out/$name" "$name.cu")
done
