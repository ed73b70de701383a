#!/usr/bin/env bash
# rtl/ must be exactly what the generator emits for the gtx480 preset.
set -euo pipefail
wf="$1"; rtl="$2"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
"$wf" gen --all --preset gtx480 -o "$tmp" >/dev/null
if ! diff -ru "$rtl" "$tmp"; then
  echo "rtl/ differs from the generator's output: run 'warpforge gen --all --preset gtx480 -o rtl' and commit" >&2
  exit 1
fi
echo "rtl/ is up to date ($(ls "$tmp" | wc -l) files)"
