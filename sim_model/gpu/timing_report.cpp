#include "sim_model/gpu/timing_report.h"

#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace wf::gpu {
namespace {

using nlohmann::ordered_json;

constexpr unsigned kBarrier = static_cast<unsigned>(sm::WarpState::kBarrier);
constexpr unsigned kExit = static_cast<unsigned>(sm::WarpState::kExit);

double ratio(std::uint64_t a, std::uint64_t b) {
  return b ? static_cast<double>(a) / b : 0.0;
}

// Fixed precision keeps the bytes stable across libraries' float printing.
double rounded(double v) {
  return static_cast<double>(static_cast<std::int64_t>(v * 1e6 + 0.5)) / 1e6;
}

ordered_json states_json(const sm::StateCounts& s) {
  ordered_json j = ordered_json::object();
  for (unsigned i = 0; i < sm::kNumWarpStates; ++i) j[sm::kWarpStateNames[i]] = s[i];
  return j;
}

struct Totals {
  sm::StateCounts states{};
  std::uint64_t live = 0, warp = 0, thread = 0, l1_accesses = 0, l1_hits = 0, icache = 0,
                icache_misses = 0, loads = 0, latency = 0, shared = 0, passes = 0;
  std::uint64_t l1_merges = 0, l1_stalls = 0, l1_stores = 0, l1_atomics = 0;
  double rtru_sum = 0;
  std::uint64_t phases = 0;
};

Totals totals(const TimingResults& r) {
  Totals t;
  for (const auto& s : r.sms) {
    for (unsigned i = 0; i < sm::kNumWarpStates; ++i) t.states[i] += s.states[i];
    t.live += s.live_warp_cycles;
    t.warp += s.warp_instructions;
    t.thread += s.thread_instructions;
    t.icache += s.icache_accesses;
    t.icache_misses += s.icache_misses;
    t.loads += s.memory_loads;
    t.latency += s.memory_latency_cycles;
    t.shared += s.shared_accesses;
    t.passes += s.shared_bank_passes;
    t.rtru_sum += s.phases.rtru_sum;
    t.phases += s.phases.phases;
  }
  for (const auto& l : r.l1) {
    t.l1_accesses += l.accesses;
    t.l1_hits += l.hits;
    t.l1_merges += l.mshr_merges;
    t.l1_stalls += l.stall_cycles;
    t.l1_stores += l.stores;
    t.l1_atomics += l.atomics;
  }
  return t;
}

}  // namespace

std::uint64_t total_thread_instructions(const TimingResults& r) {
  return totals(r).thread;
}
std::uint64_t total_warp_instructions(const TimingResults& r) {
  return totals(r).warp;
}

