// The runtime API as host drivers use it: module loading errors, residency waves, warp size 64,
// device memory bounds.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>

#include "sim_model/common/error.h"
#include "sim_model/gpu/runtime.h"
#include "tests/gpu/scale_kernel.h"

namespace wf::gpu {
namespace {

TEST(Runtime, LargeGridRunsInResidencyWaves) {
  RuntimeOptions o;
  o.max_resident_threads = 1024;  // 4 blocks of 256 at a time
  Runtime rt(o);
  rt.load_ptx(kScale, "scale.ptx");
  const unsigned n = 100000;
  std::vector<float> h(n);
  for (unsigned i = 0; i < n; ++i) h[i] = static_cast<float>(i);
  DevPtr p = rt.upload(h);
  LaunchStats s = rt.launch("scale", {(n + 255) / 256, 1, 1}, {256, 1, 1},
                            {KernelArg::of(p), KernelArg::of(n), KernelArg::of(2.0f)});
  auto out = rt.download<float>(p, n);
  for (unsigned i = 0; i < n; ++i) ASSERT_EQ(out[i], 2.0f * static_cast<float>(i)) << i;
  EXPECT_EQ(s.kernel, "scale");
  EXPECT_GT(s.warp_instructions, 0u);
  EXPECT_GE(s.thread_instructions, s.warp_instructions);
  EXPECT_LE(s.thread_instructions, s.warp_instructions * 32);
}

TEST(Runtime, WarpSize64CountsWarpInstructionsPerWavefront) {
  RuntimeOptions o32, o64;
  o64.warp_size = 64;
  Runtime a(o32), b(o64);
  a.load_ptx(kScale, "scale.ptx");
  b.load_ptx(kScale, "scale.ptx");
  std::vector<float> h(256, 1.0f);
  DevPtr pa = a.upload(h), pb = b.upload(h);
  unsigned n = 256;
  auto sa = a.launch("scale", {1, 1, 1}, {256, 1, 1},
                     {KernelArg::of(pa), KernelArg::of(n), KernelArg::of(3.0f)});
  auto sb = b.launch("scale", {1, 1, 1}, {256, 1, 1},
                     {KernelArg::of(pb), KernelArg::of(n), KernelArg::of(3.0f)});
  EXPECT_EQ(sa.thread_instructions, sb.thread_instructions);
  EXPECT_EQ(sa.warp_instructions, 2 * sb.warp_instructions);
  EXPECT_EQ(b.download<float>(pb, 256), std::vector<float>(256, 3.0f));
}

TEST(Runtime, LoadErrors) {
  Runtime rt;
  try {
    rt.load_ptx_file("no/such/file.ptx");
    FAIL() << "no error";
  } catch (const UsageError& e) {
    EXPECT_STREQ(e.what(), "no/such/file.ptx: cannot open PTX file");
  }
  rt.load_ptx(kScale, "one.ptx");
  try {
    rt.load_ptx(kScale, "two.ptx");
    FAIL() << "no error";
  } catch (const UsageError& e) {
    EXPECT_STREQ(e.what(), "two.ptx: kernel 'scale' is already loaded from another module");
  }
  EXPECT_THROW(rt.symbol_address("missing"), UsageError);
  EXPECT_THROW(Runtime(RuntimeOptions{48}), UsageError);
}

TEST(Runtime, LaunchShapeErrors) {
  Runtime rt;
  rt.load_ptx(kScale, "scale.ptx");
  DevPtr p = rt.malloc(4);
  std::vector<KernelArg> args{KernelArg::of(p), KernelArg::of(1u), KernelArg::of(1.0f)};
  EXPECT_THROW(rt.launch("scale", {0, 1, 1}, {1, 1, 1}, args), UsageError);
  EXPECT_THROW(rt.launch("scale", {1, 1, 1}, {2048, 1, 1}, args), UsageError);
}

// A size the device cannot hold fails and leaves the memory as it was; what malloc hands out
// never overlaps, and memory_info counts the live allocations in 256-byte units.
TEST(Runtime, DeviceMemoryIsBoundedAndNeverOverlaps) {
  constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();
  RuntimeOptions o;
  o.device_memory_bytes = 1 << 20;
  Runtime rt(o);
  EXPECT_EQ(rt.memory_info().total, 1u << 20);
  EXPECT_EQ(rt.memory_info().free, 1u << 20);
  const DevPtr p = rt.malloc(1000);
  EXPECT_EQ(rt.memory_info().free, (1u << 20) - 1024);
  for (const std::uint64_t bytes : {kMax, kMax - 255, kMax - 256, std::uint64_t{1} << 20}) {
    try {
      rt.malloc(bytes);
      FAIL() << bytes << " bytes allocated";
    } catch (const UsageError& e) {
      EXPECT_EQ(e.what(), std::to_string(bytes) +
                              " bytes: more than the device memory free (1047552 of 1048576 bytes, "
                              "[memory] device_bytes)");
    }
  }
  EXPECT_EQ(rt.memory_info().free, (1u << 20) - 1024);
  const DevPtr q = rt.malloc(256);
  EXPECT_GE(q, p + 1000);
  // Host memory the device addresses takes addresses, not device memory.
  const DevPtr h = rt.map_host(std::uint64_t{1} << 30);
  EXPECT_GE(h, q + 256);
  EXPECT_EQ(rt.memory_info().free, (1u << 20) - 1024 - 256);
  rt.free(p);
  rt.free(h);
  EXPECT_EQ(rt.memory_info().free, (1u << 20) - 256);
  EXPECT_GE(rt.malloc(1024), h + (std::uint64_t{1} << 30));

  // Unbounded, the address space still is: sizes near 2^64 fail rather than wrap the next
  // address back inside them.
  Runtime unbounded;
  const DevPtr a = unbounded.malloc(16);
  for (const std::uint64_t bytes : {kMax, kMax - 255, kMax - 1024, kMax - a})
    EXPECT_THROW(unbounded.malloc(bytes), UsageError) << bytes;
  EXPECT_THROW(unbounded.map_host(kMax), UsageError);
  EXPECT_GE(unbounded.malloc(16), a + 16);
}

}  // namespace
}  // namespace wf::gpu
