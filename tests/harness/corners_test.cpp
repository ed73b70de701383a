// The corners blocks declare (harness/corner.h): the ctest corner runs apply them with
// `--all --corner NAME`, where `configs` skips a key the block does not have, so a misspelt
// key would silently leave the block at its preset. Every corner must be well formed and
// move the block away from the preset.
#include <set>

#include <gtest/gtest.h>

#include "harness/block_config.h"
#include "sim_model/presets/machine.h"

namespace wf::harness {
namespace {

std::set<std::string> modules(const std::vector<std::unique_ptr<BlockConfig>>& configs) {
  std::set<std::string> out;
  for (const auto& c : configs) out.insert(c->module());
  return out;
}

TEST(BlockCorners, EveryCornerSetsOnlyItsBlocksOwnParametersOnceAndSelectsNewModules) {
  const Machine machine = load_machine(kDefaultPreset);
  for (const auto& entry : block_registry()) {
    const auto preset = modules(entry.configs(machine, {}));
    std::set<std::string> names;
    for (const auto& corner : entry.corners) {
      SCOPED_TRACE(entry.name + " corner " + corner.name);
      EXPECT_FALSE(corner.name.empty());
      EXPECT_TRUE(names.insert(corner.name).second) << "declared twice";
      EXPECT_EQ(entry.corner(corner.name), &corner);
      EXPECT_FALSE(corner.params.empty());
      std::set<std::string> keys;
      for (const auto& [key, value] : corner.params) {
        EXPECT_TRUE(keys.insert(key).second) << key << " set twice";
        bool known = false;
        for (const auto& d : entry.describe()) known |= d.name == key;
        EXPECT_TRUE(known) << key << " is not a parameter of " << entry.name;
      }
      std::set<std::string> at_corner;
      EXPECT_NO_THROW(at_corner = modules(entry.configs(machine, corner.params)));
      for (const auto& m : at_corner) EXPECT_EQ(preset.count(m), 0u) << m << " is the preset's";
    }
  }
}

// AWG's SyncMon is a block no preset has yet: no configuration of its own, but its corners and
// own parameters start from its defaults; another block's parameter does not conjure it up.
TEST(BlockCorners, ABlockTheMachineDoesNotHaveIsReachedByItsCornersOnly) {
  const Machine machine = load_machine(kDefaultPreset);
  const BlockEntry& syncmon = find_block("syncmon_cache");
  EXPECT_TRUE(syncmon.configs(machine, {}).empty());
  EXPECT_TRUE(syncmon.configs(machine, {{"num_warps", "4"}}).empty());
  ASSERT_NE(syncmon.corner("tiny"), nullptr);
  EXPECT_EQ(modules(syncmon.configs(machine, syncmon.corner("tiny")->params)),
            (std::set<std::string>{"syncmon_cache_s2_w2_e4_a3_v2_g2_h1"}));
  EXPECT_EQ(modules(syncmon.configs(machine, {{"cache_sets", "256"}})),
            (std::set<std::string>{"syncmon_cache_s256_w4_e512_a32_v32_g6_h1"}));
  // The resume predictor shares the SyncMon's keys: the paper's sizes from its defaults, and
  // awg-apu's own configuration (the same module: its defaults are awg-apu's).
  const BlockEntry& resume = find_block("resume_predictor");
  EXPECT_TRUE(resume.configs(machine, {}).empty());
  EXPECT_EQ(modules(resume.configs(machine, {{"cache_sets", "256"}})),
            (std::set<std::string>{"resume_predictor_s256_w4_e512_u2_t2000_n16"}));
  EXPECT_EQ(modules(resume.configs(load_machine("awg-apu"), {})),
            (std::set<std::string>{"resume_predictor_s256_w4_e512_u2_t2000_n16"}));
}

TEST(BlockCorners, CornerLookupByName) {
  const BlockEntry& lrr = find_block("lrr_arbiter");
  ASSERT_NE(lrr.corner("tiny"), nullptr);
  EXPECT_EQ(lrr.corner("tiny")->params, (blocks::ParamList{{"num_warps", "4"}}));
  EXPECT_EQ(lrr.corner("small_groups"), nullptr);  // the fetch-group arbiters' own
  EXPECT_EQ(lrr.corner(""), nullptr);
}

}  // namespace
}  // namespace wf::harness
