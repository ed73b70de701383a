// Golden models of BLOCKLAT's stall counter bank and issue arbiter, against hand-derived
// sequences.
#include <gtest/gtest.h>

#include "sim_model/blocks/blocklat_arbiter.h"
#include "sim_model/blocks/stall_counter_bank.h"

namespace wf::blocks {
namespace {

TEST(StallCounterBank, Gtx480DefaultIsElevenBitsPerWarp) {
  StallCounterBankParams p;  // 24 warps per scheduler
  EXPECT_EQ(p.count_bits, 11u);
  EXPECT_EQ(p.max_count(), 2047u);
  EXPECT_EQ(p.num_warps * p.count_bits, 264u);
}

TEST(StallCounterBank, CountsStallsSaturatesAndClears) {
  StallCounterBank b(StallCounterBankParams{4, 2});  // counters saturate at 3
  StallCounterBank::In in;
  in.stall = 0b0011;
  b.tick(in);
  b.tick(in);
  EXPECT_EQ(b.eval({}).count[0], 2);
  EXPECT_EQ(b.eval({}).count[1], 2);
  EXPECT_EQ(b.eval({}).count[2], 0);
  in.stall = 0b0001;
  b.tick(in);
  b.tick(in);  // 4 > 3: stays at 3, does not wrap to 0
  EXPECT_EQ(b.eval({}).count[0], 3);
  EXPECT_EQ(b.eval({}).count[1], 2);
  in.stall = 0b0011;
  in.clear = 0b0010;  // a clear wins over a stall in the same cycle
  b.tick(in);
  EXPECT_EQ(b.eval({}).count[0], 3);
  EXPECT_EQ(b.eval({}).count[1], 0);
  b.tick({});  // idle input: every counter holds
  EXPECT_EQ(b.eval({}).count[0], 3);
  b.reset();
  EXPECT_EQ(b.eval({}).count[0], 0);
}

TEST(StallCounterBank, CountsTheCycleAfterTheStall) {
  StallCounterBank b(StallCounterBankParams{2, 4});
  StallCounterBank::In in;
  in.stall = 0b01;
  // The outputs are the registers: the cycle's own stall shows from the next cycle on.
  EXPECT_EQ(b.eval(in).count[0], 0);
  b.tick(in);
  EXPECT_EQ(b.eval(in).count[0], 1);
}

BlocklatArbiter::In cta_input(std::uint64_t ready, std::initializer_list<unsigned> ctas,
                              std::initializer_list<unsigned> counts) {
  BlocklatArbiter::In in;
  in.ready = ready;
  unsigned w = 0;
  for (unsigned c : ctas) in.warp_cta[w++] = static_cast<std::uint8_t>(c);
  w = 0;
  for (unsigned c : counts) in.stall_count[w++] = static_cast<std::uint16_t>(c);
  return in;
}

unsigned step(BlocklatArbiter& a, const BlocklatArbiter::In& in) {
  const auto out = a.eval(in);
  EXPECT_TRUE(out.grant_valid);
  EXPECT_EQ(out.grant, std::uint64_t{1} << out.grant_warp);
  a.tick(in, out);
  return out.grant_warp;
}

TEST(BlocklatArbiter, MostStalledWarpOfTheCtaTiesToLowerWarp) {
  BlocklatArbiter a(BlocklatArbiterParams{6, 2, 4});
  // Warps 0-2 in CTA 0, 3-5 in CTA 1; after reset CTA 0 has the first turn.
  const auto in = cta_input(0b111111, {0, 0, 0, 1, 1, 1}, {2, 7, 7, 9, 1, 9});
  EXPECT_EQ(step(a, in), 1u);  // CTA 0: 7 is the most; warps 1 and 2 tie, the lower goes
  EXPECT_EQ(step(a, in), 3u);  // CTA 1's turn: 9 ties between 3 and 5
  EXPECT_EQ(step(a, in), 1u);  // back to CTA 0
}

TEST(BlocklatArbiter, CtasTakeTurnsAfterTheOneThatIssuedLast) {
  BlocklatArbiter a(BlocklatArbiterParams{8, 4, 4});
  // Warp w in CTA w / 2.
  auto in = cta_input(0b11001101, {0, 0, 1, 1, 2, 2, 3, 3}, {0, 0, 0, 0, 0, 0, 0, 0});
  EXPECT_EQ(step(a, in), 0u);  // CTA 0
  EXPECT_EQ(step(a, in), 2u);  // CTA 1
  EXPECT_EQ(step(a, in), 6u);  // CTA 2 has no ready warp: CTA 3
  EXPECT_EQ(step(a, in), 0u);  // wraps to CTA 0
  in.ready = 0b00000011;       // only CTA 0 ready: it goes again
  EXPECT_EQ(step(a, in), 0u);
  in.ready = 0;  // idle: no grant, the turn is kept
  EXPECT_FALSE(a.eval(in).grant_valid);
  a.tick(in);
  EXPECT_EQ(a.last_cta(), 0u);
  in.ready = 0b11111111;
  EXPECT_EQ(step(a, in), 2u);  // CTA 1
  a.reset();
  EXPECT_EQ(step(a, in), 0u);  // reset: CTA 0 first
}

TEST(BlocklatArbiter, CtaWarpsNeedNotBeContiguous) {
  BlocklatArbiter a(BlocklatArbiterParams{4, 2, 3});
  const auto in = cta_input(0b1111, {1, 0, 1, 0}, {5, 1, 6, 4});
  EXPECT_EQ(step(a, in), 3u);  // CTA 0 = warps 1 and 3: 4 > 1
  EXPECT_EQ(step(a, in), 2u);  // CTA 1 = warps 0 and 2: 6 > 5
}

}  // namespace
}  // namespace wf::blocks
