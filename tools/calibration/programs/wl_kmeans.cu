// The project's kmeans workload kernels (workloads/kmeans/kmeans.cu): 2048 points of 8
// features, 8 clusters. kmeans_invert transposes the features (launch 0), then two rounds of
// kmeans_assign (launches 1 and 2) with the centres moved to their points' means by the host
// in between, as the workload's host does. The host repeats the kernels' arithmetic and
// checks every membership.
#include "common.h"
#include "../../../workloads/kmeans/kmeans.cu"

int main() {
  const int np = 2048, nf = 8, nc = 8;
  Rng rng(6);
  std::vector<float> feat(np * nf), centres(nc * nf);
  for (auto& x : feat) x = static_cast<float>(rng.below(1000)) / 100.0f;
  for (int c = 0; c < nc; ++c)
    for (int f = 0; f < nf; ++f) centres[c * nf + f] = feat[c * nf + f];
  float *d_in, *d_t;
  int* d_m;
  CHECK(cudaMalloc(&d_in, np * nf * 4));
  CHECK(cudaMalloc(&d_t, np * nf * 4));
  CHECK(cudaMalloc(&d_m, np * 4));
  CHECK(cudaMemcpy(d_in, feat.data(), np * nf * 4, cudaMemcpyHostToDevice));
  flush_l2();
  kmeans_invert<<<np / 256, 256>>>(d_in, d_t, np, nf);
  LAUNCHED();
  std::vector<float> t(np * nf);
  CHECK(cudaMemcpy(t.data(), d_t, np * nf * 4, cudaMemcpyDeviceToHost));
  for (int p = 0; p < np; ++p)
    for (int f = 0; f < nf; ++f) require(t[p + np * f] == feat[p * nf + f], "kmeans_invert");
  std::vector<int> m(np), want(np);
  for (int round = 0; round < 2; ++round) {
    CHECK(cudaMemcpyToSymbol(c_clusters, centres.data(), nc * nf * 4));
    kmeans_assign<<<dim3(np / 256, 1), 256>>>(d_t, nf, np, nc, d_m);
    LAUNCHED();
    CHECK(cudaMemcpy(m.data(), d_m, np * 4, cudaMemcpyDeviceToHost));
    for (int p = 0; p < np; ++p) {
      int index = -1;
      float best = 3.402823466e38f;
      for (int c = 0; c < nc; ++c) {
        float dist = 0.0f;
        for (int f = 0; f < nf; ++f) {
          const volatile float diff = feat[p * nf + f] - centres[c * nf + f];
          const volatile float sq = diff * diff;
          dist += sq;
        }
        if (dist < best) {
          best = dist;
          index = c;
        }
      }
      want[p] = index;
    }
    require(m == want, "kmeans_assign membership");
    std::vector<double> sum(nc * nf, 0.0);
    std::vector<int> count(nc, 0);
    for (int p = 0; p < np; ++p) {
      ++count[m[p]];
      for (int f = 0; f < nf; ++f) sum[m[p] * nf + f] += feat[p * nf + f];
    }
    for (int c = 0; c < nc; ++c)
      if (count[c])
        for (int f = 0; f < nf; ++f) centres[c * nf + f] = static_cast<float>(sum[c * nf + f] / count[c]);
  }
  std::printf("PASS\n");
  return 0;
}
