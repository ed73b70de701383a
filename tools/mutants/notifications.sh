#!/usr/bin/env bash
# Mutation check of the cycle model's fast-path contract (docs/cycle-model.md). The model's skips
# are exact only while every state change sends its notification. Forgetting one still gives a
# model that runs and passes its functional checks, but its cycle counts are off. The
# reference-mode test (tests/gpu/reference_mode_test.cpp) is what catches that. This script
# deletes the notifications one at a time (the catalogue: notifications.list, next to this
# file) and reports how many of the test's workloads each deletion makes fail, so that the
# doc's list of what the test catches can be checked again after the model changed.
#
#   tools/mutants/notifications.sh [--out FILE] BUILD_DIR [NAME_REGEX]
#   tools/mutants/notifications.sh --check
#
# BUILD_DIR: a configured CMake/Ninja build tree of this checkout. A plain one is enough and
# builds fastest:
#   cmake -S . -B build/mutants -G Ninja -DCMAKE_BUILD_TYPE=Release -DWF_PGO=OFF -DWF_LTO=OFF
# NAME_REGEX (grep -E) picks mutants by name; all by default. --out FILE also writes the
# results as a TSV. --check only tries every catalogue entry on a scratch copy of its file
# and shows the line each deletes; it builds nothing.
#
# Environment:
#   WF_MUTANT_TEST     ninja target and test binary (default wf_reference_mode_tests)
#   WF_MUTANT_FILTER   --gtest_filter for it (default: every test)
#   WF_MUTANT_TIMEOUT  seconds one run of the test may take (default 900)
#   WF_MUTANT_LOGS     a directory to keep each build's and run's output in (default: none)
#   WF_MUTANT_SHARDS   test processes run side by side (default: one a core)
#   WF_TEST_FULL=1     passed on to the test: its full matrix instead of its sample
#
# How long: each mutant costs one incremental build and one run of the test. The build
# recompiles the mutated file and relinks the test, which takes longer for a header: sm_core.h
# is compiled into several files, and the headers under sim_model/mem/ and
# sim_model/sm/policies/ are also inputs of CMake's configure step (registries), which re-runs.
# The run is spread over one process a core. Measured on two cores with the sampled test: 12 to
# 31 s a mutant in a .cpp file, up to several minutes in a widely included header, about 25
# minutes for the whole catalogue; the test as it was before it sampled (every set) took 75 to
# 153 s a mutant in a .cpp file. Before the first mutant the unmutated test is built and run
# once, and must pass.
#
# Every mutated file is restored on exit, on error and on SIGINT/SIGTERM. Only SIGKILL can
# leave one mutated; `git diff sim_model` then shows it. Restoring gives the file a new
# modification time, so the next build of BUILD_DIR rebuilds what the last mutant changed.
#
# Output: one line per mutant, "NAME  killed (N of M workloads)", "aborted" (the test crashed
# or timed out), "SURVIVED" or "does not compile", then "killed K of T mutants (S survived,
# A aborted)". Exit status: 0 after a full run, whatever survived; 1 if the unmutated test
# does not build or pass; 2 for a usage error or a catalogue entry that no longer matches
# exactly one line.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)"
root="$(cd "$here/../.." && pwd -P)"
catalogue="$here/notifications.list"
me="tools/mutants/$(basename "${BASH_SOURCE[0]}")"
target="${WF_MUTANT_TEST:-wf_reference_mode_tests}"
filter="${WF_MUTANT_FILTER:-*}"
limit="${WF_MUTANT_TIMEOUT:-900}"
keep_logs="${WF_MUTANT_LOGS:-}"

usage() {
  echo "usage: $me [--out FILE] BUILD_DIR [NAME_REGEX]" >&2
  echo "       $me --check" >&2
  exit 2
}

out=""
check_only=0
positional=()
while (($#)); do
  case "$1" in
    --out) (($# >= 2)) || usage; out="$2"; shift 2 ;;
    --out=*) out="${1#--out=}"; shift ;;
    --check) check_only=1; shift ;;
    -h | --help) sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//' >&2; exit 0 ;;
    -*) echo "$me: unknown option $1" >&2; usage ;;
    *) positional+=("$1"); shift ;;
  esac