std::string timing_report_json(const TimingSession& session, const RunLabel& label) {
  const TimingResults& r = session.results();
  const sm::TimingConfig& c = session.config();
  const Totals t = totals(r);
  ordered_json j;
  j["status"] = r.status;
  j["message"] = r.message;
  j["workload"] = label.workload;
  j["passed"] = label.passed;
  j["preset"] = c.machine.name;
  j["issue"] = c.issue;
  j["fetch"] = c.fetch;
  j["memory"] = session.memory_model();
  j["cycles"] = r.cycles;
  j["warp_instructions"] = t.warp;
  j["thread_instructions"] = t.thread;
  j["ipc"] = rounded(ratio(t.thread, r.cycles));
  j["live_warp_cycles"] = t.live;
  j["states"] = states_json(t.states);
  // BAWS Fig. 1 and eq. 1: the share of warp time at explicit barriers (plus, second, at the
  // implicit exit barrier), and RTRU averaged over every warp-phase of the run.
  j["barrier_fraction"] = rounded(ratio(t.states[kBarrier], t.live));
  j["barrier_exit_fraction"] = rounded(ratio(t.states[kBarrier] + t.states[kExit], t.live));
  j["rtru"] = rounded(t.phases ? t.rtru_sum / static_cast<double>(t.phases) : 0.0);
  j["warp_phases"] = t.phases;
  j["l1d"] = {{"accesses", t.l1_accesses},
              {"hits", t.l1_hits},
              {"hit_rate", rounded(ratio(t.l1_hits, t.l1_accesses))},
              {"mshr_merges", t.l1_merges},
              {"stall_cycles", t.l1_stalls},
              {"store_lines", t.l1_stores},
              {"atomic_lines", t.l1_atomics}};
  j["l1i"] = {{"accesses", t.icache}, {"misses", t.icache_misses}};
  const mem::MemoryStats& m = r.memory;
  j["l2"] = {{"accesses", m.l2_accesses},
             {"hits", m.l2_hits},
             {"hit_rate", rounded(ratio(m.l2_hits, m.l2_accesses))},
             {"mshr_merges", m.l2_mshr_merges},
             {"writebacks", m.l2_writebacks},
             {"atomics", m.atomics}};
  j["dram"] = {{"reads", m.dram_reads},
               {"writes", m.dram_writes},
               {"row_hits", m.dram_row_hits},
               {"row_misses", m.dram_row_misses},
               {"row_hit_rate", rounded(m.dram_row_hit_rate())},
               {"queue_full_cycles", m.dram_queue_full_cycles},
               {"data_cycles", m.dram_data_cycles},
               {"cycles", m.dram_cycles}};
  j["icnt"] = {{"to_sm_stall_cycles", m.icnt_to_sm_stall_cycles}};
  j["avg_memory_latency"] = rounded(ratio(t.latency, t.loads));
  j["avg_round_trip"] = rounded(ratio(m.round_trip_cycles, m.responses));
  j["shared"] = {{"accesses", t.shared}, {"bank_passes", t.passes}};
  ordered_json sms = ordered_json::array();
  for (std::size_t i = 0; i < r.sms.size(); ++i) {
    const auto& s = r.sms[i];
    sms.push_back({{"sm", i},
                   {"warp_instructions", s.warp_instructions},
                   {"thread_instructions", s.thread_instructions},
                   {"ipc", rounded(ratio(s.thread_instructions, r.cycles))},
                   {"busy_cycles", s.busy_cycles},
                   {"skipped_cycles", s.skipped_cycles},
                   {"ctas", s.ctas},
                   {"states", states_json(s.states)}});
  }
  j["sms"] = sms;
  ordered_json kernels = ordered_json::array();
  for (const auto& k : r.kernels) {
    ordered_json ctas = ordered_json::array();
    for (const auto& x : k.ctas)
      ctas.push_back({{"cta", x.cta}, {"sm", x.sm}, {"start", x.start}, {"end", x.end}});
    const std::uint64_t cycles = k.end_cycle - k.start_cycle;
    kernels.push_back({{"name", k.name},
                       {"start", k.start_cycle},
                       {"end", k.end_cycle},
                       {"cycles", cycles},
                       {"warp_instructions", k.warp_instructions},
                       {"thread_instructions", k.thread_instructions},
                       {"ipc", rounded(ratio(k.thread_instructions, cycles))},
                       {"ctas", ctas}});
  }
  j["kernels"] = kernels;
  ordered_json dump = ordered_json::array();
  std::istringstream lines(r.warp_dump);
  for (std::string line; std::getline(lines, line);) dump.push_back(line);
  j["warp_dump"] = dump;
  return j.dump(2) + "\n";
}

std::string timing_report_csv_header() {
  std::string h =
      "workload,preset,issue,fetch,status,passed,cycles,warp_instructions,thread_instructions,ipc";
  for (const char* s : sm::kWarpStateNames) h += std::string(",state_") + s;
  h += ",l1d_hit_rate,l2_hit_rate,dram_reads,dram_writes,avg_memory_latency";
  h += ",dram_row_hit_rate,avg_round_trip,dram_queue_full_cycles,icnt_to_sm_stall_cycles";
  h += ",memory,barrier_fraction,rtru,warp_phases\n";
  return h;
}

std::string timing_report_csv_row(const TimingSession& session, const RunLabel& label) {
  const TimingResults& r = session.results();
  const sm::TimingConfig& c = session.config();
  const Totals t = totals(r);
  std::string row = fmt::format("{},{},{},{},{},{},{},{},{},{:.6f}", label.workload, c.machine.name,
                                c.issue, c.fetch, r.status, label.passed ? 1 : 0, r.cycles, t.warp,
                                t.thread, ratio(t.thread, r.cycles));
  for (auto v : t.states) row += fmt::format(",{}", v);
  const mem::MemoryStats& m = r.memory;
  row += fmt::format(",{:.6f},{:.6f},{},{},{:.6f}", ratio(t.l1_hits, t.l1_accesses),
                     ratio(m.l2_hits, m.l2_accesses), m.dram_reads, m.dram_writes,
                     ratio(t.latency, t.loads));
  row += fmt::format(",{:.6f},{:.6f},{},{}", m.dram_row_hit_rate(), m.avg_round_trip(),
                     m.dram_queue_full_cycles, m.icnt_to_sm_stall_cycles);
  row += fmt::format(",{},{:.6f},{:.6f},{}\n", session.memory_model(),
                     ratio(t.states[kBarrier], t.live),
                     t.phases ? t.rtru_sum / static_cast<double>(t.phases) : 0.0, t.phases);
  return row;
}

}  // namespace wf::gpu
