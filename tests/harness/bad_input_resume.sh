#!/usr/bin/env bash
# `reproduce --resume` and the study record (docs/commands.md, "Resuming a study"): a folder of
# another configuration or study is refused with exit status 2 and one line on stderr naming
# it, and nothing in it changes; a resume of the same configuration keeps its runs; runs.csv
# holds no timing, so two identical studies write the same one. Each study here is BLOCKLAT's
# 4 runs of vecadd: about a second, most of it drawing the plot.
set -uo pipefail
wf="$1"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
expect2() {  # description, needle that must appear in the message, command...
  local what="$1" needle="$2"; shift 2
  "$@" >"$tmp/out" 2>"$tmp/err"; local rc=$?
  local lines; lines=$(wc -l <"$tmp/err")
  if [ $rc -ne 2 ] || [ "$lines" -ne 1 ] || ! grep -qF -- "$needle" "$tmp/err"; then
    echo "FAIL $what: exit $rc, $lines stderr lines:"; cat "$tmp/err"; fail=1
  else
    echo "ok   $what: $(cat "$tmp/err")"
  fi
}
# Every entry of a folder, and each file's size and modification time: a refused command
# changes none (a directory's own time moves with the writability probe made before any check).
snapshot() { (cd "$1" && find . \( -type d -printf '%p/\n' \) -o -printf '%p %s %T@\n' | sort); }
unchanged() {  # description, folder
  if ! diff <(cat "$tmp/snap") <(snapshot "$2") >/dev/null; then
    echo "FAIL $1: $2 changed:"; diff <(cat "$tmp/snap") <(snapshot "$2"); fail=1
  fi
}
study() { "$wf" reproduce blocklat -j 2 --workloads vecadd "$@" >"$tmp/out" 2>"$tmp/err" ||
  { echo "FAIL reproduce blocklat $*: exit $?"; cat "$tmp/err"; fail=1; }; }
refused() {  # description, needle, folder, reproduce arguments...
  local what="$1" needle="$2" dir="$3"; shift 3
  snapshot "$dir" >"$tmp/snap"
  expect2 "$what" "$needle" "$wf" reproduce "$@" -o "$dir"
  unchanged "$what" "$dir"
}

q="$tmp/quick" f="$tmp/full"
study --quick -o "$q"
study -o "$f"
refused "a --quick study resumed without --quick" \
  "--resume: $q holds a blocklat study run with --quick" "$q" blocklat --workloads vecadd --resume
refused "a full study resumed with --quick" \
  "--resume: $f holds a blocklat study run without --quick" "$f" \
  blocklat --quick --workloads vecadd --resume
refused "another study resumed into the folder" \
  "-o $q: expected a directory of the lwm study or a new one, but it holds the blocklat study" \
  "$q" lwm --quick --workloads bfs --resume
refused "another study run afresh into the folder" "holds the blocklat study" \
  "$q" lwm --quick --workloads bfs

cp -a "$q" "$tmp/old" && rm "$tmp/old/study.json"
refused "a folder that predates the record" "--resume: $tmp/old holds runs but no study record" \
  "$tmp/old" blocklat --quick --workloads vecadd --resume
cp -a "$q" "$tmp/version" && sed -i 's/"warpforge": "[^"]*"/"warpforge": "0.0.1"/' "$tmp/version/study.json"
refused "runs of another warpforge" "made by warpforge 0.0.1" \
  "$tmp/version" blocklat --quick --workloads vecadd --resume
cp -a "$q" "$tmp/args" && sed -i 's/"gtx480"/"lwm-core"/' "$tmp/args/study.json"
refused "a run made with other arguments" "made with \"--preset lwm-core" \
  "$tmp/args" blocklat --quick --workloads vecadd --resume
cp -a "$q" "$tmp/junk" && printf '{' >"$tmp/junk/study.json"
refused "a record that is not JSON" "$tmp/junk/study.json: expected the study record" \
  "$tmp/junk" blocklat --quick --workloads vecadd --resume
refused "a record that is not JSON, run afresh" "$tmp/junk/study.json: expected the study record" \
  "$tmp/junk" blocklat --quick --workloads vecadd
mkdir -p "$tmp/dirrec/study.json"
refused "a record that is a directory" "study.json: expected a regular study record" \
  "$tmp/dirrec" blocklat --quick --workloads vecadd
mkdir -p "$tmp/escape/runs" && touch "$tmp/escape/x.json"
printf '{"study": "blocklat", "runs": {"../x": {"workload": "vecadd", "args": [], "quick": true, "warpforge": "0.1.0"}}}' \
  >"$tmp/escape/study.json"
refused "a record naming a file outside runs/" "run \"../x\" is not a file name" \
  "$tmp/escape" blocklat --quick --workloads vecadd
printf '{"study": "blocklat", "runs": {"vecadd__rr": {"workload": "vecadd", "args": "--quick"}}}' \
  >"$tmp/junk/study.json"
refused "a record with a field of the wrong type" \
  "$tmp/junk/study.json: expected the study record warpforge reproduce writes, but runs.vecadd__rr.args is not an array of strings" \
  "$tmp/junk" blocklat --quick --workloads vecadd --resume

# The same configuration resumes: the runs that passed are kept, the rest run again, and
# runs.csv comes out as a whole study's.
cp -a "$q" "$tmp/resume" && rm "$tmp/resume/runs/vecadd__rr.json"
study --quick --resume -o "$tmp/resume"
grep -qF "4 runs in" "$tmp/out" && grep -qF "(3 kept by --resume)" "$tmp/out" ||
  { echo "FAIL resume of the same configuration: $(cat "$tmp/out")"; fail=1; }
cmp -s "$q/runs.csv" "$tmp/resume/runs.csv" ||
  { echo "FAIL resume of the same configuration: runs.csv differs from the whole study's"; fail=1; }
# Two identical studies compare equal on everything but timing.csv and the report's wall time.
study --quick -o "$tmp/again"
for file in runs.csv plot-data.json; do
  cmp -s "$q/$file" "$tmp/again/$file" ||
    { echo "FAIL two identical studies: $file differs"; diff "$q/$file" "$tmp/again/$file"; fail=1; }
done
if ! head -1 "$q/timing.csv" | grep -qx 'workload,config,seconds' ||
  [ "$(wc -l <"$q/timing.csv")" -ne 5 ] || head -1 "$q/runs.csv" | grep -q seconds; then
  echo "FAIL timing: runs.csv has seconds or timing.csv is not one row per run"; fail=1
fi
# A fresh study starts afresh: runs of the earlier configuration do not stay beside its own.
study --quick -o "$f"
grep -q '"quick": false' "$f/study.json" && { echo "FAIL fresh --quick study: a full run's record is left"; fail=1; }
"$wf" reproduce blocklat --quick -j 2 --workloads vecadd,storegpu -o "$tmp/two" >/dev/null 2>&1
study --quick -o "$tmp/two"
if ls "$tmp/two/runs" | grep -q storegpu || grep -q storegpu "$tmp/two/study.json"; then
  echo "FAIL fresh study with fewer workloads: the other workload's runs stayed"; fail=1
fi
[ "$fail" -eq 0 ] && echo "all resume cases passed"
exit $fail
