#include "sim_model/sm/timing_config.h"

#include <algorithm>
#include <charconv>
#include <vector>

#include <toml++/toml.h>

#include "sim_model/common/error.h"
#include "sim_model/sm/shared_memory_banks.h"

namespace wf::sm {
namespace {

struct Field {
  const char* section;
  const char* key;
  unsigned TimingConfig::*member;
  unsigned min, max;
};

// One table drives both the preset loader and --param, so the two cannot disagree.
const std::vector<Field>& fields() {
  using C = TimingConfig;
  static const std::vector<Field> table = {
      {"gpu", "num_sms", &C::num_sms, 1, 256},
      {"sm", "max_threads", &C::max_threads, 32, 4096},
      {"sm", "registers", &C::registers, 1024, 1 << 20},
      {"sm", "shared_memory_bytes", &C::shared_memory_bytes, 0, 1 << 20},
      {"sm", "ibuffer_entries", &C::ibuffer_entries, 1, 8},
      {"sm", "sp_units", &C::sp_units, 1, 8},
      {"sm", "sfu_units", &C::sfu_units, 1, 8},
      {"sm", "ldst_units", &C::ldst_units, 1, 8},
      {"l1d", "sets", &C::l1d_sets, 1, 4096},
      {"l1d", "ways", &C::l1d_ways, 1, 64},
      {"l1d", "line_bytes", &C::l1d_line_bytes, 32, 1024},
      {"l1i", "bytes", &C::l1i_bytes, 128, 1 << 20},
      {"l1i", "line_bytes", &C::l1i_line_bytes, 32, 1024},
      {"l1i", "ways", &C::l1i_ways, 1, 64},
      {"l1i", "miss_latency", &C::l1i_miss_latency, 1, 10000},
      {"memory", "l2_min_latency", &C::l2_min_latency, 1, 100000},
      {"memory", "dram_min_latency", &C::dram_min_latency, 1, 100000},
      {"pipeline", "int_latency", &C::int_latency, 1, 1000},
      {"pipeline", "int_interval", &C::int_interval, 1, 1000},
      {"pipeline", "fp_latency", &C::fp_latency, 1, 1000},
      {"pipeline", "fp_interval", &C::fp_interval, 1, 1000},
      {"pipeline", "dp_latency", &C::dp_latency, 1, 1000},
      {"pipeline", "dp_interval", &C::dp_interval, 1, 1000},
      {"pipeline", "sfu_latency", &C::sfu_latency, 1, 1000},
      {"pipeline", "sfu_interval", &C::sfu_interval, 1, 1000},
      {"pipeline", "branch_latency", &C::branch_latency, 1, 1000},
      {"pipeline", "shared_latency", &C::shared_latency, 1, 1000},
      {"pipeline", "shared_banks", &C::shared_banks, 1, 64},
      {"pipeline", "l1d_hit_latency", &C::l1d_hit_latency, 1, 1000},
      {"pipeline", "const_latency", &C::const_latency, 1, 1000},
      {"pipeline", "l1d_mshrs", &C::l1d_mshrs, 1, 1024},
  };
  return table;
}

std::string range(const Field& f) {
  return std::to_string(f.min) + ".." + std::to_string(f.max);
}

bool parse_u64(const std::string& text, std::uint64_t& out) {
  auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && p == text.data() + text.size() && !text.empty();
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

unsigned TimingConfig::longest_fixed_latency() const {
  return std::max({int_latency, fp_latency, dp_latency, sfu_latency, branch_latency, const_latency,
                   shared_latency + kMaxSharedWords - 1});
}

TimingConfig load_timing_config(const Machine& machine) {
  TimingConfig c;
  c.machine = machine;
  toml::table t;
  try {
    t = toml::parse(machine.toml_text, "preset " + machine.name);
  } catch (const toml::parse_error& e) {
    throw UsageError("preset " + machine.name + ": " + std::string(e.description()));
  }
  // Missing keys keep their GTX480 defaults, so small test presets stay short.
  for (const Field& f : fields()) {
    const auto node = t[f.section][f.key];
    if (!node) continue;
    const auto v = node.value<std::int64_t>();
    if (!v || *v < f.min || *v > f.max) {
      throw UsageError("preset " + machine.name + ": [" + f.section + "] " + f.key +
                       ": expected an integer in " + range(f));
    }
    c.*f.member = static_cast<unsigned>(*v);
  }
  // [policy] issue/fetch/cta_dispatch: a registered policy of the kind.
  for (const policies::PolicyKind kind : policies::kPolicyKinds) {
    const std::string key = policies::preset_key(kind);
    const auto name = t["policy"][key].value<std::string>();
    if (!name) continue;
    try {
      policies::find_policy(kind, *name);
    } catch (const UsageError& e) {
      throw UsageError("preset " + machine.name + ": [policy] " + key + ": unknown " +
                       policies::kind_title(kind) + " policy \"" + *name + "\"; expected one of " +
                       policies::policy_names(kind, ", "));
    }
    c.policy(kind) = *name;
  }
  return c;
}

void set_timing_param(TimingConfig& c, const std::string& key, const std::string& value) {
  std::uint64_t v = 0;
  const bool numeric = parse_u64(value, v);
  if (key == "watchdog_cycles" || key == "max_cycles") {
    if (!numeric || (key == "watchdog_cycles" && v == 0))
      throw UsageError("--param " + key + "=" + value + ": expected a positive integer");
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
  std::string known = "watchdog_cycles, max_cycles, livelock_cycles, regs_per_thread, reference";
  // "section.key" always works; the bare key picks the first section that has it (l1d before
  // l1i for sets/ways/line_bytes).
  for (const Field& f : fields()) {
    const std::string qualified = std::string(f.section) + "." + f.key;
    known += ", " + qualified;
    if (key != f.key && key != qualified) continue;
    if (!numeric || v < f.min || v > f.max)
      throw UsageError("--param " + key + "=" + value + ": expected an integer in " + range(f));
    c.*f.member = static_cast<unsigned>(v);
    return;
  }
  throw UsageError("--param: unknown parameter '" + key + "' (known: " + known + ")");
}

}  // namespace wf::sm
