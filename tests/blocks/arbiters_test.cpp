// Golden models of the issue arbiters against hand-derived grant sequences.
#include <gtest/gtest.h>

#include <vector>

#include "sim_model/blocks/gto_arbiter.h"
#include "sim_model/blocks/lrr_arbiter.h"
#include "sim_model/blocks/mwf_arbiter.h"

namespace wf::blocks {
namespace {

// Grants one warp per cycle, removing it from `ready` (it issued and left), until none is left.
template <class Block>
std::vector<unsigned> drain(Block& b, typename Block::In in, std::uint64_t& ready) {
  std::vector<unsigned> order;
  while (ready) {
    in.ready = ready;
    const auto out = b.eval(in);
    EXPECT_TRUE(out.grant_valid);
    EXPECT_EQ(out.grant, std::uint64_t{1} << out.grant_warp);
    b.tick(in);
    order.push_back(out.grant_warp);
    ready &= ~out.grant;
  }
  return order;
}

TEST(LrrArbiter, RoundRobinFromAfterLastGrant) {
  LrrArbiter a(LrrArbiterParams{8});
  LrrArbiter::In in{0b1010'0110};
  std::vector<unsigned> got;
  for (int i = 0; i < 6; ++i) {
    got.push_back(a.eval(in).grant_warp);
    a.tick(in);
  }
  EXPECT_EQ(got, (std::vector<unsigned>{1, 2, 5, 7, 1, 2}));
}

TEST(LrrArbiter, NoGrantWithoutRequestAndStateKept) {
  LrrArbiter a(LrrArbiterParams{4});
  a.tick({0b0100});  // grants 2
  EXPECT_FALSE(a.eval({0}).grant_valid);
  a.tick({0});
  EXPECT_EQ(a.eval({0b0101}).grant_warp, 0u);  // after 2 comes 3 (not ready), then 0
  a.reset();
  EXPECT_EQ(a.eval({0b1001}).grant_warp, 0u);
}

TEST(GtoArbiter, GreedyThenOldestByCtaAgeThenWarpId) {
  GtoArbiterParams p{8, 4};
  GtoArbiter a(p);
  GtoArbiter::In in;
  // Warps 0-3 in CTA slot 2, 4-7 in slot 1; slot 1 was dispatched first (age 0).
  for (unsigned w = 0; w < 8; ++w) in.warp_cta[w] = w < 4 ? 2 : 1;
  in.cta_age[1] = 0;
  in.cta_age[2] = 1;
  in.ready = 0b0011'0011;
  EXPECT_EQ(a.eval(in).grant_warp, 4u);  // oldest CTA, lowest warp
  a.tick(in);
  in.ready = 0b0010'0011;
  EXPECT_EQ(a.eval(in).grant_warp, 5u);  // 4 stalled: oldest again
  a.tick(in);
  in.ready = 0b0011'0011;
  EXPECT_EQ(a.eval(in).grant_warp, 5u);  // greedy: 5 keeps going although 4 is older
  a.tick(in);
  in.ready = 0b0000'0011;
  EXPECT_EQ(a.eval(in).grant_warp, 0u);
}

TEST(MwfArbiter, PaperFigure7OrderWithLrrInside) {
  // BAWS section 4.1.1: TB0 = w0..w3 (1 waiting), TB1 = w4..w7 (2), TB2 = w8..w11 (3); TB1
  // issued w7 last, TB0 issued w0 last. Expected order: w8, w4, w6, w1, w3, w0.
  MwfArbiterParams p{12, 3, 4, InnerPolicy::kLrr};
  MwfArbiter a(p);
  MwfArbiter::In in;
  for (unsigned w = 0; w < 12; ++w) in.warp_cta[w] = static_cast<std::uint8_t>(w / 4);
  // Establish "issued last": TB1 issued w7, TB0 issued w0 (no waiting warps yet).
  in.ready = 1u << 7;
  a.tick(in);
  in.ready = 1u << 0;
  a.tick(in);
  in.wpt_count[0] = 1;
  in.wpt_count[1] = 2;
  in.wpt_count[2] = 3;
  std::uint64_t ready = (1u << 8) | (1u << 4) | (1u << 6) | (1u << 0) | (1u << 1) | (1u << 3);
  EXPECT_EQ(drain(a, in, ready), (std::vector<unsigned>{8, 4, 6, 1, 3, 0}));
}

TEST(MwfArbiter, TiesGoToSmallerCtaSlotAndGtoInsideIsGreedy) {
  MwfArbiterParams p{8, 4, 8, InnerPolicy::kGto};
  MwfArbiter a(p);
  MwfArbiter::In in;
  // Interleaved CTAs: warp w in slot 3 - (w % 2) (slots 3 and 2), counts tied.
  for (unsigned w = 0; w < 8; ++w) in.warp_cta[w] = static_cast<std::uint8_t>(3 - w % 2);
  in.wpt_count[2] = 1;
  in.wpt_count[3] = 1;
  in.ready = 0xFF;
  EXPECT_EQ(a.eval(in).grant_warp, 1u);  // slot 2 < slot 3; its smallest warp is 1
  a.tick(in);
  in.ready = 0xF7;  // 3 not ready: no effect, greedy 1 stays
  EXPECT_EQ(a.eval(in).grant_warp, 1u);
  a.tick(in);
  in.wpt_count[3] = 2;  // slot 3 now has more waiters
  EXPECT_EQ(a.eval(in).grant_warp, 0u);
  a.tick(in);
  in.ready = 0xFE;  // greedy 0 stalls: slot 3's oldest ready is 2
  EXPECT_EQ(a.eval(in).grant_warp, 2u);
}

TEST(MwfArbiter, NoGrantWhenNothingReady) {
  MwfArbiter a(MwfArbiterParams{});
  EXPECT_FALSE(a.eval({}).grant_valid);
}

}  // namespace
}  // namespace wf::blocks
