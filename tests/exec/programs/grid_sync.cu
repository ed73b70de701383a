// A reduction across the whole grid in one cooperative launch, as CUDA's reductionMultiBlockCG
// does it: each CTA reduces a slice into partial[blockIdx.x], cooperative groups' grid.sync()
// waits for every CTA, and CTA 0 adds the partial sums; a second phase after another
// grid.sync() reads what CTA 0 wrote. The grid is as large as the machine holds at once
// (cudaOccupancyMaxActiveBlocksPerMultiprocessor x SMs); one CTA more is refused with
// cudaErrorCooperativeLaunchTooLarge, as CUDA refuses it. The same launch again through
// cudaLaunchKernelEx, cooperative by its attribute, with hints and a completion event, and the
// attributes a launch refuses. argv[1]: elements (default 20000).
#include <cooperative_groups.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

#include "check.h"

namespace cg = cooperative_groups;

__global__ void grid_sum(const int* in, int n, long long* partial, long long* total,
                         long long* seen) {
  cg::grid_group grid = cg::this_grid();
  cg::thread_block block = cg::this_thread_block();
  __shared__ long long sums[128];
  long long s = 0;
  for (int i = grid.thread_rank(); i < n; i += grid.size()) s += in[i];
  sums[threadIdx.x] = s;
  block.sync();
  for (unsigned half = blockDim.x / 2; half > 0; half /= 2) {
    if (threadIdx.x < half) sums[threadIdx.x] += sums[threadIdx.x + half];
    block.sync();
  }
  if (threadIdx.x == 0) partial[blockIdx.x] = sums[0];
  grid.sync();
  if (grid.thread_rank() == 0) {
    long long t = 0;
    for (unsigned b = 0; b < gridDim.x; ++b) t += partial[b];
    *total = t;
  }
  grid.sync();
  if (threadIdx.x == 0) seen[blockIdx.x] = *total;
}

int main(int argc, char** argv) {
  const int n = argc > 1 ? std::atoi(argv[1]) : 20000;
  const int threads = 128;
  int device = 0, sms = 0, per_sm = 0, cooperative = 0;
  CHECK(cudaGetDevice(&device));
  CHECK(cudaDeviceGetAttribute(&cooperative, cudaDevAttrCooperativeLaunch, device));
  CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, grid_sum, threads, 0));
  const int ctas = sms * per_sm;
  std::vector<int> host(n);
  long long expected = 0;
  for (int i = 0; i < n; ++i) {
    host[i] = (i * 7919) % 1001 - 500;
    expected += host[i];
  }
  int* in;
  long long *partial, *total, *seen;
  CHECK(cudaMalloc(&in, n * sizeof(int)));
  CHECK(cudaMalloc(&partial, (ctas + 1) * sizeof(long long)));
  CHECK(cudaMalloc(&total, sizeof(long long)));
  CHECK(cudaMalloc(&seen, (ctas + 1) * sizeof(long long)));
  CHECK(cudaMemcpy(in, host.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  int n_arg = n;
  void* args[] = {&in, &n_arg, &partial, &total, &seen};
  CHECK(cudaLaunchCooperativeKernel((void*)grid_sum, ctas, threads, args, 0, 0));
  CHECK(cudaDeviceSynchronize());
  long long sum = 0;
  std::vector<long long> seen_host(ctas);
  CHECK(cudaMemcpy(&sum, total, sizeof sum, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(seen_host.data(), seen, ctas * sizeof(long long), cudaMemcpyDeviceToHost));
  int wrong = 0;
  for (int b = 0; b < ctas; ++b) wrong += seen_host[b] != expected;
  std::printf(
      "grid sync: cooperative launch attribute %d, %d elements, sum %lld (expected %lld), "
      "%d CTAs saw another's result wrong\n",
      cooperative, n, sum, expected, wrong);
  const cudaError_t too_large =
      cudaLaunchCooperativeKernel((void*)grid_sum, ctas + 1, threads, args, 0, 0);
  std::printf("one CTA more than fits: %s\n", cudaGetErrorName(too_large));
  CHECK(cudaGetLastError() == too_large ? cudaSuccess : cudaErrorUnknown);

  // cudaLaunchKernelEx: the attributes make it cooperative, hint, and record an event once the
  // kernel has finished.
  CHECK(cudaMemset(total, 0, sizeof(long long)));
  CHECK(cudaMemset(seen, 0, ctas * sizeof(long long)));
  cudaEvent_t done;
  CHECK(cudaEventCreate(&done));
  cudaLaunchAttribute attributes[4] = {};
  attributes[0].id = cudaLaunchAttributeCooperative;
  attributes[0].val.cooperative = 1;
  attributes[1].id = cudaLaunchAttributePriority;
  attributes[1].val.priority = 0;
  attributes[2].id = cudaLaunchAttributeProgrammaticStreamSerialization;
  attributes[2].val.programmaticStreamSerializationAllowed = 1;
  attributes[3].id = cudaLaunchAttributeLaunchCompletionEvent;
  attributes[3].val.launchCompletionEvent.event = done;
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(ctas);
  config.blockDim = dim3(threads);
  config.attrs = attributes;
  config.numAttrs = 4;
  CHECK(cudaLaunchKernelEx(&config, grid_sum, (const int*)in, n_arg, partial, total, seen));
  const cudaError_t event_state = cudaEventQuery(done);
  CHECK(cudaMemcpy(seen_host.data(), seen, ctas * sizeof(long long), cudaMemcpyDeviceToHost));
  int wrong_ex = 0;
  for (int b = 0; b < ctas; ++b) wrong_ex += seen_host[b] != expected;
  config.gridDim = dim3(ctas + 1);
  const cudaError_t too_large_ex =
      cudaLaunchKernelEx(&config, grid_sum, (const int*)in, n_arg, partial, total, seen);
  cudaGetLastError();
  config.gridDim = dim3(ctas);
  attributes[0].id = cudaLaunchAttributeSynchronizationPolicy;  // for streams only
  attributes[0].val.syncPolicy = cudaSyncPolicyAuto;
  const cudaError_t stream_only =
      cudaLaunchKernelEx(&config, grid_sum, (const int*)in, n_arg, partial, total, seen);
  cudaGetLastError();
  CHECK(cudaEventDestroy(done));
  std::printf(
      "cudaLaunchKernelEx: %d CTAs saw another's result wrong, event %s; one CTA more: %s; a "
      "stream's attribute: %s\n",
      wrong_ex, cudaGetErrorName(event_state), cudaGetErrorName(too_large_ex),
      cudaGetErrorName(stream_only));

  const bool pass = cooperative == 1 && sum == expected && wrong == 0 &&
                    too_large == cudaErrorCooperativeLaunchTooLarge && wrong_ex == 0 &&
                    event_state == cudaSuccess &&
                    too_large_ex == cudaErrorCooperativeLaunchTooLarge &&
                    stream_only == cudaErrorInvalidValue;
  std::printf("%s\n", pass ? "PASS" : "FAIL");
  return pass ? 0 : 1;
}
