// The project's srad workload kernels (workloads/srad/srad.cu): 2 iterations of speckle-reducing
// anisotropic diffusion on a 128 x 128 image (8x8 CTAs of 16x16 threads), each iteration
// srad_coeff then srad_update: launches 0-3 (even: coeff, odd: update). Before each iteration
// the host measures q0^2 over the region of interest (rows and columns 0..127: here the whole
// image) of the image read back, as the workload's host does. The kernels round every product
// on its own (__fmul_rn), so the host repeats the steps in the same order and checks every
// pixel bit for bit after each iteration.
#include <algorithm>
#include <cmath>

#include "common.h"
#include "../../../workloads/srad/srad.cu"

// q0^2 = var / mean^2 of the region of interest (rows and columns 0..127).
static float speckle_scale(const std::vector<float>& j, int n) {
  const int side = std::min(128, n);
  double sum = 0, sum2 = 0;
  for (int r = 0; r < side; ++r)
    for (int c = 0; c < side; ++c) {
      const double v = j[r * n + c];
      sum += v;
      sum2 += v * v;
    }
  const double size = static_cast<double>(side) * side;
  const double mean = sum / size;
  return static_cast<float>((sum2 / size - mean * mean) / (mean * mean));
}

// One iteration of both kernels, their operations in their order.
static void reference_step(std::vector<float>& j, int n, float q0sqr, float lambda) {
  const auto at = [&](int r, int c) { return r * n + c; };
  std::vector<float> dn(n * n), ds(n * n), dw(n * n), de(n * n), coeff(n * n);
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      const float jc = j[at(r, c)];
      const float nv = j[at(r == 0 ? r : r - 1, c)] - jc;
      const float sv = j[at(r == n - 1 ? r : r + 1, c)] - jc;
      const float wv = j[at(r, c == 0 ? c : c - 1)] - jc;
      const float ev = j[at(r, c == n - 1 ? c : c + 1)] - jc;
      const float g2 = (nv * nv + sv * sv + wv * wv + ev * ev) / (jc * jc);
      const float l = (nv + sv + wv + ev) / jc;
      const float num = 0.5f * g2 - 0.0625f * (l * l);
      float den = 1.0f + 0.25f * l;
      const float qsqr = num / (den * den);
      den = (qsqr - q0sqr) / (q0sqr * (1.0f + q0sqr));
      const float cv = 1.0f / (1.0f + den);
      coeff[at(r, c)] = cv < 0.0f ? 0.0f : (cv > 1.0f ? 1.0f : cv);
      dn[at(r, c)] = nv;
      ds[at(r, c)] = sv;
      dw[at(r, c)] = wv;
      de[at(r, c)] = ev;
    }
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      const int k = at(r, c);
      const float cc = coeff[k];
      const float cs = coeff[at(r == n - 1 ? r : r + 1, c)];
      const float ce = coeff[at(r, c == n - 1 ? c : c + 1)];
      const float d = cc * dn[k] + cs * ds[k] + cc * dw[k] + ce * de[k];
      j[k] = j[k] + (0.25f * lambda) * d;
    }
}

int main() {
  const int n = 128, iterations = 2;
  const float lambda = 0.5f;
  const size_t bytes = static_cast<size_t>(n) * n * 4;
  Rng rng(12);
  // Rodinia's input: J = exp(I), I uniform in [0, 1).
  std::vector<float> image(n * n);
  for (auto& x : image) x = std::exp(static_cast<float>(rng.below(1u << 24)) / 16777216.0f);
  float *d_j, *d_n, *d_s, *d_w, *d_e, *d_c;
  CHECK(cudaMalloc(&d_j, bytes));
  CHECK(cudaMalloc(&d_n, bytes));
  CHECK(cudaMalloc(&d_s, bytes));
  CHECK(cudaMalloc(&d_w, bytes));
  CHECK(cudaMalloc(&d_e, bytes));
  CHECK(cudaMalloc(&d_c, bytes));
  CHECK(cudaMemcpy(d_j, image.data(), bytes, cudaMemcpyHostToDevice));
  flush_l2();
  const dim3 grid(n / TILE, n / TILE), block(TILE, TILE);
  std::vector<float> j = image, want = image;
  for (int it = 0; it < iterations; ++it) {
    const float q0sqr = speckle_scale(j, n);
    srad_coeff<<<grid, block>>>(d_j, d_n, d_s, d_w, d_e, d_c, n, q0sqr);
    LAUNCHED();
    srad_update<<<grid, block>>>(d_j, d_n, d_s, d_w, d_e, d_c, n, lambda);
    LAUNCHED();
    CHECK(cudaMemcpy(j.data(), d_j, bytes, cudaMemcpyDeviceToHost));
    reference_step(want, n, speckle_scale(want, n), lambda);
    require(j == want, "srad image");
  }
  std::printf("PASS\n");
  return 0;
}
