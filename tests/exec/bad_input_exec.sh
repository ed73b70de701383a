#!/usr/bin/env bash
# `warpforge exec` given programs that ask what a GPU refuses: device memory beyond the
# preset's [memory] device_bytes (cudaMalloc must fail as CUDA's does, never hand out a range
# that overlaps another, and cudaMemGetInfo must stay true), and a child process forked from
# the program that uses the runtime (ended with one line and status 2, never a wrong result).
# Each case: the exit status, the stdout lines that show what the program got, and exactly
# one line on stderr about the problem besides warpforge's closing summary. The functional
# model and small programs: a few seconds in all. Usage: bad_input_exec.sh WARPFORGE
set -uo pipefail
wf="$1"
here="$(cd "$(dirname "$0")" && pwd)"
bin="$here/programs/bin"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
failures=0

# check WHAT STATUS LINE OUT COMMAND...: COMMAND exits with STATUS; stderr holds, besides the
# summary, one line containing LINE (none when LINE is empty); each line of OUT is a line of
# stdout.
check() {
  local what="$1" want="$2" line="$3" out="$4"
  shift 4
  "$@" >"$tmp/out" 2>"$tmp/err"
  local got=$? problems=""
  grep -v "^warpforge: .* exited with status $got: " "$tmp/err" >"$tmp/lines"
  local n
  n=$(wc -l <"$tmp/lines")
  [ "$got" -eq "$want" ] || problems+=" exit status $got, expected $want;"
  if [ -z "$line" ]; then
    [ "$n" -eq 0 ] || problems+=" $n stderr lines, expected none;"
  elif [ "$n" -ne 1 ] || ! grep -qF -- "$line" "$tmp/lines"; then
    problems+=" stderr is not one line containing '$line';"
  fi
  while IFS= read -r expected; do
    [ -z "$expected" ] || grep -qxF -- "$expected" "$tmp/out" || problems+=" no stdout line '$expected';"
  done <<<"$out"
  if [ -n "$problems" ]; then
    echo "FAIL $what:$problems"
    sed 's/^/    stderr: /' "$tmp/err" | head -10
    sed 's/^/    stdout: /' "$tmp/out" | head -10
    failures=$((failures + 1))
    return 1
  fi
  echo "ok   $what: $(head -1 "$tmp/lines")"
}

functional=("$wf" exec --functional --)
total=1610612736  # gtx480's [memory] device_bytes, 1536 MiB

# More than the device holds: 2^64 - 1 and 2^64 - 256 (whose rounding to 256 bytes must not
# wrap), 2^50, 5 GiB, one byte more than the device. The program gets
# cudaErrorMemoryAllocation once, and the next allocation lies outside the refused one.
for size in 18446744073709551615 18446744073709551360 1125899906842624 5368709120 $((total + 1)); do
  check "cudaMalloc($size)" 0 "cudaMalloc: $size bytes: more than the device memory free ($total of $total bytes, [memory] device_bytes)" \
    "cudaMalloc($size): cudaErrorMemoryAllocation
cudaGetLastError: cudaErrorMemoryAllocation, then cudaSuccess
free after it: $total
cudaMalloc(256): cudaSuccess
free at the end: $total
PASS" "${functional[@]}" "$bin/device_memory" "$size"
done
# The whole device fits once; then not another 256 bytes.
check "cudaMalloc of the whole device" 0 "cudaMalloc: 256 bytes: more than the device memory free (0 of $total bytes, [memory] device_bytes)" \
  "cudaMalloc($total): cudaSuccess
free after it: 0
cudaMalloc(256): cudaErrorMemoryAllocation
free at the end: $total
PASS" "${functional[@]}" "$bin/device_memory" "$total"
# cudaMemGetInfo counts what the program holds, and cudaFree gives it back.
check "cudaMalloc of 1 MiB" 0 "" \
  "cudaMalloc(1048576): cudaSuccess
free after it: $((total - 1048576))
free at the end: $total
PASS" "${functional[@]}" "$bin/device_memory" 1048576
# Pinned host memory is not device memory; a size no address space holds still fails.
check "cudaMallocHost(2^64 - 1)" 0 "cudaMallocHost: 18446744073709551615 bytes: more than the device's address space has left" \
  "cudaMallocHost(18446744073709551615): cudaErrorMemoryAllocation
cudaGetLastError: cudaErrorMemoryAllocation, then cudaSuccess
free after it: $total" "${functional[@]}" "$bin/device_memory" --host 18446744073709551615
check "cudaMallocHost of 1 MiB" 0 "" \
  "cudaMallocHost(1048576): cudaSuccess
free after it: $total" "${functional[@]}" "$bin/device_memory" --host 1048576
# Filling the device: four quarters fit, a fifth and then one byte do not; one freed quarter
# fits again, and no two allocations share a byte. The size is the preset's, or --param's.
for bytes in "" 67108864; do
  what="filling a device of ${bytes:-$total} bytes"
  param=()
  [ -n "$bytes" ] && param=(--param device_bytes="$bytes")
  "$wf" exec --functional "${param[@]}" -- "$bin/device_memory" >"$tmp/out" 2>"$tmp/err"
  status=$?
  notes=$(grep -c "^warpforge: note: cudaMalloc: .* bytes\?: more than the device memory free (0 of ${bytes:-$total} bytes, \[memory\] device_bytes)" "$tmp/err")
  quarter=$(( ${bytes:-$total} / 4 ))
  if [ "$status" -ne 0 ] || [ "$notes" -ne 2 ] || [ "$(wc -l <"$tmp/err")" -ne 3 ] ||
     ! grep -qx "4 allocations of $quarter bytes, free then 0" "$tmp/out" ||
     ! grep -qx "0 overlapping, 0 wrong, free at the end ${bytes:-$total}" "$tmp/out" ||
     { [ -z "$bytes" ] && ! cmp -s "$tmp/out" "$here/programs/device_memory.expected"; }; then
    echo "FAIL $what: exit status $status, $notes notes"
    sed 's/^/    stderr: /' "$tmp/err"
    sed 's/^/    stdout: /' "$tmp/out"
    failures=$((failures + 1))
  else
    echo "ok   $what"
  fi
done
check "a device size out of range" 2 "--param device_bytes=1000: expected an integer in 1048576..1099511627776" \
  "" "$wf" exec --functional --param device_bytes=1000 -- "$bin/device_memory"

# A child forked from the program that uses the runtime ends at its first call with one line
# and status 2 while the parent, using the device at the same time, gets its right result (and
# here exits with the child's status). Several runs, since the two race.
fork_out="before fork: 200 elements, 0 wrong
parent: 200 elements, 0 wrong
child exit status: 2"
for run in 1 2 3 cycle; do
  model=(--functional)
  [ "$run" = cycle ] && model=()
  if check "a forked child using the runtime (${model[*]:---cycle} $run)" 2 \
       "called the CUDA runtime; CUDA state does not survive fork()" "$fork_out" \
       "$wf" exec "${model[@]}" -- "$bin/fork"; then
    [ "$(wc -l <"$tmp/out")" -eq 3 ] || {
      echo "FAIL a forked child printed a result: $(cat "$tmp/out")"
      failures=$((failures + 1))
    }
  fi
done
# A child that computes on the host only, and exits through exit() and the runtime's exit
# handlers, is the program's business.
check "a forked child on the host" 0 "" "child: host sum 19900
parent: 200 elements, 0 wrong
child exit status: 0" "${functional[@]}" "$bin/fork" host

if [ "$failures" -ne 0 ]; then
  echo "$failures failure(s)"
  exit 1
fi
echo "all exec bad-input checks passed"
