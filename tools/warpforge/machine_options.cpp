#include "tools/warpforge/machine_options.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "sim_model/common/decimal.h"
#include "sim_model/common/error.h"
#include "sim_model/presets/preset_schema.h"
#include "sim_model/sm/key_use.h"
#include "sim_model/sm/policies/policy_info.h"
#include "tools/warpforge/given_settings.h"
#include "tools/warpforge/number_options.h"

namespace wf::cli {
namespace {

// The --issue/--fetch/--dispatch help: the registered names and the default.
std::string policy_help(sm::policies::PolicyKind kind) {
  using namespace sm::policies;
  return fmt::format("{} policy: {} (default: the preset's, else {}; see sim --list-policies)",
                     kind_title(kind), policy_names(kind), default_policy(kind));
}

// Under a run without the cycle model, the options only it reads would be accepted and ignored.
void refuse_timing_options(const MachineOptions& m, const FunctionalRun& f) {
  using sm::policies::PolicyKind;
  auto refuse = [&](const std::string& given, const std::string& what) {
    throw UsageError(
        fmt::format("{}: {} runs no cycle model, so {}; leave it out or run without "
                    "--functional",
                    given, f.mode, what));
  };
  for (const auto& [kind, name] :
       {std::pair{PolicyKind::kIssue, &m.issue}, std::pair{PolicyKind::kFetch, &m.fetch},
        std::pair{PolicyKind::kDispatch, &m.dispatch}}) {
    if (!name->empty())
      refuse(sm::policies::option_name(kind) + " " + *name,
             "no " + sm::policies::kind_title(kind) + " policy runs");
  }
  if (m.memory_option && m.memory_option->count() > 0)
    refuse("--memory " + m.memory, "no memory system is simulated");
  if (m.cta_limit)
    refuse("--cta-limit " + std::to_string(m.cta_limit), "no CTA dispatch policy runs");
  if (m.max_cycles) refuse("--max-cycles " + std::to_string(m.max_cycles), "there are no cycles");
}

}  // namespace

void add_machine_options(CLI::App& app, MachineOptions& m) {
  using sm::policies::PolicyKind;
  app.add_option("--preset", m.preset, "machine preset name or .toml file")->capture_default_str();
  app.add_option("--issue", m.issue, policy_help(PolicyKind::kIssue))
      ->check(non_empty("a policy name"));
  app.add_option("--fetch", m.fetch, policy_help(PolicyKind::kFetch))
      ->check(non_empty("a policy name"));
  app.add_option("--dispatch", m.dispatch, policy_help(PolicyKind::kDispatch))
      ->check(non_empty("a policy name"));
  app.add_option("--param", m.params,
                 "override a timing parameter, KEY=VALUE (repeatable): a preset key (sfu_latency, "
                 "l1i.ways, num_sms, ...), watchdog_cycles, livelock_cycles (0: off), max_cycles, "
                 "regs_per_thread, or "
                 "reference=1 (no speed shortcuts: much slower, the same statistics but "
                 "sms[].skipped_cycles; for checking the model)")
      // One value per --param, so that `exec --param k=v -- PROGRAM` ends the option at `--`.
      ->allow_extra_args(false);
  m.memory_option =
      app.add_option("--memory", m.memory,
                     "memory below the SMs: golden (L1D and the preset's [memory] model of "
                     "sim_model/mem) or fixed-latency (L2/DRAM minimum latencies, no queues; for "
                     "comparisons)")
          ->check(CLI::IsMember({"golden", "fixed-latency"}))
          ->capture_default_str();
  app.add_option("--cta-limit", m.cta_limit,
                 "at most N CTAs per SM under --dispatch static ([sm] cta_limit; DYNCTA's static "
                 "CTA count), 1 or more")
      ->check(unsigned_in(1, 32));
  // 0 is refused rather than meaning "unlimited": leaving the option out is how to say that.
  app.add_option("--max-cycles", m.max_cycles,
                 "stop with an error after this many cycles, 1 or more (default: no limit)")
      ->check(unsigned_in(1, std::numeric_limits<std::uint64_t>::max()));
}

sm::TimingConfig timing_config(const MachineOptions& m, const FunctionalRun* functional) {
  using sm::policies::PolicyKind;
  if (functional) refuse_timing_options(m, *functional);
  // Preset keys first, all of them, then the rules between keys: a user changing max_warps and
  // max_warps_per_cta together must not be refused for the state between the two.
  Machine machine = load_machine(m.preset);
  GivenSettings given;
  if (m.cta_limit) {
    const std::string value = std::to_string(m.cta_limit);
    given.add("sm.cta_limit", "[sm] cta_limit", "--cta-limit " + value, value);
    set_machine_param(machine, "cta_limit", value);
  }
  if (m.max_cycles) {
    const std::string value = std::to_string(m.max_cycles);
    given.add("max_cycles", "max_cycles", "--max-cycles " + value, value);
  }
  std::vector<std::pair<std::string, std::string>> run_params;
  std::vector<std::pair<const PresetKey*, std::string>> preset_params;  // key, option text
  for (const auto& kv : m.params) {
    const auto eq = kv.find('=');
    if (eq == std::string::npos || eq == 0)
      throw UsageError("--param " + kv + ": expected KEY=VALUE");
    std::string key = kv.substr(0, eq), value = kv.substr(eq + 1);
    const std::string text = "--param " + kv;
    const PresetKey* set = set_machine_param(machine, key, value);
    if (!set) {
      if (functional && std::find(functional->keys.begin(), functional->keys.end(), key) ==
                            functional->keys.end())
        throw UsageError(
            fmt::format("{}: {} runs no cycle model, the only reader of {}; leave it "
                        "out or run without --functional",
                        text, functional->mode, key));
      given.add(key, key, text, value);
      run_params.emplace_back(key, value);
      continue;
    }
    given.add(set->qualified(), set->display(), text, value);
    preset_params.emplace_back(set, text);
    if (functional && std::find(functional->keys.begin(), functional->keys.end(),
                                set->qualified()) == functional->keys.end())
      throw UsageError(fmt::format(
          "{}: {} runs no cycle model, the only reader of {}; leave it out or run without "
          "--functional",
          text, functional->mode, set->display()));
    // A key of the memory this run does not simulate would be read and ignored.
    using Memory = PresetKey::Memory;
    const Memory simulated = m.memory == "golden" ? Memory::kGolden : Memory::kFixedLatency;
    if (set->memory != Memory::kBoth && set->memory != simulated)
      throw UsageError(fmt::format(
          "{}: {} sets the {} memory, and this run simulates --memory {}; leave it out or "
          "choose --memory {}",
          text, set->display(), set->memory == Memory::kGolden ? "golden" : "fixed-latency",
          m.memory, set->memory == Memory::kGolden ? "golden" : "fixed-latency"));
  }
  check_machine(machine);
  sm::TimingConfig c = sm::load_timing_config(machine);
  for (const auto& [kind, name] :
       {std::pair{PolicyKind::kIssue, &m.issue}, std::pair{PolicyKind::kFetch, &m.fetch},
        std::pair{PolicyKind::kDispatch, &m.dispatch}}) {
    if (name->empty()) continue;  // the preset's, else the kind's default
    c.policy(kind) = sm::policies::find_policy(kind, *name).name;
    c.policy_origin(kind) = sm::policies::option_name(kind) + " " + *name;
  }
  // Now that the policies are known: a key only other policies (or another machine) read.
  if (m.cta_limit)
    preset_params.emplace_back(find_preset_key("sm", "cta_limit"),
                               "--cta-limit " + std::to_string(m.cta_limit));
  for (const auto& [key, text] : preset_params) {
    if (const std::string why = sm::unread_key_reason(c, key->qualified()); !why.empty())
      throw UsageError(fmt::format("{}: {} {}; leave it out", text, key->display(), why));
  }
  for (const auto& [key, value] : run_params) sm::set_timing_param(c, key, value);
  if (m.max_cycles) c.max_cycles = m.max_cycles;
  return c;
}

}  // namespace wf::cli
