// What the CUDA driver gives a kernel: %envreg1:%envreg2, the grid workspace of a cooperative
// launch (0 in an ordinary one), the rule that a cooperative grid fits the machine at once, and
// malloc/free from the device heap; and the one-line refusals of other driver registers and of
// newer architectures' instructions.
#include <gtest/gtest.h>

#include "sim_model/common/error.h"
#include "sim_model/gpu/launch_limits.h"
#include "sim_model/gpu/runtime.h"
#include "tests/ptx/ptx_test_util.h"

namespace wf::ptx::test {
namespace {

const std::string kWorkspaceKernel = std::string(kHeader) + R"(
.visible .entry k(.param .u64 out)
{
  .reg .b32 %hi, %lo;
  .reg .b64 %o;
  ld.param.u64 %o, [out];
  mov.u32 %hi, %envreg1;
  mov.u32 %lo, %envreg2;
  st.global.u32 [%o], %lo;
  st.global.u32 [%o+4], %hi;
  ret;
}
)";

TEST(DriverFeatures, GridWorkspaceOnlyInCooperativeLaunches) {
  gpu::Runtime rt;
  rt.load_ptx(kWorkspaceKernel, "ws.ptx");
  const gpu::DevPtr out = rt.malloc(8);
  rt.launch("k", {2, 1, 1}, {32, 1, 1}, {gpu::KernelArg::of(out)});
  EXPECT_EQ(rt.download<std::uint64_t>(out, 1)[0], 0u);
  rt.launch("k", {2, 1, 1}, {32, 1, 1}, {gpu::KernelArg::of(out)}, 0, true);
  const std::uint64_t ws = rt.download<std::uint64_t>(out, 1)[0];
  ASSERT_NE(ws, 0u);
  // {u32 size, u32 barrier}, device memory the kernel can reach
  const std::vector<std::uint32_t> words = rt.download<std::uint32_t>(ws, 2);
  EXPECT_EQ(words[0], 8u);
}

TEST(DriverFeatures, CooperativeGridMustFit) {
  gpu::Runtime rt;
  rt.load_ptx(kWorkspaceKernel, "ws.ptx");
  const gpu::DevPtr out = rt.malloc(8);
  // The default preset (gtx480): 15 SMs, 1536 threads and 8 CTAs each.
  const std::uint64_t per_sm = rt.ctas_per_sm("k", {1024, 1, 1}, 0);
  EXPECT_EQ(per_sm, 1u);
  EXPECT_EQ(rt.ctas_per_sm("k", {32, 1, 1}, 0), 8u);
  rt.launch("k", {15, 1, 1}, {1024, 1, 1}, {gpu::KernelArg::of(out)}, 0, true);
  try {
    rt.launch("k", {16, 1, 1}, {1024, 1, 1}, {gpu::KernelArg::of(out)}, 0, true);
    FAIL() << "a cooperative grid of 16 CTAs of 1024 threads fits 15 SMs";
  } catch (const gpu::LaunchRefused& e) {
    EXPECT_EQ(e.limit(), gpu::LaunchRefused::Limit::kCooperative);
    EXPECT_NE(std::string(e.what()).find("at most 15 can be resident"), std::string::npos);
  }
  rt.launch("k", {16, 1, 1}, {1024, 1, 1}, {gpu::KernelArg::of(out)});  // not cooperative
}

TEST(DriverFeatures, MallocAndFree) {
  const std::string text = std::string(kHeader) + R"(
.extern .func (.param .b64 func_retval0) malloc(.param .b64 malloc_param_0);
.extern .func free(.param .b64 free_param_0);
.visible .entry k(.param .u64 out, .param .u64 size)
{
  .reg .b64 %o, %p, %n, %i;
  .reg .b32 %t;
  ld.param.u64 %o, [out];
  ld.param.u64 %n, [size];
  mov.u32 %t, %tid.x;
  {
  .param .b64 a;
  .param .b64 r;
  st.param.b64 [a], %n;
  call.uni (r), malloc, (a);
  ld.param.b64 %p, [r];
  }
  mul.wide.u32 %i, %t, 8;
  add.u64 %i, %o, %i;
  st.global.u64 [%i], %p;
  {
  .param .b64 a;
  st.param.b64 [a], 0;
  call.uni free, (a);
  }
  ret;
}
)";
  gpu::Runtime rt;
  rt.set_heap_bytes(1024);
  rt.load_ptx(text, "heap.ptx");
  const gpu::DevPtr out = rt.malloc(8 * 8);
  rt.launch("k", {1, 1, 1}, {8, 1, 1}, {gpu::KernelArg::of(out), gpu::KernelArg::of(200ull)});
  const std::vector<std::uint64_t> p = rt.download<std::uint64_t>(out, 8);
  // 1024 bytes hold four blocks of 208: lanes 0..3 get them in lane order, 16-byte aligned and
  // writable device memory; the rest get NULL.
  for (int l = 0; l < 4; ++l) {
    EXPECT_EQ(p[l] % 16, 0u);
    if (l) {
      EXPECT_EQ(p[l], p[l - 1] + 208);
    }
    rt.memcpy_to_device(p[l], &l, sizeof l);
  }
  for (int l = 4; l < 8; ++l) EXPECT_EQ(p[l], 0u);
  EXPECT_THROW(rt.set_heap_bytes(4096), UsageError);
  EXPECT_EQ(rt.heap_bytes(), 1024u);
}

TEST(DriverFeatures, OtherEnvRegistersAreRefused) {
  std::string text = kWorkspaceKernel;
  text.replace(text.find("%envreg1"), 8, "%envreg0");
  EXPECT_NE(error_of([&] {
              gpu::Runtime().load_ptx(text, "e.ptx");
            }).find("unsupported special register '%envreg0': the CUDA driver defines"),
            std::string::npos);
  text.replace(text.find("%envreg0"), 8, "%envreg77");
  EXPECT_NE(error_of([&] {
              gpu::Runtime().load_ptx(text, "e.ptx");
            }).find("expected %envreg0 to %envreg31"),
            std::string::npos);
}

TEST(DriverFeatures, NewerArchitecturesAreRefusedInOneLine) {
  const std::string cp =
      error_of([] { run_snippet("cp.async.ca.shared.global [%la], [%lb], 16;"); });
  EXPECT_NE(cp.find("unsupported instruction 'cp.async' (asynchronous copies from global to "
                    "shared memory): it needs sm_80"),
            std::string::npos)
      << cp;
  EXPECT_EQ(cp.find('\n'), std::string::npos);
  EXPECT_NE(error_of([] {
              run_snippet("mbarrier.init.shared.b64 [%la], %ra;");
            }).find("'mbarrier' (arrive/wait barriers in shared memory): it needs sm_80"),
            std::string::npos);
  EXPECT_NE(error_of([] {
              run_snippet(
                  "wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32 {%fd}, "
                  "{%fa}, {%fb}, {%fc};");
            }).find("'wmma' (tensor-core matrix multiply-accumulate): it needs sm_70"),
            std::string::npos);
  EXPECT_NE(error_of([] {
              run_snippet("frobnicate.b32 %rd, %ra;");
            }).find("unsupported instruction 'frobnicate'"),
            std::string::npos);
}

}  // namespace
}  // namespace wf::ptx::test
