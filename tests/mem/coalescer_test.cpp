#include "sim_model/mem/coalescer.h"

#include <gtest/gtest.h>

#include <memory>
#include <vector>

namespace wf::mem {
namespace {

ptx::MemAccess warp_access(ptx::Space space, unsigned bytes, std::uint64_t base,
                           std::uint64_t stride, unsigned lanes = 32) {
  ptx::MemAccess m;
  m.space = space;
  m.bytes = static_cast<std::uint8_t>(bytes);
  m.lanes = lanes == 64 ? ~0ull : (1ull << lanes) - 1;
  for (unsigned l = 0; l < lanes; ++l) m.addr[l] = base + l * stride;
  return m;
}

TEST(Coalescer, ConsecutiveWordsAreOneLine) {
  Coalescer c(128, 32);
  Coalescer::Lines out;
  const unsigned n = c.coalesce(warp_access(ptx::Space::Global, 4, 0x1000, 4), 0, 0, out);
  ASSERT_EQ(n, 1u);
  EXPECT_EQ(out[0].addr, 0x1000u);
  EXPECT_EQ(out[0].bytes, 128u);
  EXPECT_EQ(out[0].lanes, 0xffffffffull);
}

// Stores name the bytes they write in each line (the L2 merges partial lines by them).
TEST(Coalescer, StoresMarkTheBytesTheyWrite) {
  Coalescer c(128, 32);
  Coalescer::Lines out;
  // Every other word from byte 64 of a line: 24 lanes, the rest of that line and the next.
  ptx::MemAccess m = warp_access(ptx::Space::Global, 4, 0x1040, 8, 24);
  m.is_store = true;
  ASSERT_EQ(c.coalesce(m, 0, 0, out), 2u);
  ByteMask first, second;
  for (unsigned b = 64; b < 128; b += 8) first.set(b, b + 4, 128);
  for (unsigned b = 0; b < 128; b += 8) second.set(b, b + 4, 128);
  EXPECT_EQ(out[0].mask, first);
  EXPECT_EQ(out[1].mask, second);
  EXPECT_FALSE(out[1].mask.full(128));
  m.is_store = false;  // loads leave the mask empty
  ASSERT_EQ(c.coalesce(m, 0, 0, out), 2u);
  EXPECT_TRUE(out[0].mask.empty());
}

// A mask has a bit per byte of a 128-byte line; longer lines mark granules of line/128 bytes.
TEST(ByteMaskTest, BytesAndGranules) {
  ByteMask m;
  m.set(0, 64, 128);
  EXPECT_TRUE(m.any_in(0, 1));
  EXPECT_FALSE(m.any_in(64, 128));
  EXPECT_FALSE(m.full(128));
  m.set(64, 128, 128);
  EXPECT_TRUE(m.full(128));
  ByteMask half;
  half.set(0, 128, 256);  // 128 bytes of a 256-byte line: half its 2-byte granules
  EXPECT_FALSE(half.full(256));
  EXPECT_TRUE(half.any_in(63, 64));
  EXPECT_FALSE(half.any_in(64, 128));
  ByteMask g;
  g.set(3, 4, 256);  // byte 3 is in granule 1 (2 bytes each)
  EXPECT_TRUE(g.any_in(1, 2));
  EXPECT_FALSE(g.any_in(0, 1));
  ByteMask whole;
  whole.set(0, 32, 32);
  EXPECT_TRUE(whole.full(32));
}

TEST(Coalescer, LineStrideGivesOneLinePerLane) {
  Coalescer c(128, 32);
  Coalescer::Lines out;
  const unsigned n = c.coalesce(warp_access(ptx::Space::Global, 4, 0x2000, 128), 0, 0, out);
  ASSERT_EQ(n, 32u);
  for (unsigned l = 0; l < 32; ++l) {
    EXPECT_EQ(out[l].addr, 0x2000u + 128 * l);
    EXPECT_EQ(out[l].bytes, 4u);
    EXPECT_EQ(out[l].lanes, 1ull << l);
  }
}

TEST(Coalescer, MisalignedSpanTouchesTwoLines) {
  Coalescer c(128, 32);
  Coalescer::Lines out;
  // 32 x 4 B starting 64 B into a line: half of each of two lines.
  const unsigned n = c.coalesce(warp_access(ptx::Space::Global, 4, 0x1040, 4), 0, 0, out);
  ASSERT_EQ(n, 2u);
  EXPECT_EQ(out[0].addr, 0x1000u);
  EXPECT_EQ(out[1].addr, 0x1080u);
  EXPECT_EQ(out[0].bytes, 64u);
  EXPECT_EQ(out[0].lanes, 0xffffull);
  EXPECT_EQ(out[1].lanes, 0xffff0000ull);
}

TEST(Coalescer, EightByteLanesSpanTwoLinesAndRepeatsMerge) {
  Coalescer c(128, 32);
  Coalescer::Lines out;
  // 32 x 8 B = 256 B = 2 lines.
  EXPECT_EQ(c.coalesce(warp_access(ptx::Space::Global, 8, 0x3000, 8), 0, 0, out), 2u);
  // Every lane reads the same word: one line, 4 bytes... capped per lane sum at the line size.
  EXPECT_EQ(c.coalesce(warp_access(ptx::Space::Global, 4, 0x3004, 0), 0, 0, out), 1u);
  EXPECT_EQ(out[0].lanes, 0xffffffffull);
  // Scattered lanes over 3 lines, out of order: first-touch order.
  ptx::MemAccess m = warp_access(ptx::Space::Global, 4, 0, 0, 4);
  m.addr = {};
  m.addr[0] = 0x4100;
  m.addr[1] = 0x4000;
  m.addr[2] = 0x4104;
  m.addr[3] = 0x4200;
  ASSERT_EQ(c.coalesce(m, 0, 0, out), 3u);
  EXPECT_EQ(out[0].addr, 0x4100u);
  EXPECT_EQ(out[0].lanes, 0b101ull);
  EXPECT_EQ(out[1].addr, 0x4000u);
  EXPECT_EQ(out[2].addr, 0x4200u);
}

TEST(Coalescer, LaneLeavingThePreviousLinesLineAddsTheNextLine) {
  Coalescer c(128, 32);
  Coalescer::Lines out;
  // Lane 1 starts in lane 0's line but its 8 bytes run 4 into the next one.
  ptx::MemAccess m = warp_access(ptx::Space::Global, 8, 0, 0, 3);
  m.addr[0] = 0x1000;
  m.addr[1] = 0x107c;
  m.addr[2] = 0x1084;
  ASSERT_EQ(c.coalesce(m, 0, 0, out), 2u);
  EXPECT_EQ(out[0].addr, 0x1000u);
  EXPECT_EQ(out[0].bytes, 12u);
  EXPECT_EQ(out[0].lanes, 0b011ull);
  EXPECT_EQ(out[1].addr, 0x1080u);
  EXPECT_EQ(out[1].bytes, 12u);
  EXPECT_EQ(out[1].lanes, 0b110ull);
}

TEST(Coalescer, InactiveLanesAreIgnored) {
  Coalescer c(128, 32);
  Coalescer::Lines out;
  ptx::MemAccess m = warp_access(ptx::Space::Global, 4, 0x2000, 128);
  m.lanes = 0b1001;
  ASSERT_EQ(c.coalesce(m, 0, 0, out), 2u);
  EXPECT_EQ(out[1].addr, 0x2000u + 3 * 128);
}

TEST(Coalescer, LocalMemoryInterleavesThreads) {
  Coalescer c(128, 32);
  Coalescer::Lines out;
  // Every lane reads its own local offset 8: one line in the interleaved layout.
  ASSERT_EQ(c.coalesce(warp_access(ptx::Space::Local, 4, 8, 0), 3, 5, out), 1u);
  EXPECT_EQ(out[0].addr, c.local_address(3, 5, 0, 8));
  EXPECT_EQ(out[0].addr % 128, 0u);
  // An 8-byte local access is two words, each in its own line.
  EXPECT_EQ(c.coalesce(warp_access(ptx::Space::Local, 8, 0, 0), 3, 5, out), 2u);
  // Other warps and SMs have their own windows.
  EXPECT_NE(c.local_address(3, 5, 0, 0), c.local_address(3, 6, 0, 0));
  EXPECT_NE(c.local_address(3, 5, 0, 0), c.local_address(4, 5, 0, 0));
}

TEST(Coalescer, SharedSpaceIsRefused) {
  Coalescer c(128, 32);
  Coalescer::Lines out;
  EXPECT_THROW(c.coalesce(warp_access(ptx::Space::Shared, 4, 0, 4), 0, 0, out),
               std::invalid_argument);
}

// A texture fetch's further texels count as the lines they fall in, with their lanes: the
// largest footprint (8 texels per lane on 8 lines, 64 lanes) fits.
TEST(Coalescer, TextureTexelsAddTheirLines) {
  Coalescer c(128, 64);
  auto out = std::make_unique<Coalescer::Lines>();
  ptx::MemAccess m = warp_access(ptx::Space::Global, 4, 0x1000, 4, 2);
  // Lane 0's second texel shares its line, lane 1's lies one row (2 lines) further down.
  const std::vector<ptx::TexelAddress> more{{0x1004, 0}, {0x1104, 1}};
  m.texels = more.data();
  m.texel_count = 2;
  ASSERT_EQ(c.coalesce(m, 0, 0, *out), 2u);
  EXPECT_EQ((*out)[0].lanes, 0b11u);
  EXPECT_EQ((*out)[1].addr, 0x1100u);
  EXPECT_EQ((*out)[1].lanes, 0b10u);

  std::vector<ptx::TexelAddress> spread;
  ptx::MemAccess wide = warp_access(ptx::Space::Global, 4, 0x100000, 8 * 128, 64);
  for (unsigned l = 0; l < 64; ++l)
    for (unsigned t = 1; t < 8; ++t) spread.push_back({0x100000 + (l * 8 + t) * 128, l});
  wide.texels = spread.data();
  wide.texel_count = static_cast<std::uint32_t>(spread.size());
  EXPECT_EQ(c.coalesce(wide, 0, 0, *out), 512u);
}

}  // namespace
}  // namespace wf::mem
