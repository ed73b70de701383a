// Reconvergence and calls: nvcc-compiled kernels checked against a CPU reference, hand-written
// PTX for precise SIMT-stack behaviour, and the step record the timing model will consume.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "sim_model/ptx/cta.h"
#include "sim_model/ptx/executor.h"
#include "sim_model/ptx/parser.h"
#include "tests/ptx/ptx_test_util.h"

namespace wf::ptx::test {
namespace {

std::string kernels_ptx() {
  std::ifstream in(std::string(WF_PTX_TEST_DATA "/kernels.ptx"));
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

int collatz(int x) {
  int n = 0;
  while (x != 1 && n < 1000) {
    x = (x & 1) ? 3 * x + 1 : x >> 1;
    ++n;
  }
  return n;
}
int fact(int n) {
  return n <= 1 ? 1 : n * fact(n - 1);
}

int control_ref(int t) {
  int v = t % 3 == 0 ? (t % 2 == 0 ? 1 : 2) : t % 3 == 1 ? 3 : 4;
  int s = 0;
  for (int i = 0; i < t % 17; ++i) {
    if (i == 11) break;
    if (i % 3 == 1) continue;
    s += i;
  }
  if (t & 1) s += collatz(t + 1);
  s += fact(t % 8);
  return v * 100000 + s;
}

class ControlFlow : public ::testing::TestWithParam<unsigned> {};

TEST_P(ControlFlow, NestedBranchesLoopsEarlyReturnDivergentAndRecursiveCalls) {
  gpu::RuntimeOptions o;
  o.warp_size = GetParam();
  gpu::Runtime rt(o);
  rt.load_ptx(kernels_ptx(), "kernels.ptx");
  const int n = 300;  // not a multiple of the block: the tail threads return early
  gpu::DevPtr out = rt.malloc(n * sizeof(int));
  rt.memset(out, 0xff, n * sizeof(int));
  rt.launch("control", {3, 1, 1}, {128, 1, 1}, {gpu::KernelArg::of(out), gpu::KernelArg::of(n)});
  auto got = rt.download<int>(out, n);
  for (int t = 0; t < n; ++t) ASSERT_EQ(got[t], control_ref(t)) << "thread " << t;
}

INSTANTIATE_TEST_SUITE_P(WarpSizes, ControlFlow, ::testing::Values(32u, 64u));

// Hand-written: lanes diverge at an if/else nested in a loop; the record reports divergence and
// the warp reconverges at the post-dominator with the full mask.
const char* kDiverge = R"(
.visible .entry d(.param .u64 out)
{
  .reg .b32 %r<8>;
  .reg .b64 %rd<4>;
  .reg .pred %p<4>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, 0;
  and.b32 %r3, %r1, 1;
  setp.eq.u32 %p1, %r3, 0;
  @%p1 bra EVEN;
  add.u32 %r2, %r2, 100;
  bra.uni JOIN;
EVEN:
  add.u32 %r2, %r2, 200;
JOIN:
  add.u32 %r2, %r2, %r1;
  mul.wide.u32 %rd2, %r1, 4;
  add.u64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r2;
  exit;
}
)";

TEST(SimtStack, StepRecordsDivergenceAndReconvergence) {
  Module m = parse_module(std::string(kHeader) + kDiverge, "d.ptx");
  GlobalMemory mem;
  std::uint64_t out = mem.allocate(32 * 4);
  LaunchContext ctx;
  ctx.module = &m;
  ctx.kernel = 0;
  ctx.block = {32, 1, 1};
  ctx.params.resize(8);
  std::memcpy(ctx.params.data(), &out, 8);
  ctx.memory = &mem;
  Cta cta(ctx, 0);
  Executor ex(ctx);
  Warp& w = cta.warps[0];
  std::vector<StepRecord> recs;
  while (!w.finished()) recs.push_back(ex.step(w, cta));
  // find the divergent branch
  auto br = std::find_if(recs.begin(), recs.end(), [](const StepRecord& r) { return r.diverged; });
  ASSERT_NE(br, recs.end());
  EXPECT_TRUE(br->is_branch);
  EXPECT_EQ(br->executed, 0x55555555ull);  // even lanes take the branch
  // after the join, the add runs with all 32 lanes again
  auto join = std::find_if(br, recs.end(), [&](const StepRecord& r) {
    return r.instr->op == Op::Add && r.active == 0xffffffffull && r.pc > br->pc;
  });
  ASSERT_NE(join, recs.end());
  // the store reports one address per lane in the global space
  auto st = std::find_if(recs.begin(), recs.end(),
                         [](const StepRecord& r) { return r.instr->op == Op::St; });
  ASSERT_NE(st, recs.end());
  EXPECT_EQ(st->mem.space, Space::Global);
  EXPECT_EQ(st->mem.lanes, 0xffffffffull);
  EXPECT_EQ(st->mem.addr[5], out + 20);
  EXPECT_TRUE(recs.back().is_exit);
  std::vector<std::uint32_t> got(32);
  mem.read(out, got.data(), 128);
  for (unsigned t = 0; t < 32; ++t) EXPECT_EQ(got[t], (t % 2 ? 100u : 200u) + t);
}

TEST(SimtStack, RegisterUseIsDecodedOnce) {
  Module m = parse_module(std::string(kHeader) + kDiverge, "d.ptx");
  const Function& f = m.functions[0];
  // "add.u32 %r2, %r2, %r1;" after JOIN reads r2 and r1, writes r2
  auto it = std::find_if(f.text.begin(), f.text.end(),
                         [](const std::string& s) { return s == "add.u32 %r2, %r2, %r1;"; });
  ASSERT_NE(it, f.text.end());
  const Instr& in = f.code[it - f.text.begin()];
  ASSERT_EQ(in.nwrites, 1);
  EXPECT_EQ(f.reg_names[in.writes[0]], "%r2");
  ASSERT_EQ(in.nreads, 2);
  EXPECT_EQ(f.reg_names[in.reads[0]], "%r2");
  EXPECT_EQ(f.reg_names[in.reads[1]], "%r1");
  EXPECT_EQ(in.cls, OpClass::IntAlu);
}

// Loop whose trip count differs per lane, with a break; lanes leave the loop at different
// iterations and must all reach the store.
TEST(SimtStack, LoopWithPerLaneTripCountAndBreak) {
  const char* k = R"(
.visible .entry l(.param .u64 out)
{
  .reg .b32 %r<8>;
  .reg .b64 %rd<4>;
  .reg .pred %p<4>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, 0;
  mov.u32 %r3, 0;
LOOP:
  setp.ge.u32 %p1, %r3, %r1;
  @%p1 bra DONE;
  add.u32 %r2, %r2, %r3;
  setp.eq.u32 %p2, %r2, 10;
  @%p2 bra DONE;
  add.u32 %r3, %r3, 1;
  bra.uni LOOP;
DONE:
  mul.wide.u32 %rd2, %r1, 4;
  add.u64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r2;
  ret;
}
)";
  gpu::Runtime rt;
  rt.load_ptx(std::string(kHeader) + k, "l.ptx");
  gpu::DevPtr out = rt.malloc(64 * 4);
  rt.launch("l", {1, 1, 1}, {64, 1, 1}, {gpu::KernelArg::of(out)});
  auto got = rt.download<std::uint32_t>(out, 64);
  for (unsigned t = 0; t < 64; ++t) {
    unsigned s = 0;
    for (unsigned i = 0; i < t; ++i) {
      s += i;
      if (s == 10) break;
    }
    EXPECT_EQ(got[t], s) << t;
  }
}

TEST(SimtStack, ReturnValuesAndParamsThroughFunctionCalls) {
  gpu::Runtime rt;
  rt.load_ptx(std::string(kHeader) + kCallKernel, "c.ptx");
  gpu::DevPtr out = rt.malloc(32 * 4);
  rt.launch("c", {1, 1, 1}, {32, 1, 1}, {gpu::KernelArg::of(out)});
  auto got = rt.download<std::uint32_t>(out, 32);
  for (unsigned t = 0; t < 32; ++t) EXPECT_EQ(got[t], t < 5 ? 7u : t * t + 1) << t;
}

TEST(SimtStack, PartialExitKeepsOtherLanesRunning) {
  const char* k = R"(
.visible .entry e(.param .u64 out)
{
  .reg .b32 %r<4>;
  .reg .b64 %rd<4>;
  .reg .pred %p1;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  setp.gt.u32 %p1, %r1, 9;
  @%p1 exit;
  bar.sync 0;
  mul.wide.u32 %rd2, %r1, 4;
  add.u64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], 1;
  ret;
}
)";
  gpu::Runtime rt;
  rt.load_ptx(std::string(kHeader) + k, "e.ptx");
  gpu::DevPtr out = rt.malloc(96 * 4);
  rt.memset(out, 0, 96 * 4);
  // warps 1 and 2 exit entirely; the barrier must not wait for them
  rt.launch("e", {1, 1, 1}, {96, 1, 1}, {gpu::KernelArg::of(out)});
  auto got = rt.download<std::uint32_t>(out, 96);
  for (unsigned t = 0; t < 96; ++t) EXPECT_EQ(got[t], t <= 9 ? 1u : 0u) << t;
}

}  // namespace
}  // namespace wf::ptx::test
