#!/usr/bin/env bash
# Plants the bugs (MODE=bugs) or the property violations (MODE=violations) of every registered
# block into its generated RTL, from the block's catalogue planted/<block>.sh, and checks that
#   bugs:       `warpforge equiv --rtl` reports each one (exit status 1, a mismatch report, an
#               FST waveform);
#   violations: `warpforge prove --rtl` reports each one as the property it names (exit status
#               1, a FAIL line naming the property and the step, a counterexample VCD).
# A registered block without a catalogue, or whose catalogue plants none of the mode's kind,
# fails the test naming the block and the file. Given block names, only their catalogues are
# planted (to check a new block's catalogue alone); ctest plants every registered block's.
# --first plants only the first entry of the mode's kind in each catalogue: every bug is its
# own Verilator build (about 4 s each, 60 of them), so the default test run plants one per block
# and the full catalogue runs under tools/test.sh --full.
# Usage: planted.sh bugs|violations WARPFORGE [--first] [BLOCK...]
set -euo pipefail
mode="$1" wf="$2"
shift 2
first=0
if [ "${1:-}" = --first ]; then first=1; shift; fi
catalogues="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/planted"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
q="'"  # for Verilog literals inside the catalogues' double-quoted sed expressions
"$wf" gen --all -o "$tmp/preset" >/dev/null

# sed EXPR on DIR/FILE into $tmp/NAME.v; fails when the edit matches nothing.
edit() {  # name dir file expr
  local bad="$tmp/$1.v"
  sed -e "$4" "$2/$3" > "$bad"
  if cmp -s "$bad" "$2/$3"; then echo "$block: plant $1: the edit matched nothing" >&2; exit 1; fi
}

planted=0
bug() {  # name file sed-expression [--param k=v ...]
  [ "$mode" = bugs ] || return 0
  [ "$first" = 1 ] && [ "$planted" -gt "$before" ] && return 0
  local name="$1" file="$2" expr="$3" dir="$tmp/preset"; shift 3
  # With parameters: a block the preset does not have (no file in $tmp/preset) plants too.
  if [ $# -gt 0 ]; then
    "$wf" gen "$block" "$@" -o "$tmp/gen-$name" >/dev/null
    dir="$tmp/gen-$name"
  fi
  edit "$name" "$dir" "$file" "$expr"
  set +e
  out=$("$wf" equiv "$block" "$@" --rtl "$tmp/$name.v" --cycles 200000 -o "$tmp/out-$name" 2>&1)
  rc=$?
  set -e
  if [ $rc -ne 1 ] || ! grep -q "mismatch at cycle" <<<"$out"; then
    echo "$block: planted bug '$name' was NOT caught (exit $rc):" >&2; echo "$out" >&2; exit 1
  fi
  ls "$tmp/out-$name"/*.fst >/dev/null
  echo "caught $name: $(grep -m1 'mismatch at cycle' <<<"$out")"
  planted=$((planted + 1))
}

violation() {  # name file property sed-expression [--param k=v ...]
  [ "$mode" = violations ] || return 0
  [ "$first" = 1 ] && [ "$planted" -gt "$before" ] && return 0
  local name="$1" file="$2" property="$3" expr="$4"; shift 4
  "$wf" gen "$block" "$@" -o "$tmp/gen-$name" >/dev/null
  edit "$name" "$tmp/gen-$name" "$file" "$expr"
  set +e
  out=$("$wf" prove "$block" "$@" --rtl "$tmp/$name.v" -o "$tmp/out-$name" 2>&1)
  rc=$?
  set -e
  local verdict; verdict=$(grep -m1 '^FAIL ' <<<"$out" || true)
  if [ $rc -ne 1 ] || ! grep -q "violated at step" <<<"$verdict" || \
     ! grep -qw "$property" <<<"$verdict"; then
    echo "$block: planted violation '$name' was NOT reported as $property (exit $rc):" >&2
    echo "$out" >&2; exit 1
  fi
  ls "$tmp/out-$name"/*.counterexample.vcd >/dev/null
  echo "caught $name: $verdict"
  planted=$((planted + 1))
}

case "$mode" in
  bugs|violations) ;;
  *) echo "usage: planted.sh bugs|violations WARPFORGE [--first] [BLOCK...]" >&2; exit 2 ;;
esac
blocks=$("$wf" params --list | cut -d' ' -f1)
[ -n "$blocks" ] || { echo "warpforge params --list named no block" >&2; exit 1; }
if [ $# -gt 0 ]; then
  for b in "$@"; do
    grep -qx -- "$b" <<<"$blocks" || { echo "planted.sh: $b is not a registered block" >&2; exit 2; }
  done
  blocks="$*"
fi
for block in $blocks; do
  catalogue="$catalogues/$block.sh"
  if [ ! -f "$catalogue" ]; then
    echo "block $block: no catalogue of planted bugs and violations: expected $catalogue" >&2
    exit 1
  fi
  before=$planted
  # shellcheck source=/dev/null
  source "$catalogue"
  if [ "$planted" -eq "$before" ]; then
    echo "block $block: $catalogue plants no ${mode%s} (expected at least one)" >&2; exit 1
  fi
done
echo "all planted $mode caught ($planted$([ "$first" = 1 ] && echo ', the first of each block'))"
