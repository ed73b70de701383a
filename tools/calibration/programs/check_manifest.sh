#!/usr/bin/env bash
# The checked-in calibration programs bin/ must be what build.sh made of today's sources: every
# SHA-256 in bin/MANIFEST (the sources, the workload kernels the wl_*.cu programs include, the
# programs) must match the files, so a source or a workload kernel edited without rebuilding,
# or a program replaced by hand, fails on any machine, without nvcc (ctest
# calibration_programs_up_to_date). Rebuild with build.sh (needs nvcc); the recorded GPGPU-Sim
# results (../gpgpusim-gtx480.csv) were made with the programs the MANIFEST lists.
# Usage: check_manifest.sh
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
manifest="$here/bin/MANIFEST"
[ -f "$manifest" ] || { echo "$manifest is missing; run tools/calibration/programs/build.sh"; exit 1; }
actual="$(
  (cd "$here" && sha256sum build.sh *.h *.cu | sed 's/^/source /')
  (cd "$here" && sha256sum $(sed -n 's/^#include "\(\.\.\/\.\.\/\.\.\/workloads\/[^"]*\)"/\1/p' *.cu | sort -u) |
     sed 's|\.\./\.\./\.\./||; s/^/source /')
  (cd "$here/bin" && sha256sum $(ls | grep -v '^MANIFEST$') | sed 's/^/program /')
)"
listed="$(grep -E '^(source|program) ' "$manifest")"
if [ "$(sort <<<"$listed")" != "$(sort <<<"$actual")" ]; then
  diff <(sort <<<"$listed") <(sort <<<"$actual") | sed -n 's/^[<>] \(source\|program\) *[0-9a-f]* *//p' |
    sort -u | while read -r file; do
      echo "calibration program input $file does not match tools/calibration/programs/bin/MANIFEST; run tools/calibration/programs/build.sh"
    done
  exit 1
fi
echo "MANIFEST matches the calibration sources, the workload kernels they include and the programs"
