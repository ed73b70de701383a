// Parameters of the row_buffer memory model (row_buffer_dram.h), read from a machine preset:
// [dram] banks, row_bytes, row_hit_latency, row_conflict_latency, line_transfer_cycles,
// [memory] dram_queue and [l1d] line_bytes. Every latency is in core cycles.
#pragma once

#include <bit>
#include <cstdint>

#include "sim_model/presets/machine.h"

namespace wf::mem {

struct RowBufferConfig {
  unsigned banks = 8;
  unsigned row_bytes = 2048;  // one row buffer per bank
  unsigned line_bytes = 128;  // every request moves one line
  // From the cycle a request starts at its bank to the end of its data on the bus: its row open
  // (a hit), or another row or none open (a conflict: precharge and activate first).
  unsigned row_hit_latency = 100;
  unsigned row_conflict_latency = 300;
  unsigned line_transfer_cycles = 8;  // cycles the data bus carries one line; the last of either
  unsigned queue = 32;                // requests the controller holds, arrival to transfer end
  // Not from the preset: TimingConfig::reference (every cycle is worked through, none skipped).
  bool reference = false;

  // Address map row:bank:column with the bank permuted by the row: consecutive row-sized chunks
  // of the address space go to consecutive banks (a stream of lines finds its row open
  // row_bytes / line_bytes times in a row), and the bank bits are XORed with every group of
  // as many bits of the row number (permutation-based interleaving, Zhang et al., MICRO 2000).
  // Without the XOR, arrays a multiple of row_bytes × banks apart (any two of the same
  // power-of-two size, allocated one after the other) put their i-th lines in one bank, and a
  // kernel streaming through them turns every access into a row conflict. `banks` is a power of
  // two (the schema's), so for every row the XOR permutes the banks.
  unsigned bank(std::uint64_t addr) const {
    const std::uint64_t chunk = addr / row_bytes;
    std::uint64_t b = chunk % banks;
    if (banks > 1) {
      const int bits = std::countr_zero(banks);
      for (std::uint64_t r = chunk / banks; r != 0; r >>= bits) b ^= r % banks;
    }
    return static_cast<unsigned>(b);
  }
  std::uint64_t row(std::uint64_t addr) const { return addr / row_bytes / banks; }
  // Cycles a conflict keeps its bank busy before its column access: precharge plus activate.
  unsigned activate_cycles() const { return row_conflict_latency - row_hit_latency; }
};

// The configuration of a checked machine whose [memory] model is row_buffer (this file registers
// the model's rules between keys among the preset rules).
RowBufferConfig load_row_buffer_config(const Machine& machine);

}  // namespace wf::mem
