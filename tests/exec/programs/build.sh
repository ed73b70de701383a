#!/usr/bin/env bash
# Regenerates the checked-in test programs bin/<name> from <name>.cu with nvcc (CUDA 13), the
# way a user builds a program for `warpforge exec`: the shared CUDA runtime. -frandom-seed and a
# stripped symbol table make the output the same bytes on every build with one toolchain. nvcc
# records its own directory (as invoked) in the fatbinary's link options, so it is called by its
# resolved path: a symlink such as cuda/ -> cuda-13.0/ on PATH does not change the bytes.
#
# It also writes MANIFEST: the toolchain that built the programs and the SHA-256 of every source
# and every program, so that tests/exec/programs_up_to_date.sh can tell drift on any machine
# (even without nvcc, or with another nvcc, whose bytes legitimately differ).
# Usage: build.sh [OUTDIR] (default bin/).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="${1:-$here/bin}"
nvcc="$(readlink -f "$(command -v nvcc)")"
mkdir -p "$out"
# One nvcc per core: each program's bytes do not depend on the others or on the order.
export nvcc out
(cd "$here" && ls *.cu | sed 's/\.cu$//' |
   xargs -P "$(nproc)" -I{} sh -c \
     '"$nvcc" -cudart shared -arch=sm_75 -O2 -frandom-seed=1 -Xlinker -s -o "$out/{}" "{}.cu"')
{
  echo "# Written by build.sh; checked by tests/exec/programs_up_to_date.sh."
  echo "toolchain $("$here/toolchain.sh")"
  (cd "$here" && sha256sum build.sh toolchain.sh *.h *.cu | sed 's/^/source /')
  (cd "$out" && sha256sum $(ls | grep -v '^MANIFEST$') | sed 's/^/program /')
} > "$out/MANIFEST"
