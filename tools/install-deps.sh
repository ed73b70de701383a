#!/usr/bin/env bash
# Installs the Debian packages warpforge builds and runs with. Idempotent: packages already
# present are not touched, and apt is not called at all when nothing is missing.
set -euo pipefail

packages=(
  build-essential cmake ninja-build ccache pkg-config
  verilator yosys zlib1g-dev libzstd-dev liblz4-dev
  libfmt-dev libgtest-dev libgmock-dev libbenchmark-dev libcli11-dev libtomlplusplus-dev nlohmann-json3-dev
  clang libclang-rt-14-dev
  python3-matplotlib
  parallel slurmctld slurmd slurm-client munge
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "warpforge: installing ${missing[*]}" >&2
sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then sudo_cmd=(sudo); fi
"${sudo_cmd[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
