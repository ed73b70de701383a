// Parameters of the memory system, read from a machine preset's [l1d], [memory], [l2] and
// [dram] sections (preset_schema.cpp gives each key's range and the value a preset that leaves it
// out gets).
#pragma once

#include <cstdint>

#include "sim_model/presets/machine.h"

namespace wf::mem {

struct L1Config {
  unsigned sets = 32, ways = 4, line_bytes = 128;
  unsigned mshr_entries = 32, mshr_max_merge = 8;
  unsigned miss_queue = 8;
  unsigned hit_latency = 1;  // core cycles
  unsigned warp_size = 32;   // for the local-memory interleave
  // Not from the preset: TimingConfig::reference (a refused lookup is retried every cycle).
  bool reference = false;
};

struct IcntConfig {
  unsigned latency = 5;  // core cycles per hop
  unsigned flit_bytes = 32;
  unsigned input_buffer = 8, output_buffer = 8;  // per SM, in packets
};

struct L2Config {
  unsigned sets = 64, ways = 8, line_bytes = 128;  // per sub-partition
  unsigned mshr_entries = 32, mshr_max_merge = 4;
  unsigned rop_latency = 120;
  unsigned input_queue = 8, output_queue = 8;
  // The atomic unit: operations on distinct addresses per cycle, cycles between two on one.
  unsigned atomic_ops_per_cycle = 1, atomic_same_address_cycles = 1;
  unsigned copies_allocate = 1;  // host copies leave their lines in the L2 (host_wrote)
};

struct DramConfig {
  unsigned banks = 16, row_bytes = 2048;
  unsigned bus_bits = 64, burst_length = 8, beats_per_clock = 4;
  unsigned queue = 32;
  // DRAM cycles.
  unsigned tCL = 10, tRP = 10, tRC = 35, tRAS = 25, tRCD = 12, tRRD = 8;
  unsigned return_latency = 100;  // core cycles

  unsigned burst_bytes() const { return bus_bits / 8 * burst_length; }
  unsigned burst_cycles() const { return burst_length / beats_per_clock; }
};

struct MemConfig {
  unsigned channels = 6, subpartitions_per_channel = 2;
  unsigned core_mhz = 700, dram_mhz = 924;
  unsigned l2_min_latency = 120, dram_min_latency = 220;
  L1Config l1;
  IcntConfig icnt;
  L2Config l2;
  DramConfig dram;
  // Not from the preset: TimingConfig::reference (no channel, sub-partition or crossbar source
  // is skipped in a cycle, nor the whole memory system while nothing is in flight).
  bool reference = false;

  unsigned subpartitions() const { return channels * subpartitions_per_channel; }
  // Packet sizes on the crossbar: an 8-byte header plus the data it carries.
  unsigned flits(unsigned data_bytes) const {
    return (8 + data_bytes + icnt.flit_bytes - 1) / icnt.flit_bytes;
  }
  // Core cycles from send() to the reply being takeable, for an L2 read hit with nothing else
  // in flight (see the stage order in gpu_memory.cpp).
  unsigned l2_hit_round_trip() const {
    return 2 * icnt.latency + l2.rop_latency + flits(l2.line_bytes) - 1;
  }
  // Peak DRAM data bandwidth over all channels, bytes per core cycle.
  double dram_peak_bytes_per_core_cycle() const {
    return double(channels) * dram.burst_bytes() / dram.burst_cycles() * dram_mhz / core_mhz;
  }
};

// The memory system of a checked machine (load_machine and the --param path check it; this file
// registers the latency floors among the preset rules).
MemConfig load_mem_config(const Machine& machine);

}  // namespace wf::mem
