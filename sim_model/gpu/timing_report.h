// A timing run's statistics as JSON (everything) and as one CSV row (the headline numbers), with
// stable names. Wall-clock time is deliberately absent: identical runs give identical bytes.
//
// JSON keys: status, message, workload, passed, preset, issue, fetch, cycles,
// warp_instructions, thread_instructions, ipc (thread instructions per cycle), live_warp_cycles,
// states{issued, barrier, exit, fetch, data, structural, control, ready} (warp-cycles; they sum
// to live_warp_cycles), l1d{accesses, hits, hit_rate, mshr_merges, stall_cycles, store_lines,
// atomic_lines} (accesses/hits count load lines over all SMs), l1i{accesses, misses},
// l2{accesses, hits, hit_rate, mshr_merges, writebacks, atomics}, dram{reads, writes, row_hits,
// row_misses, row_hit_rate, queue_full_cycles, data_cycles (summed over channels), cycles (DRAM
// clock)}, icnt{to_sm_stall_cycles} (a reply could not enter its SM's port),
// avg_memory_latency (issue to data of global loads/atomics), avg_round_trip (below the L1),
// shared{accesses, bank_passes}, sms[{sm, warp_instructions, thread_instructions, ipc,
// busy_cycles, skipped_cycles, ctas, states{...}}], kernels[{name, start, end, cycles,
// warp_instructions, thread_instructions, ipc, ctas[{cta, sm, start, end}]}], warp_dump[lines].
// CSV columns end with l1d_hit_rate, l2_hit_rate, dram_reads, dram_writes, avg_memory_latency,
// dram_row_hit_rate, avg_round_trip, dram_queue_full_cycles, icnt_to_sm_stall_cycles.
#pragma once

#include <string>

#include "sim_model/gpu/timing_session.h"

namespace wf::gpu {

struct RunLabel {
  std::string workload;  // workload or spec name
  bool passed = false;   // the CPU check held
};

std::string timing_report_json(const TimingSession& session, const RunLabel& label);
std::string timing_report_csv_header();
std::string timing_report_csv_row(const TimingSession& session, const RunLabel& label);

// Summed over SMs.
std::uint64_t total_thread_instructions(const TimingResults& r);
std::uint64_t total_warp_instructions(const TimingResults& r);

}  // namespace wf::gpu
