// Where a line lives below the crossbar. 256-byte chunks interleave over the channels (chunk
// mod channels: with 6 channels power-of-two strides still spread), and the two 128-byte lines
// of a chunk go to the channel's two sub-partitions (address bit 7). Within a channel the
// chunks are numbered densely; that number picks the L2 set and, as a byte address, the DRAM
// bank and row (consecutive row_bytes of a channel share one row of one bank).
#pragma once

#include <cstdint>

#include "sim_model/mem/mem_config.h"

namespace wf::mem {

class AddressMap {
 public:
  explicit AddressMap(const MemConfig& c)
      : channels_(c.channels),
        subs_(c.subpartitions_per_channel),
        banks_(c.dram.banks),
        row_bytes_(c.dram.row_bytes) {}

  static constexpr unsigned kChunkShift = 8;

  unsigned channel(std::uint64_t addr) const {
    return static_cast<unsigned>((addr >> kChunkShift) % channels_);
  }
  unsigned subpartition(std::uint64_t addr) const {
    const unsigned half = subs_ == 2 ? static_cast<unsigned>(addr >> 7) & 1u : 0u;
    return channel(addr) * subs_ + half;
  }
  // Dense chunk number within the channel; the L2 set index of the line.
  std::uint64_t local_chunk(std::uint64_t addr) const { return (addr >> kChunkShift) / channels_; }
  // Byte address within the channel's DRAM.
  std::uint64_t dram_addr(std::uint64_t addr) const {
    return (local_chunk(addr) << kChunkShift) | (addr & ((1u << kChunkShift) - 1));
  }
  unsigned bank(std::uint64_t dram_addr) const {
    return static_cast<unsigned>((dram_addr / row_bytes_) % banks_);
  }
  std::uint32_t row(std::uint64_t dram_addr) const {
    return static_cast<std::uint32_t>(dram_addr / row_bytes_ / banks_);
  }

 private:
  unsigned channels_, subs_, banks_, row_bytes_;
};

}  // namespace wf::mem
