#!/usr/bin/env bash
# Rebuilds the memory-system calibration table: runs every calibration program
# (programs/bin/*) under `WARPFORGE exec --issue gto --stats`, turns its METRIC / RATE / CYCLES
# lines and per-launch kernel cycles into metrics, and writes a Markdown table against the
# recorded GPGPU-Sim results (gpgpusim-gtx480.csv) and the published GTX480 figures
# (hardware-gtx480.csv): metric | warpforge | GPGPU-Sim sectored | non-sectored | hardware |
# source | warpforge / hardware, then kernel cycles per launch, warpforge against GPGPU-Sim
# (ratio, the share within 0.8-1.25x, geometric mean of ratios, Spearman rank correlation).
#
# Usage: calibrate.sh WARPFORGE [--gpgpusim-csv FILE] [--hardware-csv FILE] [--out FILE.md]
#                     [--update-doc FILE.md] [--keep DIR] [--param KEY=VALUE]... [PROGRAM...]
#   WARPFORGE            the warpforge binary (its CUDA runtime stand-in sits beside it)
#   --gpgpusim-csv FILE  GPGPU-Sim results (default: gpgpusim-gtx480.csv beside this script;
#                        regenerate it with gpgpusim.sh, which needs GPGPU-Sim)
#   --hardware-csv FILE  published figures (default: hardware-gtx480.csv beside this script)
#   --out FILE.md        where to write the table (default: standard output)
#   --update-doc FILE.md replace the text between the lines "<!-- calibration: begin -->" and
#                        "<!-- calibration: end -->" of FILE.md with the table
#                        (docs/memory-model.md: tools/calibration/calibrate.sh
#                        build/release/warpforge --update-doc docs/memory-model.md)
#   --keep DIR           keep each program's output and --stats JSON in DIR
#   --param KEY=VALUE    pass `--param KEY=VALUE` to every `warpforge exec` (repeatable): the
#                        table of a model variant, e.g. --param l1d_hit_latency=35
#   PROGRAM...           only these programs of programs/bin (default: all)
# Needs bash and python3; no nvcc, no GPGPU-Sim. Progress goes to stderr. Exit status 2 on bad
# arguments, 1 if a program failed under warpforge (the table is still written).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
die() { echo "calibrate.sh: $*" >&2; exit 2; }

[ $# -ge 1 ] || die "usage: calibrate.sh WARPFORGE [--gpgpusim-csv FILE] [--hardware-csv FILE] [--out FILE.md] [--update-doc FILE.md] [--keep DIR] [--param KEY=VALUE]... [PROGRAM...]"
case "$1" in -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;; esac
wf="$1"
shift
[ -x "$wf" ] && [ -f "$wf" ] || die "$wf is not an executable warpforge binary"
wf="$(cd "$(dirname "$wf")" && pwd)/$(basename "$wf")"
gcsv="$here/gpgpusim-gtx480.csv"
hcsv="$here/hardware-gtx480.csv"
out=""
doc=""
keep=""
params=()
progs=()
while [ $# -gt 0 ]; do
  case "$1" in
    --gpgpusim-csv) [ $# -ge 2 ] || die "--gpgpusim-csv needs a file"; gcsv="$2"; shift 2 ;;
    --hardware-csv) [ $# -ge 2 ] || die "--hardware-csv needs a file"; hcsv="$2"; shift 2 ;;
    --out) [ $# -ge 2 ] || die "--out needs a file"; out="$2"; shift 2 ;;
    --update-doc) [ $# -ge 2 ] || die "--update-doc needs a file"; doc="$2"; shift 2 ;;
    --keep) [ $# -ge 2 ] || die "--keep needs a folder"; keep="$2"; shift 2 ;;
    --param)
      [ $# -ge 2 ] && [[ "$2" == ?*=?* ]] || die "--param needs KEY=VALUE"
      params+=(--param "$2"); shift 2 ;;
    -*) die "unknown option $1" ;;
    *) progs+=("$1"); shift ;;
  esac
done
[ -z "$out" ] || [ -z "$doc" ] || die "--out and --update-doc exclude each other"
if [ -n "$doc" ]; then
  [ -f "$doc" ] || die "--update-doc: no file $doc"
  [ "$(grep -cx '<!-- calibration: begin -->' "$doc")" = 1 ] &&
    [ "$(grep -cx '<!-- calibration: end -->' "$doc")" = 1 ] ||
    die "--update-doc: $doc needs one line <!-- calibration: begin --> and one <!-- calibration: end -->"
fi
[ -f "$gcsv" ] || die "no GPGPU-Sim CSV $gcsv"
[ -f "$hcsv" ] || die "no hardware CSV $hcsv"
command -v python3 > /dev/null || die "python3 is needed"
bindir="$here/programs/bin"
if [ ${#progs[@]} -eq 0 ]; then
  for f in "$bindir"/*; do
    [ -x "$f" ] && [ -f "$f" ] && progs+=("$(basename "$f")")
  done
fi
[ ${#progs[@]} -gt 0 ] || die "no programs in $bindir"
for p in "${progs[@]}"; do [ -x "$bindir/$p" ] || die "no program $bindir/$p"; done

if [ -n "$keep" ]; then
  mkdir -p "$keep"
  work="$(cd "$keep" && pwd)"
else
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
fi

failed=0
for p in "${progs[@]}"; do
  start=$(date +%s)
  rc=0
  (cd "$work" && nice -n 10 "$wf" exec --issue gto ${params[@]+"${params[@]}"} --stats "$work/$p.json" \
    "$bindir/$p") \
    > "$work/$p.stdout" 2> "$work/$p.stderr" || rc=$?
  echo "$rc" > "$work/$p.rc"
  if [ "$rc" != 0 ]; then
    failed=1
    echo "calibrate.sh: $p: exit status $rc (see its output)" >&2
  else
    echo "calibrate.sh: $p: ok ($(( $(date +%s) - start )) s)" >&2
  fi
done

args=(table --warpforge-dir "$work" --gpgpusim-csv "$gcsv" --hardware-csv "$hcsv"
      --warpforge-label "$(basename "$wf") exec --issue gto${params[*]+ ${params[*]}}"
      --gpgpusim-label "$(basename "$gcsv")")
[ -n "$out" ] && args+=(--out "$out")
if [ -n "$doc" ]; then
  args+=(--out "$work/table.md")
  python3 "$here/calib.py" "${args[@]}"
  # The table replaces the lines between the markers; written beside the doc, then renamed.
  python3 - "$doc" "$work/table.md" <<'PY'
import os, sys
doc, table = sys.argv[1], open(sys.argv[2]).read()
# Its headings go two levels down, under the doc's own "## Calibration".
table = "\n".join("##" + l if l.startswith("#") else l for l in table.split("\n"))
lines = open(doc).read().split("\n")
b, e = lines.index("<!-- calibration: begin -->"), lines.index("<!-- calibration: end -->")
if e < b:
    sys.exit("calibrate.sh: --update-doc: the end marker comes before the begin marker")
out = "\n".join(lines[: b + 1]) + "\n" + table.rstrip("\n") + "\n" + "\n".join(lines[e:])
tmp = doc + ".tmp"
open(tmp, "w").write(out)
os.replace(tmp, doc)
PY
  echo "calibrate.sh: updated $doc" >&2
else
  python3 "$here/calib.py" "${args[@]}"
  [ -n "$out" ] && echo "calibrate.sh: wrote $out" >&2
fi
exit "$failed"
