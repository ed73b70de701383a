// The constrained-random stimulus of every registered block, at the preset and at every corner
// the block declares (harness/corner.h; the ctest equivalence runs use them), run against the
// golden model with the coverage collectors: nothing to list here when a block is added.
// Compiled into two programs (tests/harness/CMakeLists.txt):
//   WF_REQUIRE_EVERY_POINT=1: the property `warpforge equiv` relies on -- every listed point
//     hit within the default 10^5 cycles. Not in the sanitizer build, where it took 90 s.
//   WF_REQUIRE_EVERY_POINT=0: a 10^4-cycle pass over the same code for the sanitizer build.
#include <gtest/gtest.h>

#include "harness/block_config.h"
#include "harness/equiv_engine.h"
#include "sim_model/presets/machine.h"

#ifndef WF_REQUIRE_EVERY_POINT
#error "WF_REQUIRE_EVERY_POINT: 1 (every point in 10^5 cycles) or 0 (a short pass)"
#endif

namespace wf::harness {
namespace {

#if WF_REQUIRE_EVERY_POINT
TEST(StimulusCoverage, EveryBlockHitsEveryListedPointInTheDefaultCycles) {
  constexpr std::uint64_t kCycles = 100'000;
#else
TEST(StimulusCoverage, EveryBlockRunsEveryConfigurationWithoutMismatch) {
  constexpr std::uint64_t kCycles = 10'000;
#endif
  const Machine machine = load_machine(kDefaultPreset);
  ASSERT_FALSE(block_registry().empty());
  for (const auto& entry : block_registry()) {
    std::vector<blocks::ParamList> sets = {{}};
    for (const auto& corner : entry.corners) sets.push_back(corner.params);
    for (const auto& overrides : sets) {
      for (const auto& config : entry.configs(machine, overrides)) {
        SCOPED_TRACE(config->module());
        EquivOptions o;
        o.cycles = kCycles;
        o.seed = 1;
        const EquivResult r = config->stimulus_coverage(o);
        EXPECT_TRUE(r.passed);
        EXPECT_GT(r.coverage.size(), 0u) << entry.name << " lists no coverage points";
        if (WF_REQUIRE_EVERY_POINT) {
          for (const auto& name : r.missed()) ADD_FAILURE() << "never hit: " << name;
        }
      }
    }
  }
}

}  // namespace
}  // namespace wf::harness
