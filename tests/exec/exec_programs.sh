#!/usr/bin/env bash
# `warpforge exec` runs the checked-in CUDA programs (programs/bin/, built from programs/*.cu
# by programs/build.sh) with their own host code, functional and on the cycle model, and each
# prints exactly what it prints on a GPU (programs/<name>.expected). Bad inputs end with one
# line and exit 2; a kernel fault with exit 1. Usage: exec_programs.sh WARPFORGE
set -uo pipefail
wf="$1"
here="$(cd "$(dirname "$0")" && pwd)"
bin="$here/programs/bin"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
failures=0
fail() {
  echo "FAIL: $*"
  failures=$((failures + 1))
}

# expect_status STATUS NAME COMMAND...: runs COMMAND, stdout to $tmp/out, stderr to $tmp/err.
expect_status() {
  local want="$1" name="$2"
  shift 2
  "$@" >"$tmp/out" 2>"$tmp/err"
  local got=$?
  if [ "$got" -ne "$want" ]; then
    fail "$name: exit status $got, expected $want"
    sed 's/^/    /' "$tmp/err" | head -20
    return 1
  fi
  return 0
}

# The programs print their results on stdout: the same bytes under both models.
for program in vecadd bfs symbols streams grid_barrier mapped_memory device_properties \
  managed_memory pitched_memory memory_pools per_thread_stream grid_sync virtual_calls device_heap \
  textures graphs; do
  for model in --functional ""; do
    name="$program ${model:---cycle}"
    if expect_status 0 "$name" "$wf" exec $model --stats "$tmp/stats.json" -- "$bin/$program"; then
      cmp -s "$tmp/out" "$here/programs/$program.expected" ||
        fail "$name: stdout differs from programs/$program.expected: $(diff "$tmp/out" "$here/programs/$program.expected" | head -5)"
      [ -s "$tmp/stats.json" ] || fail "$name: no statistics written"
    fi
  done
done

# Arguments reach the program; the statistics count every launch, per kernel and in total.
if expect_status 0 "bfs 1000 --stats" "$wf" exec --stats "$tmp/bfs.json" -- "$bin/bfs" 1000; then
  python3 - "$tmp/bfs.json" <<'PY' || fail "bfs statistics: see above"
import json, sys
s = json.load(open(sys.argv[1]))
assert s["program"].endswith("bfs") and s["args"] == ["1000"], (s["program"], s["args"])
assert s["model"] == "timing" and s["exit_status"] == 0
launches = s["launches"]
assert s["launch_count"] == len(launches) == len(s["kernels"]) and len(launches) % 2 == 0
assert {l["kernel"] for l in launches} == {"_Z6expandPK4NodePKiPbS4_PKbPii", "_Z7advancePbS_S_S_i"}
assert sum(l["thread_instructions"] for l in launches) == s["thread_instructions"]
assert all(l["end"] >= l["start"] for l in launches) and s["cycles"] >= launches[-1]["end"]
print("bfs statistics: %d launches, %d cycles" % (len(launches), s["cycles"]))
PY
  grep -q "^bfs: 1000 nodes" "$tmp/out" || fail "bfs 1000: argument not passed: $(head -1 "$tmp/out")"
fi

# Options end at `--`, even after one that repeats (--param); what follows is the program's.
if expect_status 0 "vecadd -n 300" "$wf" exec --functional --param num_sms=2 -- "$bin/vecadd" -n 300; then
  grep -q "^vecadd: 300 elements, 0 wrong" "$tmp/out" || fail "vecadd -n 300: $(head -1 "$tmp/out")"
fi

# Functional launches must fit the chosen machine's SM as timed ones do: vecadd's 256-thread
# CTAs (8 warps) do not fit an SM of 4 warps, and the program sees its launch fail.
if expect_status 1 "vecadd on a 128-thread SM" "$wf" exec --functional --param max_warps=4 \
     --param max_warps_per_cta=4 --param max_ctas=4 --param max_threads=128 -- "$bin/vecadd"; then
  grep -q "^warpforge: note: launch 'vecadd(.*does not fit an SM.*\[sm\] max_warps_per_cta" "$tmp/err" ||
    fail "vecadd on a 128-thread SM: $(head -2 "$tmp/err")"
fi

