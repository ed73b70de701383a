#!/usr/bin/env bash
# The checked-in programs/bin/ must be what programs/build.sh makes of programs/*.cu. Needs
# nvcc (CUDA 13); without it the test is skipped (exit 77), since CI has no CUDA.
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
if ! command -v nvcc >/dev/null; then
  echo "nvcc not found: skipped"
  exit 77
fi
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
"$here/programs/build.sh" "$tmp" || exit 1
status=0
for built in "$tmp"/*; do
  name="$(basename "$built")"
  if ! cmp -s "$built" "$here/programs/bin/$name"; then
    echo "programs/bin/$name differs from what programs/$name.cu builds to; run tests/exec/programs/build.sh"
    status=1
  fi
done
for kept in "$here"/programs/bin/*; do
  [ -e "$tmp/$(basename "$kept")" ] || { echo "programs/bin/$(basename "$kept") has no source"; status=1; }
done
exit $status
