#include "sim_model/sm/timing_config.h"

#include <algorithm>
#include <vector>

#include "sim_model/common/decimal.h"
#include "sim_model/common/error.h"
#include "sim_model/presets/preset_rules.h"
#include "sim_model/presets/preset_schema.h"
#include "sim_model/ptx/large_warp.h"
#include "sim_model/sm/shared_memory_banks.h"

namespace wf::sm {
namespace {

// A barrel-processed warp holds one instruction at a time: its I-buffer has one entry, so that
// no second instruction is fetched behind one still in the pipeline.
void barrel_rule(const Machine& m) {
  if (m.value("sm.barrel_processing") != 0 && m.value("sm.ibuffer_entries") != 1)
    break_preset_rule(m, "sm.ibuffer_entries",
                      "must be 1 with " + m.describe("sm.barrel_processing") +
                          ": a barrel-processed warp holds one instruction at a time");
}
const PresetRuleRegistrar barrel_registered(barrel_rule);

// Large warps: whole rows of the warp size, at most 16 of them (the packer's and the executor's
// limit), and barrel processing, under which a large warp is fetched again only when all its
// sub-warps have left the pipeline (the paper's; the model has no interlock for sub-warps).
void large_warp_rule(const Machine& m) {
  const std::uint64_t size = m.value("sm.large_warp_size");
  if (size == 0) return;
  if (!ptx::large_warp_size_problem(static_cast<unsigned>(size), m.warp_size).empty())
    break_preset_rule(m, "sm.large_warp_size",
                      "must be a multiple of " + m.describe("sm.warp_size") + " up to " +
                          std::to_string(ptx::kMaxLargeWarpThreads));
  if (m.value("sm.barrel_processing") == 0)
    break_preset_rule(m, "sm.large_warp_size",
                      "needs [sm] barrel_processing = 1: a large warp is fetched again only when "
                      "all its sub-warps have left the pipeline");
}
const PresetRuleRegistrar large_warp_registered(large_warp_rule);

struct Field {
  const char* key;  // the preset key, "section.key"; its range is the schema's
  unsigned TimingConfig::*member;
};

// The preset keys the cycle model reads beyond the blocks' [sm] ones.
const std::vector<Field>& fields() {
  using C = TimingConfig;
  static const std::vector<Field> table = {
      {"gpu.num_sms", &C::num_sms},
      {"gpu.launch_overhead_cycles", &C::launch_overhead_cycles},
      {"sm.max_threads", &C::max_threads},
      {"sm.registers", &C::registers},
      {"sm.shared_memory_bytes", &C::shared_memory_bytes},
      {"sm.ibuffer_entries", &C::ibuffer_entries},
      {"sm.barrel_processing", &C::barrel_processing},
      {"sm.cta_limit", &C::cta_limit},
      {"sm.large_warp_size", &C::large_warp_size},
      {"sm.lwm_memory_rows", &C::lwm_memory_rows},
      {"sm.lwm_single_jump", &C::lwm_single_jump},
      {"sm.sp_units", &C::sp_units},
      {"sm.sfu_units", &C::sfu_units},
      {"sm.ldst_units", &C::ldst_units},
      {"l1d.sets", &C::l1d_sets},
      {"l1d.ways", &C::l1d_ways},
      {"l1d.line_bytes", &C::l1d_line_bytes},
      {"l1i.bytes", &C::l1i_bytes},
      {"l1i.line_bytes", &C::l1i_line_bytes},
      {"l1i.ways", &C::l1i_ways},
      {"l1i.miss_latency", &C::l1i_miss_latency},
      {"l1i.from_memory", &C::l1i_from_memory},
      {"l1i.near_bytes", &C::l1i_near_bytes},
      {"memory.l2_min_latency", &C::l2_min_latency},
      {"memory.dram_min_latency", &C::dram_min_latency},
      {"pipeline.int_latency", &C::int_latency},
      {"pipeline.int_interval", &C::int_interval},
      {"pipeline.fp_latency", &C::fp_latency},
      {"pipeline.fp_interval", &C::fp_interval},
      {"pipeline.dp_latency", &C::dp_latency},
      {"pipeline.dp_interval", &C::dp_interval},
      {"pipeline.sfu_latency", &C::sfu_latency},
      {"pipeline.sfu_interval", &C::sfu_interval},
      {"pipeline.branch_latency", &C::branch_latency},
      {"pipeline.shared_latency", &C::shared_latency},
      {"pipeline.shared_banks", &C::shared_banks},
      {"pipeline.l1d_hit_latency", &C::l1d_hit_latency},
      {"pipeline.const_latency", &C::const_latency},
      {"l1d.mshr_entries", &C::l1d_mshrs},
  };
  return table;
}

void read_machine(TimingConfig& c) {
  for (const Field& f : fields()) c.*f.member = static_cast<unsigned>(c.machine.value(f.key));
}

}  // namespace

std::string& TimingConfig::policy(policies::PolicyKind kind) {
  switch (kind) {
    case policies::PolicyKind::kIssue:
      return issue;
    case policies::PolicyKind::kFetch:
      return fetch;
    case policies::PolicyKind::kDispatch:
      break;
  }
  return dispatch;
}

const std::string& TimingConfig::policy(policies::PolicyKind kind) const {
  return const_cast<TimingConfig*>(this)->policy(kind);
}

std::string& TimingConfig::policy_origin(policies::PolicyKind kind) {
  switch (kind) {
    case policies::PolicyKind::kIssue:
      return issue_origin;
    case policies::PolicyKind::kFetch:
      return fetch_origin;
    case policies::PolicyKind::kDispatch:
      break;
  }
  return dispatch_origin;
}

const std::string& TimingConfig::policy_origin(policies::PolicyKind kind) const {
  return const_cast<TimingConfig*>(this)->policy_origin(kind);
}

unsigned TimingConfig::longest_fixed_latency() const {
  return std::max({int_latency, fp_latency, dp_latency, sfu_latency, branch_latency, const_latency,
                   shared_latency + kMaxSharedWords - 1});
}

TimingConfig load_timing_config(const Machine& machine) {
  // The cycle model's warps are 32 threads wide (PTX's WARP_SZ). The blocks take any warp size,
  // so a preset may have another for them (awg-apu's 64-wide wavefronts): only a run refuses it.
  if (machine.warp_size != 32)
    break_preset_rule(machine, "sm.warp_size",
                      "is not modelled by the cycle model, whose warps are 32 threads; gen, "
                      "equiv, prove, area and params take the preset");
  TimingConfig c;
  c.machine = machine;
  read_machine(c);
  // [policy] issue/fetch/cta_dispatch, checked against the registry when the preset loaded.
  for (const policies::PolicyKind kind : policies::kPolicyKinds) {
    const auto it = machine.policies.find(policies::preset_key(kind));
    if (it == machine.policies.end()) continue;
    c.policy(kind) = it->second;
    const auto line = machine.policy_origins.find(it->first);
    c.policy_origin(kind) = "[policy] " + it->first + " = \"" + it->second + "\" (" +
                            (line == machine.policy_origins.end() ? machine.origin : line->second) +
                            ")";
  }
  return c;
}

void set_timing_param(TimingConfig& c, const std::string& key, const std::string& value) {
  std::uint64_t v = 0;
  const bool numeric = parse_decimal(value, v);
  if (key == "watchdog_cycles" || key == "max_cycles") {
    // 0 is refused rather than meaning "unlimited": leaving max_cycles out is how to say that.
    if (!numeric || v == 0)
      throw UsageError("--param " + key + "=" + value + ": expected a positive integer" +
                       (key == "max_cycles" ? " (leave it out for no limit)" : ""));
    (key == "watchdog_cycles" ? c.watchdog_cycles : c.max_cycles) = v;
    return;
  }
  if (key == "livelock_cycles") {
    if (!numeric) throw UsageError("--param " + key + "=" + value + ": expected an integer >= 0");
    c.livelock_cycles = v;
    return;
  }
  if (key == "reference") {
    if (!numeric || v > 1) throw UsageError("--param " + key + "=" + value + ": expected 0 or 1");
    c.reference = v == 1;
    return;
  }
  if (key == "regs_per_thread") {
    if (!numeric || v > 255)
      throw UsageError("--param " + key + "=" + value + ": expected an integer in 0..255");
    c.regs_per_thread = static_cast<unsigned>(v);
    return;
  }
  if (set_machine_param(c.machine, key, value)) {
    check_machine(c.machine);
    read_machine(c);
    return;
  }
  std::string known = "watchdog_cycles, max_cycles, livelock_cycles, regs_per_thread, reference";
  for (const PresetKey& k : preset_keys()) known += ", " + k.qualified();
  throw UsageError("--param: unknown parameter '" + key + "' (known: " + known + ")");
}

}  // namespace wf::sm
