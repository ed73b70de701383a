// Every registered block states formal properties, for every configuration the commands can
// select: a block added later cannot skip them (its registration does not compile without
// emit_properties, and an empty or malformed property set fails here). Arbiters must state the
// grant properties every arbiter shares; the prover itself is tested in tests/synth.
#include <algorithm>
#include <cctype>

#include <gtest/gtest.h>

#include "harness/block_config.h"
#include "sim_model/presets/machine.h"

namespace wf::harness {
namespace {

// The preset's parameters and every corner `entry` declares (harness/corner.h), among them
// those of the ctest prove runs: tiny powers of two and sizes that are not powers of two (so
// invariants and assumptions are not trivially true).
std::vector<blocks::ParamList> parameter_sets(const BlockEntry& entry) {
  std::vector<blocks::ParamList> sets = {{}};
  for (const auto& corner : entry.corners) sets.push_back(corner.params);
  return sets;
}

// The parameters of `block`'s corner `name`, which it must declare.
blocks::ParamList corner(const std::string& block, const std::string& name) {
  const Corner* c = find_block(block).corner(name);
  if (!c) {
    ADD_FAILURE() << block << " declares no corner " << name;
    return {};
  }
  return c->params;
}

bool contains(const std::string& text, const std::string& needle) {
  return text.find(needle) != std::string::npos;
}

bool word_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

// Whether `verilog` has `keyword` (at the start of a word), then an optional packed range
// "[<digits>:0] ", then `name` and `end` (";"), or, with an empty `end`, the end of the word.
// (A hand-written match: GCC 12's <regex> warns inside libstdc++ in the sanitizer build.)
bool declares(const std::string& verilog, const std::string& keyword, const std::string& name,
              const std::string& end) {
  for (std::size_t at = verilog.find(keyword); at != std::string::npos;
       at = verilog.find(keyword, at + 1)) {
    if (at > 0 && word_char(verilog[at - 1])) continue;
    std::size_t p = at + keyword.size();
    if (p < verilog.size() && verilog[p] == '[') {
      std::size_t q = p + 1;
      while (q < verilog.size() && std::isdigit(static_cast<unsigned char>(verilog[q]))) ++q;
      if (q == p + 1 || verilog.compare(q, 4, ":0] ") != 0) continue;
      p = q + 4;
    }
    if (verilog.compare(p, name.size(), name) != 0) continue;
    p += name.size();
    if (end.empty() ? p == verilog.size() || !word_char(verilog[p])
                    : verilog.compare(p, end.size(), end) == 0)
      return true;
  }
  return false;
}

TEST(BlockProperties, DeclarationMatchFollowsTheVerilogSyntax) {
  const std::string v = "  reg [3:0] last_q;\n  output wire grant_valid_o,\n  myreg x;\n";
  EXPECT_TRUE(declares(v, "reg ", "last_q", ";"));
  EXPECT_FALSE(declares(v, "reg ", "last", ";"));  // not the whole name
  EXPECT_FALSE(declares(v, "reg ", "x", ";"));     // "myreg" is not the keyword
  EXPECT_TRUE(declares(v, "output wire ", "grant_valid_o", ""));
  EXPECT_FALSE(declares(v, "output wire ", "grant_valid", ""));
  EXPECT_TRUE(declares("reg busy_q;", "reg ", "busy_q", ";"));
  EXPECT_FALSE(declares("reg [a:0] busy_q;", "reg ", "busy_q", ";"));
}

bool has_output(const gen::PropertySet& p, const std::string& port) {
  return std::find(p.outputs.begin(), p.outputs.end(), port) != p.outputs.end();
}

bool has_property(const gen::PropertySet& p, const std::string& name) {
  return std::any_of(p.properties.begin(), p.properties.end(),
                     [&](const gen::Property& q) { return q.name == name && !q.invariant; });
}

TEST(BlockProperties, RegistryIsNotEmpty) {
  EXPECT_GE(block_registry().size(), 5u);
}

TEST(BlockProperties, EveryConfigurationOfEveryBlockStatesWellFormedProperties) {
  const Machine machine = load_machine(kDefaultPreset);
  for (const auto& entry : block_registry()) {
    for (const auto& overrides : parameter_sets(entry)) {
      for (const auto& config : entry.configs(machine, overrides)) {
        SCOPED_TRACE(config->module());
        const gen::PropertySet p = config->properties();
        EXPECT_EQ(p.top, config->module() + "_props");
        EXPECT_TRUE(contains(p.verilog, "module " + p.top + " (\n"));
        EXPECT_TRUE(contains(p.verilog, "  " + config->module() + " dut (\n"));
        EXPECT_GE(p.depth, 1u);
        const auto requirements =
            std::count_if(p.properties.begin(), p.properties.end(),
                          [](const gen::Property& q) { return !q.invariant; });
        EXPECT_GE(requirements, 1) << "a block without properties";
        for (const auto& q : p.properties) {
          EXPECT_FALSE(q.doc.empty()) << q.name;
          EXPECT_TRUE(contains(
              p.verilog, "    " + q.name + ": assert (" + gen::property_wire(q.name) + ");\n"))
              << q.name;
        }
        for (const auto& a : p.assumptions) {
          EXPECT_FALSE(a.doc.empty()) << a.name;
          EXPECT_TRUE(contains(p.verilog, "    " + a.name + ": assume (")) << a.name;
        }
        // Exposed registers and outputs exist in the block's own Verilog.
        const std::string rtl = config->verilog();
        for (const auto& reg : p.exposed) {
          EXPECT_TRUE(declares(rtl, "reg ", reg, ";")) << reg;
        }
        for (const auto& out : p.outputs) {
          EXPECT_TRUE(declares(rtl, "output wire ", out, "")) << out;
        }
        // Every arbiter (a block with a grant port) states what all arbiters must.
        if (has_output(p, "grant_o")) {
          for (const char* name : {"grant_at_most_one", "grant_only_requesters",
                                   "grant_when_requested", "grant_warp_matches"}) {
            EXPECT_TRUE(has_property(p, name)) << name;
          }
        }
      }
    }
  }
}

TEST(BlockProperties, WarpPriorityTableCountsSaturateAndStayWithinTheCta) {
  const auto configs = find_block("warp_priority_table").configs(load_machine(kDefaultPreset), {});
  ASSERT_EQ(configs.size(), 1u);
  const gen::PropertySet p = configs[0]->properties();
  for (const char* name : {"count_within_max", "count_saturates", "count_within_cta"}) {
    EXPECT_TRUE(has_property(p, name)) << name;
  }
  // The one assumption: a CTA's warps arrive at most once per barrier.
  ASSERT_EQ(p.assumptions.size(), 1u);
  EXPECT_EQ(p.assumptions[0].name, "arrivals_within_cta");
}

// The one configuration of `block` under `overrides`, or every one of them.
std::vector<gen::PropertySet> properties_of(const std::string& block,
                                            const blocks::ParamList& overrides = {}) {
  std::vector<gen::PropertySet> out;
  for (const auto& c : find_block(block).configs(load_machine(kDefaultPreset), overrides)) {
    out.push_back(c->properties());
  }
  return out;
}

TEST(BlockProperties, SawsStatesTheFirstHitOrderAndTiesItToTheBlocksRegisters) {
  const auto sets = properties_of("saws_arbiter");
  ASSERT_EQ(sets.size(), 2u);  // inner lrr and gto
  for (const auto& p : sets) {
    EXPECT_TRUE(has_property(p, "first_hit_cta"));
    for (const char* reg : {"hit_before_q", "last_warp_q"}) {
      EXPECT_NE(std::find(p.exposed.begin(), p.exposed.end(), reg), p.exposed.end()) << reg;
    }
    // The block keeps no was-waiting bits; the order alone carries the first hits.
    EXPECT_EQ(std::find(p.exposed.begin(), p.exposed.end(), "hit_waiting_q"), p.exposed.end());
    EXPECT_TRUE(p.assumptions.empty());  // 8 CTA slots: every warp_cta_i field is one
  }
  // Three slots: a requester's CTA field must name one, as for MWF.
  const auto odd = properties_of("saws_arbiter", corner("saws_arbiter", "odd"));
  ASSERT_EQ(odd[0].assumptions.size(), 1u);
  EXPECT_EQ(odd[0].assumptions[0].name, "requesters_in_cta_slots");
}

TEST(BlockProperties, FefStatesFewestEntriesAndRoundRobinTies) {
  const auto sets = properties_of("fef_fetch_arbiter");
  ASSERT_EQ(sets.size(), 1u);
  EXPECT_TRUE(has_property(sets[0], "fewest_entries"));
  EXPECT_TRUE(has_property(sets[0], "ties_round_robin"));
  EXPECT_TRUE(sets[0].assumptions.empty());  // any entry count, eligible or not
}

TEST(BlockProperties, TwoLevelStatesGroupsInBothUses) {
  const auto sets = properties_of("two_level_arbiter");
  ASSERT_EQ(sets.size(), 2u);  // issue (24 warps, groups of 8) and fetch (48, groups of 16)
  for (const auto& p : sets) {
    EXPECT_TRUE(has_property(p, "stays_in_group"));
    EXPECT_TRUE(has_property(p, "round_robin_after_last"));
    EXPECT_TRUE(p.assumptions.empty());
  }
  // Each use divides warp ids by its own group size.
  EXPECT_TRUE(contains(sets[0].verilog, "w_current_group / 8"));
  EXPECT_TRUE(contains(sets[1].verilog, "w_current_group / 16"));
}

// The CFF modes for SAWS and two-level state their issue policy's order, with the same helpers
// as the saws and two-level arbiters.
TEST(BlockProperties, CffStatesTheSawsAndTwoLevelOrders) {
  for (const auto& p : properties_of("cff_fetch_arbiter")) {
    SCOPED_TRACE(p.top);
    const bool saws = contains(p.top, "_saws_");
    const bool two_level = contains(p.top, "_2lev_");
    EXPECT_EQ(has_property(p, "first_hit_cta"), saws);
    EXPECT_EQ(std::find(p.exposed.begin(), p.exposed.end(), "hit_before_q") != p.exposed.end(),
              saws);
    EXPECT_EQ(has_property(p, "stays_in_group"), two_level);
    EXPECT_EQ(has_property(p, "round_robin_after_last"), two_level);
    // 2lev: groups of 16 SM warp ids, from both issue ports.
    if (two_level) {
      EXPECT_TRUE(contains(p.verilog, "issue_groups_index1 == w_issue_groups / 16"));
    }
  }
}

TEST(BlockProperties, CtaSlotAssumptionOnlyWhereSlotsAreNotAPowerOfTwo) {
  const Machine machine = load_machine(kDefaultPreset);
  const auto preset = find_block("mwf_arbiter").configs(machine, {});
  EXPECT_TRUE(preset[0]->properties().assumptions.empty());  // 8 slots: every field is one
  const auto odd = find_block("mwf_arbiter").configs(machine, corner("mwf_arbiter", "odd"));
  const auto a = odd[0]->properties().assumptions;
  ASSERT_EQ(a.size(), 1u);
  EXPECT_EQ(a[0].name, "requesters_in_cta_slots");
}

}  // namespace
}  // namespace wf::harness
