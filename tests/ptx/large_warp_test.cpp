// Large warps (LWM; ptx/warp.h) on the functional executor: one SIMT stack over rows of 32
// threads must change which threads run together, never what any thread computes. Every
// workload gives the same memory and the same per-thread instruction count with large warps of
// every size as with ordinary warps, and the program still sees warps of 32 threads.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "sim_model/common/error.h"
#include "sim_model/gpu/runtime.h"
#include "sim_model/ptx/kernel_error.h"
#include "workloads/workload.h"

namespace wf::ptx::test {
namespace {

struct Outcome {
  bool passed = false;
  std::uint64_t digest = 0;
  std::vector<workloads::KernelStats> kernels;
};

Outcome run_workload(const workloads::Workload& w, unsigned large_warp_size) {
  gpu::RuntimeOptions o;
  o.large_warp_size = large_warp_size;
  gpu::Runtime rt(o);
  workloads::WorkloadOptions wo;
  wo.size = w.test_size;
  Outcome out;
  const workloads::RunResult r = w.run(rt, wo);
  out.passed = r.passed;
  out.kernels = r.kernels;
  out.digest = rt.memory_digest();
  return out;
}

class LargeWarpWorkloads : public ::testing::TestWithParam<std::string> {};

TEST_P(LargeWarpWorkloads, SameMemoryAndThreadInstructionsAsOrdinaryWarps) {
  const workloads::Workload* w = workloads::find_workload(GetParam());
  ASSERT_NE(w, nullptr);
  const Outcome ordinary = run_workload(*w, 0);
  ASSERT_TRUE(ordinary.passed);
  for (const unsigned size : {64u, 256u, 512u}) {
    SCOPED_TRACE("large warps of " + std::to_string(size));
    const Outcome large = run_workload(*w, size);
    EXPECT_TRUE(large.passed);
    // Large warps change the order such a workload's atomics land in.
    if (!w->schedule_dependent_memory) {
      EXPECT_EQ(large.digest, ordinary.digest);
    }
    ASSERT_EQ(large.kernels.size(), ordinary.kernels.size());
    for (std::size_t k = 0; k < large.kernels.size(); ++k) {
      SCOPED_TRACE(large.kernels[k].kernel);
      EXPECT_EQ(large.kernels[k].thread_instructions, ordinary.kernels[k].thread_instructions);
      // Each large-warp instruction stands for at least one ordinary one of its rows.
      EXPECT_LE(large.kernels[k].warp_instructions, ordinary.kernels[k].warp_instructions);
      EXPECT_GT(large.kernels[k].warp_instructions, 0u);
    }
  }
}

std::vector<std::string> workload_names() {
  std::vector<std::string> names;
  for (const workloads::Workload* w : workloads::all_workloads()) names.push_back(w->name);
  return names;
}

INSTANTIATE_TEST_SUITE_P(All, LargeWarpWorkloads, ::testing::ValuesIn(workload_names()),
                         [](const auto& info) { return info.param; });

// Per thread: %warpid, %laneid, the ballot of odd lanes among lanes below 20, the value of the
// lane 3 above (shfl.down), %lanemask_lt, and a value set on one side of a branch that splits
// threads of the same row and of different rows differently.
const char* kProgramView = R"(
.version 9.0
.target sm_75
.address_size 64
.visible .entry view(.param .u64 out)
{
  .reg .b32 %r<16>;
  .reg .b64 %rd<4>;
  .reg .pred %p<4>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, %warpid;
  mov.u32 %r3, %laneid;
  and.b32 %r4, %r1, 1;
  setp.ne.u32 %p1, %r4, 0;
  vote.sync.ballot.b32 %r5, %p1, 0xfffff;
  shfl.sync.down.b32 %r6, %r1, 3, 31, -1;
  mov.u32 %r7, %lanemask_lt;
  mov.u32 %r8, 7;
  and.b32 %r9, %r1, 37;
  setp.eq.u32 %p2, %r9, 5;
  @%p2 bra SIDE;
  mov.u32 %r8, 9;
SIDE:
  mul.wide.u32 %rd2, %r1, 24;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r2;
  st.global.u32 [%rd3+4], %r3;
  st.global.u32 [%rd3+8], %r5;
  st.global.u32 [%rd3+12], %r6;
  st.global.u32 [%rd3+16], %r7;
  st.global.u32 [%rd3+20], %r8;
  ret;
}
)";

std::vector<std::uint32_t> program_view(unsigned large_warp_size, unsigned threads) {
  gpu::RuntimeOptions o;
  o.large_warp_size = large_warp_size;
  gpu::Runtime rt(o);
  rt.load_ptx(kProgramView, "view.ptx");
  gpu::DevPtr out = rt.malloc(threads * 24);
  rt.memset(out, 0, threads * 24);
  rt.launch("view", {1, 1, 1}, {threads, 1, 1}, {gpu::KernelArg::of(out)});
  return rt.download<std::uint32_t>(out, threads * 6);
}

TEST(LargeWarps, TheProgramStillSeesWarpsOf32Threads) {
  const unsigned threads = 200;  // not a multiple of the large warp: its last row is partial
  const std::vector<std::uint32_t> ordinary = program_view(0, threads);
  for (unsigned t = 0; t < threads; ++t) {
    ASSERT_EQ(ordinary[t * 6 + 0], t / 32);
    ASSERT_EQ(ordinary[t * 6 + 1], t % 32);
    ASSERT_EQ(ordinary[t * 6 + 5], (t & 37) == 5 ? 7u : 9u);
  }
  EXPECT_EQ(ordinary[0 * 6 + 2], 0xaaaaau);  // odd lanes 1 ... 19
  for (const unsigned size : {64u, 128u, 256u, 512u}) {
    SCOPED_TRACE("large warps of " + std::to_string(size));
    EXPECT_EQ(program_view(size, threads), ordinary);
  }
}

TEST(LargeWarps, SizesThatAreNoMultipleOfTheWarpOrAbove512AreRefused) {
  for (const unsigned size : {48u, 544u, 1024u}) {
    gpu::RuntimeOptions o;
    o.large_warp_size = size;
    try {
      gpu::Runtime rt(o);
      ADD_FAILURE() << size << " was accepted";
    } catch (const UsageError& e) {
      EXPECT_EQ(std::string(e.what()),
                "large warp size " + std::to_string(size) +
                    ": expected a multiple of the warp size 32 from 32 to 512");
    }
  }
}

const char* kUnsupported = R"(
.version 9.0
.target sm_75
.address_size 64
.func (.param .b32 r) twice(.param .b32 x)
{
  .reg .b32 %r<3>;
  ld.param.b32 %r1, [x];
  add.u32 %r2, %r1, %r1;
  st.param.b32 [r], %r2;
  ret;
}
.visible .entry calls(.param .u64 out)
{
  .reg .b32 %r<3>;
  .reg .b64 %rd<2>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  {
  .param .b32 a;
  .param .b32 b;
  st.param.b32 [a], %r1;
  call.uni (b), twice, (a);
  ld.param.b32 %r2, [b];
  }
  st.global.u32 [%rd1], %r2;
  ret;
}
.visible .entry count(.param .u64 out)
{
  .reg .b32 %r<3>;
  .reg .b64 %rd<2>;
  .reg .pred %p<2>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  setp.ne.u32 %p1, %r1, 0;
  bar.red.popc.u32 %r2, 0, %p1;
  st.global.u32 [%rd1], %r2;
  ret;
}
)";

