// The device heap behind kernels' malloc and free: first fit, alignment, exhaustion, merging
// of freed neighbours, and frees of what malloc did not return.
#include <gtest/gtest.h>

#include "sim_model/ptx/device_heap.h"

namespace wf::ptx {
namespace {

TEST(DeviceHeap, FirstFitAlignedAndExhausted) {
  DeviceHeap h(0x1000, 256);
  const std::uint64_t a = h.allocate(1), b = h.allocate(17), c = h.allocate(0);
  EXPECT_EQ(a, 0x1000u);
  EXPECT_EQ(b, 0x1010u);  // 1 byte takes a 16-byte block
  EXPECT_EQ(c, 0x1030u);  // 17 bytes take 32; malloc(0) a block of its own
  EXPECT_EQ(h.allocate(256), 0u);
  EXPECT_EQ(h.allocate(~0ull), 0u);
  EXPECT_EQ(h.allocate(256 - 0x40), 0x1040u);
  EXPECT_EQ(h.allocate(1), 0u);  // full
}

TEST(DeviceHeap, FreedNeighboursMerge) {
  DeviceHeap h(0, 64);
  const std::uint64_t a = h.allocate(16), b = h.allocate(16), c = h.allocate(16);
  EXPECT_EQ(h.allocate(32), 0u);
  EXPECT_TRUE(h.release(a));
  EXPECT_TRUE(h.release(c));
  EXPECT_EQ(h.allocate(48), 0u);  // 16 + 32 free, apart
  EXPECT_TRUE(h.release(b));
  EXPECT_EQ(h.allocate(64), 0u);  // everything merged again
}

TEST(DeviceHeap, FreeOfWhatMallocDidNotReturn) {
  DeviceHeap h(0x100, 64);
  const std::uint64_t a = h.allocate(32);
  EXPECT_FALSE(h.release(a + 16));
  EXPECT_TRUE(h.release(a));
  EXPECT_FALSE(h.release(a));  // twice
}

}  // namespace
}  // namespace wf::ptx
