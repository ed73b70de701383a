// Sustained bandwidth. Every kernel runs 120 CTAs of 256 threads (8 CTAs on each of the 15
// SMs) and touches memory that no earlier launch touched, after an L2 flush (common.h). The
// bytes are those the program asks for; each RATE line is divided by the launch's kernel
// cycles, giving bytes per core cycle (a GTX480's 177.4 GB/s peak is 253 B per 700 MHz cycle).
//   launch 0  bw_copy          b[i] = a[i], float4, 2 x 2 MB           bytes read + written
//   launch 1  bw_triad         a[i] = b[i] + s*c[i], float4, 3 x 2 MB  bytes read + written
//   launch 2-6 bw_stride<S>    122880 4-byte reads at a stride of S = 1, 2, 4, 8, 32 words
//                              (each thread sums 4 and writes one word; bytes = the reads)
//   launch 7  bw_scatter_read  122880 4-byte reads at random indices in 8 MB (the index array
//                              is read coalesced and not counted)
//   launch 8  bw_scatter_write 122880 4-byte writes to distinct random indices in 8 MB
// The host checks every result.
#include <cmath>

#include "common.h"

constexpr int kCtas = 120, kThreads = 256, kT = kCtas * kThreads, kPer = 4;
constexpr int kReads = kT * kPer;  // 122880

__global__ void copy4(const float4* a, float4* b, int n4) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n4; i += gridDim.x * blockDim.x)
    b[i] = a[i];
}

__global__ void triad4(float4* a, const float4* b, const float4* c, float s, int n4) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n4; i += gridDim.x * blockDim.x) {
    const float4 x = b[i], y = c[i];
    a[i] = make_float4(x.x + s * y.x, x.y + s * y.y, x.z + s * y.z, x.w + s * y.w);
  }
}

__global__ void strided(const float* a, float* out, int stride) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0;
#pragma unroll
  for (int j = 0; j < kPer; ++j) s += a[static_cast<size_t>(j * kT + t) * stride];
  out[t] = s;
}

__global__ void scatter_read(const float* a, const int* idx, float* out) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0;
#pragma unroll
  for (int j = 0; j < kPer; ++j) s += a[idx[j * kT + t]];
  out[t] = s;
}

__global__ void scatter_write(float* a, const int* idx) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
#pragma unroll
  for (int j = 0; j < kPer; ++j) a[idx[j * kT + t]] = static_cast<float>(j * kT + t);
}

static float val(size_t i) { return static_cast<float>(i % 1000); }

static float* upload(const std::vector<float>& h) {
  float* d;
  CHECK(cudaMalloc(&d, h.size() * 4));
  CHECK(cudaMemcpy(d, h.data(), h.size() * 4, cudaMemcpyHostToDevice));
  return d;
}

int main() {
  const int n = 1 << 19;  // floats per stream array (2 MB)
  std::vector<float> h(n);
  for (int i = 0; i < n; ++i) h[i] = val(i);
  float* a = upload(h);
  float* b = upload(std::vector<float>(n, 0.f));
  float* c = upload(h);
  float* ta = upload(std::vector<float>(n, 0.f));
  const int strides[] = {1, 2, 4, 8, 32};
  std::vector<float*> sregion;
  for (int s : strides) {
    std::vector<float> r(static_cast<size_t>(kReads) * s);
    for (size_t i = 0; i < r.size(); ++i) r[i] = val(i);
    sregion.push_back(upload(r));
  }
  const int m = 2 << 20;  // words of each scattered region (8 MB)
  std::vector<float> hs(m);
  for (int i = 0; i < m; ++i) hs[i] = val(i);
  float* sr = upload(hs);
  float* sw = upload(std::vector<float>(m, -1.f));
  Rng rng(3);
  std::vector<int> ridx(kReads), widx(m);
  for (int& x : ridx) x = static_cast<int>(rng.below(m));
  for (int i = 0; i < m; ++i) widx[i] = i;
  shuffle(widx, rng);
  widx.resize(kReads);
  int *dridx, *dwidx;
  CHECK(cudaMalloc(&dridx, kReads * 4));
  CHECK(cudaMalloc(&dwidx, kReads * 4));
  CHECK(cudaMemcpy(dridx, ridx.data(), kReads * 4, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dwidx, widx.data(), kReads * 4, cudaMemcpyHostToDevice));
  float* out;
  CHECK(cudaMalloc(&out, kT * 4));
  flush_l2();

  std::vector<float> g(n);
  copy4<<<kCtas, kThreads>>>(reinterpret_cast<const float4*>(a), reinterpret_cast<float4*>(b),
                             n / 4);
  LAUNCHED();
  CHECK(cudaMemcpy(g.data(), b, n * 4, cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) require(g[i] == h[i], "copy result");
  rate("bw_copy", 0, 0, 2.0 * n * 4, "B");

  triad4<<<kCtas, kThreads>>>(reinterpret_cast<float4*>(ta), reinterpret_cast<const float4*>(a),
                              reinterpret_cast<const float4*>(c), 3.0f, n / 4);
  LAUNCHED();
  CHECK(cudaMemcpy(g.data(), ta, n * 4, cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) require(g[i] == h[i] + 3.0f * h[i], "triad result");
  rate("bw_triad", 1, 1, 3.0 * n * 4, "B");

  std::vector<float> o(kT);
  for (int k = 0; k < 5; ++k) {
    strided<<<kCtas, kThreads>>>(sregion[k], out, strides[k]);
    LAUNCHED();
    CHECK(cudaMemcpy(o.data(), out, kT * 4, cudaMemcpyDeviceToHost));
    for (int t = 0; t < kT; ++t) {
      float s = 0;
      for (int j = 0; j < kPer; ++j) s += val(static_cast<size_t>(j * kT + t) * strides[k]);
      require(o[t] == s, "strided read result");
    }
    char name[32];
    std::snprintf(name, sizeof name, "bw_stride%d", strides[k]);
    rate(name, 2 + k, 2 + k, kReads * 4.0, "B");
  }

  scatter_read<<<kCtas, kThreads>>>(sr, dridx, out);
  LAUNCHED();
  CHECK(cudaMemcpy(o.data(), out, kT * 4, cudaMemcpyDeviceToHost));
  for (int t = 0; t < kT; ++t) {
    float s = 0;
    for (int j = 0; j < kPer; ++j) s += hs[ridx[j * kT + t]];
    require(o[t] == s, "scattered read result");
  }
  rate("bw_scatter_read", 7, 7, kReads * 4.0, "B");

  scatter_write<<<kCtas, kThreads>>>(sw, dwidx);
  LAUNCHED();
  std::vector<float> gw(m);
  CHECK(cudaMemcpy(gw.data(), sw, m * 4, cudaMemcpyDeviceToHost));
  std::vector<float> want(m, -1.f);
  for (int i = 0; i < kReads; ++i) want[widx[i]] = static_cast<float>(i);
  for (int i = 0; i < m; ++i) require(gw[i] == want[i], "scattered write result");
  rate("bw_scatter_write", 8, 8, kReads * 4.0, "B");
  std::printf("PASS\n");
  return 0;
}
