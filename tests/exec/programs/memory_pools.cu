// Stream-ordered allocation (the calls of CUDA's streamOrderedAllocation sample and more): the
// default pool and a created one, their attributes and usage counters, the device's current
// pool, and the arguments a GPU refuses.
#include <cstdint>
#include <cstdio>
#include <vector>

#include "check.h"

__global__ void fill(int* p, int n, int base) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = base + i;
}

std::uint64_t attribute(cudaMemPool_t pool, cudaMemPoolAttr a) {
  std::uint64_t v = 0;
  CHECK(cudaMemPoolGetAttribute(pool, a, &v));
  return v;
}

// Fills n ints on the device from `base` and sums them on the host.
long long fill_and_sum(int* p, int n, int base, cudaStream_t stream) {
  fill<<<(n + 255) / 256, 256, 0, stream>>>(p, n, base);
  std::vector<int> host(n);
  CHECK(cudaMemcpyAsync(host.data(), p, n * sizeof(int), cudaMemcpyDeviceToHost, stream));
  CHECK(cudaStreamSynchronize(stream));
  long long sum = 0;
  for (int v : host) sum += v;
  return sum;
}

int main() {
  int supported = 0;
  CHECK(cudaDeviceGetAttribute(&supported, cudaDevAttrMemoryPoolsSupported, 0));
  cudaStream_t stream;
  CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  bool ok = supported == 1;

  cudaMemPool_t pool;
  CHECK(cudaDeviceGetDefaultMemPool(&pool, 0));
  std::uint64_t threshold = UINT64_MAX;
  CHECK(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &threshold));
  ok = ok && attribute(pool, cudaMemPoolAttrReleaseThreshold) == UINT64_MAX;

  const int n = 1 << 16;
  int* a = nullptr;
  CHECK(cudaMallocAsync(&a, n * sizeof(int), stream));
  const std::uint64_t used = attribute(pool, cudaMemPoolAttrUsedMemCurrent);
  const long long sum = fill_and_sum(a, n, 1, stream);
  CHECK(cudaFreeAsync(a, stream));
  CHECK(cudaStreamSynchronize(stream));
  const std::uint64_t after_free = attribute(pool, cudaMemPoolAttrUsedMemCurrent);
  const std::uint64_t high = attribute(pool, cudaMemPoolAttrUsedMemHigh);
  std::uint64_t zero = 0, five = 5;
  CHECK(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrUsedMemHigh, &zero));
  const std::uint64_t high_reset = attribute(pool, cudaMemPoolAttrUsedMemHigh);
  std::printf("default pool: used %llu, after free %llu, high %llu then %llu, sum %lld\n",
              (unsigned long long)used, (unsigned long long)after_free,
              (unsigned long long)high, (unsigned long long)high_reset, sum);
  ok = ok && used == n * sizeof(int) && after_free == 0 && high == used && high_reset == 0 &&
       sum == (long long)n * (n + 1) / 2;

  // A pool of our own, made the device's current one.
  cudaMemPoolProps props = {};
  props.allocType = cudaMemAllocationTypePinned;
  props.location.type = cudaMemLocationTypeDevice;
  props.location.id = 0;
  cudaMemPool_t own;
  CHECK(cudaMemPoolCreate(&own, &props));
  int *b = nullptr, *c = nullptr;
  CHECK(cudaMallocFromPoolAsync(reinterpret_cast<void**>(&b), 1000 * sizeof(int), own, stream));
  CHECK(cudaDeviceSetMemPool(0, own));
  cudaMemPool_t current;
  CHECK(cudaDeviceGetMemPool(&current, 0));
  CHECK(cudaMallocAsync(&c, 3000 * sizeof(int), stream));
  const std::uint64_t own_used = attribute(own, cudaMemPoolAttrUsedMemCurrent);
  const long long sum_b = fill_and_sum(b, 1000, -500, stream);
  const long long sum_c = fill_and_sum(c, 3000, 0, stream);
  CHECK(cudaFreeAsync(b, stream));
  CHECK(cudaFreeAsync(c, stream));
  CHECK(cudaMemPoolTrimTo(own, 0));
  std::printf("own pool: current %s, used %llu, sums %lld %lld\n",
              current == own ? "yes" : "no", (unsigned long long)own_used, sum_b, sum_c);
  ok = ok && current == own && own_used == 4000 * sizeof(int) && sum_b == -500LL * 1000 + 499500 &&
       sum_c == 2999LL * 3000 / 2;

  // What a GPU refuses.
  cudaMemPoolProps elsewhere = props;
  elsewhere.location.id = 3;
  cudaMemPool_t never;
  const cudaError_t other_device = cudaMemPoolCreate(&never, &elsewhere);
  const cudaError_t high_five = cudaMemPoolSetAttribute(own, cudaMemPoolAttrUsedMemHigh, &five);
  const cudaError_t destroy_default = cudaMemPoolDestroy(pool);
  CHECK(cudaMemPoolDestroy(own));
  CHECK(cudaDeviceGetMemPool(&current, 0));
  std::printf("refused: pool on device 3 %d, high mark 5 %d, destroying the default %d; "
              "current after destroy is the default: %s\n",
              other_device, high_five, destroy_default, current == pool ? "yes" : "no");
  cudaGetLastError();
  ok = ok && other_device == cudaErrorInvalidValue && high_five == cudaErrorInvalidValue &&
       destroy_default == cudaErrorInvalidValue && current == pool;
  CHECK(cudaStreamDestroy(stream));
  std::printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
