// InlineVector behaves as a std::vector of the same pushes and pops, inline or spilled to the
// heap, across copies and moves, and clear() returns it to its inline storage.
#include "sim_model/ptx/inline_vector.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <utility>
#include <vector>

namespace wf::ptx {
namespace {

using Vec = InlineVector<std::uint64_t, 3>;

std::vector<std::uint64_t> contents(const Vec& v) {
  return {v.begin(), v.end()};
}

TEST(InlineVector, MatchesAVectorThroughGrowthAndShrinking) {
  Vec v;
  std::vector<std::uint64_t> ref;
  std::uint64_t x = 11;
  for (int step = 0; step < 2000; ++step) {
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    if (!ref.empty() && (x >> 60) < 7) {  // pop a little less often than push: depth wanders
      ref.pop_back();
      v.pop_back();
    } else {
      ref.push_back(x);
      v.push_back(x);
    }
    ASSERT_EQ(v.size(), ref.size());
    ASSERT_EQ(v.empty(), ref.empty());
    if (!ref.empty()) {
      ASSERT_EQ(v.back(), ref.back());
    }
    for (std::size_t i = 0; i < ref.size(); ++i) ASSERT_EQ(v[i], ref[i]) << "step " << step;
  }
  EXPECT_GT(ref.size(), 3u);  // it did spill
}

TEST(InlineVector, CopiesAndMovesInlineAndSpilledContents) {
  for (std::uint64_t n : {2u, 3u, 4u, 9u}) {
    Vec a;
    for (std::uint64_t i = 0; i < n; ++i) a.push_back(100 + i);
    const auto want = contents(a);
    Vec copy(a);
    EXPECT_EQ(contents(copy), want);
    copy.back() = 7;  // a copy owns its elements
    EXPECT_EQ(contents(a), want);
    Vec assigned;
    assigned.push_back(1);
    assigned = a;
    EXPECT_EQ(contents(assigned), want);
    Vec moved(std::move(a));
    EXPECT_EQ(contents(moved), want);
    Vec move_assigned;
    for (int i = 0; i < 5; ++i) move_assigned.push_back(1);  // spilled before the move
    move_assigned = std::move(moved);
    EXPECT_EQ(contents(move_assigned), want);
    move_assigned.push_back(5);  // still usable, inline or not
    EXPECT_EQ(move_assigned.size(), n + 1);
  }
}

TEST(InlineVector, ClearReturnsToTheInlineStorage) {
  Vec v;
  const void* inline_storage = v.data();
  for (std::uint64_t i = 0; i < 8; ++i) v.push_back(i);
  EXPECT_NE(static_cast<const void*>(v.data()), inline_storage);
  v.clear();
  EXPECT_TRUE(v.empty());
  EXPECT_EQ(static_cast<const void*>(v.data()), inline_storage);
  v.push_back(42);
  EXPECT_EQ(contents(v), std::vector<std::uint64_t>({42}));
}

}  // namespace
}  // namespace wf::ptx
