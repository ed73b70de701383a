// The project's hotspot workload kernel (workloads/hotspot/hotspot.cu): 8 steps of the thermal
// stencil on a 64 x 64 chip, 2 steps per launch on 16x16 tiles (the Rodinia pyramid), launches
// 0-3. The host repeats the steps and checks every cell to a relative 1e-4 (the kernel's
// additions may round in another order).
#include <algorithm>
#include <cmath>

#include "common.h"
#include "../../../workloads/hotspot/hotspot.cu"

int main() {
  const int n = 64, steps = 8, height = 2;
  const float cap = 0.5f, rx = 1.5f, ry = 1.5f, rz = 40.0f, step = 0.25f;
  Rng rng(8);
  std::vector<float> temp(n * n), power(n * n);
  for (auto& x : temp) x = 320.0f + static_cast<float>(rng.below(200)) / 10.0f;
  for (auto& x : power) x = static_cast<float>(rng.below(100)) / 1000.0f;
  float *d_p, *d_a, *d_b;
  CHECK(cudaMalloc(&d_p, n * n * 4));
  CHECK(cudaMalloc(&d_a, n * n * 4));
  CHECK(cudaMalloc(&d_b, n * n * 4));
  CHECK(cudaMemcpy(d_p, power.data(), n * n * 4, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_a, temp.data(), n * n * 4, cudaMemcpyHostToDevice));
  flush_l2();
  const int small = BLOCK - 2 * height;
  const int tiles = (n + small - 1) / small;
  float *src = d_a, *dst = d_b;
  for (int s = 0; s < steps; s += height) {
    hotspot_step<<<dim3(tiles, tiles), dim3(BLOCK, BLOCK)>>>(height, d_p, src, dst, n, n, height,
                                                             height, cap, rx, ry, rz, step);
    LAUNCHED();
    std::swap(src, dst);
  }
  std::vector<float> got(n * n), next(n * n);
  CHECK(cudaMemcpy(got.data(), src, n * n * 4, cudaMemcpyDeviceToHost));
  const float k = step / cap;
  for (int s = 0; s < steps; ++s) {
    for (int y = 0; y < n; ++y)
      for (int x = 0; x < n; ++x) {
        const float t = temp[y * n + x];
        const float north = temp[std::max(y - 1, 0) * n + x], south = temp[std::min(y + 1, n - 1) * n + x];
        const float west = temp[y * n + std::max(x - 1, 0)], east = temp[y * n + std::min(x + 1, n - 1)];
        const float flow = power[y * n + x] + (south + north - 2.0f * t) / ry +
                           (east + west - 2.0f * t) / rx + (80.0f - t) / rz;
        next[y * n + x] = t + k * flow;
      }
    temp.swap(next);
  }
  for (int i = 0; i < n * n; ++i)
    require(std::fabs(got[i] - temp[i]) <= 1e-4f * std::fabs(temp[i]), "hotspot temperatures");
  std::printf("PASS\n");
  return 0;
}
