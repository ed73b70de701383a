// Host driver and CPU reference for kmeans.cu.
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "workloads/compare.h"
#include "workloads/rng.h"
#include "workloads/session.h"
#include "workloads/size_option.h"
#include "workloads/workload.h"

namespace wf::workloads::kmeans {
namespace {

constexpr unsigned kThreads = 256;  // Rodinia's THREADS_PER_DIM^2
constexpr int kClusters = 5;        // Rodinia's default
// Rodinia's inputs have 34 features; 4 keep the default size's simulation short.
constexpr int kFeatures = 4;
constexpr int kMaxIterations = 500;  // Rodinia's bound; the loop ends when nothing moves

// Points scattered around kClusters well separated centres, point i around centre i mod
// kClusters, so the first kClusters points (Rodinia's initial centres) lie in different
// clusters.
std::vector<float> random_points(std::size_t n, std::uint64_t seed) {
  SplitMix64 rng(seed);
  std::vector<float> centre(kClusters * kFeatures);
  for (auto& x : centre) x = static_cast<float>(rng.below(1000));
  std::vector<float> points(n * kFeatures);
  for (std::size_t p = 0; p < n; ++p)
    for (int f = 0; f < kFeatures; ++f)
      points[p * kFeatures + f] =
          centre[(p % kClusters) * kFeatures + f] + static_cast<float>(rng.below(400)) * 0.25f;
  return points;
}

// kmeans_assign on the CPU, with the kernel's operations in the kernel's order (x86-64
// without FMA never contracts them, so every rounding matches).
std::vector<int> reference_assign(const std::vector<float>& points,
                                  const std::vector<float>& clusters, std::size_t n) {
  std::vector<int> membership(n);
  for (std::size_t p = 0; p < n; ++p) {
    int index = -1;
    float min_dist = std::numeric_limits<float>::max();
    for (int c = 0; c < kClusters; ++c) {
      float dist = 0.0f;
      for (int f = 0; f < kFeatures; ++f) {
        const float diff = points[p * kFeatures + f] - clusters[c * kFeatures + f];
        dist += diff * diff;
      }
      if (dist < min_dist) {
        min_dist = dist;
        index = c;
      }
    }
    membership[p] = index;
  }
  return membership;
}

// The host's part of an iteration, as in Rodinia: count the points that changed cluster and
// move every centre to the mean of its points (an empty cluster keeps its centre).
std::size_t update(const std::vector<float>& points, const std::vector<int>& membership,
                   std::vector<int>& previous, std::vector<float>& clusters) {
  std::size_t changed = 0;
  std::vector<double> sum(kClusters * kFeatures, 0.0);
  std::vector<std::size_t> count(kClusters, 0);
  for (std::size_t p = 0; p < membership.size(); ++p) {
    if (membership[p] != previous[p]) ++changed;
    previous[p] = membership[p];
    ++count[membership[p]];
    for (int f = 0; f < kFeatures; ++f)
      sum[membership[p] * kFeatures + f] += points[p * kFeatures + f];
  }
  for (int c = 0; c < kClusters; ++c)
    if (count[c] > 0)
      for (int f = 0; f < kFeatures; ++f)
        clusters[c * kFeatures + f] = static_cast<float>(sum[c * kFeatures + f] / count[c]);
  return changed;
}

std::vector<float> initial_clusters(const std::vector<float>& points) {
  return {points.begin(), points.begin() + kClusters * kFeatures};
}

RunResult run_kmeans(gpu::Runtime& runtime, const WorkloadOptions& options) {
  const auto n =
      choose_size("kmeans", options, {.fallback = 120000, .min = kClusters, .max = 1 << 22});
  const auto points = random_points(n, options.seed);

  std::vector<float> expected_clusters = initial_clusters(points);
  std::vector<int> expected(n, -1);
  int expected_iterations = 0;
  for (std::size_t changed = n; changed > 0 && expected_iterations < kMaxIterations;
       ++expected_iterations)
    changed =
        update(points, reference_assign(points, expected_clusters, n), expected, expected_clusters);

  Session session(runtime, "kmeans");
  gpu::DevPtr d_points = runtime.upload(points);
  gpu::DevPtr d_features = runtime.malloc(points.size() * sizeof(float));
  gpu::DevPtr d_membership = runtime.malloc(n * sizeof(int));
  const gpu::DevPtr d_clusters = runtime.symbol_address("c_clusters");
  const int npoints = static_cast<int>(n), nfeatures = kFeatures, nclusters = kClusters;
  const auto blocks = static_cast<std::uint32_t>((n + kThreads - 1) / kThreads);
  session.launch("kmeans_invert", {blocks}, {kThreads},
                 {arg(d_points), arg(d_features), arg(npoints), arg(nfeatures)});
  auto side = static_cast<std::uint32_t>(std::sqrt(static_cast<double>(blocks)));
  while (side * side < blocks) ++side;

  std::vector<float> clusters = initial_clusters(points);
  std::vector<int> membership(n, -1);
  int iterations = 0;
  for (std::size_t changed = n; changed > 0 && iterations < kMaxIterations; ++iterations) {
    runtime.memcpy_to_device(d_clusters, clusters.data(), clusters.size() * sizeof(float));
    session.launch(
        "kmeans_assign", {side, side}, {kThreads},
        {arg(d_features), arg(nfeatures), arg(npoints), arg(nclusters), arg(d_membership)});
    changed = update(points, runtime.download<int>(d_membership, n), membership, clusters);
  }
  for (auto p : {d_points, d_features, d_membership}) runtime.free(p);
  if (iterations != expected_iterations)
    return session.finish(
        fmt::format("{} iterations, expected {}", iterations, expected_iterations));
  if (auto m = first_mismatch("membership", expected, membership)) return session.finish(m);
  return session.finish(first_mismatch("centres", expected_clusters, clusters));
}

}  // namespace

WF_WORKLOAD("kmeans",
            "k-means clustering (Rodinia kmeans): a point-per-thread nearest-centre kernel with "
            "the centres in constant memory, the host moves the centres; no barriers",
            "points (default 120000: 22x22 CTAs of 256 threads, 5 clusters, 4 features)",
            run_kmeans, 1000, {"baws-other", "lwm", "dyncta"});

}  // namespace wf::workloads::kmeans
