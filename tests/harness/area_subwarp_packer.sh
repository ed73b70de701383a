#!/usr/bin/env bash
# The LWM paper's storage for 256-thread large warps is 768 bits, of which the sub-warp packer
# holds the 256-bit copy of the active mask (plus its 2-bit mode); `area` prints its flip-flops
# beside the paper's figure and says what is and is not counted.
set -euo pipefail
wf="$1"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
"$wf" area subwarp_packer --json "$tmp/a.json" | tee "$tmp/out"
grep -Eq '"ff_bits": *258[,}]?' "$tmp/a.json" || { echo "expected 258 flip-flop bits"; cat "$tmp/a.json"; exit 1; }
grep -q '^subwarp_packer_k8_n32: 258 flip-flops; the paper .* counts 768 bits' "$tmp/out"
grep -q '8 x 32 = 256 bits, plus the 2-bit mode' "$tmp/out"
grep -q '512 bits, .*not counted' "$tmp/out"
