// What one SM counted during a run. Summed over kernels; the GPU adds them up for the report.
#pragma once

#include <cstdint>
#include <vector>

#include "sim_model/sm/l1_data_port.h"
#include "sim_model/sm/warp_phases.h"
#include "sim_model/sm/warp_state.h"

namespace wf::sm {

struct SmStats {
  std::uint64_t warp_instructions = 0;
  std::uint64_t thread_instructions = 0;
  StateCounts states{};                // warp-cycles per state
  std::uint64_t live_warp_cycles = 0;  // must equal the sum of states
  std::uint64_t busy_cycles = 0;       // cycles with at least one resident CTA
  std::uint64_t skipped_cycles = 0;    // of those, cycles the SM slept through (waiting on memory)
  std::uint64_t icache_accesses = 0, icache_misses = 0;
  // [l1i] from_memory: misses read through the memory system (no nearby cache held them).
  std::uint64_t icache_memory_reads = 0;
  std::uint64_t shared_accesses = 0, shared_bank_passes = 0;
  std::uint64_t memory_loads = 0;           // global loads and atomics that went to the L1
  std::uint64_t memory_latency_cycles = 0;  // summed issue-to-data latency of those
  std::uint64_t ctas = 0;
  WarpPhaseTotals phases;  // RTRU over every warp-phase
  // Functional-unit utilization: active_lanes[n] counts the cycles in which the SM's issues,
  // summed over its schedulers, had n active threads (with large warps: the threads of the
  // sub-warps sent down the pipeline). Bins 0 to schedulers x warp_size. [0] stays 0 here:
  // counting the cycles without an issue would be work in every cycle, the ones the SM sleeps
  // through included; gpu::fu_histogram derives them as the run's cycles minus the other bins.
  std::vector<std::uint64_t> active_lanes;
};

}  // namespace wf::sm
