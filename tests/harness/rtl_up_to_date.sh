#!/usr/bin/env bash
# rtl/ must be exactly what the generator emits for the configurations gen_rtl.sh names.
set -euo pipefail
wf="$1"; rtl="$2"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
bash "$(dirname "$0")/gen_rtl.sh" "$wf" "$tmp"
if ! diff -ru "$rtl" "$tmp"; then
  echo "rtl/ differs from the generator's output: run 'rm rtl/*.v && tests/harness/gen_rtl.sh WARPFORGE rtl' and commit" >&2
  exit 1
fi
echo "rtl/ is up to date ($(ls "$tmp" | wc -l) files)"
