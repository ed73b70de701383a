// Host driver and CPU reference for octree.cu: bricks of very different point counts, the
// points of each gathered in a few clusters of random spread over a sparse background, so
// the trees — and the CTAs' work — differ in depth and size.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "workloads/compare.h"
#include "workloads/rng.h"
#include "workloads/session.h"
#include "workloads/size_option.h"
#include "workloads/workload.h"

namespace wf::workloads::octree {
namespace {

constexpr unsigned kCta = 256;  // CTA in octree.cu
constexpr unsigned kLeaf = 64;  // LEAF in octree.cu
constexpr unsigned kLevels = 7;
constexpr unsigned kBrickCells = 1u << kLevels;  // cells per axis of a brick
constexpr unsigned kMaxBricks = 512;             // 8^3 bricks fill the 10-bit domain

unsigned pack(unsigned x, unsigned y, unsigned z) {
  return x | y << 10 | z << 20;
}

unsigned octant(unsigned p, unsigned shift) {
  return (p >> shift & 1) | (p >> (9 + shift) & 2) | (p >> (18 + shift) & 4);
}

std::uint32_t split_room(std::uint32_t count) {
  return (kLevels * (count / (kLeaf + 1))) + 1;
}

std::vector<std::uint32_t> brick_points(SplitMix64& rng, unsigned brick) {
  const unsigned bx = brick % 8 * kBrickCells, by = brick / 8 % 8 * kBrickCells,
                 bz = brick / 64 * kBrickCells;
  const double u = rng.unit();
  const auto count = 8 + static_cast<unsigned>(800 * u * u * u);
  struct Cluster {
    int c[3];
    int spread;
  };
  std::vector<Cluster> clusters(1 + rng.below(3));
  for (auto& cl : clusters) {
    for (int& c : cl.c) c = int(rng.below(kBrickCells));
    cl.spread = 1 + int(rng.below(24));
  }
  std::vector<std::uint32_t> pts;
  for (unsigned i = 0; i < count; ++i) {
    unsigned xyz[3];
    if (rng.below(10) == 0) {
      for (auto& v : xyz) v = unsigned(rng.below(kBrickCells));
    } else {
      const auto& cl = clusters[rng.below(clusters.size())];
      for (int a = 0; a < 3; ++a) {
        // The sum of three uniform offsets: a bell of width about the spread.
        int v = cl.c[a];
        for (int k = 0; k < 3; ++k) v += int(rng.below(2 * cl.spread + 1)) - cl.spread;
        xyz[a] = unsigned(std::clamp(v, 0, int(kBrickCells) - 1));
      }
    }
    pts.push_back(pack(bx + xyz[0], by + xyz[1], bz + xyz[2]));
  }
  return pts;
}

// octree.cu's depth-first refinement of one brick, on pts[start, start + count).
void refine_brick(std::vector<std::uint32_t>& pts, std::uint32_t start, std::uint32_t count,
                  std::vector<std::uint32_t>& children, std::uint32_t& splits,
                  std::uint32_t split_base) {
  struct Node {
    std::uint32_t start, count, depth;
  };
  std::vector<Node> stack;
  if (count > kLeaf) stack.push_back({start, count, 0});
  while (!stack.empty()) {
    const Node n = stack.back();
    stack.pop_back();
    const unsigned shift = kLevels - 1 - n.depth;
    std::vector<std::uint32_t> sorted;
    std::uint32_t* out = &children[(split_base + splits++) * 8];
    for (unsigned k = 0; k < 8; ++k)
      for (std::uint32_t i = n.start; i < n.start + n.count; ++i)
        if (octant(pts[i], shift) == k) {
          sorted.push_back(pts[i]);
          ++out[k];
        }
    std::copy(sorted.begin(), sorted.end(), pts.begin() + n.start);
    std::uint32_t at = n.start;
    for (unsigned k = 0; k < 8; ++k) {
      if (out[k] > kLeaf && n.depth + 1 < kLevels) stack.push_back({at, out[k], n.depth + 1});
      at += out[k];
    }
  }
}

RunResult run_octree(gpu::Runtime& runtime, const WorkloadOptions& options) {
  const auto bricks =
      choose_size("octree", options, {.fallback = kMaxBricks, .min = 1, .max = kMaxBricks});
  SplitMix64 rng(options.seed);
  std::vector<std::uint32_t> pts, start, count, split_base;
  std::uint32_t room = 0;
  for (unsigned b = 0; b < bricks; ++b) {
    const auto p = brick_points(rng, b);
    start.push_back(std::uint32_t(pts.size()));
    count.push_back(std::uint32_t(p.size()));
    split_base.push_back(room);
    room += split_room(count.back());
    pts.insert(pts.end(), p.begin(), p.end());
  }

  std::vector<std::uint32_t> want_pts = pts, want_children(std::size_t(room) * 8, 0);
  std::vector<std::uint32_t> want_splits(bricks, 0);
  for (unsigned b = 0; b < bricks; ++b)
    refine_brick(want_pts, start[b], count[b], want_children, want_splits[b], split_base[b]);

  Session session(runtime, "octree");
  gpu::DevPtr d_pts = runtime.upload(pts);
  gpu::DevPtr d_tmp = runtime.upload(std::vector<std::uint32_t>(pts.size(), 0));
  gpu::DevPtr d_start = runtime.upload(start), d_count = runtime.upload(count);
  gpu::DevPtr d_base = runtime.upload(split_base);
  gpu::DevPtr d_children = runtime.upload(std::vector<std::uint32_t>(std::size_t(room) * 8, 0));
  gpu::DevPtr d_splits = runtime.upload(std::vector<std::uint32_t>(bricks, 0));
  session.launch("octree_partition", {static_cast<std::uint32_t>(bricks)}, {kCta},
                 {arg(d_pts), arg(d_tmp), arg(d_start), arg(d_count), arg(d_base), arg(d_children),
                  arg(d_splits)});
  auto out_pts = runtime.download<std::uint32_t>(d_pts, pts.size());
  auto children = runtime.download<std::uint32_t>(d_children, std::size_t(room) * 8);
  auto splits = runtime.download<std::uint32_t>(d_splits, bricks);
  for (auto p : {d_pts, d_tmp, d_start, d_count, d_base, d_children, d_splits}) runtime.free(p);

  if (auto m = first_mismatch("splits", want_splits, splits)) return session.finish(m);
  if (auto m = first_mismatch("children", want_children, children)) return session.finish(m);
  return session.finish(first_mismatch("points", want_pts, out_pts));
}

}  // namespace

WF_WORKLOAD("octree",
            "octree partitioning (Cederman-Tsigas): a CTA per brick refines it depth-first; "
            "per node, octant counts by votes and shared atomics, offsets, a stable scatter; "
            "barriers between all phases",
            "bricks of 8 to 807 clustered points (default 512, at most 512: one CTA of 256 "
            "threads each)",
            run_octree, 8, {"baws-barrier"}, 32);

}  // namespace wf::workloads::octree
