// Pinned host memory the kernels address directly (zero-copy, as HeteroSync keeps its lock
// data): cudaMallocHost and cudaHostAlloc(cudaHostAllocMapped) blocks read and written by
// kernels and by the host between launches, and copied to and from device memory.
#include <cstdio>

#include "check.h"

struct Shared {
  unsigned arrivals;
  unsigned last_ticket;
  int values[64];
};

__global__ void take_tickets(Shared* s) {
  const unsigned ticket = atomicAdd(&s->arrivals, 1u);
  atomicMax(&s->last_ticket, ticket);
  if (threadIdx.x < 64) atomicAdd(&s->values[threadIdx.x], (int)threadIdx.x);
}

__global__ void copy_values(const int* from, int* to) { to[threadIdx.x] = from[threadIdx.x] * 2; }

int main() {
  Shared* s = nullptr;
  CHECK(cudaMallocHost(&s, sizeof(Shared)));
  s->arrivals = 0;
  s->last_ticket = 0;
  for (int i = 0; i < 64; ++i) s->values[i] = 1000;
  take_tickets<<<4, 128>>>(s);
  CHECK(cudaDeviceSynchronize());
  std::printf("after one launch: %u arrivals, last ticket %u, values[63] = %d\n", s->arrivals,
              s->last_ticket, s->values[63]);
  s->values[63] = -1;  // the host's write is what the next launch sees
  take_tickets<<<1, 64>>>(s);
  CHECK(cudaDeviceSynchronize());
  std::printf("after two launches: %u arrivals, values[63] = %d\n", s->arrivals, s->values[63]);

  int* out = nullptr;
  int* mapped_view = nullptr;
  CHECK(cudaHostAlloc(&out, 64 * sizeof(int), cudaHostAllocMapped));
  CHECK(cudaHostGetDevicePointer(reinterpret_cast<void**>(&mapped_view), out, 0));
  int* device_values = nullptr;
  CHECK(cudaMalloc(&device_values, 64 * sizeof(int)));
  CHECK(cudaMemcpy(device_values, s->values, 64 * sizeof(int), cudaMemcpyHostToDevice));
  copy_values<<<1, 64>>>(device_values, mapped_view);
  CHECK(cudaDeviceSynchronize());
  int sum = 0;
  for (int i = 0; i < 64; ++i) sum += out[i];
  std::printf("kernel wrote into mapped memory: out[1] = %d, sum %d\n", out[1], sum);
  // values[i] = 1000 + 4 i + i after both launches, but values[63] = -1 + 63 = 62.
  int expected = 0;
  for (int i = 0; i < 63; ++i) expected += 2 * (1000 + 5 * i);
  expected += 2 * 62;
  const bool pass = s->arrivals == 576 && s->last_ticket == 575 && s->values[63] == 62 &&
                    out[1] == 2 * 1005 && sum == expected;
  CHECK(cudaFreeHost(out));
  CHECK(cudaFreeHost(s));
  CHECK(cudaFree(device_values));
  std::printf("%s\n", pass ? "PASS" : "FAIL");
  return pass ? 0 : 1;
}
