// libFuzzer target for the machine preset loader: any input, read as a preset file (and, after
// a NUL byte, as `--param KEY=VALUE` lines), must either load or be refused with a UsageError.
// A preset that loads must keep the loader's promises: every key in its range, the rules
// between keys true (a rule checked only for some inputs would show as a trap here), and the
// cycle model's and the memory system's configurations derivable from it without dividing by
// zero or wrapping.
#include <bit>
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "sim_model/common/error.h"
#include "sim_model/mem/mem_config.h"
#include "sim_model/mem/memory_model.h"
#include "sim_model/mem/row_buffer_dram.h"
#include "sim_model/presets/machine.h"
#include "sim_model/presets/preset_schema.h"
#include "sim_model/sm/policies/policy_info.h"
#include "sim_model/sm/timing_config.h"

namespace {

using namespace wf;

void check(bool promise) {
  if (!promise) __builtin_trap();
}

void keeps_promises(const Machine& m) {
  for (const PresetKey& k : preset_keys()) {
    const std::uint64_t v = m.value(k.qualified());
    check(v >= k.min && v <= k.max);
    check(!k.power_of_two || std::has_single_bit(v));
  }
  check(m.value("sm.max_threads") == std::uint64_t{m.max_warps} * m.warp_size);
  check(m.max_warps_per_cta <= m.max_warps && m.max_warps % m.schedulers == 0);
  // The L1 configuration comes from here whatever the memory model.
  const mem::MemConfig c = mem::load_mem_config(m);
  check(c.l2.sets >= 1 && std::has_single_bit(c.l2.sets));
  if (m.memory_model == kGddrMemoryModel) check(c.l2_hit_round_trip() >= c.l2_min_latency);
  if (m.memory_model == mem::RowBufferDram::kName) {
    const mem::RowBufferConfig r = mem::load_row_buffer_config(m);
    check(r.row_conflict_latency >= r.row_hit_latency);
    check(r.row_hit_latency >= r.line_transfer_cycles && r.row_bytes >= r.line_bytes);
    check(r.row_hit_latency >= c.l2_min_latency && r.row_hit_latency >= c.dram_min_latency);
  }
  bool registered = false;  // a loaded preset names a real memory model
  for (const mem::MemoryModelInfo& i : mem::memory_models()) registered |= i.name == m.memory_model;
  check(registered);
  const sm::TimingConfig t = sm::load_timing_config(m);
  check(t.max_threads == m.value("sm.max_threads"));
  for (const auto kind : sm::policies::kPolicyKinds)
    sm::policies::find_policy(kind, t.policy(kind));  // a loaded preset names real policies
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  const std::size_t nul = input.find('\0');
  try {
    Machine m = parse_machine(input.substr(0, nul), "fuzz.toml");
    keeps_promises(m);
    if (nul == std::string::npos) return 0;
    std::istringstream params(input.substr(nul + 1));
    for (std::string line; std::getline(params, line);) {
      const std::size_t eq = line.find('=');
      if (eq == std::string::npos) continue;
      set_machine_param(m, line.substr(0, eq), line.substr(eq + 1));
    }
    check_machine(m);
    keeps_promises(m);
  } catch (const UsageError&) {
  }
  return 0;
}
