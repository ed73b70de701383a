// The runtime API as host drivers use it: module loading errors, residency waves, warp size 64.
#include <gtest/gtest.h>

#include "sim_model/common/error.h"
#include "sim_model/gpu/runtime.h"

namespace wf::gpu {
namespace {

const char* kScale = R"(
.version 9.0
.target sm_75
.address_size 64
.visible .entry scale(.param .u64 p, .param .u32 n, .param .f32 k)
{
  .reg .b32 %r<6>;
  .reg .b64 %rd<4>;
  .reg .f32 %f<3>;
  .reg .pred %p1;
  ld.param.u64 %rd1, [p];
  ld.param.u32 %r1, [n];
  ld.param.f32 %f1, [k];
  mov.u32 %r2, %ctaid.x;
  mov.u32 %r3, %ntid.x;
  mov.u32 %r4, %tid.x;
  mad.lo.s32 %r5, %r2, %r3, %r4;
  setp.ge.u32 %p1, %r5, %r1;
  @%p1 bra END;
  cvta.to.global.u64 %rd1, %rd1;
  mul.wide.u32 %rd2, %r5, 4;
  add.s64 %rd3, %rd1, %rd2;
  ld.global.f32 %f2, [%rd3];
  mul.f32 %f2, %f2, %f1;
  st.global.f32 [%rd3], %f2;
END:
  ret;
}
)";

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

}  // namespace
}  // namespace wf::gpu
