#!/usr/bin/env bash
# Every configuration of every block, for those rtl/ holds (gen_rtl.sh: every preset's and
# lwm-core's variants) and every corner a block declares (`warpforge params --corners`), must
# pass verilator --lint-only -Wall and yosys check -assert.
# Usage: lint_all.sh WARPFORGE [--only-large | --skip-large]
#   --skip-large  all but the large corner (the default test run: Yosys elaborates the largest
#                 sizes slowest, e.g. 10 s for syncmon_cache's)
#   --only-large  the large corner alone (ctest rtl_lint_large_corner, label full)
set -euo pipefail
wf="$1"
only=all
case "${2:-}" in
  "") ;;
  --skip-large) only=not-large ;;
  --only-large) only=large ;;
  *) echo "lint_all.sh: unknown option '$2'; expected --only-large or --skip-large" >&2; exit 2 ;;
esac
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
if [ "$only" != large ]; then
  mkdir "$tmp/rtl"
  bash "$(dirname "$0")/gen_rtl.sh" "$wf" "$tmp/rtl"
fi
corners=$("$wf" params --corners | awk '{print $2}' | sort -u)
[ -n "$corners" ] || { echo "no block declares a corner"; exit 1; }
case "$only" in
  not-large) corners=$(grep -vx large <<<"$corners") ;;
  large) corners=$(grep -x large <<<"$corners") || { echo "no block declares a large corner"; exit 1; } ;;
esac
for corner in $corners; do
  mkdir "$tmp/corner-$corner"
  # --all --corner notes the blocks without the corner on stderr: shown only on a failure.
  if ! "$wf" gen --all --corner "$corner" -o "$tmp/corner-$corner" >/dev/null 2>"$tmp/err"; then
    cat "$tmp/err"; exit 1
  fi
done
# A module name is its parameters, so two configurations that share one (a preset's block at a
# corner's sizes) must be the same text; each is linted once.
declare -A seen
files=()
for f in "$tmp"/*/*.v; do
  m=$(basename "$f" .v)
  if [ -n "${seen[$m]:-}" ]; then
    cmp -s "$f" "${seen[$m]}" || { echo "$f and ${seen[$m]} differ but name one module"; exit 1; }
    continue
  fi
  seen[$m]=$f; files+=("$f")
done
# One Verilator run over every module (each is a top: MULTITOP is expected) and one Yosys
# script over every file, side by side: a process per file and tool took 78 s of CPU against
# 58 (Verilator 26 s against 11). Verilator's messages name the file; Yosys stops at the first
# failure, so on one each file is checked alone to name every failing one. In one Verilator run
# a `verilator lint_off` a file leaves open could hide warnings in the files after it, so every
# file must close each one it opens.
if ! awk 'FNR == 1 { if (open) { print prev ": a verilator lint_off is never closed"; bad = 1 }
                     open = 0; prev = FILENAME }
          /verilator lint_off/ { open++ }
          /verilator lint_on/ { open-- }
          END { if (open) { print prev ": a verilator lint_off is never closed"; bad = 1 }
                exit bad }' "${files[@]}"; then
  exit 1
fi
verilator --lint-only -Wall -Wno-MULTITOP "${files[@]}" >"$tmp/verilator.out" 2>&1 &
verilator_pid=$!
script=""
for f in "${files[@]}"; do
  m=$(basename "$f" .v)
  script+="read_verilog -noautowire $f; hierarchy -check -top $m; proc; check -assert; design -reset; "
done
fail=0
if ! yosys -q -p "$script" >"$tmp/yosys.out" 2>&1; then
  for f in "${files[@]}"; do
    m=$(basename "$f" .v)
    if ! out=$(yosys -q -p "read_verilog -noautowire $f; hierarchy -check -top $m; proc; check -assert" 2>&1); then
      echo "yosys check -assert: $f"; echo "$out" | head -20; fail=1
    fi
  done
  [ $fail -eq 1 ] || { echo "yosys check -assert failed on the whole set:"; head -20 "$tmp/yosys.out"; fail=1; }
fi
if ! wait $verilator_pid; then
  echo "verilator --lint-only -Wall:"; head -40 "$tmp/verilator.out"; fail=1
fi
echo "linted ${#files[@]} modules"
exit $fail
