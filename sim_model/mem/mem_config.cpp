#include "sim_model/mem/mem_config.h"

#include <string>

#include "sim_model/presets/preset_rules.h"

namespace wf::mem {
namespace {

MemConfig read_mem_config(const Machine& m) {
  auto u = [&](const char* key) { return static_cast<unsigned>(m.value(key)); };
  MemConfig c;
  c.core_mhz = u("gpu.core_clock_mhz");
  c.dram_mhz = u("gpu.dram_clock_mhz");

  L1Config& l1 = c.l1;
  l1.sets = u("l1d.sets");
  l1.ways = u("l1d.ways");
  l1.line_bytes = u("l1d.line_bytes");
  l1.mshr_entries = u("l1d.mshr_entries");
  l1.mshr_max_merge = u("l1d.mshr_max_merge");
  l1.miss_queue = u("l1d.miss_queue");
  l1.hit_latency = u("l1d.hit_latency");
  l1.warp_size = m.warp_size;

  c.channels = u("memory.channels");
  c.subpartitions_per_channel = u("memory.subpartitions_per_channel");
  c.l2_min_latency = u("memory.l2_min_latency");
  c.dram_min_latency = u("memory.dram_min_latency");
  IcntConfig& ic = c.icnt;
  ic.latency = u("memory.icnt_latency");
  ic.flit_bytes = u("memory.icnt_flit_bytes");
  ic.input_buffer = u("memory.icnt_input_buffer");
  ic.output_buffer = u("memory.icnt_output_buffer");

  DramConfig& d = c.dram;
  d.queue = u("memory.dram_queue");
  d.tCL = u("memory.tCL");
  d.tRP = u("memory.tRP");
  d.tRC = u("memory.tRC");
  d.tRAS = u("memory.tRAS");
  d.tRCD = u("memory.tRCD");
  d.tRRD = u("memory.tRRD");
  d.banks = u("dram.banks");
  d.row_bytes = u("dram.row_bytes");
  d.bus_bits = u("dram.bus_bits");
  d.burst_length = u("dram.burst_length");
  d.beats_per_clock = u("dram.beats_per_clock");
  d.return_latency = u("dram.return_latency");

  L2Config& l2 = c.l2;
  l2.ways = u("l2.ways");
  l2.line_bytes = u("l2.line_bytes");
  l2.mshr_entries = u("l2.mshr_entries");
  l2.mshr_max_merge = u("l2.mshr_max_merge");
  l2.rop_latency = u("l2.rop_latency");
  l2.input_queue = u("l2.input_queue");
  l2.output_queue = u("l2.output_queue");
  l2.atomic_ops_per_cycle = u("l2.atomic_ops_per_cycle");
  l2.atomic_same_address_cycles = u("l2.atomic_same_address_cycles");
  l2.copies_allocate = u("l2.copies_allocate");
  // The preset rules made this whole sets of a power of two.
  l2.sets = u("memory.l2_bytes") / c.subpartitions() / (l2.ways * l2.line_bytes);
  return c;
}

// The fixed-latency memory's minimum latencies must not undercut what this memory system
// takes unloaded, or the two memories would describe different machines.
void latency_floor_rule(const Machine& m) {
  if (m.memory_model != kGddrMemoryModel) return;
  const MemConfig c = read_mem_config(m);
  if (c.l2_hit_round_trip() < c.l2_min_latency) {
    break_preset_rule(
        m, "memory.l2_min_latency",
        "exceeds the L2 hit round trip of " + std::to_string(c.l2_hit_round_trip()) +
            " cycles (2 × [memory] icnt_latency + [l2] rop_latency + reply flits - 1)");
  }
  // An L2 miss adds at least the return latency plus one row activation and access.
  const DramConfig& d = c.dram;
  const unsigned dram_access_core = (d.tRCD + d.tCL) * c.core_mhz / c.dram_mhz;
  const unsigned dram_round_trip = c.l2_hit_round_trip() + d.return_latency + dram_access_core;
  if (dram_round_trip < c.dram_min_latency) {
    break_preset_rule(m, "memory.dram_min_latency",
                      "exceeds the DRAM round trip of " + std::to_string(dram_round_trip) +
                          " cycles (the L2 hit round trip + [dram] return_latency + tRCD + tCL)");
  }
}

const PresetRuleRegistrar latency_floor_registered(latency_floor_rule);

}  // namespace

MemConfig load_mem_config(const Machine& machine) {
  return read_mem_config(machine);
}

}  // namespace wf::mem
