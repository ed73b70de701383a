// Latency under load: W warps each chase their own chain of 16 cold lines (one thread per
// warp, lane 0, so each load is one 8-byte request), W = 1, 2, 4, 8, 15, 30, ..., 720 (15 SMs x
// 48 warps). Each chain's lines are drawn at random, without repeats, from a region that no
// other launch touches, so every load misses in L1 and L2 and goes to DRAM at a random row.
//   lat_loaded_w<W>       mean over warps of (clock after the 16th load - clock before the
//                         first) / 16: cycles per dependent load with W warps in flight
//   loads_per_cycle_w<W>  W*16 loads / the launch's kernel cycles (RATE line)
// One launch per W (launch k is the k-th W). The host checks every chain's end.
#include "common.h"

constexpr int kLoads = 16;

__global__ void chase(const unsigned long long* starts, unsigned long long* ends,
                      unsigned* cycles) {
  if ((threadIdx.x & 31) != 0) return;
  const int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  unsigned long long p = starts[warp];
  __shared__ unsigned long long s_end[32];
  const unsigned t0 = clock32();
  for (int i = 0; i < kLoads; ++i) p = *reinterpret_cast<const unsigned long long*>(p);
  s_end[threadIdx.x / 32] = p;  // waits for the last load
  const unsigned t1 = clock32();
  ends[warp] = s_end[threadIdx.x / 32];
  cycles[warp] = t1 - t0;
}

int main() {
  const int ws[] = {1, 2, 4, 8, 15, 30, 60, 120, 240, 480, 720};
  const int nw = sizeof(ws) / sizeof(ws[0]);
  // Region of launch k: 2x the lines it uses, so the lines are scattered.
  size_t total_lines = 0;
  std::vector<size_t> first_line;
  for (int w : ws) {
    first_line.push_back(total_lines);
    total_lines += 2ull * w * kLoads;
  }
  const size_t bytes = total_lines * 128;
  unsigned long long* d;
  CHECK(cudaMalloc(&d, bytes));
  const unsigned long long base = reinterpret_cast<unsigned long long>(d);
  std::vector<unsigned long long> img(bytes / 8, 0);
  Rng rng(7);
  std::vector<std::vector<unsigned long long>> starts(nw), ends(nw);
  for (int k = 0; k < nw; ++k) {
    const int w = ws[k];
    std::vector<size_t> lines(2ull * w * kLoads);
    for (size_t i = 0; i < lines.size(); ++i) lines[i] = first_line[k] + i;
    shuffle(lines, rng);
    for (int warp = 0; warp < w; ++warp) {
      // Chain: line[warp*kLoads + 0] -> ... -> line[warp*kLoads + kLoads-1] -> end marker.
      const size_t* l = &lines[static_cast<size_t>(warp) * kLoads];
      starts[k].push_back(base + 128 * l[0]);
      for (int i = 0; i < kLoads; ++i) {
        const unsigned long long nxt =
            i + 1 < kLoads ? base + 128 * l[i + 1] : base + 128 * l[0] + 8;  // end marker
        img[128 * l[i] / 8] = nxt;
      }
      ends[k].push_back(base + 128 * l[0] + 8);
    }
  }
  CHECK(cudaMemcpy(d, img.data(), bytes, cudaMemcpyHostToDevice));
  flush_l2();
  unsigned long long *dstarts, *dends;
  unsigned* dcycles;
  CHECK(cudaMalloc(&dstarts, 720 * 8));
  CHECK(cudaMalloc(&dends, 720 * 8));
  CHECK(cudaMalloc(&dcycles, 720 * 4));
  for (int k = 0; k < nw; ++k) {
    const int w = ws[k];
    CHECK(cudaMemcpy(dstarts, starts[k].data(), w * 8, cudaMemcpyHostToDevice));
    // Up to 15 warps: one-warp CTAs (one per SM); beyond: 30 CTAs (two per SM) of w/30 warps.
    const int ctas = w <= 15 ? w : 30;
    const int warps_per_cta = w <= 15 ? 1 : w / 30;
    chase<<<ctas, 32 * warps_per_cta>>>(dstarts, dends, dcycles);
    LAUNCHED();
    std::vector<unsigned long long> got(w);
    std::vector<unsigned> cyc(w);
    CHECK(cudaMemcpy(got.data(), dends, w * 8, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(cyc.data(), dcycles, w * 4, cudaMemcpyDeviceToHost));
    double sum = 0;
    for (int i = 0; i < w; ++i) {
      require(got[i] == ends[k][i], "a chain ended at an unexpected address");
      sum += cyc[i];
    }
    char name[64];
    std::snprintf(name, sizeof name, "lat_loaded_w%d", w);
    metric(name, sum / w / kLoads, "cycles");
    std::snprintf(name, sizeof name, "loads_per_cycle_w%d", w);
    rate(name, k, k, static_cast<double>(w) * kLoads, "loads");
  }
  std::printf("PASS\n");
  return 0;
}
