// CtaPool: a CTA restarted from the pool must be indistinguishable from a newly constructed
// one, whatever the earlier CTA was doing when it was handed back (mid-call, diverged, other
// launch shape).
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "sim_model/ptx/cta.h"
#include "sim_model/ptx/cta_pool.h"
#include "sim_model/ptx/executor.h"
#include "sim_model/ptx/global_memory.h"
#include "sim_model/ptx/parser.h"
#include "tests/ptx/ptx_test_util.h"

namespace wf::ptx {
namespace {

class CtaPoolTest : public ::testing::Test {
 protected:
  CtaPoolTest() : module_(parse_module(std::string(test::kHeader) + test::kCallKernel, "c.ptx")) {
    out_ = memory_.allocate(128 * 4);
    ctx_ = context(64);
  }

  LaunchContext context(std::uint32_t threads) {
    LaunchContext c;
    c.module = &module_;
    c.kernel = module_.function_index.at("c");
    c.grid = {8, 1, 1};
    c.block = {threads, 1, 1};
    c.params.resize(8);
    std::memcpy(c.params.data(), &out_, 8);
    c.memory = &memory_;
    c.shared_bytes = 256;
    return c;
  }

  static void expect_same(const Warp& a, const Warp& b) {
    EXPECT_EQ(a.size(), b.size());
    EXPECT_EQ(a.cta(), b.cta());
    EXPECT_EQ(a.warp_in_cta(), b.warp_in_cta());
    EXPECT_EQ(a.lanes(), b.lanes());
    EXPECT_EQ(a.exited(), b.exited());
    EXPECT_EQ(a.barrier(), b.barrier());
    EXPECT_EQ(a.finished(), b.finished());
    EXPECT_EQ(a.carry, b.carry);
    EXPECT_EQ(a.instructions, b.instructions);
    EXPECT_EQ(a.bar_dest, b.bar_dest);
    EXPECT_EQ(a.bar_lanes, b.bar_lanes);
    EXPECT_EQ(a.bar_type, b.bar_type);
    EXPECT_EQ(a.bar_dest_is_and, b.bar_dest_is_and);
    EXPECT_EQ(a.reg_base(), b.reg_base());
    ASSERT_EQ(a.simt_stack().size(), b.simt_stack().size());
    for (std::size_t i = 0; i < a.simt_stack().size(); ++i) {
      EXPECT_EQ(a.simt_stack()[i].pc, b.simt_stack()[i].pc);
      EXPECT_EQ(a.simt_stack()[i].rpc, b.simt_stack()[i].rpc);
      EXPECT_EQ(a.simt_stack()[i].mask, b.simt_stack()[i].mask);
    }
    ASSERT_EQ(a.frames().size(), b.frames().size());
    for (std::size_t i = 0; i < a.frames().size(); ++i) {
      EXPECT_EQ(a.frames()[i].function, b.frames()[i].function);
      EXPECT_EQ(a.frames()[i].reg_base, b.frames()[i].reg_base);
      EXPECT_EQ(a.frames()[i].param_base, b.frames()[i].param_base);
      EXPECT_EQ(a.frames()[i].local_base, b.frames()[i].local_base);
      EXPECT_EQ(a.frames()[i].stack_base, b.frames()[i].stack_base);
      EXPECT_EQ(a.frames()[i].call_pc, b.frames()[i].call_pc);
    }
    EXPECT_EQ(a.local_capacity(), b.local_capacity());
    EXPECT_EQ(a.param_capacity(), b.param_capacity());
  }

  // Registers, .local and .param bytes: a fresh warp's are all zero.
  static void expect_zero_storage(Warp& w, std::size_t registers) {
    for (std::uint32_t r = 0; r < registers; ++r)
      for (unsigned l = 0; l < w.size(); ++l)
        ASSERT_EQ(w.reg(r, l), 0u) << "r" << r << " lane " << l;
    for (unsigned l = 0; l < w.size(); ++l) {
      for (std::uint32_t i = 0; i < w.local_capacity(); ++i) ASSERT_EQ(w.local(l)[i], 0u);
      for (std::uint32_t i = 0; i < w.param_capacity(); ++i) ASSERT_EQ(w.param(l)[i], 0u);
    }
  }

