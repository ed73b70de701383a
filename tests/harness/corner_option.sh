#!/usr/bin/env bash
# --corner NAME (tools/warpforge/block_args.h): each block gets its own corner, --param applies
# after it, and --all selects exactly the blocks that declare the corner, noting the others;
# --first-config keeps each block's first configuration.
set -euo pipefail
wf="$1"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
check() {  # description, expected, actual
  if [ "$2" != "$3" ]; then echo "FAIL $1: expected '$2', got '$3'"; fail=1; else echo "ok   $1"; fi
}
modules() { ls "$1" | sed 's/\.v$//' | sort | tr '\n' ' '; }

# The corner's parameters, with --param after them.
"$wf" gen lrr_arbiter --corner tiny -o "$tmp/a" >/dev/null
check "lrr_arbiter at its tiny corner" "lrr_arbiter_w4 " "$(modules "$tmp/a")"
"$wf" gen lrr_arbiter --corner tiny --param num_warps=8 -o "$tmp/b" >/dev/null
check "--param after the corner" "lrr_arbiter_w8 " "$(modules "$tmp/b")"

# --first-config: of a block with a configuration per policy variant, the first only (gen
# prints the files in configuration order); a block with one keeps it.
"$wf" gen cff_fetch_arbiter mwf_arbiter lrr_arbiter --corner tiny -o "$tmp/every" >"$tmp/order"
"$wf" gen cff_fetch_arbiter mwf_arbiter lrr_arbiter --corner tiny --first-config \
  -o "$tmp/first" >/dev/null
first=$(sed 's|.*/||; s/\.v$//' "$tmp/order" | awk '{b=$0; sub(/_w[0-9].*/, "", b)} !seen[b]++' |
  sort | tr '\n' ' ')
check "--first-config keeps each block's first module" "$first" "$(modules "$tmp/first")"
check "--first-config: one module per block" "3" "$(ls "$tmp/first" | wc -l)"
check "without it, every variant" "10" "$(ls "$tmp/every" | wc -l)"

# params --corners BLOCK lists that block's corners only.
check "params --corners lrr_arbiter" "lrr_arbiter" "$("$wf" params --corners lrr_arbiter | awk '{print $1}' | sort -u)"

# --all: one block's corner each, no other block, and a note naming the blocks skipped.
"$wf" params --corners >"$tmp/corners"
corner=$(awk '{print $2}' "$tmp/corners" | sort | uniq -c | sort -n | awk 'NR==1{print $2}')
declaring=$(awk -v c="$corner" '$2==c{print $1}' "$tmp/corners" | sort)
"$wf" gen --all --corner "$corner" -o "$tmp/all" >/dev/null 2>"$tmp/err"
expected=""
for b in $declaring; do
  "$wf" gen "$b" --corner "$corner" -o "$tmp/one-$b" >/dev/null
  expected+=$(modules "$tmp/one-$b")
done
check "--all --corner $corner: the declaring blocks' modules" \
  "$(tr ' ' '\n' <<<"$expected" | grep . | sort | tr '\n' ' ')" "$(modules "$tmp/all")"
others=$("$wf" params --list | awk '{print $1}' | grep -vxF "$declaring" | paste -sd, | sed 's/,/, /g')
note=""
[ -z "$others" ] || note="warpforge: note: --corner $corner: skipping $others (no such corner)"
check "--all --corner $corner: the note on the other blocks" "$note" "$(cat "$tmp/err")"
exit $fail
