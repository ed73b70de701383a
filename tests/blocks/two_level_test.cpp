// Golden model of the two-level round-robin arbiter against hand-derived grant sequences.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "sim_model/blocks/cff_fetch_arbiter.h"
#include "sim_model/blocks/two_level_arbiter.h"
#include "sim_model/presets/machine.h"

namespace wf::blocks {
namespace {

// `cycles` grants with a fixed request mask.
std::vector<unsigned> grants(TwoLevelArbiter& a, std::uint64_t request, int cycles) {
  std::vector<unsigned> out;
  TwoLevelArbiter::In in;
  in.request = request;
  for (int i = 0; i < cycles; ++i) {
    const auto o = a.eval(in);
    EXPECT_TRUE(o.grant_valid);
    EXPECT_EQ(o.grant, std::uint64_t{1} << o.grant_warp);
    out.push_back(o.grant_warp);
    a.tick(in);
  }
  return out;
}

TEST(TwoLevelArbiter, StaysInTheGroupRoundRobin) {
  TwoLevelArbiter a(TwoLevelArbiterParams{12, 4});
  // Everyone requests: group 0 only, round robin inside it (plain LRR would reach warp 4).
  EXPECT_EQ(grants(a, 0xFFF, 6), (std::vector<unsigned>{0, 1, 2, 3, 0, 1}));
}

TEST(TwoLevelArbiter, MovesToTheNextGroupWhenTheCurrentOneCannotGo) {
  TwoLevelArbiter a(TwoLevelArbiterParams{12, 4});
  EXPECT_EQ(grants(a, 0x00F, 2), (std::vector<unsigned>{0, 1}));
  // Group 0 stalls: group 1 (its lowest requesting warp), then round robin inside group 1
  // even though group 0 requests again.
  EXPECT_EQ(grants(a, 0x0A0, 1), (std::vector<unsigned>{5}));
  EXPECT_EQ(grants(a, 0x0AF, 3), (std::vector<unsigned>{7, 5, 7}));
  // Group 1 stalls, group 2 too: round robin over groups wraps to group 0, entered at its
  // lowest requesting warp (not after warp 1, where it was left).
  EXPECT_EQ(grants(a, 0x00C, 2), (std::vector<unsigned>{2, 3}));
  // Group 0 stalls; groups 1 and 2 request: the next group after 0 is 1.
  EXPECT_EQ(grants(a, 0xF40, 2), (std::vector<unsigned>{6, 6}));
}

TEST(TwoLevelArbiter, LastGroupMayBeSmaller) {
  TwoLevelArbiter a(TwoLevelArbiterParams{10, 4});  // groups 0-3, 4-7, 8-9
  EXPECT_EQ(grants(a, 0x300, 3), (std::vector<unsigned>{8, 9, 8}));
  // Group 2 stalls: wraps to group 0.
  EXPECT_EQ(grants(a, 0x0F2, 2), (std::vector<unsigned>{1, 1}));
  EXPECT_EQ(fetch_group_mask(9, 4, 10), 0x300u);
  EXPECT_EQ(fetch_group_mask(5, 4, 10), 0x0F0u);
  EXPECT_EQ(fetch_group_mask(63, 8, 64), 0xFF00'0000'0000'0000u);
}

TEST(TwoLevelArbiter, NoGrantWithoutRequestAndResetForgetsTheGroup) {
  TwoLevelArbiter a(TwoLevelArbiterParams{8, 4});
  EXPECT_EQ(grants(a, 0x80, 1), (std::vector<unsigned>{7}));
  TwoLevelArbiter::In none;
  EXPECT_FALSE(a.eval(none).grant_valid);
  EXPECT_EQ(a.eval(none).grant, 0u);
  a.tick(none);
  EXPECT_EQ(grants(a, 0x81, 1), (std::vector<unsigned>{7}));  // still in group 1
  a.reset();
  EXPECT_EQ(grants(a, 0x81, 1), (std::vector<unsigned>{0}));  // from warp 0 again
}

TEST(TwoLevelArbiter, Gtx480IssueAndFetchConfigurations) {
  Machine m;  // the gtx480 defaults: 48 warps, 2 schedulers
  const auto configs = TwoLevelArbiterParams::for_machine(m);
  ASSERT_EQ(configs.size(), 2u);
  EXPECT_EQ(configs[0].num_warps, 24u);
  EXPECT_EQ(configs[0].group_size, 8u);
  EXPECT_EQ(configs[0].num_groups(), 3u);
  EXPECT_EQ(configs[1].num_warps, 48u);
  EXPECT_EQ(configs[1].group_size, 16u);
  EXPECT_EQ(configs[1].num_groups(), 3u);
}

// [sm] fetch_group_size is the issue group of a scheduler and, times the schedulers, the fetch
// group of the SM and of CFF's 2lev mode; a group of more warps than there are is all of them.
TEST(TwoLevelArbiter, GroupSizeFollowsThePreset) {
  auto groups = [](const std::string& preset, const std::string& size) {
    Machine m = load_machine(preset);
    if (!size.empty()) set_machine_param(m, "fetch_group_size", size);
    std::vector<unsigned> out;
    for (const auto& p : TwoLevelArbiterParams::for_machine(m)) out.push_back(p.group_size);
    for (const auto& p : CffFetchArbiterParams::for_machine(m))
      if (p.mode == FetchMode::kTwoLevel) out.push_back(p.group_size);
    return out;
  };
  EXPECT_EQ(groups("gtx480", ""), (std::vector<unsigned>{8, 16, 16}));
  EXPECT_EQ(groups("gtx480", "4"), (std::vector<unsigned>{4, 8, 8}));
  EXPECT_EQ(groups("gtx480", "30"), (std::vector<unsigned>{24, 48, 48}));  // one group each
  EXPECT_EQ(groups("lwm-core", ""), (std::vector<unsigned>{8, 8, 8}));
  EXPECT_EQ(groups("lwm-core", "2"), (std::vector<unsigned>{2, 2, 2}));
  EXPECT_EQ(groups("lwm-core", "64"), (std::vector<unsigned>{32, 32, 32}));
}

TEST(CffFetchArbiter, TwoLevelModePrefersTheSchedulersGroups) {
  CffFetchArbiterParams p;
  p.num_warps = 12;
  p.group_size = 4;  // groups 0-3, 4-7, 8-11
  p.num_issue_ports = 2;
  p.mode = FetchMode::kTwoLevel;
  CffFetchArbiter a(p);
  CffFetchArbiter::In in;
  in.eligible = 0xFFF;
  EXPECT_EQ(a.eval(in).grant_warp, 0u);  // nobody issued yet: round robin from warp 0
  in.issue_valid[0] = true;              // scheduler 0 issues warp 6: it is in group 1
  in.issue_warp[0] = 6;
  a.tick(in);
  in.issue_valid[0] = false;
  EXPECT_EQ(a.eval(in).grant_warp, 4u);  // group 1 first, round robin after warp 0
  a.tick(in);
  in.eligible = 0xF0F;                   // group 1 has nothing to fetch
  EXPECT_EQ(a.eval(in).grant_warp, 8u);  // round robin after warp 4: on to group 2
  a.tick(in);
  EXPECT_EQ(a.eval(in).grant_warp, 9u);
  in.issue_valid[1] = true;  // scheduler 1 issues warp 1: group 0 is current too
  in.issue_warp[1] = 1;
  a.tick(in);
  in.issue_valid[1] = false;
  EXPECT_EQ(a.eval(in).grant_warp, 0u);  // group 0 before the rest of group 2
}

TEST(CffFetchArbiter, GroupSizeNamesOnlyTheTwoLevelModule) {
  CffFetchArbiterParams p;
  p.mode = FetchMode::kMwfGto;
  EXPECT_EQ(param_signature(p), "w48_c8_m48_i2_mwf_gto");
  p.mode = FetchMode::kTwoLevel;
  EXPECT_EQ(param_signature(p), "w48_c8_m48_i2_2lev_g16");
  EXPECT_EQ(param_list(p).back().first, "group_size");
}

}  // namespace
}  // namespace wf::blocks
