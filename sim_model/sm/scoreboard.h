// Per-warp register scoreboard: a register with a result in flight blocks any later instruction
// that reads it (RAW) or writes it (WAW) until the result is written back. Counts, not bits,
// because two in-flight writers of one register are legal once the first is issued.
#pragma once

#include <cstdint>
#include <vector>

#include "sim_model/ptx/instr.h"

namespace wf::sm {

class Scoreboard {
 public:
  void reset(std::size_t registers) {
    pending_.assign(registers, 0);
    in_flight_ = 0;
  }

  bool blocks(const ptx::Instr& in, std::uint32_t reg_base) const {
    if (in_flight_ == 0) return false;
    for (unsigned i = 0; i < in.nreads; ++i)
      if (busy(reg_base + in.reads[i])) return true;
    for (unsigned i = 0; i < in.nwrites; ++i)
      if (busy(reg_base + in.writes[i])) return true;
    if (in.guard != ptx::kNoReg && busy(reg_base + in.guard)) return true;
    return false;
  }

  void reserve(std::uint32_t reg) {
    if (reg >= pending_.size()) pending_.resize(reg + 1, 0);
    ++pending_[reg];
    ++in_flight_;
  }
  void release(std::uint32_t reg) {
    --pending_[reg];
    --in_flight_;
  }
  bool idle() const { return in_flight_ == 0; }

 private:
  bool busy(std::uint32_t reg) const { return reg < pending_.size() && pending_[reg] != 0; }

  std::uint32_t in_flight_ = 0;  // first: most checks end here
  std::vector<std::uint16_t> pending_;
};

}  // namespace wf::sm
