#include "sim_model/presets/preset_rules.h"

#include <bit>
#include <vector>

#include "sim_model/common/error.h"

namespace wf {
namespace {

std::vector<PresetRule>& registered_rules() {
  static std::vector<PresetRule> rules;
  return rules;
}

// The value's own origin when it was written somewhere, else the preset's.
std::string where(const Machine& m, std::string_view key) {
  const std::string& origin = m.values.find(key)->second.origin;
  return origin == "default" || origin == "derived" ? m.origin : origin;
}

void sm_rules(const Machine& m) {
  if (m.max_warps_per_cta > m.max_warps)
    break_preset_rule(m, "sm.max_warps_per_cta", "must not exceed " + m.describe("sm.max_warps"));
  // Warp w belongs to scheduler w mod n: every scheduler must get the same number of warps.
  if (m.max_warps % m.schedulers != 0)
    break_preset_rule(m, "sm.max_warps",
                      "must be a multiple of " + m.describe("sm.schedulers") +
                          ", so that every scheduler has the same warps");
  if (m.max_ctas > m.max_warps)
    break_preset_rule(
        m, "sm.max_ctas",
        "must not exceed " + m.describe("sm.max_warps") + ": a CTA holds at least one warp");
}

// A stated derived key against what it derives from (machine.cpp: derive). Judged after every
// other rule, so that a wrong key it derives from (a large warp size that is no multiple of the
// warp, a max_warps its CTAs exceed) is reported as itself first.
void derived_rules(const Machine& m) {
  const bool large = m.value("sm.large_warp_size") != 0;
  if (m.value("sm.max_threads") != std::uint64_t{m.max_warps} * m.threads_per_warp())
    break_preset_rule(m, "sm.max_threads",
                      "must be " + m.describe("sm.max_warps") + " × " +
                          m.describe(large ? "sm.large_warp_size" : "sm.warp_size"));
}

// The L2 of the gddr memory model; other models check their own keys.
void gddr_cache_rules(const Machine& m) {
  // Lines are the unit everywhere below the L1; one size keeps request and fill 1:1.
  if (m.value("l1d.line_bytes") != m.value("l2.line_bytes"))
    break_preset_rule(m, "l1d.line_bytes", "must equal " + m.describe("l2.line_bytes"));
  const std::uint64_t subpartitions =
      m.value("memory.channels") * m.value("memory.subpartitions_per_channel");
  const std::uint64_t l2_set_bytes = m.value("l2.ways") * m.value("l2.line_bytes");
  const std::uint64_t l2_bytes = m.value("memory.l2_bytes");
  if (l2_bytes % (subpartitions * l2_set_bytes) != 0 ||
      !std::has_single_bit(l2_bytes / (subpartitions * l2_set_bytes)))
    break_preset_rule(m, "memory.l2_bytes",
                      "must split into " + m.describe("memory.channels") + " × " +
                          m.describe("memory.subpartitions_per_channel") +
                          " sub-partitions of a power-of-two number of sets of " +
                          m.describe("l2.ways") + " × " + m.describe("l2.line_bytes"));
}

void cache_rules(const Machine& m) {
  const std::uint64_t l1i_set_bytes = m.value("l1i.line_bytes") * m.value("l1i.ways");
  if (m.value("l1i.bytes") % l1i_set_bytes != 0 ||
      !std::has_single_bit(m.value("l1i.bytes") / l1i_set_bytes))
    break_preset_rule(m, "l1i.bytes",
                      "must be a power-of-two number of sets of " + m.describe("l1i.ways") + " × " +
                          m.describe("l1i.line_bytes"));
  if (m.memory_model == kGddrMemoryModel) gddr_cache_rules(m);
  // An instruction miss read through the memory system is one line request, as a data miss is.
  if (m.value("l1i.from_memory") != 0 && m.value("l1i.line_bytes") != m.value("l1d.line_bytes"))
    break_preset_rule(m, "l1i.line_bytes",
                      "must equal " + m.describe("l1d.line_bytes") + " when l1i.from_memory is 1");
  const std::uint64_t near = m.value("l1i.near_bytes");
  if (near != 0 && (near % l1i_set_bytes != 0 || !std::has_single_bit(near / l1i_set_bytes)))
    break_preset_rule(m, "l1i.near_bytes",
                      "must be 0 or a power-of-two number of sets of " + m.describe("l1i.ways") +
                          " × " + m.describe("l1i.line_bytes"));
}

// The gddr memory model's bursts and rows.
void dram_rules(const Machine& m) {
  if (m.memory_model != kGddrMemoryModel) return;
  const std::uint64_t burst_bytes = m.value("dram.bus_bits") / 8 * m.value("dram.burst_length");
  if (m.value("dram.burst_length") % m.value("dram.beats_per_clock") != 0)
    break_preset_rule(m, "dram.burst_length",
                      "must be whole clocks of " + m.describe("dram.beats_per_clock"));
  if (m.value("l2.line_bytes") % burst_bytes != 0)
    break_preset_rule(m, "l2.line_bytes",
                      "must be whole bursts of " + m.describe("dram.bus_bits") + " × " +
                          m.describe("dram.burst_length"));
  if (m.value("dram.row_bytes") % m.value("l2.line_bytes") != 0)
    break_preset_rule(m, "dram.row_bytes", "must be whole lines of " + m.describe("l2.line_bytes"));
}

// The SyncMon's set index is bits of a hash.
void syncmon_rules(const Machine& m) {
  const std::uint64_t sets = m.value("syncmon.cache_sets");
  if (sets != 0 && !std::has_single_bit(sets))
    break_preset_rule(m, "syncmon.cache_sets", "must be 0 (no SyncMon) or a power of two");
}

const PresetRuleRegistrar sm_registered(sm_rules);
const PresetRuleRegistrar syncmon_registered(syncmon_rules);
const PresetRuleRegistrar cache_registered(cache_rules);
const PresetRuleRegistrar dram_registered(dram_rules);

}  // namespace

PresetRuleRegistrar::PresetRuleRegistrar(PresetRule rule) {
  registered_rules().push_back(rule);
}

void break_preset_rule(const Machine& m, std::string_view key, const std::string& rule) {
  throw UsageError(where(m, key) + ": " + m.describe(key, false) + " " + rule);
}

void check_machine(const Machine& machine) {
  for (const PresetRule rule : registered_rules()) rule(machine);
  derived_rules(machine);
}

}  // namespace wf
