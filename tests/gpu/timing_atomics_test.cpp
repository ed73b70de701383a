// Global atomics in timing mode are performed when they reach the L2 atomics unit (DESIGN §4),
// not at issue: a load issued behind an in-flight atomic still reads the old value, the
// destination register gets the value at arrival, and functional mode keeps performing them
// at issue.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <numeric>
#include <string>
#include <vector>

#include "sim_model/gpu/runtime.h"
#include "sim_model/gpu/timing_session.h"
#include "sim_model/presets/machine.h"
#include "sim_model/sm/timing_config.h"

namespace wf::gpu {
namespace {

const char* kPtx = R"(.version 7.5
.target sm_75
.address_size 64
.visible .entry atom_then_load(.param .u64 pa, .param .u64 pout)
{
  .reg .b32 %r<4>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [pa];
  ld.param.u64 %rd2, [pout];
  atom.global.exch.b32 %r1, [%rd1], 7;
  ld.global.u32 %r2, [%rd1];
  st.global.u32 [%rd2], %r2;
  st.global.u32 [%rd2+4], %r1;
  ret;
}
.visible .entry count(.param .u64 pc, .param .u64 pout)
{
  .reg .b32 %r<8>;
  .reg .b64 %rd<6>;
  ld.param.u64 %rd1, [pc];
  ld.param.u64 %rd2, [pout];
  mov.u32 %r1, %ctaid.x;
  mov.u32 %r2, %ntid.x;
  mov.u32 %r3, %tid.x;
  mad.lo.s32 %r4, %r1, %r2, %r3;
  atom.global.add.u32 %r5, [%rd1], 1;
  mul.wide.u32 %rd3, %r4, 4;
  add.s64 %rd4, %rd2, %rd3;
  st.global.u32 [%rd4], %r5;
  ret;
}
.visible .entry red_then_fence(.param .u64 pa, .param .u64 pout)
{
  .reg .b32 %r<4>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [pa];
  ld.param.u64 %rd2, [pout];
  red.global.add.u32 [%rd1], 5;
  membar.gl;
  ld.global.u32 %r1, [%rd1];
  st.global.u32 [%rd2], %r1;
  ret;
}
.visible .entry red_then_barrier(.param .u64 pa, .param .u64 pout)
{
  .reg .b32 %r<4>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [pa];
  ld.param.u64 %rd2, [pout];
  red.global.add.u32 [%rd1], 5;
  bar.sync 0;
  ld.global.u32 %r1, [%rd1];
  st.global.u32 [%rd2], %r1;
  ret;
}
)";

enum class Mode { kFunctional, kTiming, kTimingFixedLatency };

std::shared_ptr<TimingSession> session_for(Mode mode) {
  if (mode == Mode::kFunctional) return nullptr;
  auto s = std::make_shared<TimingSession>(sm::load_timing_config(load_machine("gtx480")));
  if (mode == Mode::kTimingFixedLatency) s->use_fixed_latency_memory();
  return s;
}

std::vector<std::uint32_t> atom_then_load(Mode mode) {
  RuntimeOptions o;
  o.timing = session_for(mode);
  Runtime rt(o);
  rt.load_ptx(kPtx, "atomics.ptx");
  const DevPtr a = rt.upload(std::vector<std::uint32_t>{3});
  const DevPtr out = rt.malloc(8);
  rt.launch("atom_then_load", {1}, {1}, {KernelArg::of(a), KernelArg::of(out)});
  std::vector<std::uint32_t> r = rt.download<std::uint32_t>(out, 2);
  r.push_back(rt.download<std::uint32_t>(a, 1)[0]);
  return r;  // {loaded, atom's old value, final memory}
}

TEST(TimingAtomics, FunctionalModePerformsAtIssue) {
  EXPECT_EQ(atom_then_load(Mode::kFunctional), (std::vector<std::uint32_t>{7, 3, 7}));
}

TEST(TimingAtomics, TimingModePerformsAtTheL2) {
  // The load executes at issue, while the exchange is still on its way to the L2.
  for (Mode m : {Mode::kTiming, Mode::kTimingFixedLatency})
    EXPECT_EQ(atom_then_load(m), (std::vector<std::uint32_t>{3, 3, 7}));
}

std::uint32_t red_then(const char* kernel, Mode mode) {
  RuntimeOptions o;
  o.timing = session_for(mode);
  Runtime rt(o);
  rt.load_ptx(kPtx, "atomics.ptx");
  const DevPtr a = rt.upload(std::vector<std::uint32_t>{10});
  const DevPtr out = rt.malloc(4);
  rt.launch(kernel, {1}, {1}, {KernelArg::of(a), KernelArg::of(out)});
  return rt.download<std::uint32_t>(out, 1)[0];
}

TEST(TimingAtomics, FenceAndBarrierOrderAtomicsBeforeLaterLoads) {
  // Without waiting for the reduction's acknowledgement the load would read 10.
  for (Mode m : {Mode::kFunctional, Mode::kTiming, Mode::kTimingFixedLatency}) {
    EXPECT_EQ(red_then("red_then_fence", m), 15u);
    EXPECT_EQ(red_then("red_then_barrier", m), 15u);
  }
}

std::vector<std::uint32_t> count(Mode mode, std::uint32_t ctas, std::uint32_t threads,
                                 std::uint32_t& final_count) {
  RuntimeOptions o;
  o.timing = session_for(mode);
  Runtime rt(o);
  rt.load_ptx(kPtx, "atomics.ptx");
  const DevPtr c = rt.upload(std::vector<std::uint32_t>{0});
  const DevPtr out = rt.malloc(std::size_t{ctas} * threads * 4);
  rt.launch("count", {ctas}, {threads}, {KernelArg::of(c), KernelArg::of(out)});
  final_count = rt.download<std::uint32_t>(c, 1)[0];
  return rt.download<std::uint32_t>(out, std::size_t{ctas} * threads);
}

TEST(TimingAtomics, ContendedCounterHandsOutEveryValueOnceAndDeterministically) {
  const std::uint32_t ctas = 40, threads = 96, n = ctas * threads;
  std::uint32_t final_a = 0, final_b = 0;
  const auto a = count(Mode::kTiming, ctas, threads, final_a);
  const auto b = count(Mode::kTiming, ctas, threads, final_b);
  EXPECT_EQ(final_a, n);
  EXPECT_EQ(a, b);
  std::vector<std::uint32_t> sorted = a, expect(n);
  std::sort(sorted.begin(), sorted.end());
  std::iota(expect.begin(), expect.end(), 0u);
  EXPECT_EQ(sorted, expect);
}

}  // namespace
}  // namespace wf::gpu
