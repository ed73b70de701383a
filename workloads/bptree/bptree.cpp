// Host driver and CPU reference for bptree.cu: bulk-loads a B+ tree of order 256 whose nodes
// are between half and completely full (as a tree grown by insertions is), runs point queries
// and range queries, and checks them against binary search on the sorted keys.
#include <algorithm>
#include <climits>
#include <cstdint>
#include <vector>

#include "workloads/compare.h"
#include "workloads/rng.h"
#include "workloads/session.h"
#include "workloads/size_option.h"
#include "workloads/workload.h"

namespace wf::workloads::bptree {
namespace {

constexpr unsigned kOrder = 256;  // ORDER in bptree.cu: children per node, threads per CTA
constexpr unsigned kSlots = kOrder + 1;
constexpr std::size_t kKeys = 200000;  // three levels: root, a few internal nodes, ~1000 leaves

struct Knode {  // Knode in bptree.cu
  std::int32_t keys[kSlots];
  std::int32_t indices[kSlots];
  std::int32_t num_keys;
  std::int32_t is_leaf;
};
static_assert(sizeof(Knode) == (2 * kSlots + 2) * 4);

struct Tree {
  std::vector<int> keys;  // sorted, unique; a key's position is its record's index
  std::vector<Knode> nodes;
  int height = 0;  // levels below the root
};

// Splits `count` items into runs of kOrder/2 .. `most` (the last run takes what is left, and
// a single run may be smaller), so every node is at least half full like a grown tree's.
std::vector<std::size_t> run_lengths(SplitMix64& rng, std::size_t count, std::size_t most) {
  std::vector<std::size_t> runs;
  while (count > most) {
    std::size_t n = kOrder / 2 + rng.below(most - kOrder / 2 + 1);
    if (count - n < kOrder / 2) n = count - kOrder / 2;  // leave a legal last run
    runs.push_back(n);
    count -= n;
  }
  runs.push_back(count);
  return runs;
}

Knode empty_node(bool leaf) {
  Knode n;
  std::fill(std::begin(n.keys), std::end(n.keys), INT_MAX);
  std::fill(std::begin(n.indices), std::end(n.indices), 0);
  n.num_keys = 0;
  n.is_leaf = leaf;
  return n;
}

Tree build_tree(SplitMix64& rng) {
  Tree t;
  int key = 0;
  for (std::size_t i = 0; i < kKeys; ++i) t.keys.push_back(key += 1 + int(rng.below(16)));

  // Levels bottom-up; each entry is a node and the smallest key below it.
  struct Built {
    Knode node;
    int min_key;
  };
  std::vector<std::vector<Built>> levels(1);
  std::size_t first = 0;
  for (std::size_t n : run_lengths(rng, kKeys, kOrder - 1)) {
    Knode leaf = empty_node(true);
    for (std::size_t i = 0; i < kSlots; ++i) leaf.indices[i] = int(first + i);
    for (std::size_t i = 0; i < n; ++i) leaf.keys[i] = t.keys[first + i];
    leaf.num_keys = int(n);
    levels[0].push_back({leaf, leaf.keys[0]});
    first += n;
  }
  while (levels.back().size() > 1) {
    const auto& below = levels.back();
    std::vector<Built> above;
    std::size_t child = 0;
    for (std::size_t n : run_lengths(rng, below.size(), kOrder)) {
      Knode node = empty_node(false);
      for (std::size_t i = 0; i < n; ++i) {
        node.keys[i] = i == 0 ? INT_MIN : below[child + i].min_key;
        node.indices[i] = int(child + i);  // index within the level below, renumbered next
      }
      node.num_keys = int(n);
      above.push_back({node, below[child].min_key});
      child += n;
    }
    levels.push_back(std::move(above));
  }
  // Node ids top-down, so the root is node 0; child indices become ids.
  t.height = int(levels.size()) - 1;
  std::vector<int> level_base(levels.size());
  int next_id = 0;
  for (std::size_t l = levels.size(); l-- > 0;) {
    level_base[l] = next_id;
    next_id += int(levels[l].size());
  }
  for (std::size_t l = levels.size(); l-- > 0;)
    for (auto& b : levels[l]) {
      if (l > 0)
        for (int i = 0; i < b.node.num_keys; ++i) b.node.indices[i] += level_base[l - 1];
      t.nodes.push_back(b.node);
    }
  return t;
}

RunResult run_bptree(gpu::Runtime& runtime, const WorkloadOptions& options) {
  const auto queries = choose_size("bptree", options, {.fallback = 512, .min = 1, .max = 1 << 20});
  SplitMix64 rng(options.seed);
  const Tree tree = build_tree(rng);
  std::vector<int> records(kKeys);
  for (auto& r : records) r = int(rng.below(1u << 30));

  // Point queries: half of them keys of the tree, half anything in (or just beyond) its span.
  // Ranges of up to 2000 key units, so some cross leaves; some start below the smallest key.
  const int top = tree.keys.back();
  std::vector<int> find(queries), lo(queries), hi(queries);
  for (auto& q : find)
    q = rng.below(2) ? tree.keys[rng.below(kKeys)] : int(rng.below(std::uint64_t(top) + 16));
  for (std::size_t i = 0; i < queries; ++i) {
    lo[i] = int(rng.below(std::uint64_t(top) + 16)) - 8;
    hi[i] = lo[i] + int(rng.below(2000));
  }

  std::vector<int> want_answer(queries, -1), want_start(queries), want_length(queries);
  const auto& k = tree.keys;
  for (std::size_t i = 0; i < queries; ++i) {
    auto at = std::lower_bound(k.begin(), k.end(), find[i]);
    if (at != k.end() && *at == find[i]) want_answer[i] = records[at - k.begin()];
    const auto from = std::lower_bound(k.begin(), k.end(), lo[i]) - k.begin();
    want_start[i] = int(from);
    want_length[i] = int(std::upper_bound(k.begin(), k.end(), hi[i]) - k.begin() - from);
  }

  Session session(runtime, "bptree");
  gpu::DevPtr d_nodes = runtime.upload(tree.nodes), d_records = runtime.upload(records);
  gpu::DevPtr d_find = runtime.upload(find), d_lo = runtime.upload(lo), d_hi = runtime.upload(hi);
  gpu::DevPtr d_answer = runtime.upload(std::vector<int>(queries, -1));
  gpu::DevPtr d_start = runtime.upload(std::vector<int>(queries, -1));
  gpu::DevPtr d_length = runtime.upload(std::vector<int>(queries, 0));
  const auto grid = static_cast<std::uint32_t>(queries);
  session.launch("bt_find_k", {grid}, {kOrder},
                 {arg(d_nodes), arg(tree.height), arg(d_records), arg(d_find), arg(d_answer)});
  session.launch(
      "bt_find_range_k", {grid}, {kOrder},
      {arg(d_nodes), arg(tree.height), arg(d_lo), arg(d_hi), arg(d_start), arg(d_length)});
  auto answer = runtime.download<int>(d_answer, queries);
  auto start = runtime.download<int>(d_start, queries);
  auto length = runtime.download<int>(d_length, queries);
  for (auto p : {d_nodes, d_records, d_find, d_lo, d_hi, d_answer, d_start, d_length})
    runtime.free(p);

  if (auto m = first_mismatch("answer", want_answer, answer)) return session.finish(m);
  if (auto m = first_mismatch("start", want_start, start)) return session.finish(m);
  return session.finish(first_mismatch("length", want_length, length));
}

}  // namespace

WF_WORKLOAD("bptree",
            "B+ tree search (Rodinia b+tree findK + findRangeK): a CTA per query walks the tree a "
            "level at a time, 256 threads compare keys, two barriers per level",
            "queries of each kind (default 512: 512 CTAs of 256 threads per kernel)", run_bptree,
            16, {"baws-barrier"}, 25);

}  // namespace wf::workloads::bptree
