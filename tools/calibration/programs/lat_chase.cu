// Pointer-chase latency, one thread: each load's address is the value the previous load
// returned, and every load is timed on its own with clock32() (common.h) (the load, a shared-memory store of its result,
// which waits for it, and the second clock read; the cost of the clock reads and
// the store alone is printed as lat_clock_overhead). Cycles are core cycles of the simulator.
//   lat_l1_hit          64 lines in 8 KB, a warm pass then a timed pass (default ld = ld.ca)
//   lat_l2_hit          512 lines in 64 KB (4x the L1) with __ldcg (ld.global.cg), warm then timed
//   lat_dram_rowmiss    cold lines, each the first of its group: same channel, same bank, a
//                       new row (local address + 64 KB, see common.h)
//   lat_dram_rowhit     cold lines, the other 7 of each group: same channel, bank and row as
//                       the group's first
// The host checks that the chase visited the expected addresses.
#include <algorithm>
#include <cstring>

#include "common.h"

constexpr int kMaxN = 512;

template <bool kCg>
__device__ __forceinline__ unsigned long long next(unsigned long long p) {
  const unsigned long long* q = reinterpret_cast<const unsigned long long*>(p);
  if (kCg) return __ldcg(q);
  return *q;
}

template <bool kCg>
__global__ void chase(unsigned long long start, int warm, int n, unsigned* lat,
                      unsigned long long* seen) {
  __shared__ unsigned s_lat[kMaxN];
  __shared__ unsigned long long s_seen[kMaxN];
  unsigned long long p = start;
  for (int i = 0; i < warm; ++i) p = next<kCg>(p);
  s_seen[0] = p;  // waits for the warm pass to finish
  for (int i = 0; i < n; ++i) {
    const unsigned t0 = clock32();
    p = next<kCg>(p);
    s_seen[i] = p;
    const unsigned t1 = clock32();
    s_lat[i] = t1 - t0;
  }
  for (int i = 0; i < n; ++i) {
    lat[i] = s_lat[i];
    seen[i] = s_seen[i];
  }
}

__global__ void overhead(int n, unsigned* lat, unsigned long long* seen) {
  __shared__ unsigned s_lat[kMaxN];
  __shared__ unsigned long long s_seen[kMaxN];
  for (int i = 0; i < n; ++i) {
    const unsigned t0 = clock32();
    s_seen[i] = i;
    const unsigned t1 = clock32();
    s_lat[i] = t1 - t0;
  }
  for (int i = 0; i < n; ++i) {
    lat[i] = s_lat[i];
    seen[i] = s_seen[i];
  }
}

struct Result {
  std::vector<unsigned> lat;
  std::vector<unsigned long long> seen;
};