# A grid CUDA allows but warpforge's per-launch limit does not (65535^3 CTAs, which wrap to
# 196607 in 32 bits) ends exec with one line and status 2 under either model, before the
# program can print PASS; a grid beyond CUDA's limits is the program's error to handle.
for model in --functional ""; do
  if expect_status 2 "huge grid ${model:---cycle}" "$wf" exec $model -- "$bin/huge_grid"; then
    [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
      grep -q "^warpforge: error: .*huge_grid: launch 'empty()': a grid of 281462092005375 CTAs (65535 x 65535 x 65535), expected at most 16777216 per launch" "$tmp/err" ||
      fail "huge grid ${model:---cycle}: $(head -2 "$tmp/err")"
    ! grep -q PASS "$tmp/out" || fail "huge grid ${model:---cycle}: the program went on to PASS"
  fi
done
if expect_status 0 "grid beyond CUDA's limits" "$wf" exec --functional -- "$bin/huge_grid" 1 65536 1; then
  grep -q "^launch: invalid configuration argument" "$tmp/out" ||
    fail "grid beyond CUDA's limits: $(head -1 "$tmp/out")"
fi
# 2^32 + 16 bytes of dynamic shared memory (a size_t) must not run as 16.
if expect_status 0 "dynamic shared memory of 2^32 + 16 bytes" "$wf" exec --functional -- "$bin/huge_grid" 1 1 1 4294967312; then
  grep -q "^launch: invalid configuration argument" "$tmp/out" &&
    grep -q "launch 'empty()': 4294967312 bytes of dynamic shared memory" "$tmp/err" ||
    fail "dynamic shared memory of 2^32 + 16 bytes: $(head -1 "$tmp/out") $(head -1 "$tmp/err")"
fi

# --param regs_per_thread overrides the program's own register counts under both models:
# vecadd's 256-thread CTAs of 200 registers do not fit a gtx480 SM's 32768.
for model in --functional ""; do
  if expect_status 1 "regs_per_thread=200 ${model:---cycle}" "$wf" exec $model --param regs_per_thread=200 -- "$bin/vecadd"; then
    grep -q "^warpforge: note: launch 'vecadd.*256 threads x 200 registers (--param regs_per_thread)" "$tmp/err" ||
      fail "regs_per_thread=200 ${model:---cycle}: $(head -2 "$tmp/err")"
  fi
done

# A launch refused three times for one reason: the program gets the error each time, the note
# is printed once.
if expect_status 0 "three refused launches" "$wf" exec --functional -- "$bin/huge_grid" 1 65536 1 0 3; then
  [ "$(grep -c "^launch: invalid configuration argument" "$tmp/out")" -eq 3 ] &&
    [ "$(grep -c "^warpforge: note: launch 'empty()'" "$tmp/err")" -eq 1 ] ||
    fail "three refused launches: $(cat "$tmp/out") $(cat "$tmp/err")"
fi

# The device properties follow the machine: the preset's SMs, and its SM after --param.
if expect_status 0 "device properties on 3 SMs" "$wf" exec --functional --param num_sms=3 \
     --param max_ctas=4 -- "$bin/device_properties"; then
  grep -q ": compute 7.5, 3 SMs, warp 32, 1024 threads per block, 1536 per SM, 4 blocks per SM" "$tmp/out" &&
    grep -q "^PASS" "$tmp/out" || fail "device properties on 3 SMs: $(head -3 "$tmp/out")"
fi
# The FP32 to FP64 throughput ratio is the preset's issue intervals'.
if expect_status 0 "device properties with dp_interval=8" "$wf" exec --functional \
     --param dp_interval=8 -- "$bin/device_properties"; then
  grep -q "^single to double precision throughput 8$" "$tmp/out" ||
    fail "device properties with dp_interval=8: $(grep throughput "$tmp/out")"
fi

# Managed memory the device cannot hold: the note names cudaMallocManaged.
if expect_status 0 "managed memory refused" "$wf" exec --functional -- "$bin/managed_memory"; then
  grep -q "^warpforge: note: cudaMallocManaged: .*(the program gets 2)" "$tmp/err" ||
    fail "managed memory refused: $(cat "$tmp/err")"
fi

# The machine is the preset's: a one-SM machine reports one SM.
if expect_status 0 "streams on one SM" "$wf" exec --param num_sms=1 -- "$bin/streams"; then
  grep -q "^device: 1 SMs (attribute 1)" "$tmp/out" || fail "streams: $(head -1 "$tmp/out")"
fi

# More CTAs than the machine holds wait at a grid-wide barrier for ever: a livelock, reported
# (exit 3) with every warp's spin loop and the cause, in about a second on two SMs.
if expect_status 3 "grid barrier livelock" "$wf" exec --param num_sms=2 -- "$bin/grid_barrier" 20; then
  grep -q "^warpforge: livelock: kernel '_Z12grid_barrierPjS_' livelocked" "$tmp/err" &&
    grep -q "spin pcs" "$tmp/err" &&
    grep -q "likely cause: 20 CTAs launched, 16 resident, 4 waiting for a slot" "$tmp/err" ||
    fail "grid barrier livelock: $(head -2 "$tmp/err")"
fi

# An unimplemented call: one line naming it, exit 2, the program's output before it kept.
if expect_status 2 "unimplemented" "$wf" exec -- "$bin/unimplemented"; then
  [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q "^warpforge: error: .*cudaIpcGetMemHandle" "$tmp/err" ||
    fail "unimplemented: stderr is not one line naming cudaIpcGetMemHandle: $(cat "$tmp/err")"
  [ "$(cat "$tmp/out")" = "before the call" ] || fail "unimplemented: stdout $(cat "$tmp/out")"
fi

# A kernel fault: exit 1, the fault named.
if expect_status 1 "fault" "$wf" exec --functional -- "$bin/fault"; then
  grep -q "^warpforge: kernel fault: kernel '_Z7overrunPii'.*out-of-bounds" "$tmp/err" ||
    fail "fault: $(cat "$tmp/err")"
fi

# Bad input: one line, exit 2.
bad() {
  local name="$1" pattern="$2"
  shift 2
  if expect_status 2 "$name" "$@"; then
    [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q "$pattern" "$tmp/err" ||
      fail "$name: expected one line matching '$pattern', got: $(cat "$tmp/err")"
  fi
}
# PTX compressed in a way warpforge cannot read: vecadd with its PTX entry's compression flag
# replaced by an unknown one. One line naming the nvcc flag to rebuild with.
python3 - "$bin/vecadd" "$tmp/vecadd_odd_compression" <<'PY'
import struct, sys
b = bytearray(open(sys.argv[1], "rb").read())
at = b.find(struct.pack("<I", 0xba55ed50))
while at >= 0:
    header, size = struct.unpack_from("<HQ", b, at + 6)
    entry = at + header
    while entry < at + header + size:
        kind, entry_header, payload = struct.unpack_from("<HxxIQ", b, entry)
        if kind == 1:  # PTX: stored as zstd (flag 0x8000); claim an unknown method instead
            flags = struct.unpack_from("<Q", b, entry + 40)[0]
            struct.pack_into("<Q", b, entry + 40, (flags & ~0xa000) | 0x40000)
        entry += entry_header + payload
    at = b.find(struct.pack("<I", 0xba55ed50), at + header + size)
open(sys.argv[2], "wb").write(bytes(b))
PY
chmod +x "$tmp/vecadd_odd_compression"
bad "unreadable compression" "compressed with a method warpforge cannot read.*nvcc -no-compress" \
  "$wf" exec --functional -- "$tmp/vecadd_odd_compression"
bad "static runtime" "does not load libcudart.so.13.*-cudart shared" "$wf" exec -- /bin/true
bad "missing program" "not found on PATH" "$wf" exec -- no-such-program-anywhere
bad "no program" "expected a program\|command is required" "$wf" exec
bad "stats is a directory" "is a directory" "$wf" exec --stats "$tmp" -- "$bin/vecadd"
bad "unknown policy" "issue" "$wf" exec --issue nope -- "$bin/vecadd"
# A script may start the CUDA program, but only one: a second is refused by name.
printf '#!/bin/sh\n"%s" 10 && "%s" 20\n' "$bin/vecadd" "$bin/vecadd" >"$tmp/two_programs.sh"
chmod +x "$tmp/two_programs.sh"
bad "two programs" "a second CUDA program started" "$wf" exec --functional -- "$tmp/two_programs.sh"
# Outside `warpforge exec` the stand-in refuses to run instead of pretending to be a GPU.
bad "stand-in outside exec" "outside .warpforge exec." \
  env LD_LIBRARY_PATH="$(dirname "$wf")/cuda_runtime" "$bin/vecadd"

if [ "$failures" -ne 0 ]; then
  echo "$failures failure(s)"
  exit 1
fi
echo "all exec checks passed"
