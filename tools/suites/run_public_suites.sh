#!/usr/bin/env bash
# Builds programs of three public CUDA suites from checkouts you provide and runs each under
# `warpforge exec`, functional and on the cycle model, printing one line per run: the exit
# status, warpforge's first message if it ended the run, and the program's last line. It is the
# check behind the "Programs from public suites" section of docs/exec.md; it needs nvcc (CUDA
# 13) and is not part of ctest. Nothing is downloaded: pass the checkouts' directories.
#
#   tools/suites/run_public_suites.sh [--warpforge W] [--timeout S] [--out DIR]
#       [--samples CUDA_SAMPLES_DIR] [--rodinia RODINIA_DIR] [--heterosync HETEROSYNC_DIR]
#
# CUDA samples: github.com/NVIDIA/cuda-samples; Rodinia: github.com/yuhc/gpu-rodinia;
# HeteroSync: github.com/mattsinc/heterosync. Default timeout 300 s per run, output in
# ./public-suites/ (executables and each run's stdout and stderr).
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
wf="$root/build/release/warpforge"
timeout_s=300
out="$PWD/public-suites"
samples="" rodinia="" heterosync=""
while [ $# -gt 0 ]; do
  case "$1" in
    --warpforge) wf="$2"; shift 2 ;;
    --timeout) timeout_s="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --samples) samples="$2"; shift 2 ;;
    --rodinia) rodinia="$2"; shift 2 ;;
    --heterosync) heterosync="$2"; shift 2 ;;
    *) echo "run_public_suites.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
command -v nvcc >/dev/null || { echo "run_public_suites.sh: nvcc (CUDA 13) is needed" >&2; exit 2; }
[ -x "$wf" ] || { echo "run_public_suites.sh: --warpforge $wf: not an executable" >&2; exit 2; }
[ -n "$samples$rodinia$heterosync" ] || { echo "run_public_suites.sh: name at least one suite" >&2; exit 2; }
mkdir -p "$out"
nvcc_flags=(-cudart shared -arch=sm_75 -O2 -w)

# build NAME DIR ARGS...: nvcc in DIR, the executable in $out/NAME.
build() {
  local name="$1" dir="$2"
  shift 2
  if ! (cd "$dir" && nvcc "${nvcc_flags[@]}" -o "$out/$name" "$@" >"$out/$name.build" 2>&1); then
    echo "$name: does not build: $(grep -m1 -i error "$out/$name.build")"
    return 1
  fi
}

# run LABEL NAME DIR ARGS...: the program $out/NAME in DIR, under both models; output files
# and report lines are named LABEL.
run() {
  local label="$1" name="$2" dir="$3"
  shift 3
  for model in --functional --cycle; do
    local flag=""
    [ "$model" = --functional ] && flag=--functional
    (cd "$dir" && timeout "$timeout_s" "$wf" exec $flag -- "$out/$name" "$@" \
      >"$out/$label$model.out" 2>"$out/$label$model.err")
    local status=$?
    local why
    why="$(grep -v 'exited with status' "$out/$label$model.err" | grep -m1 '^warpforge:')"
    [ "$status" -eq 124 ] && why="(over ${timeout_s} s)"
    printf '%-30s %-12s exit %3d  %s | %s\n' "$label" "$model" "$status" "$why" \
      "$(tail -1 "$out/$label$model.out" | cut -c1-80)"
  done
}

if [ -n "$samples" ]; then
  for d in vectorAdd matrixMul simplePrintf asyncAPI simpleAtomicIntrinsics simpleTemplates \
           simpleVoteIntrinsics clock template fp16ScalarProduct simpleCooperativeGroups \
           simpleMultiCopy simpleHyperQ simpleCallback simpleZeroCopy simpleOccupancy \
           simpleAssert simpleAWBarrier; do
    dir="$samples/Samples/0_Introduction/$d"
    [ -d "$dir" ] || continue
    # shellcheck disable=SC2046  # the sample's sources, some with a host-side .cpp
    build "$d" "$dir" -I"$samples/Common" $(ls "$dir"/*.cu "$dir"/*.cpp 2>/dev/null) &&
      run "$d" "$d" "$dir"
  done
  dir="$samples/Samples/2_Concepts_and_Techniques/reduction"
  [ -d "$dir" ] && build reduction "$dir" -I"$samples/Common" "$dir"/*.cu "$dir"/*.cpp &&
    run reduction reduction "$dir" --n=1048576
fi

if [ -n "$rodinia" ]; then
  r="$rodinia/cuda"
  nvcc_flags+=(-DcudaThreadSynchronize=cudaDeviceSynchronize)  # the CUDA 13 rename
  build nw "$r/nw" needle.cu && run nw nw "$r/nw" 256 10
  build pathfinder "$r/pathfinder" pathfinder.cu &&
    run pathfinder pathfinder "$r/pathfinder" 10000 100 20
  build lud "$r/lud" -Icommon cuda/lud.cu cuda/lud_kernel.cu common/common.c &&
    run lud lud "$r/lud" -s 64 -v
  build backprop "$r/backprop" backprop_cuda.cu backprop.c facetrain.c imagenet.c &&
    run backprop backprop "$r/backprop" 65536
  build streamcluster "$r/streamcluster" streamcluster_cuda_cpu.cpp streamcluster_cuda.cu &&
    run streamcluster streamcluster "$r/streamcluster" 10 20 16 1024 1024 100 none \
      "$out/sc_output.txt" 1
  build srad_v1 "$r/srad/srad_v1" main.cu && run srad_v1 srad_v1 "$r/srad/srad_v1" 2 0.5 128 128
  build srad_v2 "$r/srad/srad_v2" srad.cu &&
    run srad_v2 srad_v2 "$r/srad/srad_v2" 128 128 0 31 0 31 0.5 2
  build particlefilter_naive "$r/particlefilter" ex_particle_CUDA_naive_seq.cu &&
    run particlefilter_naive particlefilter_naive "$r/particlefilter" -x 64 -y 64 -z 5 -np 400
  build particlefilter_float "$r/particlefilter" ex_particle_CUDA_float_seq.cu &&
    run particlefilter_float particlefilter_float "$r/particlefilter" -x 64 -y 64 -z 5 -np 400
fi

if [ -n "$heterosync" ]; then
  dir="$heterosync/cuda/syncPrims/uvm"
  if build allSyncPrims "$dir" -O3 -DHAS_NANOSLEEP=0 main.cu; then
    for p in atomicTreeBarrUniq atomicTreeBarrUniqLocalExch lfTreeBarrUniq \
             lfTreeBarrUniqLocalExch spinMutex spinMutexEBO sleepMutex faMutex spinSem1 spinSem2 \
             spinSem10 spinSem120 spinSemEBO1 spinSemEBO2 spinSemEBO10 spinSemEBO120 \
             spinMutexUniq spinMutexEBOUniq sleepMutexUniq faMutexUniq spinSemUniq1 \
             spinSemUniq2 spinSemUniq10 spinSemUniq120 spinSemEBOUniq1 spinSemEBOUniq2 \
             spinSemEBOUniq10 spinSemEBOUniq120; do
      run "heterosync_$p" allSyncPrims "$out" "$p" 10 30 2
    done
  fi
fi
