// Common code of the calibration microbenchmarks: error checks, the output lines the
// calibration scripts parse, an L2 flush for simulators whose memcpy fills the L2, a small
// deterministic RNG and the channel address arithmetic both simulators share.
//
// Output lines (one measurement each, parsed by calibrate.sh and gpgpusim.sh):
//   METRIC <name> <value> <unit>                 a value the program measured itself
//   RATE   <name> <first> <last> <amount> <unit> amount / (sum of the kernel cycles of the
//                                                program's launches first..last, 0-based in
//                                                launch order): <unit>/cycle
//   CYCLES <name> <first> <last> <count> <unit>  (sum of those kernel cycles) / count:
//                                                cycles/<unit>
// Kernel cycles come from the simulator (warpforge --stats, GPGPU-Sim gpu_sim_cycle).
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(call)                                                                        \
  do {                                                                                     \
    const cudaError_t e_ = (call);                                                         \
    if (e_ != cudaSuccess) {                                                               \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,                   \
                   cudaGetErrorString(e_));                                                \
      std::exit(1);                                                                        \
    }                                                                                      \
  } while (0)

#define LAUNCHED()                       \
  do {                                   \
    CHECK(cudaGetLastError());           \
    CHECK(cudaDeviceSynchronize());      \
  } while (0)

// The 32-bit core cycle counter %clock. clock() compiles to %clock64 for sm_75, which
// GPGPU-Sim 4.0 does not implement (it aborts), so read %clock directly; differences of two
// readings are exact for intervals below 2^32 cycles.
__device__ __forceinline__ unsigned clock32() {
  unsigned r;
  asm volatile("mov.u32 %0, %%clock;" : "=r"(r)::"memory");
  return r;
}

inline void metric(const char* name, double value, const char* unit) {
  std::printf("METRIC %s %.4f %s\n", name, value, unit);
}
inline void rate(const char* name, int first, int last, double amount, const char* unit) {
  std::printf("RATE %s %d %d %.0f %s\n", name, first, last, amount, unit);
}
inline void cycles(const char* name, int first, int last, double count, const char* unit) {
  std::printf("CYCLES %s %d %d %.0f %s\n", name, first, last, count, unit);
}

// A failed check: print it and exit non-zero (after the measurements printed so far).
inline void require(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "FAIL: %s\n", what);
    std::printf("FAIL %s\n", what);
    std::exit(1);
  }
}

// GPGPU-Sim (-gpgpu_perf_sim_memcpy 1) places the lines of every host-to-device copy in its
// L2; a real GPU and warpforge do not (or not reliably). Copying 3 MB (4x the GTX480's 768 KB
// L2) of scratch after the real inputs evicts them, so every program starts with a cold L2 in
// both simulators. No kernel runs, so the launch numbering is unchanged.
inline void flush_l2() {
  const size_t bytes = 3u << 20;
  static void* d = nullptr;
  static std::vector<unsigned char> h(bytes, 0x5a);
  if (!d) CHECK(cudaMalloc(&d, bytes));
  CHECK(cudaMemcpy(d, h.data(), bytes, cudaMemcpyHostToDevice));
}

// splitmix64: the same numbers on every machine.
struct Rng {
  std::uint64_t s;
  explicit Rng(std::uint64_t seed) : s(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  std::uint64_t below(std::uint64_t n) { return next() % n; }
};

template <class T>
void shuffle(std::vector<T>& v, Rng& r) {
  for (size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[r.below(i)]);
}

// Channel interleaving shared by warpforge's gtx480 preset and GPGPU-Sim's SM2_GTX480
// configuration (-gpgpu_mem_addr_mapping dramid@8 with 6 channels): 256-byte chunks go round
// the 6 channels; a channel's own ("local") address is its dense chunk number * 256 + offset.
// The DRAM bank and row are bit fields of the local address, and differ between the two:
//   warpforge: bank = local / 2048 % 16, row = local / 32768 (2 KB rows)
//   GPGPU-Sim: bank = bits {8, 13, 14, 15}, row = local >> 16, column = bits 0-7 and 9-12
// Local offsets 0, 128, 512, 640, 1024, 1152, 1536, 1664 lie in one row of one bank in both,
// and local + 64 KB is the same bank, another row, in both.
constexpr int kChannels = 6;
constexpr std::uint64_t kChunk = 256;
inline unsigned channel_of(std::uint64_t addr) { return (addr / kChunk) % kChannels; }
inline std::uint64_t local_of(std::uint64_t addr) {
  return (addr / kChunk) / kChannels * kChunk + addr % kChunk;
}
inline std::uint64_t global_of(std::uint64_t local, unsigned channel) {
  return ((local / kChunk) * kChannels + channel) * kChunk + local % kChunk;
}
