// Pinned host memory the kernels address directly (zero-copy, as HeteroSync keeps its lock
// data): cudaMallocHost and cudaHostAlloc(cudaHostAllocMapped) blocks read and written by
// kernels and by the host between launches, and copied to and from device memory; and the
// program's own memory made pinned where it is (cudaHostRegister), with the runtime's refusals.
#include <cstdio>
#include <vector>

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

__global__ void copy_values(const int* from, int* to) {
  to[threadIdx.x] = from[threadIdx.x] * 2;
}

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
  // Registered memory: 64 ints inside a larger block, not page-aligned, with guards either side.
  std::vector<int> own(70, -7);
  int* reg = own.data() + 3;
  for (int i = 0; i < 64; ++i) reg[i] = 3 * i;
  CHECK(cudaHostRegister(reg, 64 * sizeof(int), cudaHostRegisterMapped));
  int* reg_view = nullptr;
  CHECK(cudaHostGetDevicePointer(reinterpret_cast<void**>(&reg_view), reg, 0));
  cudaPointerAttributes attributes;
  CHECK(cudaPointerGetAttributes(&attributes, reg + 10));
  copy_values<<<1, 64>>>(reg_view, reg_view);
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(device_values, reg, 64 * sizeof(int), cudaMemcpyDefault));
  copy_values<<<1, 64>>>(device_values, reg);
  CHECK(cudaDeviceSynchronize());
  const cudaError_t twice = cudaHostRegister(own.data(), 4 * sizeof(int), 0);
  const cudaError_t read_only = cudaHostRegister(s, sizeof(int), cudaHostRegisterReadOnly);
  CHECK(cudaHostUnregister(reg));
  const cudaError_t not_registered = cudaHostUnregister(reg);
  std::printf(
      "registered memory: reg[5] = %d, guards %d %d, same pointer %d, host type %d; "
      "registered twice: %s, read-only: %s, unregistered twice: %s\n",
      reg[5], own[2], own[67], reg_view == reg, attributes.type == cudaMemoryTypeHost,
      cudaGetErrorName(twice), cudaGetErrorName(read_only), cudaGetErrorName(not_registered));
  bool registered_ok =
      own[2] == -7 && own[67] == -7 && reg_view == reg && attributes.type == cudaMemoryTypeHost &&
      twice == cudaErrorHostMemoryAlreadyRegistered && read_only == cudaErrorNotSupported &&
      not_registered == cudaErrorHostMemoryNotRegistered;
  for (int i = 0; i < 64; ++i) registered_ok = registered_ok && reg[i] == 12 * i;
  cudaGetLastError();

  const bool pass = s->arrivals == 576 && s->last_ticket == 575 && s->values[63] == 62 &&
                    out[1] == 2 * 1005 && sum == expected && registered_ok;
  CHECK(cudaFreeHost(out));
  CHECK(cudaFreeHost(s));
  CHECK(cudaFree(device_values));
  std::printf("%s\n", pass ? "PASS" : "FAIL");
  return pass ? 0 : 1;
}
