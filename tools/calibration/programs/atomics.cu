// Global atomicAdd. Throughput: 120 CTAs of 256 threads, 4 atomics each (122880), as RATE
// lines (atomics per core cycle). Latency: one thread, a chain of 256 atomics in which each
// atomic's address depends on the value the previous one returned, timed with clock32().
//   launch 0  atom_1addr      every atomic to one word
//   launch 1  atom_16addr     to 16 words, 128 bytes apart (thread t uses word t mod 16)
//   launch 2  atom_many       each thread its own word (a warp's 32 atomics hit one line)
//   launch 3  atom_random     to random words of a 4 MB array
//   launch 4  lat_atomic      cycles per dependent atomic (METRIC), one word, one thread
// The host checks every counter.
#include "common.h"

constexpr int kCtas = 120, kThreads = 256, kT = kCtas * kThreads, kPer = 4;

// mode 0: one word; 1: 16 words 32 apart; 2: word t; 3: idx[]
__global__ void atom(unsigned* a, const int* idx, int mode) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
#pragma unroll
  for (int j = 0; j < kPer; ++j) {
    int w;
    if (mode == 0)
      w = 0;
    else if (mode == 1)
      w = (t % 16) * 32;
    else if (mode == 2)
      w = t;
    else
      w = idx[j * kT + t];
    atomicAdd(&a[w], 1u);
  }
}

__global__ void atom_chain(unsigned* a, unsigned mask, int n, unsigned* cyc) {
  __shared__ unsigned s_last;
  unsigned v = 0;
  atomicAdd(&a[0], 1u);  // warm the instruction cache
  const unsigned t0 = clock32();
  for (int i = 0; i < n; ++i) v = atomicAdd(&a[v & mask], 1u);
  s_last = v;  // waits for the last atomic
  const unsigned t1 = clock32();
  cyc[0] = t1 - t0;
  cyc[1] = s_last;
}

int main() {
  const int words = 1 << 20;  // 4 MB
  unsigned* a;
  CHECK(cudaMalloc(&a, words * 4));
  Rng rng(11);
  std::vector<int> idx(kT * kPer);
  for (int& x : idx) x = static_cast<int>(rng.below(words));
  int* didx;
  CHECK(cudaMalloc(&didx, idx.size() * 4));
  CHECK(cudaMemcpy(didx, idx.data(), idx.size() * 4, cudaMemcpyHostToDevice));
  const char* names[] = {"atom_1addr", "atom_16addr", "atom_many", "atom_random"};
  std::vector<unsigned> g(words);
  for (int mode = 0; mode < 4; ++mode) {
    CHECK(cudaMemset(a, 0, words * 4));
    flush_l2();
    atom<<<kCtas, kThreads>>>(a, didx, mode);
    LAUNCHED();
    CHECK(cudaMemcpy(g.data(), a, words * 4, cudaMemcpyDeviceToHost));
    std::vector<unsigned> want(words, 0);
    for (int t = 0; t < kT; ++t)
      for (int j = 0; j < kPer; ++j)
        ++want[mode == 0 ? 0 : mode == 1 ? (t % 16) * 32 : mode == 2 ? t : idx[j * kT + t]];
    for (int i = 0; i < words; ++i) require(g[i] == want[i], names[mode]);
    rate(names[mode], mode, mode, static_cast<double>(kT) * kPer, "atomics");
  }
  CHECK(cudaMemset(a, 0, 4));
  unsigned* dc;
  CHECK(cudaMalloc(&dc, 8));
  const int n = 256;
  atom_chain<<<1, 1>>>(a, 0u, n, dc);
  LAUNCHED();
  unsigned c[2], fin;
  CHECK(cudaMemcpy(c, dc, 8, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(&fin, a, 4, cudaMemcpyDeviceToHost));
  require(fin == n + 1 && c[1] == n, "atomic chain");
  metric("lat_atomic", static_cast<double>(c[0]) / n, "cycles");
  std::printf("PASS\n");
  return 0;
}
