#!/usr/bin/env bash
# Regenerates the checked-in calibration programs bin/<name> from <name>.cu with nvcc (CUDA 13),
# the way tests/exec/programs/build.sh builds the test programs: the shared CUDA runtime,
# -frandom-seed and a stripped symbol table (the same bytes on every build with one toolchain),
# nvcc called by its resolved path (it records its own directory in the fatbinary), plus
# -no-compress: warpforge's PTX reader and GPGPU-Sim's cuobjdump stand-in both need the PTX
# uncompressed.
#
# It also writes bin/MANIFEST: the toolchain and the SHA-256 of every source and program,
# including the workload kernel sources the wl_*.cu programs include from workloads/.
# Usage: build.sh [OUTDIR] (default bin/). Needs nvcc; nothing else in tools/calibration does.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="${1:-$here/bin}"
command -v nvcc > /dev/null || { echo "build.sh: nvcc not found on PATH" >&2; exit 2; }
nvcc="$(readlink -f "$(command -v nvcc)")"
mkdir -p "$out"
for src in "$here"/*.cu; do
  name="$(basename "$src" .cu)"
  echo "build.sh: $name" >&2
  (cd "$here" && nice -n 10 "$nvcc" -cudart shared -arch=sm_75 -O2 -frandom-seed=1 -Xlinker -s \
     -no-compress -o "$out/$name" "$name.cu")
done
toolchain="nvcc=$("$nvcc" --version | tail -n 1) at ${nvcc%/bin/nvcc}; host=$(g++ --version | head -n 1); ld=$(ld --version | head -n 1)"
{
  echo "# Written by build.sh."
  echo "toolchain $toolchain"
  (cd "$here" && sha256sum build.sh *.h *.cu | sed 's/^/source /')
  (cd "$here" && sha256sum $(sed -n 's/^#include "\(\.\.\/\.\.\/\.\.\/workloads\/[^"]*\)"/\1/p' *.cu | sort -u) |
     sed 's|\.\./\.\./\.\./||; s/^/source /')
  (cd "$out" && sha256sum $(ls | grep -v '^MANIFEST$') | sed 's/^/program /')
} > "$out/MANIFEST"