  void expect_same(Cta& a, const Cta& b) {
    EXPECT_EQ(a.id, b.id);
    EXPECT_EQ(a.ctaid.x, b.ctaid.x);
    EXPECT_EQ(a.ctaid.y, b.ctaid.y);
    EXPECT_EQ(a.ctaid.z, b.ctaid.z);
    EXPECT_EQ(a.sm, b.sm);
    EXPECT_EQ(a.shared, b.shared);
    EXPECT_EQ(a.live_warps, b.live_warps);
    for (unsigned i = 0; i < Cta::kBarriers; ++i) {
      EXPECT_EQ(a.bars[i].arrived, b.bars[i].arrived);
      EXPECT_EQ(a.bars[i].expected_threads, b.bars[i].expected_threads);
    }
    ASSERT_EQ(a.warps.size(), b.warps.size());
    for (std::size_t w = 0; w < a.warps.size(); ++w) {
      expect_same(a.warps[w], b.warps[w]);
      expect_zero_storage(a.warps[w], module_.functions[ctx_.kernel].reg_types.size());
    }
  }

  // Steps `w` until `done` or the warp finishes.
  template <class Done>
  static void step_until(Executor& ex, Cta& cta, Warp& w, Done done) {
    while (!w.finished() && !done(w)) ex.step(w, cta);
  }

  Module module_;
  GlobalMemory memory_;
  std::uint64_t out_ = 0;
  LaunchContext ctx_;
};

TEST_F(CtaPoolTest, ACtaHandedBackMidCallRestartsAsANewOne) {
  CtaPool pool;
  Executor ex(ctx_);
  std::unique_ptr<Cta> cta = pool.make(ctx_, 1);
  // Warp 1 stops inside the call (register window moved, .param grown); warp 0 stops diverged.
  step_until(ex, *cta, cta->warps[1], [](const Warp& w) { return w.frames().size() == 2; });
  ASSERT_EQ(cta->warps[1].frames().size(), 2u);
  ASSERT_NE(cta->warps[1].reg_base(), 0u);
  step_until(ex, *cta, cta->warps[0], [](const Warp& w) { return w.simt_stack().size() > 1; });
  ASSERT_GT(cta->warps[0].simt_stack().size(), 1u);
  cta->shared[3] = 0x5a;
  cta->bars[0].arrived = 1;  // as if a warp waited at a barrier
  cta->live_warps = 1;
  const Cta* before = cta.get();
  pool.recycle(std::move(cta));
  ASSERT_EQ(pool.spare(), 1u);

  std::unique_ptr<Cta> again = pool.make(ctx_, 5);
  EXPECT_EQ(again.get(), before);  // the same object, restarted
  EXPECT_EQ(pool.spare(), 0u);
  const Cta fresh(ctx_, 5);
  expect_same(*again, fresh);
}

TEST_F(CtaPoolTest, RestartFollowsTheLaunchShape) {
  CtaPool pool;
  pool.recycle(pool.make(context(96), 0));  // three warps
  const LaunchContext one = context(20);    // one partial warp
  std::unique_ptr<Cta> small = pool.make(one, 2);
  expect_same(*small, Cta(one, 2));
  EXPECT_EQ(small->warps.size(), 1u);
  EXPECT_EQ(small->warps[0].lanes(), (1ull << 20) - 1);
  pool.recycle(std::move(small));
  const LaunchContext four = context(128);
  std::unique_ptr<Cta> big = pool.make(four, 7);
  expect_same(*big, Cta(four, 7));
  EXPECT_EQ(big->warps.size(), 4u);
}

TEST_F(CtaPoolTest, ARestartedCtaComputesWhatANewOneDoes) {
  CtaPool pool;
  Executor ex(ctx_);
  {
    std::unique_ptr<Cta> first = pool.make(ctx_, 0);
    for (Warp& w : first->warps) step_until(ex, *first, w, [](const Warp&) { return false; });
    pool.recycle(std::move(first));
  }
  std::vector<std::uint32_t> zeros(128, 0);
  memory_.write(out_, zeros.data(), zeros.size() * 4);
  std::unique_ptr<Cta> cta = pool.make(ctx_, 1);
  for (Warp& w : cta->warps) step_until(ex, *cta, w, [](const Warp&) { return false; });
  std::vector<std::uint32_t> got(64);
  memory_.read(out_, got.data(), got.size() * 4);
  for (unsigned t = 0; t < 64; ++t) EXPECT_EQ(got[t], t < 5 ? 7u : t * t + 1) << t;
}

}  // namespace
}  // namespace wf::ptx
