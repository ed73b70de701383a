// Everything the cycle model reads from a machine preset beyond what the blocks need (the
// [gpu], [sm], [l1d], [l1i], [memory] and [pipeline] sections), plus the scheduling policies
// of one run. Loaded once; the SMs and the GPU only read it.
#pragma once

#include <cstdint>
#include <string>

#include "sim_model/presets/machine.h"
#include "sim_model/sm/policies/policy_info.h"

namespace wf::sm {

struct TimingConfig {
  Machine machine;
  // The scheduling policies, by their registered names (sim_model/sm/policies/; `warpforge sim
  // --list-policies`); policies::check_policies tells whether they exist and pair.
  std::string issue = policies::default_policy(policies::PolicyKind::kIssue);
  std::string fetch = policies::default_policy(policies::PolicyKind::kFetch);
  std::string dispatch = policies::default_policy(policies::PolicyKind::kDispatch);
  std::string& policy(policies::PolicyKind kind);
  const std::string& policy(policies::PolicyKind kind) const;
  // Where each policy was chosen, for messages (policies::policy_source): "--fetch cff",
  // "[policy] fetch = \"cff\" (FILE:LINE)", or empty for the kind's default.
  std::string issue_origin, fetch_origin, dispatch_origin;
  std::string& policy_origin(policies::PolicyKind kind);
  const std::string& policy_origin(policies::PolicyKind kind) const;

  // [gpu]
  unsigned num_sms = 15;
  // Core cycles from a launch to its first CTA's dispatch, the GPU idle ([gpu]
  // launch_overhead_cycles); counted in the launch's cycles.
  unsigned launch_overhead_cycles = 0;
  // [sm]
  unsigned max_threads = 1536;
  unsigned registers = 32768;
  unsigned shared_memory_bytes = 49152;
  unsigned ibuffer_entries = 2;
  // Strict barrel processing (the LWM paper's core): a warp is not fetched again until its last
  // instruction has left the pipeline (its result written, its loads answered). 0 or 1; 1
  // needs ibuffer_entries = 1.
  unsigned barrel_processing = 0;
  // CTA dispatch `static` (sim_model/sm/policies/dispatch/static_limit.h): CTAs per SM at most.
  unsigned cta_limit = 0;
  // Large warps (LWM; sim_model/sm/subwarp_issue.h): threads per warp, a multiple of the warp
  // size up to 512, issued as sub-warps by the sub-warp packer; 0 = off. The paper's two
  // optimisations, each 0 or 1: global memory one row per sub-warp, an unconditional jump one
  // sub-warp.
  unsigned large_warp_size = 0;
  unsigned lwm_memory_rows = 1, lwm_single_jump = 1;
  unsigned sp_units = 2, sfu_units = 1, ldst_units = 1;
  // [l1d]
  unsigned l1d_sets = 32, l1d_ways = 4, l1d_line_bytes = 128;
  // [l1i]
  unsigned l1i_bytes = 2048, l1i_line_bytes = 128, l1i_ways = 4, l1i_miss_latency = 20;
  // 1: a miss reads its line through the L1's port, the interconnect, the L2 and DRAM, as a
  // data miss does (the code lives in device memory); 0: refilled after l1i_miss_latency.
  // With l1i_from_memory: a nearby instruction cache of this many bytes backs the L1I (0: none).
  unsigned l1i_from_memory = 0, l1i_near_bytes = 0;
  // [memory]
  unsigned l2_min_latency = 120, dram_min_latency = 220;
  // [pipeline]
  unsigned int_latency = 4, int_interval = 1;
  unsigned fp_latency = 4, fp_interval = 1;
  unsigned dp_latency = 8, dp_interval = 2;
  unsigned sfu_latency = 20, sfu_interval = 4;
  unsigned branch_latency = 4;
  unsigned shared_latency = 24, shared_banks = 32;
  unsigned l1d_hit_latency = 20, const_latency = 8, l1d_mshrs = 32;

  // Run control.
  std::uint64_t watchdog_cycles = 1'000'000;  // no instruction issued for this long: deadlock
  std::uint64_t max_cycles = 0;               // 0 = unlimited
  // Cycles without progress (no CTA finished, no store, atomic or reduction changed a memory
  // value) while instructions still issue: a livelock (sim_model/gpu/progress_monitor.h); 0 =
  // never.
  std::uint64_t livelock_cycles = 10'000'000;
  // Registers per thread for occupancy. PTX names virtual registers without limit, so 0 asks
  // for an estimate from the kernel's declared registers (see occupancy.cpp).
  unsigned regs_per_thread = 0;
  // Tests: re-derive every warp's state each cycle and fail if the incremental tracking
  // disagrees. Slow; never changes results.
  bool check_warp_states = false;
  // Reference mode (`--param reference=1`): the model takes none of its speed shortcuts. No SM
  // sleeps or skips its issue and fetch stages, every live warp is classified afresh and the
  // stages' cached inputs are refreshed every cycle, and no part of the memory system skips a
  // cycle or a component it would find nothing to do in (docs/cycle-model.md lists them). Much
  // slower; the statistics must equal a normal run's but for sms[].skipped_cycles (0 here),
  // which tests/gpu/reference_mode_test.cpp checks for every workload and policy pair.
  bool reference = false;
  // Warp-phase timeline (warpforge sim --timeline): the SM and the range of its CTAs, counted
  // in dispatch order on that SM from 0, whose warp-phases are kept. timeline_sm < 0: none.
  int timeline_sm = -1;
  unsigned timeline_first_cta = 0, timeline_last_cta = 2;

  // The furthest ahead a fixed-latency result can land: the slowest unit, or a shared-memory
  // access serialised over every word it can touch (kMaxSharedWords).
  unsigned longest_fixed_latency() const;
};

// Reads the preset's timing sections. Throws UsageError naming the preset and the key.
TimingConfig load_timing_config(const Machine& machine);

// `--param k=v` on the command line: any numeric field above by its preset key, bare or as
// section.key (e.g. sfu_latency=16, l1i.ways=2, num_sms=4, watchdog_cycles=5000,
// livelock_cycles=0), and reference=0|1 (the reference mode above). Throws UsageError for
// unknown keys.
void set_timing_param(TimingConfig& config, const std::string& key, const std::string& value);

}  // namespace wf::sm
