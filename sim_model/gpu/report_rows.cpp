#include "sim_model/gpu/report_rows.h"

#include <functional>

#include "sim_model/gpu/run_totals.h"
#include "sim_model/mem/row_buffer_dram.h"

namespace wf::gpu {
namespace {

using mem::MemoryStats;
using sm::L1Stats;
using sm::SmStats;
using sm::WarpState;
using In = ReportInput;
using SmIn = SmReportInput;
using Value = ReportValue;
constexpr int kNone = kNoCsvColumn;

// The common shapes of a row's value.
template <auto Member>  // summed over SMs
Value over_sms(const In& in) {
  return sm_total(in.results, Member);
}
template <WarpState S>  // warp-cycles over all SMs
Value state(const In& in) {
  return state_total(in.results, S);
}
template <auto Member>  // summed over the L1 data caches
Value over_l1s(const In& in) {
  return l1_total(in.results, Member);
}
template <auto Member>  // a field or method of the memory system's stats
Value memory(const In& in) {
  return std::invoke(Member, in.results.memory);
}
template <auto Num, auto Den>
Value ratio_over_sms(const In& in) {
  return ratio(sm_total(in.results, Num), sm_total(in.results, Den));
}
template <auto Num, auto Den>
Value ratio_over_l1s(const In& in) {
  return ratio(l1_total(in.results, Num), l1_total(in.results, Den));
}
template <auto Member>  // of this SM
Value sm_stat(const SmIn& in) {
  return std::invoke(Member, in.results.sms[in.sm]);
}
template <WarpState S>  // this SM's warp-cycles
Value sm_state(const SmIn& in) {
  return in.results.sms[in.sm].states[static_cast<unsigned>(S)];
}

// The golden memory is the row_buffer model, whose own counters these runs report.
bool row_buffer_run(const In& in) {
  return in.memory_model == "golden" && in.config.machine.memory_model == mem::RowBufferDram::kName;
}

std::uint64_t warp_phases(const TimingResults& r) {
  return sm_total(r, [](const SmStats& s) { return s.phases.phases; });
}

constexpr ReportRow kRows[] = {
    // JSON key path, CSV column name, its position among the CSV columns, value.
    {"status", "status", 4, [](const In& in) -> Value { return in.results.status; }},
    {"message", "", kNone, [](const In& in) -> Value { return in.results.message; }},
    {"workload", "workload", 0, [](const In& in) -> Value { return in.label.workload; }},
    {"passed", "passed", 5, [](const In& in) -> Value { return in.label.passed; }},
    {"preset", "preset", 1, [](const In& in) -> Value { return in.config.machine.name; }},
    {"issue", "issue", 2, [](const In& in) -> Value { return in.config.issue; }},
    {"fetch", "fetch", 3, [](const In& in) -> Value { return in.config.fetch; }},
    {"memory", "memory", 27, [](const In& in) -> Value { return in.memory_model; }},
    {"cycles", "cycles", 6, [](const In& in) -> Value { return in.results.cycles; }},
    {"warp_instructions", "warp_instructions", 7, over_sms<&SmStats::warp_instructions>},
    {"thread_instructions", "thread_instructions", 8, over_sms<&SmStats::thread_instructions>},
    // Thread instructions per cycle.
    {"ipc", "ipc", 9,
     [](const In& in) -> Value {
       return ratio(sm_total(in.results, &SmStats::thread_instructions), in.results.cycles);
     }},
    // Warp-cycles; the states sum to live_warp_cycles.
    {"live_warp_cycles", "", kNone, over_sms<&SmStats::live_warp_cycles>},
    {"states.issued", "state_issued", 10, state<WarpState::kIssued>},
    {"states.barrier", "state_barrier", 11, state<WarpState::kBarrier>},
    {"states.exit", "state_exit", 12, state<WarpState::kExit>},
    {"states.fetch", "state_fetch", 13, state<WarpState::kFetch>},
    {"states.data", "state_data", 14, state<WarpState::kData>},
    {"states.structural", "state_structural", 15, state<WarpState::kStructural>},
    {"states.control", "state_control", 16, state<WarpState::kControl>},
    {"states.ready", "state_ready", 17, state<WarpState::kReady>},
    {"states.waiting", "state_waiting", 31, state<WarpState::kWaiting>},
    {"states.paused", "state_paused", 32, state<WarpState::kPaused>},
    // BAWS Fig. 1 and eq. 1: the share of warp time at explicit barriers (plus, second, at the
    // implicit exit barrier), and RTRU averaged over every warp-phase of the run.
    {"barrier_fraction", "barrier_fraction", 28,
     [](const In& in) -> Value {
       return ratio(state_total(in.results, WarpState::kBarrier),
                    sm_total(in.results, &SmStats::live_warp_cycles));
     }},
    {"barrier_exit_fraction", "", kNone,
     [](const In& in) -> Value {
       return ratio(
           state_total(in.results, WarpState::kBarrier) + state_total(in.results, WarpState::kExit),
           sm_total(in.results, &SmStats::live_warp_cycles));
     }},
    {"rtru", "rtru", 29,
     [](const In& in) -> Value {
       const std::uint64_t phases = warp_phases(in.results);
       const double sum = sm_total(in.results, [](const SmStats& s) { return s.phases.rtru_sum; });
       return phases ? sum / static_cast<double>(phases) : 0.0;
     }},
    {"warp_phases", "warp_phases", 30,
     [](const In& in) -> Value { return warp_phases(in.results); }},
    // Load line accesses and hits over all SMs; stores and atomics bypass the L1.
    {"l1d.accesses", "", kNone, over_l1s<&L1Stats::accesses>},
    {"l1d.hits", "", kNone, over_l1s<&L1Stats::hits>},
    {"l1d.hit_rate", "l1d_hit_rate", 18, ratio_over_l1s<&L1Stats::hits, &L1Stats::accesses>},
    {"l1d.mshr_merges", "", kNone, over_l1s<&L1Stats::mshr_merges>},
    {"l1d.stall_cycles", "", kNone, over_l1s<&L1Stats::stall_cycles>},
    {"l1d.mshr_full_cycles", "", kNone, over_l1s<&L1Stats::mshr_full_cycles>},
    {"l1d.miss_queue_full_cycles", "", kNone, over_l1s<&L1Stats::miss_queue_full_cycles>},
    {"l1d.merge_full_cycles", "", kNone, over_l1s<&L1Stats::merge_full_cycles>},
    {"l1d.store_lines", "", kNone, over_l1s<&L1Stats::stores>},
    {"l1d.atomic_lines", "", kNone, over_l1s<&L1Stats::atomics>},
    {"l1i.accesses", "", kNone, over_sms<&SmStats::icache_accesses>},
    {"l1i.misses", "", kNone, over_sms<&SmStats::icache_misses>},
    {"l1i.memory_reads", "", kNone, over_sms<&SmStats::icache_memory_reads>},
    {"l2.accesses", "", kNone, memory<&MemoryStats::l2_accesses>},
    {"l2.hits", "", kNone, memory<&MemoryStats::l2_hits>},
    {"l2.hit_rate", "l2_hit_rate", 19, memory<&MemoryStats::l2_hit_rate>},
    {"l2.mshr_merges", "", kNone, memory<&MemoryStats::l2_mshr_merges>},
    {"l2.writebacks", "", kNone, memory<&MemoryStats::l2_writebacks>},
    // Write misses kept as partial lines, and reads or atomics that fetched a partial line.
    {"l2.partial_writes", "", kNone, memory<&MemoryStats::l2_partial_writes>},
    {"l2.partial_fills", "", kNone, memory<&MemoryStats::l2_partial_fills>},
    // Lines host copies (cudaMemcpy) left in the L2 between launches.
    {"l2.copied_lines", "", kNone, memory<&MemoryStats::l2_copied_lines>},
    {"l2.atomics", "", kNone, memory<&MemoryStats::atomics>},
    // Cycles the sub-partitions' atomic units were busy, and atomics waited for them.
    {"l2.atomic_unit_busy_cycles", "", kNone, memory<&MemoryStats::atomic_unit_busy_cycles>},
    {"l2.atomic_unit_stall_cycles", "", kNone, memory<&MemoryStats::atomic_unit_stall_cycles>},
    {"dram.reads", "dram_reads", 20, memory<&MemoryStats::dram_reads>},
    {"dram.writes", "dram_writes", 21, memory<&MemoryStats::dram_writes>},
    {"dram.row_hits", "", kNone, memory<&MemoryStats::dram_row_hits>},
    {"dram.row_misses", "", kNone, memory<&MemoryStats::dram_row_misses>},
    // Row misses that found another row open (the rest found none open yet), and the cycles
    // requests waited for their bank and, their data ready, for the bus; row_buffer only.
    {"dram.row_conflicts", "", kNone, memory<&MemoryStats::dram_row_conflicts>, row_buffer_run},
    {"dram.queue_cycles", "", kNone, memory<&MemoryStats::dram_queue_cycles>, row_buffer_run},
    {"dram.bus_wait_cycles", "", kNone, memory<&MemoryStats::dram_bus_wait_cycles>, row_buffer_run},
    {"dram.row_hit_rate", "dram_row_hit_rate", 23, memory<&MemoryStats::dram_row_hit_rate>},
    {"dram.queue_full_cycles", "dram_queue_full_cycles", 25,
     memory<&MemoryStats::dram_queue_full_cycles>},
    {"dram.data_cycles", "", kNone, memory<&MemoryStats::dram_data_cycles>},  // all channels
    {"dram.cycles", "", kNone, memory<&MemoryStats::dram_cycles>},            // DRAM clock
    // Sub-partition cycles a reply ready at the L2 could not enter the reply network.
    {"icnt.to_sm_stall_cycles", "icnt_to_sm_stall_cycles", 26,
     memory<&MemoryStats::icnt_to_sm_stall_cycles>},
    // Issue to data of global loads and atomics.
    {"avg_memory_latency", "avg_memory_latency", 22,
     ratio_over_sms<&SmStats::memory_latency_cycles, &SmStats::memory_loads>},
    // Below the L1.
    {"avg_round_trip", "avg_round_trip", 24, memory<&MemoryStats::avg_round_trip>},
    {"shared.accesses", "", kNone, over_sms<&SmStats::shared_accesses>},
    {"shared.bank_passes", "", kNone, over_sms<&SmStats::shared_bank_passes>},
};

constexpr SmReportRow kSmRows[] = {
    {"sm", [](const SmIn& in) -> Value { return static_cast<std::uint64_t>(in.sm); }},
    {"warp_instructions", sm_stat<&SmStats::warp_instructions>},
    {"thread_instructions", sm_stat<&SmStats::thread_instructions>},
    {"ipc",
     [](const SmIn& in) -> Value {
       return ratio(in.results.sms[in.sm].thread_instructions, in.results.cycles);
     }},
    {"busy_cycles", sm_stat<&SmStats::busy_cycles>},
    {"skipped_cycles", sm_stat<&SmStats::skipped_cycles>},
    {"ctas", sm_stat<&SmStats::ctas>},
    {"states.issued", sm_state<WarpState::kIssued>},
    {"states.barrier", sm_state<WarpState::kBarrier>},
    {"states.exit", sm_state<WarpState::kExit>},
    {"states.fetch", sm_state<WarpState::kFetch>},
    {"states.data", sm_state<WarpState::kData>},
    {"states.structural", sm_state<WarpState::kStructural>},
    {"states.control", sm_state<WarpState::kControl>},
    {"states.ready", sm_state<WarpState::kReady>},
    {"states.waiting", sm_state<WarpState::kWaiting>},
    {"states.paused", sm_state<WarpState::kPaused>},
};

}  // namespace

std::span<const ReportRow> report_rows() {
  return kRows;
}
std::span<const SmReportRow> sm_report_rows() {
  return kSmRows;
}

}  // namespace wf::gpu
