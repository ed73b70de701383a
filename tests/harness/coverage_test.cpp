// Functional coverage (harness/coverage/): the table and toggle bookkeeping, cases a fixed input
// sequence must and must not hit, points that cannot occur under a parameter set not being
// listed, the equivalence engine reporting a point its stimulus cannot reach as never hit (and
// the report surviving the JSON a run-time runner writes). Every block's stimulus against every
// configuration is stimulus_coverage_test.cpp. The RTL side is the golden model itself here,
// so no Verilator run is needed.
#include <algorithm>
#include <memory>
#include <tuple>

#include <gtest/gtest.h>

#include "harness/cff_fetch_arbiter.h"
#include "harness/equiv_engine.h"
#include "harness/fef_fetch_arbiter.h"
#include "harness/gto_arbiter.h"
#include "harness/lrr_arbiter.h"
#include "harness/model_dut.h"
#include "harness/mwf_arbiter.h"
#include "harness/resume_predictor.h"
#include "harness/saws_arbiter.h"
#include "harness/syncmon_cache.h"
#include "harness/two_level_arbiter.h"
#include "harness/typed_config.h"
#include "harness/warp_priority_table.h"

namespace wf::harness {
namespace {

bool listed(const std::vector<CoveragePoint>& points, const std::string& name) {
  return std::any_of(points.begin(), points.end(),
                     [&](const CoveragePoint& p) { return p.name == name; });
}

std::uint64_t hits(const std::vector<CoveragePoint>& points, const std::string& name) {
  for (const auto& p : points)
    if (p.name == name) return p.hits;
  ADD_FAILURE() << "no coverage point '" << name << "'";
  return 0;
}

template <class H>
EquivResult run_against_model(const typename H::Block::Params& p, std::uint64_t cycles,
                              std::uint64_t seed) {
  EquivOptions o;
  o.cycles = cycles;
  o.seed = seed;
  const DutFactory<typename H::Block> make = [p] {
    return std::make_unique<ModelDut<typename H::Block>>(p);
  };
  return run_equiv<H>(p, make, o);
}

TEST(CoverageTable, UnlistedPointsAreDroppedAndNeverHitKeepsOrder) {
  CoverageTable t;
  const auto a = t.add("a");
  const auto gone = t.add("cannot occur", false);
  const auto b = t.add("b");
  EXPECT_EQ(gone, CoverageTable::kUnlisted);
  t.hit(gone);
  t.hit(b);
  t.hit(b);
  t.hit(a, false);
  ASSERT_EQ(t.points().size(), 2u);
  EXPECT_EQ(t.points()[1], (CoveragePoint{"b", 2}));
  EXPECT_EQ(never_hit(t.points()), std::vector<std::string>{"a"});
}

TEST(ToggleCoverage, CountsRisesAndFallsPerBitOfEachPort) {
  using blocks::BitVec;
  const std::vector<blocks::PortValue> zero = {{"v_o", BitVec(1, 0)}, {"g_o", BitVec(70, 0)}};
  ToggleCoverage t(zero);
  ASSERT_EQ(t.table().points().size(), 2u * (1 + 70));
  EXPECT_EQ(t.table().points()[0].name, "v_o rose");
  EXPECT_EQ(t.table().points()[3].name, "g_o[0] fell");
  auto set = zero;
  set[0].value.set_field(0, 1, 1);
  set[1].value.set_field(66, 1, 1);  // a bit in the second word
  t.sample(set);                     // the first sample only sets the starting values
  t.sample(zero);
  t.sample(set);
  const auto& p = t.table().points();
  EXPECT_EQ(hits(p, "v_o rose"), 1u);
  EXPECT_EQ(hits(p, "v_o fell"), 1u);
  EXPECT_EQ(hits(p, "g_o[66] rose"), 1u);
  EXPECT_EQ(hits(p, "g_o[66] fell"), 1u);
  EXPECT_EQ(hits(p, "g_o[65] rose"), 0u);
}

TEST(LrrArbiterCoverage, FixedSequenceHitsExactlyItsCases) {
  blocks::LrrArbiterParams p;
  p.num_warps = 4;
  blocks::LrrArbiter model(p);
  LrrArbiterCoverage c(p);
  // After reset the pointer is at warp 3, so warp 2 alone wraps round; then 3 and 2 (3 goes
  // after 2, passing over 2), then 2 and 3 again: 2 goes, wrapping round and passing over 3.
  for (std::uint64_t ready : {0b0100ull, 0b1100ull, 0b1100ull, 0b0000ull}) {
    const blocks::LrrArbiter::In in{ready};
    c.sample(model, in, model.eval(in));
    model.tick(in);
  }
  const auto r = c.report();
  EXPECT_EQ(hits(r, "no warp ready"), 1u);
  EXPECT_EQ(hits(r, "exactly one warp ready"), 1u);
  EXPECT_EQ(hits(r, "every warp ready"), 0u);
  EXPECT_EQ(hits(r, "round robin after the warp issued last: wraps around to a lower warp"), 2u);
  EXPECT_EQ(hits(r,
                 "round robin after the warp issued last: that warp could go again, another "
                 "goes first"),
            2u);
  EXPECT_EQ(hits(r, "grant_o[2] rose"), 1u);
  EXPECT_EQ(hits(r, "grant_o[3] fell"), 1u);
  EXPECT_EQ(hits(r, "grant_o[0] rose"), 0u);
}

TEST(WarpPriorityTableCoverage, SaturationAndResetAreSeen) {
  blocks::WarpPriorityTableParams p;
  p.num_cta_slots = 2;
  p.max_warps_per_cta = 2;
  p.num_arrive_ports = 2;
  blocks::WarpPriorityTable model(p);
  WarpPriorityTableCoverage c(p);
  blocks::WarpPriorityTable::In both;
  both.arrive_valid = {true, true};
  both.arrive_cta = {1, 1};
  for (int i = 0; i < 2; ++i) {  // 0 -> 2 (full), then 2 + 2 saturates at 2
    c.sample(model, both, model.eval(both));
    model.tick(both);
  }
  c.reset();
  const auto r = c.report();
  EXPECT_EQ(hits(r, "two warps arrive at one slot in a cycle"), 2u);
  EXPECT_EQ(hits(r, "all warps of the largest CTA wait (count = max_warps_per_cta)"), 1u);
  EXPECT_EQ(hits(r, "arrivals beyond max_warps_per_cta saturate"), 1u);
  EXPECT_EQ(hits(r, "reset clears waiting counts"), 1u);
  EXPECT_EQ(hits(r, "a waiting slot releases"), 0u);
}

TEST(Coverage, PointsThatCannotOccurAreNotListed) {
  blocks::TwoLevelArbiterParams one_group{4, 8}, three_groups{10, 4};
  const auto one = TwoLevelArbiterCoverage(one_group).report();
  const auto three = TwoLevelArbiterCoverage(three_groups).report();
  EXPECT_FALSE(listed(one, "switches group: no warp of its group requests"));
  EXPECT_TRUE(listed(one,
                     "inside the group, round robin after the warp granted last: wraps "
                     "around to a lower warp"));
  EXPECT_TRUE(listed(three, "switches group: skips a group without requests"));
  EXPECT_FALSE(listed(TwoLevelArbiterCoverage({4, 1}).report(),
                      "inside the group, round robin after the warp granted last: wraps around "
                      "to a lower warp"));

  blocks::WarpPriorityTableParams wpt;
  wpt.num_arrive_ports = 1;
  EXPECT_FALSE(
      listed(WarpPriorityTableCoverage(wpt).report(), "two warps arrive at one slot in a cycle"));

  blocks::CffFetchArbiterParams cff;
  cff.mode = blocks::FetchMode::kLrr;
  const auto lrr = CffFetchArbiterCoverage(cff).report();
  EXPECT_FALSE(listed(lrr, "most waiting first: more waiting warps beat a smaller slot"));
  EXPECT_FALSE(listed(lrr, "greedy: the warp issue port 0 issued last goes first"));
  cff.mode = blocks::FetchMode::kGto;
  cff.num_issue_ports = 3;
  const auto gto = CffFetchArbiterCoverage(cff).report();
  EXPECT_TRUE(listed(gto, "greedy: the warp issue port 2 issued last goes first"));
  EXPECT_FALSE(listed(gto, "greedy: the warp issue port 3 issued last goes first"));
}

// An arbiter harness whose stimulus never requests: everything but idleness goes unhit.
struct NoRequestLrrHarness : LrrArbiterHarness {
  class Stimulus {
   public:
    Stimulus(const Params&, std::uint64_t) {}
    Block::In next() { return {}; }
    bool reset_now() { return false; }
  };
};

TEST(EquivEngine, ReportsPointsTheStimulusCannotReachAsNeverHit) {
  blocks::LrrArbiterParams p;
  p.num_warps = 8;
  const EquivResult r = run_against_model<NoRequestLrrHarness>(p, 1000, 1);
  EXPECT_TRUE(r.passed);
  EXPECT_FALSE(r.covered());
  EXPECT_EQ(hits(r.coverage, "no warp ready"), 1000u);
  const auto missed = r.missed();
  EXPECT_NE(std::find(missed.begin(), missed.end(), "exactly one warp ready"), missed.end());
  EXPECT_NE(std::find(missed.begin(), missed.end(), "grant_o[7] rose"), missed.end());
  EXPECT_EQ(std::find(missed.begin(), missed.end(), "no warp ready"), missed.end());

  // A run-time runner reports through JSON; the table must come back whole.
  const EquivResult back = equiv_result_from_json(nlohmann::json::parse(to_json(r).dump()));
  EXPECT_EQ(back.coverage, r.coverage);
  EXPECT_EQ(back.missed(), missed);
  EXPECT_EQ(to_json(r).at("coverage_missed").get<std::vector<std::string>>(), missed);
}

// A block's parameters at one of its corners.
template <class Params>
Params corner_params(const char* block, const char* corner) {
  Params p;
  for (const auto& [key, value] : find_block(block).corner(corner)->params)
    EXPECT_EQ(blocks::set_param(p, block, key, value), "") << block << " " << key;
  return p;
}

// The issue's tiny SyncMon cache (its `tiny` corner) must be full most of the time under the
// stimulus, so that refusals and the WG list running out are the common case, not a corner.
TEST(SyncmonCacheStimulus, TinyCacheIsFullMostOfTheTime) {
  using H = SyncmonCacheHarness;
  const auto p = corner_params<H::Params>("syncmon_cache", "tiny");
  blocks::SyncmonCache cache(p);
  H::Stimulus stimulus(p, 1);
  constexpr unsigned kCycles = 100'000;
  unsigned full = 0, waits = 0, refused = 0;
  for (unsigned c = 0; c < kCycles; ++c) {
    const auto in = stimulus.next();
    if (stimulus.reset_now()) {
      cache.reset();
      continue;
    }
    bool set_full = false;
    for (unsigned s = 0; s < p.cache_sets; ++s) set_full |= cache.valid_in_set(s) == p.cache_ways;
    full += cache.used() == p.wg_entries || set_full;
    const auto out = cache.eval(in);
    if (out.resp_valid && !cache.op_update()) {
      ++waits;
      refused += out.resp_full;
    }
    cache.tick(in);
  }
  EXPECT_GT(full, kCycles / 2) << "WG list or a set full in " << full << " cycles";
  EXPECT_GT(refused, waits / 2) << refused << " of " << waits << " waits refused";
}

// The issue's tiny resume predictor (its `tiny` corner: 2 timers, 4 conditions) must have every
// timer busy most of the time under the stimulus, so that the fallback to resume all, re-arms
// and expiries are the common case, not a corner.
TEST(ResumePredictorStimulus, TinyTimersAreBusyMostOfTheTime) {
  using H = ResumePredictorHarness;
  const auto p = corner_params<H::Params>("resume_predictor", "tiny");
  blocks::ResumePredictor predictor(p);
  H::Stimulus stimulus(p, 1);
  constexpr unsigned kCycles = 100'000;
  unsigned busy = 0, guesses = 0, fallbacks = 0;
  for (unsigned c = 0; c < kCycles; ++c) {
    const auto in = stimulus.next();
    if (stimulus.reset_now()) {
      predictor.reset();
      continue;
    }
    busy += predictor.armed() == p.resume_timers;
    const auto st = predictor.step(in);
    guesses += st.need_timer;
    fallbacks += st.fallback;
    predictor.tick(in);
  }
  EXPECT_GT(busy, kCycles / 2) << "every timer busy in " << busy << " cycles";
  EXPECT_GT(fallbacks, guesses / 20) << fallbacks << " of " << guesses << " resume-one guesses";
}

}  // namespace
}  // namespace wf::harness