TEST(LargeWarps, CallsOfFunctionsWithABodyAndBarRedAreRefusedByName) {
  for (const auto& [kernel, message] : std::vector<std::pair<std::string, std::string>>{
           {"calls", "a call of a function with a body in a large warp is not supported"},
           {"count", "bar.red in a large warp is not supported"}}) {
    gpu::RuntimeOptions o;
    o.large_warp_size = 128;
    gpu::Runtime rt(o);
    rt.load_ptx(kUnsupported, "unsupported.ptx");
    gpu::DevPtr out = rt.malloc(4);
    try {
      rt.launch(kernel, {1, 1, 1}, {64, 1, 1}, {gpu::KernelArg::of(out)});
      ADD_FAILURE() << kernel << " ran";
    } catch (const KernelError& e) {
      EXPECT_NE(std::string(e.what()).find(message), std::string::npos) << e.what();
    }
    // Ordinary warps run both.
    gpu::Runtime ordinary{gpu::RuntimeOptions{}};
    ordinary.load_ptx(kUnsupported, "unsupported.ptx");
    gpu::DevPtr o2 = ordinary.malloc(4);
    EXPECT_NO_THROW(ordinary.launch(kernel, {1, 1, 1}, {64, 1, 1}, {gpu::KernelArg::of(o2)}));
  }
}

}  // namespace
}  // namespace wf::ptx::test