done
if ((check_only)); then
  if ((${#positional[@]} > 0)) || [[ -n "$out" ]]; then usage; fi
else
  ((${#positional[@]} >= 1 && ${#positional[@]} <= 2)) || usage
fi
[[ "$limit" =~ ^[1-9][0-9]*$ ]] || { echo "$me: WF_MUTANT_TIMEOUT must be whole seconds" >&2; exit 2; }

scratch="$(mktemp -d -t wf-mutants.XXXXXX)"
declare -A original=()  # mutated file (absolute) -> its backup in $scratch
child=""                # the build or test running in the background, if any
keep_scratch=0

restore_all() {
  local f
  for f in "${!original[@]}"; do
    if cp "${original[$f]}" "$f" && cmp -s "${original[$f]}" "$f"; then
      unset "original[$f]"
    else
      echo "$me: could not restore ${f#"$root"/}; its original is ${original[$f]}" >&2
      keep_scratch=1
    fi
  done
}

cleanup() {
  local status=$?
  set +e
  trap '' INT TERM  # a second Ctrl-C must not cut the restore short
  if [[ -n "$child" ]]; then
    # Stopped and waited for before the restore: ninja deletes what an interrupted compile
    # wrote, and an object of the mutant finished after the restore would look up to date.
    kill -TERM "$child" 2>/dev/null
    wait "$child" 2>/dev/null
  fi
  restore_all
  ((keep_scratch)) || rm -rf "$scratch"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# Runs a command in the background and waits for it. Bash runs a trap only once the foreground
# command has ended, which for a build or a test run can be minutes; `wait` is interrupted at
# once.
run_waited() {
  "$@" 9<&- &  # without the lock's descriptor (below), which nothing it starts should hold
  child=$!
  local rc=0
  wait "$child" || rc=$?
  child=""
  return "$rc"
}

# --- The catalogue -------------------------------------------------------------------------

names=()
files=()
exprs=()
while IFS= read -r line || [[ -n "$line" ]]; do
  [[ "$line" =~ ^[[:space:]]*(#|$) ]] && continue
  read -r name file expr <<<"$line"
  if [[ -z "${expr:-}" ]]; then
    echo "$me: notifications.list: an entry needs NAME FILE SED-EXPRESSION: $line" >&2
    exit 2
  fi
  for n in "${names[@]}"; do
    [[ "$n" != "$name" ]] || { echo "$me: notifications.list: mutant $name twice" >&2; exit 2; }
  done
  names+=("$name")
  files+=("$file")
  exprs+=("$expr")
done <"$catalogue"

refuse() {  # mutant index, reason
  echo "$me: mutant ${names[$1]} (${files[$1]}): $2; fix notifications.list" >&2
  exit 2
}

# Every entry, tried on a scratch copy before anything is mutated or built: an entry that no
# longer matches exactly one line would otherwise test nothing, or something else, unnoticed.
# Prints the edit as "FILE:LINE  - old[  + new]".
check_entry() {
  local i=$1 src="$root/${files[$1]}" copy="$scratch/check"
  [[ -f "$src" ]] || refuse "$i" "no such file"
  sed -e "${exprs[$i]}" "$src" >"$copy" 2>"$scratch/sed.err" ||
    refuse "$i" "sed: $(head -n 1 "$scratch/sed.err")"
  local edit removed added
  edit="$(diff "$src" "$copy" || true)"
  removed="$(grep -c '^<' <<<"$edit" || true)"
  added="$(grep -c '^>' <<<"$edit" || true)"
  ((removed > 0)) || refuse "$i" "the edit matches no line"
  ((removed == 1 && added <= 1)) || refuse "$i" "the edit changes $removed lines, not one"
  local at
  at="$(head -n 1 <<<"$edit")"
  printf '%s:%s  - %s' "${files[$i]}" "${at%%[acd]*}" "$(sed -n 's/^< //p' <<<"$edit")"
  ((added == 0)) || printf '  + %s' "$(sed -n 's/^> //p' <<<"$edit")"
  printf '\n'
}

for i in "${!names[@]}"; do
  edit="$(check_entry "$i")" || exit 2
  ((check_only)) && printf '%-30s %s\n' "${names[$i]}" "$edit"
done
((check_only)) && exit 0

# --- The build tree and the selection ------------------------------------------------------

build="$(cd "${positional[0]}" 2>/dev/null && pwd -P)" ||
  { echo "$me: no such directory ${positional[0]}" >&2; exit 2; }
[[ -f "$build/build.ninja" && -f "$build/CMakeCache.txt" ]] ||
  { echo "$me: $build is not a configured CMake/Ninja build tree" >&2; exit 2; }
# The mutants are made in this checkout: a tree of another checkout would not see them.
home="$(sed -n 's/^CMAKE_HOME_DIRECTORY:INTERNAL=//p' "$build/CMakeCache.txt")"
[[ -n "$home" && "$(cd "$home" 2>/dev/null && pwd -P)" == "$root" ]] ||
  { echo "$me: $build builds ${home:-an unknown source tree}, not this checkout" >&2; exit 2; }
for tool in ninja timeout flock; do
  command -v "$tool" >/dev/null || { echo "$me: $tool not found" >&2; exit 2; }
done

regex="${positional[1]:-}"
picked=()
if [[ -n "$regex" ]]; then
  rc=0
  grep -Eq -- "$regex" </dev/null 2>/dev/null || rc=$?
  ((rc != 2)) || { echo "$me: bad NAME_REGEX: $regex" >&2; exit 2; }
fi
for i in "${!names[@]}"; do
  if [[ -z "$regex" ]] || grep -Eq -- "$regex" <<<"${names[$i]}"; then picked+=("$i"); fi
done
((${#picked[@]} > 0)) || { echo "$me: no mutant name matches $regex" >&2; exit 2; }

# Two runs at once would back up each other's mutants as originals.
exec 9<"$catalogue"
flock -n 9 || { echo "$me: another run is mutating this checkout" >&2; exit 2; }

if [[ -n "$out" ]]; then
  # Created now, so that an unwritable path fails before an hour of work, and filled as the
  # mutants finish, so that an interrupted run keeps what it found.
  printf 'mutant\tfile\tresult\tfailed\tworkloads\tseconds\tnote\n' >"$out"
fi
if [[ -n "$keep_logs" ]]; then
  mkdir -p "$keep_logs"
  logs="$(cd "$keep_logs" && pwd -P)"
else
  logs="$scratch"
fi

# --- Building and running the test ---------------------------------------------------------

build_test() {  # log name
  run_waited ninja -C "$build" "$target" >"$logs/$1.build.log" 2>&1
}

binary=""
find_binary() {
  local found
  found="$(find "$build" -path '*/CMakeFiles' -prune -o -type f -name "$target" -perm -u+x -print)"
  if [[ -z "$found" || "$found" == *$'\n'* ]]; then
    echo "$me: want exactly one executable $target under $build, found: ${found:-none}" >&2
    exit 1
  fi
  binary="$found"
}

# Runs the test; sets verdict (passed, failed or aborted), failed, total and note.
verdict="" failed="" total="" note=""
# The test's cases are spread over one process a core (gtest's sharding): each process runs its
# workloads one after another, and the full matrix takes minutes a mutant.
shards="${WF_MUTANT_SHARDS:-$(nproc)}"
run_shards() {  # xml-prefix log
  local i rc=0 worst=0
  local -a pids=()
  # This runs in the background (run_waited): the cleanup's TERM must reach the shards too.
  trap 'kill -TERM "${pids[@]}" 2>/dev/null; exit 143' TERM
  for ((i = 0; i < shards; ++i)); do
    GTEST_TOTAL_SHARDS=$shards GTEST_SHARD_INDEX=$i timeout -k 30 "$limit" "$binary" \
      --gtest_filter="$filter" --gtest_brief=1 --gtest_output="xml:$1.$i" >"$2.$i" 2>&1 &
    pids+=($!)
  done
  for i in "${!pids[@]}"; do
    rc=0
    wait "${pids[$i]}" || rc=$?
    cat "$2.$i" >>"$2" && rm -f "$2.$i"
    # A timeout or crash outranks a failed test, which outranks a pass.
    if ((rc != 0 && rc != 1)); then
      worst=$rc
    elif ((rc == 1 && worst == 0)); then
      worst=1
    fi
  done
  return "$worst"
}

run_test() {  # log name
  local xml="$scratch/result.xml" rc=0 head="" i t f
  rm -f "$xml".*
  : >"$logs/$1.test.log"
  run_waited run_shards "$xml" "$logs/$1.test.log" || rc=$?
  # gtest writes its XML report only at a normal end: the counts there are whole.
  total=0 failed=0
  for ((i = 0; i < shards; ++i)); do
    head=""
    [[ -f "$xml.$i" ]] && head="$(grep -o -m 1 '<testsuites [^>]*>' "$xml.$i" || true)"
    t="$(sed -n 's/.* tests="\([0-9]*\)".*/\1/p' <<<"$head")"
    f="$(sed -n 's/.* failures="\([0-9]*\)".*/\1/p' <<<"$head")"
    if [[ -z "$t" || -z "$f" ]]; then total="" failed=""; break; fi
    total=$((total + t)) failed=$((failed + f))
  done
  note=""
  if ((rc == 124)); then
    verdict=aborted note="timed out after $limit s"
  elif [[ -z "$total" || -z "$failed" ]] || ((rc != 0 && rc != 1)); then
    verdict=aborted note="exit status $rc, no test report"
    ((rc <= 128)) || note="killed by signal $((rc - 128))"
  elif ((rc == 0 && failed == 0)); then
    verdict=passed
  elif ((rc == 1 && failed > 0)); then
    verdict=failed
  else
    verdict=aborted note="exit status $rc with $failed failed tests"
  fi
}

echo "baseline: building and running $target unmutated" >&2
if ! build_test baseline; then
  echo "$me: the unmutated $target does not build (ninja -C $build $target)" >&2
  exit 1
fi
find_binary
run_test baseline
if [[ "$verdict" != passed ]]; then
  echo "$me: the unmutated $target does not pass (${note:-$failed of $total failed});" \
    "fix the baseline first" >&2
  exit 1
fi
echo "baseline: $total workloads pass" >&2

# --- The mutants ---------------------------------------------------------------------------

killed=0 survived=0 aborted=0 broken=0
for i in "${picked[@]}"; do
  name="${names[$i]}"
  src="$root/${files[$i]}"
  start=$SECONDS
  # Checked again: the file may have changed since the check at the start.
  check_entry "$i" >/dev/null
  # Backed up and recorded before the file is touched, so that the trap restores it from any
  # point on. Written in place rather than with sed -i, whose temporary file would appear for
  # a moment in folders CMake globs.
  cp "$src" "$scratch/original.$i"
  original["$src"]="$scratch/original.$i"
  sed -e "${exprs[$i]}" "$scratch/original.$i" >"$src"
  result="" failed_col="" total_col=""
  if ! build_test "$name"; then
    result="does not compile" note=""
    broken=$((broken + 1))
  else
    run_test "$name"
    case "$verdict" in
      failed)
        result="killed" failed_col=$failed total_col=$total
        killed=$((killed + 1))
        ;;
      passed)
        result="SURVIVED" failed_col=0 total_col=$total
        survived=$((survived + 1))
        ;;
      *)
        result="aborted"
        aborted=$((aborted + 1))
        ;;
    esac
  fi
  restore_all
  ((${#original[@]} == 0)) || exit 1
  shown="$result"
  [[ "$result" != killed ]] || shown="killed ($failed_col of $total_col workloads)"
  printf '%-30s %s\n' "$name" "$shown"
  if [[ -n "$out" ]]; then
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "${files[$i]}" "$result" "$failed_col" \
      "$total_col" "$((SECONDS - start))" "$note" >>"$out"
  fi
done

summary="killed $killed of ${#picked[@]} mutants ($survived survived, $aborted aborted"
((broken == 0)) || summary+=", $broken did not compile"
echo "$summary)"
