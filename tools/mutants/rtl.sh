#!/usr/bin/env bash
# Mutation check of a block's equivalence run: how many small edits of its generated RTL does
# `warpforge equiv --rtl` catch? Each mutant changes one operator or constant on one line of the
# module body (== and !=, && and ||, + and -, < and <=, > and >=, & and |, ^ to &, a 1-bit
# constant flipped, a ! dropped), the edits a careless hand-optimisation or a slip of the
# generator makes. A mutant the run does not catch either changes nothing the ports can show
# (a reset value of a register that is always written before it is read: an equivalent mutant)
# or names a gap in the block's stimulus or coverage; read each survivor's line and decide.
#
#   tools/mutants/rtl.sh WARPFORGE BLOCK [-n N] [--seed S] [--cycles C] [SELECTION...]
#
# WARPFORGE: the warpforge executable. BLOCK: a registered block. SELECTION: the options that
# pick exactly one configuration of it, as for `warpforge gen` (--corner NAME, --preset NAME,
# --param k=v ...; default: the block's first configuration of the default preset, or its
# defaults). -n: how many mutants, drawn at random (seed --seed, default 1) from every
# candidate (default 40). --cycles: the equivalence cycles per mutant (default 100000).
#
# Output: one line per mutant, "killed" (a mismatch, or a run past its 120 s budget),
# "does not compile" (Verilator or the lint refuses it; counted as caught) or "SURVIVED" with
# the line before and after, then "caught K of T
# mutants (S survived)". Exit status: 0 after a full run, whatever survived; 1 if the
# unmutated RTL does not pass; 2 for a usage error. Each mutant is verilated afresh (20-40 s on
# a 2-core machine), so 40 mutants take some 20 minutes.
set -euo pipefail

me="tools/mutants/$(basename "${BASH_SOURCE[0]}")"
usage() {
  echo "usage: $me WARPFORGE BLOCK [-n N] [--seed S] [--cycles C] [SELECTION...]" >&2
  exit 2
}
(($# >= 2)) || usage
wf="$1"
block="$2"
shift 2
[[ -x "$wf" && -f "$wf" ]] || { echo "$me: $wf: not an executable" >&2; exit 2; }
wf="$(cd "$(dirname "$wf")" && pwd -P)/$(basename "$wf")"  # the runs start in other directories
count=40
seed=1
cycles=100000
selection=()
number() { [[ "$2" =~ ^[0-9]+$ ]] || { echo "$me: $1 $2: expected a whole number" >&2; exit 2; }; }
while (($#)); do
  case "$1" in
    -n) (($# >= 2)) || usage; number -n "$2"; count="$2"; shift 2 ;;
    --seed) (($# >= 2)) || usage; number --seed "$2"; seed="$2"; shift 2 ;;
    --cycles) (($# >= 2)) || usage; number --cycles "$2"; cycles="$2"; shift 2 ;;
    -h | --help) sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//' >&2; exit 0 ;;
    *) selection+=("$1"); shift ;;
  esac
done

tmp="$(mktemp -d "${TMPDIR:-/tmp}/warpforge-mutants-XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
"$wf" gen "$block" "${selection[@]}" -o "$tmp/rtl" > /dev/null
shopt -s nullglob
files=("$tmp"/rtl/*.v)
if ((${#files[@]} != 1)); then
  echo "$me: $block ${selection[*]}: selects ${#files[@]} configurations; pick exactly one" >&2
  exit 2
fi
original="${files[0]}"
name="$(basename "$original")"

equiv() {  # equiv DIR: 0 pass, 1 mismatch, 2 refused
  local rc=0
  # A mutant can loop for ever (a for loop that never ends): its run is ended by the budget
  # and reported like a mismatch (exit 1), which counts as caught.
  (cd "$1" && "$wf" equiv "$block" "${selection[@]}" --rtl "$name" --cycles "$cycles" \
    --time-budget 120 > log 2>&1) || rc=$?
  return "$rc"
}
mkdir "$tmp/base" && cp "$original" "$tmp/base/$name"
if ! equiv "$tmp/base"; then
  echo "$me: the unmutated $name does not pass:" >&2
  tail -5 "$tmp/base/log" >&2
  exit 1
fi

python3 - "$original" "$count" "$seed" "$tmp/mutants" <<'EOF'
import os, random, re, sys
path, count, seed, out = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
lines = open(path).read().split('\n')
# The body: after the port list's closing ");".
start = next(i for i, l in enumerate(lines) if l.strip() == ');') + 1
swaps = [(r'==', '!='), (r'!=', '=='), (r'&&', '||'), (r'\|\|', '&&'), (r' \+ ', ' - '),
         (r' - ', ' + '), (r' < ', ' <= '), (r' <= ', ' < '), (r' > ', ' >= '), (r' >= ', ' > '),
         (r"1'b1", "1'b0"), (r"1'b0", "1'b1"), (r'!(?=[\w(])', ''), (r' & ', ' | '),
         (r' \| ', ' & '), (r'\^', '&')]
candidates = []
for i in range(start, len(lines)):
    text = lines[i]
    code = text.split('//')[0]
    if not code.strip():
        continue
    for pattern, repl in swaps:
        for m in re.finditer(pattern, code):
            if pattern == r' <= ' and re.fullmatch(r"\s*[\w\[\]:+*\- ]*", code[:m.start()]):
                continue  # a non-blocking assignment, not a comparison
            candidates.append((i, text[:m.start()] + repl + text[m.end():]))
random.Random(seed).shuffle(candidates)
os.makedirs(out)
for k, (i, new) in enumerate(candidates[:count]):
    mutant = list(lines)
    mutant[i] = new
    os.makedirs(f'{out}/{k:03d}')
    open(f'{out}/{k:03d}/{os.path.basename(path)}', 'w').write('\n'.join(mutant))
    open(f'{out}/{k:03d}/what', 'w').write(
        f'line {i + 1}: {lines[i].strip()}  ->  {new.strip()}')
print(f'{len(candidates)} candidate mutants, {min(count, len(candidates))} drawn', file=sys.stderr)
EOF

caught=0
total=0
survived=0
for dir in "$tmp"/mutants/*/; do
  dir="${dir%/}"
  what="$(cat "$dir/what")"
  total=$((total + 1))
  rc=0
  equiv "$dir" || rc=$?
  case "$rc" in
    0) survived=$((survived + 1)); echo "SURVIVED          $what" ;;
    1) caught=$((caught + 1)); echo "killed            $what" ;;
    *) caught=$((caught + 1)); echo "does not compile  $what" ;;
  esac
done
echo "caught $caught of $total mutants ($survived survived)"
