// Bank-conflict degree of shared-memory accesses: hand-derived cases, and random accesses
// against a direct count (per bank, the number of distinct words).
#include <gtest/gtest.h>

#include <map>
#include <random>
#include <set>

#include "sim_model/sm/shared_memory_banks.h"

namespace wf::sm {
namespace {

ptx::MemAccess access(std::uint64_t lanes, unsigned bytes) {
  ptx::MemAccess m;
  m.space = ptx::Space::Shared;
  m.bytes = static_cast<std::uint8_t>(bytes);
  m.lanes = lanes;
  return m;
}

unsigned direct_degree(const ptx::MemAccess& m, unsigned banks) {
  std::map<unsigned, std::set<std::uint64_t>> words;
  const unsigned per_thread = std::max(1u, (m.bytes + 3u) / 4u);
  for (unsigned l = 0; l < 64; ++l) {
    if (!((m.lanes >> l) & 1)) continue;
    for (unsigned k = 0; k < per_thread && k < 4; ++k) {
      const std::uint64_t w = m.addr[l] / 4 + k;
      words[static_cast<unsigned>(w % banks)].insert(w);
    }
  }
  unsigned degree = 1;
  for (const auto& [bank, set] : words) degree = std::max<unsigned>(degree, set.size());
  return degree;
}

TEST(SharedMemoryBanks, ConsecutiveWordsAreConflictFree) {
  ptx::MemAccess m = access(0xffffffffull, 4);
  for (unsigned l = 0; l < 32; ++l) m.addr[l] = 4 * l;
  EXPECT_EQ(bank_conflict_degree(m, 32), 1u);
}

TEST(SharedMemoryBanks, OneWordForAllLanesIsABroadcast) {
  ptx::MemAccess m = access(0xffffffffull, 4);
  for (unsigned l = 0; l < 32; ++l) m.addr[l] = 256;
  EXPECT_EQ(bank_conflict_degree(m, 32), 1u);
}

TEST(SharedMemoryBanks, StrideOfTheBankCountSerializesEveryLane) {
  ptx::MemAccess m = access(0xffffffffull, 4);
  for (unsigned l = 0; l < 32; ++l) m.addr[l] = 4 * 32 * l;
  EXPECT_EQ(bank_conflict_degree(m, 32), 32u);
}

TEST(SharedMemoryBanks, StrideOfTwoWordsConflictsTwoWays) {
  // Lane l reads word 2l: lanes l and l + 16 meet in bank 2l mod 32, 16 banks with 2 words.
  ptx::MemAccess m = access(0xffffffffull, 4);
  for (unsigned l = 0; l < 32; ++l) m.addr[l] = 4 * 2 * l;
  EXPECT_EQ(bank_conflict_degree(m, 32), direct_degree(m, 32));
  EXPECT_EQ(bank_conflict_degree(m, 32), 2u);
}

TEST(SharedMemoryBanks, VectorAccessesCountEveryWord) {
  ptx::MemAccess m = access(0xffffull, 16);  // 16 lanes x 4 words = 64 words over 32 banks
  for (unsigned l = 0; l < 16; ++l) m.addr[l] = 16 * l;
  EXPECT_EQ(bank_conflict_degree(m, 32), 2u);
}

TEST(SharedMemoryBanks, OneBankServesEveryWordInTurn) {
  ptx::MemAccess m = access(~0ull, 16);  // 64 lanes x 4 distinct words, all in the one bank
  for (unsigned l = 0; l < 64; ++l) m.addr[l] = 16 * l;
  EXPECT_EQ(bank_conflict_degree(m, 1), 256u);
}

TEST(SharedMemoryBanks, NoLanesTakesOnePass) {
  EXPECT_EQ(bank_conflict_degree(access(0, 4), 32), 1u);
}

TEST(SharedMemoryBanks, RandomAccessesMatchADirectCount) {
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 20000; ++trial) {
    const unsigned banks = 1u + static_cast<unsigned>(rng() % 64);
    const unsigned bytes = 1u << (rng() % 5);  // 1..16
    ptx::MemAccess m = access(rng() | rng(), bytes);
    const std::uint64_t span = 1u + rng() % 4096;  // small spans make broadcasts and conflicts
    for (unsigned l = 0; l < 64; ++l) m.addr[l] = (rng() % span) * bytes;
    ASSERT_EQ(bank_conflict_degree(m, banks), direct_degree(m, banks))
        << "trial " << trial << ", " << banks << " banks, " << bytes << " bytes";
  }
}

}  // namespace
}  // namespace wf::sm
