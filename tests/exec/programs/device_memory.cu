// Device memory as programs size their work by it. With BYTES: one cudaMalloc of that size
// (a size the device cannot hold must fail with cudaErrorMemoryAllocation, reported once by
// cudaGetLastError), then a small allocation, which must not fall inside the first, and
// cudaMemGetInfo after each. Without: fill the device in quarters, free one and allocate it
// again, and check that no two allocations share a byte. With --host BYTES: cudaMallocHost of
// that size, which is host memory and leaves the device's free memory as it was.
// Usage: device_memory [BYTES | --host BYTES].
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "check.h"

namespace {

std::size_t free_bytes() {
  std::size_t free = 0, total = 0;
  CHECK(cudaMemGetInfo(&free, &total));
  return free;
}

// Without forming an end address, which a size near 2^64 would wrap.
bool overlap(const char* a, std::size_t a_bytes, const char* b, std::size_t b_bytes) {
  const auto x = reinterpret_cast<std::uintptr_t>(a), y = reinterpret_cast<std::uintptr_t>(b);
  return y >= x ? y - x < a_bytes : x - y < b_bytes;
}

// One cudaMalloc of `bytes`, as a program asking for more than the device has would make it.
int one_allocation(std::size_t bytes) {
  char* big = nullptr;
  const cudaError_t e = cudaMalloc(&big, bytes);
  std::printf("cudaMalloc(%zu): %s\n", bytes, cudaGetErrorName(e));
  const cudaError_t first = cudaGetLastError();
  std::printf("cudaGetLastError: %s, then %s\n", cudaGetErrorName(first),
              cudaGetErrorName(cudaGetLastError()));
  std::printf("free after it: %zu\n", free_bytes());
  char* small = nullptr;
  const cudaError_t e2 = cudaMalloc(&small, 256);
  std::printf("cudaMalloc(256): %s\n", cudaGetErrorName(e2));
  bool wrong = false;
  if (e == cudaSuccess && e2 == cudaSuccess && overlap(big, bytes, small, 256)) {
    std::printf("the 256 bytes lie inside the first allocation\n");
    wrong = true;
  }
  // What the small allocation holds stays its own.
  if (e2 == cudaSuccess) {
    const char pattern[4] = {1, 2, 3, 4};
    char back[4] = {};
    CHECK(cudaMemcpy(small, pattern, 4, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(back, small, 4, cudaMemcpyDeviceToHost));
    for (int i = 0; i < 4; ++i) wrong |= back[i] != pattern[i];
    CHECK(cudaFree(small));
  }
  if (e == cudaSuccess) CHECK(cudaFree(big));
  std::printf("free at the end: %zu\n%s\n", free_bytes(), wrong ? "FAIL" : "PASS");
  return wrong ? 1 : 0;
}

// Pinned host memory: a size the host cannot hold fails, any other leaves the device's memory.
int one_host_allocation(std::size_t bytes) {
  char* p = nullptr;
  const cudaError_t e = cudaMallocHost(&p, bytes);
  std::printf("cudaMallocHost(%zu): %s\n", bytes, cudaGetErrorName(e));
  const cudaError_t first = cudaGetLastError();
  std::printf("cudaGetLastError: %s, then %s\n", cudaGetErrorName(first),
              cudaGetErrorName(cudaGetLastError()));
  std::printf("free after it: %zu\n", free_bytes());
  if (e == cudaSuccess && bytes > 0) {
    p[0] = 1;
    p[bytes - 1] = 2;
  }
  if (e == cudaSuccess) CHECK(cudaFreeHost(p));
  return 0;
}

// Fills the device in quarters; the fifth allocation and then one more byte do not fit.
int fill() {
  std::size_t free = 0, total = 0;
  CHECK(cudaMemGetInfo(&free, &total));
  const std::size_t quarter = total / 4 / 256 * 256;
  std::vector<char*> blocks;
  for (;;) {
    char* p = nullptr;
    const cudaError_t e = cudaMalloc(&p, quarter);
    if (e != cudaSuccess) {
      std::printf("allocation %zu of %zu bytes: %s\n", blocks.size() + 1, quarter,
                  cudaGetErrorName(e));
      break;
    }
    blocks.push_back(p);
    if (blocks.size() > 8) break;  // a device that never says no
  }
  cudaGetLastError();
  std::printf("%zu allocations of %zu bytes, free then %zu\n", blocks.size(), quarter,
              free_bytes());
  char* byte = nullptr;
  std::printf("cudaMalloc(1) on a full device: %s\n", cudaGetErrorName(cudaMalloc(&byte, 1)));
  cudaGetLastError();
  CHECK(cudaFree(blocks[1]));
  std::printf("free after freeing one: %zu\n", free_bytes());
  CHECK(cudaMalloc(&blocks[1], quarter));
  std::printf("allocated again, free %zu\n", free_bytes());
  // A mark at the first and last int of every block, then read back: no block writes another's.
  int overlapping = 0, wrong = 0;
  for (std::size_t i = 0; i < blocks.size(); ++i)
    for (std::size_t j = i + 1; j < blocks.size(); ++j)
      overlapping += overlap(blocks[i], quarter, blocks[j], quarter);
  for (std::size_t i = 0; i < blocks.size(); ++i) {
    const int mark = static_cast<int>(i) + 1;
    CHECK(cudaMemcpy(blocks[i], &mark, sizeof mark, cudaMemcpyHostToDevice));
    CHECK(
        cudaMemcpy(blocks[i] + quarter - sizeof mark, &mark, sizeof mark, cudaMemcpyHostToDevice));
  }
  for (std::size_t i = 0; i < blocks.size(); ++i) {
    int first = 0, last = 0;
    CHECK(cudaMemcpy(&first, blocks[i], sizeof first, cudaMemcpyDeviceToHost));
    CHECK(
        cudaMemcpy(&last, blocks[i] + quarter - sizeof last, sizeof last, cudaMemcpyDeviceToHost));
    wrong += first != static_cast<int>(i) + 1 || last != static_cast<int>(i) + 1;
  }
  for (char* p : blocks) CHECK(cudaFree(p));
  const bool ok = blocks.size() == 4 && overlapping == 0 && wrong == 0 && free_bytes() == total;
  std::printf("%d overlapping, %d wrong, free at the end %zu\n%s\n", overlapping, wrong,
              free_bytes(), ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  std::size_t free = 0, total = 0;
  CHECK(cudaMemGetInfo(&free, &total));
  std::printf("device memory: %zu bytes, %zu free\n", total, free);
  if (argc == 3 && std::strcmp(argv[1], "--host") == 0)
    return one_host_allocation(std::strtoull(argv[2], nullptr, 0));
  if (argc == 2) return one_allocation(std::strtoull(argv[1], nullptr, 0));
  return fill();
}
