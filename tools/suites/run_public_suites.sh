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

# The CUDA samples of Samples/0_Introduction ... 3_CUDA_Features (and the few of 6_Performance
# that exercise the runtime) that need no graphics, second GPU, NVRTC, driver API or relocatable
# device code, one line each: the folder and the arguments. The arguments are the sample's
# defaults, or its smallest documented size where the cycle model would take more than a few
# minutes. A `+` line adds nvcc flags the sample's own build adds.
samples_runs=(
  "0_Introduction/vectorAdd"
  "0_Introduction/asyncAPI"
  "0_Introduction/clock"
  "0_Introduction/fp16ScalarProduct"
  "0_Introduction/matrixMul -wA=64 -hA=64 -wB=64 -hB=64"
  "0_Introduction/mergeSort"
  "0_Introduction/simpleAWBarrier"
  "0_Introduction/simpleAssert"
  "0_Introduction/simpleAtomicIntrinsics"
  "0_Introduction/simpleAttributes"
  "0_Introduction/simpleCallback"
  "0_Introduction/simpleCooperativeGroups"
  "0_Introduction/simpleCubemapTexture"
  "0_Introduction/simpleHyperQ"
  "0_Introduction/simpleLayeredTexture"
  "0_Introduction/simpleMultiCopy"
  "0_Introduction/simpleOccupancy"
  "0_Introduction/simplePitchLinearTexture"
  "0_Introduction/simplePrintf"
  "0_Introduction/simpleStreams"
  "0_Introduction/simpleSurfaceWrite"
  "0_Introduction/simpleTemplates"
  "0_Introduction/simpleTexture"
  "0_Introduction/simpleVoteIntrinsics"
  "0_Introduction/simpleZeroCopy"
  "0_Introduction/systemWideAtomics"
  "0_Introduction/template"
  "0_Introduction/UnifiedMemoryStreams +-Xcompiler=-fopenmp -lgomp -lcublas"
  "1_Utilities/deviceQuery"
  "2_Concepts_and_Techniques/MC_EstimatePiInlineP"
  "2_Concepts_and_Techniques/MC_SingleAsianOptionP"
  "2_Concepts_and_Techniques/convolutionSeparable"
  "2_Concepts_and_Techniques/convolutionTexture"
  "2_Concepts_and_Techniques/dct8x8"
  "2_Concepts_and_Techniques/eigenvalues"
  "2_Concepts_and_Techniques/histogram"
  "2_Concepts_and_Techniques/inlinePTX"
  "2_Concepts_and_Techniques/interval"
  "2_Concepts_and_Techniques/radixSortThrust"
  "2_Concepts_and_Techniques/reduction --n=1048576"
  "2_Concepts_and_Techniques/reductionMultiBlockCG"
  "2_Concepts_and_Techniques/scalarProd"
  "2_Concepts_and_Techniques/scan"
  "2_Concepts_and_Techniques/segmentationTreeThrust"
  "2_Concepts_and_Techniques/shfl_scan"
  "2_Concepts_and_Techniques/sortingNetworks"
  "2_Concepts_and_Techniques/streamOrderedAllocation"
  "2_Concepts_and_Techniques/threadFenceReduction"
  "3_CUDA_Features/StreamPriorities"
  "3_CUDA_Features/binaryPartitionCG"
  "3_CUDA_Features/bf16TensorCoreGemm"
  "3_CUDA_Features/cudaTensorCoreGemm"
  "3_CUDA_Features/dmmaTensorCoreGemm"
  "3_CUDA_Features/globalToShmemAsyncCopy"
  "3_CUDA_Features/graphConditionalNodes"
  "3_CUDA_Features/graphMemoryFootprint"
  "3_CUDA_Features/graphMemoryNodes"
  "3_CUDA_Features/immaTensorCoreGemm"
  "3_CUDA_Features/jacobiCudaGraphs"
  "3_CUDA_Features/newdelete"
  "3_CUDA_Features/simpleCudaGraphs"
  "3_CUDA_Features/tf32TensorCoreGemm"
  "3_CUDA_Features/warpAggregatedAtomicsCG"
  "6_Performance/LargeKernelParameter"
  "6_Performance/UnifiedMemoryPerf"
  "6_Performance/cudaGraphsPerfScaling"
  "6_Performance/transpose"
)

if [ -n "$samples" ]; then
  for entry in "${samples_runs[@]}"; do
    read -r path args <<<"$entry"
    d="${path#*/}" dir="$samples/Samples/$path" extra=""
    [ -d "$dir" ] || continue
    [ "${args#+}" != "$args" ] && extra="${args#+}" args=""
    # shellcheck disable=SC2046,SC2086  # the sample's sources (some with a host-side .cpp, some
    # in src/ and inc/), its flags
    build "$d" "$dir" -I"$samples/Common" -I"$dir/inc" \
      $(ls "$dir"/*.cu "$dir"/*.cpp "$dir"/src/*.cu "$dir"/src/*.cpp 2>/dev/null) $extra &&
      run "$d" "$d" "$dir" $args
  done
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
