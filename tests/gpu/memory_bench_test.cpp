// Memory micro-benchmarks on the timing model with the golden memory system (gtx480): a
// dependent pointer chase over cold lines must pay at least the preset's minimum DRAM latency
// per hop, and a many-CTA streaming copy must reach a large share of peak DRAM bandwidth.
// Kernels: data/membench.cu, compiled to the checked-in data/membench.ptx.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "sim_model/gpu/runtime.h"
#include "sim_model/gpu/timing_report.h"
#include "sim_model/gpu/timing_session.h"
#include "sim_model/mem/mem_config.h"
#include "sim_model/presets/machine.h"
#include "sim_model/sm/timing_config.h"

namespace wf::gpu {
namespace {

std::string read_ptx() {
  std::ifstream f(WF_GPU_TEST_DATA "/membench.ptx");
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

std::shared_ptr<TimingSession> gtx480_session() {
  return std::make_shared<TimingSession>(sm::load_timing_config(load_machine("gtx480")));
}

std::uint64_t kernel_cycles(const TimingResults& r) {
  return r.kernels.back().end_cycle - r.kernels.back().start_cycle;
}

struct Chase {
  std::shared_ptr<TimingSession> session;
  std::uint64_t end = 0;  // the pointer the chase ended on
};

// `hops` dependent loads over distinct, pseudo-randomly placed lines of a 16 MB array: larger
// than the L2, and never the same line twice, so every load misses the L1 and the L2.
Chase pointer_chase(unsigned hops) {
  constexpr std::uint64_t kElems = 2u << 20;  // 8-byte elements
  constexpr std::uint64_t kLineElems = 16;    // per 128-byte line
  std::vector<std::uint64_t> next(kElems, 0);
  std::set<std::uint64_t> used;
  std::uint64_t x = 12345, at = 0;
  used.insert(0);
  for (unsigned i = 0; i < hops; ++i) {
    std::uint64_t line;
    do {
      x = x * 6364136223846793005ull + 1442695040888963407ull;
      line = (x >> 33) % (kElems / kLineElems);
    } while (!used.insert(line).second);
    next[at] = line * kLineElems;
    at = next[at];
  }
  Chase c;
  c.session = gtx480_session();
  RuntimeOptions o;
  o.timing = c.session;
  Runtime rt(o);
  rt.load_ptx(read_ptx(), "membench.ptx");
  const DevPtr d_next = rt.upload(next);
  // Host copies leave their lines in the L2 ([l2] copies_allocate): 2 MB copied after the chain
  // push its lines out of the 768 KB L2 again.
  rt.upload(std::vector<std::uint64_t>(std::size_t{1} << 18, 0));
  const DevPtr d_out = rt.malloc(8);
  rt.launch("pointer_chase", {1}, {1},
            {KernelArg::of(d_next), KernelArg::of(std::uint64_t{0}), KernelArg::of(hops),
             KernelArg::of(d_out)});
  c.end = rt.download<std::uint64_t>(d_out, 1)[0];
  EXPECT_EQ(c.end, at);
  return c;
}

TEST(MemoryBench, PointerChasePaysDramLatencyPerHop) {
  const unsigned hops = 256;
  const Chase c = pointer_chase(hops);
  const TimingResults& r = c.session->results();
  ASSERT_EQ(r.status, "ok") << r.message;
  const mem::MemConfig mc = mem::load_mem_config(load_machine("gtx480"));
  std::uint64_t l1_hits = 0;
  for (const auto& l : r.l1) l1_hits += l.hits;
  EXPECT_EQ(l1_hits, 0u);
  EXPECT_EQ(r.memory.l2_hits, 0u);
  EXPECT_GE(r.memory.dram_reads, hops);
  const double per_hop = double(kernel_cycles(r)) / hops;
  std::printf(
      "pointer chase: %u hops in %llu cycles: %.1f cycles per hop (min DRAM %u), "
      "avg round trip below L1 %.1f\n",
      hops, static_cast<unsigned long long>(kernel_cycles(r)), per_hop, mc.dram_min_latency,
      r.memory.avg_round_trip());
  EXPECT_GE(per_hop, mc.dram_min_latency);
  EXPECT_GE(r.memory.avg_round_trip(), mc.dram_min_latency);
  // Nothing else runs: an unloaded miss should not cost twice the minimum.
  EXPECT_LT(per_hop, 2.0 * mc.dram_min_latency);
}

TEST(MemoryBench, StreamingCopyApproachesPeakDramBandwidth) {
  constexpr unsigned kVec = 1u << 18;  // float4 elements: 4 MB in, 4 MB out
  auto session = gtx480_session();
  RuntimeOptions o;
  o.timing = session;
  Runtime rt(o);
  rt.load_ptx(read_ptx(), "membench.ptx");
  std::vector<float> in(4 * std::size_t{kVec});
  for (std::size_t i = 0; i < in.size(); ++i) in[i] = float(i % 1000);
  const DevPtr d_in = rt.upload(in);
  const DevPtr d_out = rt.malloc(in.size() * sizeof(float));
  // Six CTAs of 256 threads fill an SM's 1536 threads; 15 SMs.
  rt.launch("stream_copy", {90}, {256},
            {KernelArg::of(d_in), KernelArg::of(d_out), KernelArg::of(kVec)});
  EXPECT_EQ(rt.download<float>(d_out, in.size()), in);
  const TimingResults& r = session->results();
  ASSERT_EQ(r.status, "ok") << r.message;
  const mem::MemConfig mc = mem::load_mem_config(load_machine("gtx480"));
  const double peak = mc.dram_peak_bytes_per_core_cycle();
  const double cycles = double(kernel_cycles(r));
  const double moved = 2.0 * kVec * 16;  // bytes the kernel reads and writes
  const double dram = double(r.memory.dram_reads + r.memory.dram_writes) * 128;
  std::printf(
      "stream copy: %.0f bytes in %.0f cycles: %.1f B/cycle of %.1f peak (%.1f%%); "
      "DRAM moved %.0f bytes (%.1f%%), row hit rate %.3f, queue full %llu cycles\n",
      moved, cycles, moved / cycles, peak, 100 * moved / cycles / peak, dram,
      100 * dram / cycles / peak, r.memory.dram_row_hit_rate(),
      static_cast<unsigned long long>(r.memory.dram_queue_full_cycles));
  // Every byte read came from DRAM (the input is cold and 5x the L2).
  EXPECT_GE(r.memory.dram_reads * 128, std::uint64_t{kVec} * 16);
  // DRAM's own traffic, not the kernel's: the last written lines may still sit dirty in the L2.
  EXPECT_GE(dram / cycles, 0.7 * peak);
}

TEST(MemoryBench, IdenticalRunsGiveIdenticalStatistics) {
  const Chase a = pointer_chase(64), b = pointer_chase(64);
  const RunLabel label{"pointer_chase", true};
  EXPECT_EQ(timing_report_json(*a.session, label), timing_report_json(*b.session, label));
  EXPECT_EQ(a.session->results().memory, b.session->results().memory);
}

}  // namespace
}  // namespace wf::gpu
