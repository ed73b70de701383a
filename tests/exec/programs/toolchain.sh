#!/usr/bin/env bash
# One line naming the toolchain build.sh uses: nvcc's build, the host C++ compiler nvcc calls and
# the linker, and where nvcc is installed (its directory is embedded in every fatbinary). Two
# machines with the same line build the same bytes.
set -euo pipefail
nvcc_path="$(readlink -f "$(command -v nvcc)")"
nvcc_line="$("$nvcc_path" --version | tail -n 1) at ${nvcc_path%/bin/nvcc}"
host_line="$(g++ --version | head -n 1)"
ld_line="$(ld --version | head -n 1)"
echo "nvcc=$nvcc_line; host=$host_line; ld=$ld_line"