// Writes the chain order[0] -> order[1] -> ... (-> order[0] when cyclic) into the device buffer
// (through a host image of it) and runs one chase.
static Result run(bool cg, unsigned long long* dbuf, size_t words,
                  const std::vector<unsigned long long>& order, bool cyclic, int warm, int n) {
  std::vector<unsigned long long> img(words, 0);
  const unsigned long long base = reinterpret_cast<unsigned long long>(dbuf);
  for (size_t i = 0; i < order.size(); ++i) {
    const size_t j = i + 1 < order.size() ? i + 1 : 0;
    img[(order[i] - base) / 8] = (j == 0 && !cyclic) ? order[0] : order[j];
  }
  CHECK(cudaMemcpy(dbuf, img.data(), words * 8, cudaMemcpyHostToDevice));
  flush_l2();
  unsigned* dlat;
  unsigned long long* dseen;
  CHECK(cudaMalloc(&dlat, kMaxN * sizeof(unsigned)));
  CHECK(cudaMalloc(&dseen, kMaxN * sizeof(unsigned long long)));
  if (cg)
    chase<true><<<1, 1>>>(order[0], warm, n, dlat, dseen);
  else
    chase<false><<<1, 1>>>(order[0], warm, n, dlat, dseen);
  LAUNCHED();
  Result r{std::vector<unsigned>(n), std::vector<unsigned long long>(n)};
  CHECK(cudaMemcpy(r.lat.data(), dlat, n * sizeof(unsigned), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(r.seen.data(), dseen, n * 8, cudaMemcpyDeviceToHost));
  CHECK(cudaFree(dlat));
  CHECK(cudaFree(dseen));
  // The i-th timed load (after `warm` loads from order[0]) returns element warm+i+1.
  for (int i = 0; i < n; ++i) {
    const size_t k = (warm + i + 1) % order.size();
    require(r.seen[i] == order[k], "pointer chase visited an unexpected address");
  }
  return r;
}

static double mean(const std::vector<unsigned>& v) {
  double s = 0;
  for (unsigned x : v) s += x;
  return v.empty() ? 0 : s / v.size();
}

int main() {
  Rng rng(42);
  // Launch 0: the clock/store overhead.
  {
    unsigned* dlat;
    unsigned long long* dseen;
    CHECK(cudaMalloc(&dlat, kMaxN * sizeof(unsigned)));
    CHECK(cudaMalloc(&dseen, kMaxN * 8));
    overhead<<<1, 1>>>(64, dlat, dseen);
    LAUNCHED();
    std::vector<unsigned> lat(64);
    CHECK(cudaMemcpy(lat.data(), dlat, 64 * sizeof(unsigned), cudaMemcpyDeviceToHost));
    metric("lat_clock_overhead", mean(std::vector<unsigned>(lat.begin() + 8, lat.end())),
           "cycles");
  }
  // Launch 1: L1 hits, 64 lines of an 8 KB block in random order.
  {
    const size_t words = 8192 / 8;
    unsigned long long* d;
    CHECK(cudaMalloc(&d, words * 8));
    const unsigned long long base = reinterpret_cast<unsigned long long>(d);
    std::vector<unsigned long long> order;
    for (int i = 0; i < 64; ++i) order.push_back(base + 128ull * i);
    shuffle(order, rng);
    Result r = run(false, d, words, order, true, 64, 64);
    metric("lat_l1_hit", mean(r.lat), "cycles");
  }
  // Launch 2: L2 hits, 512 lines of a 64 KB block in random order, L1 bypassed.
  {
    const size_t words = 65536 / 8;
    unsigned long long* d;
    CHECK(cudaMalloc(&d, words * 8));
    const unsigned long long base = reinterpret_cast<unsigned long long>(d);
    std::vector<unsigned long long> order;
    for (int i = 0; i < 512; ++i) order.push_back(base + 128ull * i);
    shuffle(order, rng);
    Result r = run(true, d, words, order, true, 512, 512);
    metric("lat_l2_hit", mean(r.lat), "cycles");
  }
  // Launch 3: DRAM, cold. 9 groups of 8 lines; group g is row r+g of one bank of channel 0.
  {
    const size_t bytes = 5u << 20;
    const size_t words = bytes / 8;
    unsigned long long* d;
    CHECK(cudaMalloc(&d, bytes));
    const unsigned long long base = reinterpret_cast<unsigned long long>(d);
    const unsigned long long row_step = 65536;
    unsigned long long l0 = (local_of(base) / row_step + 1) * row_step;
    const unsigned offs[8] = {0, 128, 512, 640, 1024, 1152, 1536, 1664};
    std::vector<unsigned long long> order;
    for (int g = 0; g < 9; ++g)
      for (unsigned o : offs) order.push_back(global_of(l0 + g * row_step + o, 0));
    for (auto a : order) require(a >= base && a + 8 <= base + bytes, "DRAM chain out of buffer");
    Result r = run(false, d, words, order, false, 0, 71);
    // r.lat[i] is the load that returned order[i+1], i.e. the load OF order[i].
    std::vector<unsigned> miss, hit;
    for (int i = 8; i < 71; ++i) (i % 8 == 0 ? miss : hit).push_back(r.lat[i]);
    metric("lat_dram_rowmiss", mean(miss), "cycles");
    metric("lat_dram_rowhit", mean(hit), "cycles");
    metric("lat_dram_first_load", r.lat[0], "cycles");
  }
  std::printf("PASS\n");
  return 0;
}
