// Per-warp register scoreboard: a register with a result in flight blocks any later instruction
// that reads it (RAW) or writes it (WAW) until the result is written back. Counts, not bits,
// because two in-flight writers of one register are legal once the first is issued.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>

#include "sim_model/ptx/instr.h"

namespace wf::sm {

class Scoreboard {
 public:
  // Keeps the counts' storage when it is large enough (warp slots are reused by every CTA);
  // counts beyond `registers` are zero, as for any register not pending.
  void reset(std::size_t registers) {
    if (registers > size_) grow(registers);
    std::fill_n(pending_.get(), size_, std::uint16_t{0});
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
    if (reg >= size_) grow(std::size_t{reg} + 1);
    ++pending_[reg];
    ++in_flight_;
  }
  void release(std::uint32_t reg) {
    --pending_[reg];
    --in_flight_;
  }
  bool idle() const { return in_flight_ == 0; }

 private:
  bool busy(std::uint32_t reg) const { return reg < size_ && pending_[reg] != 0; }
  void grow(std::size_t registers) {
    auto bigger = std::make_unique<std::uint16_t[]>(registers);  // zeroed
    std::copy_n(pending_.get(), size_, bigger.get());
    pending_ = std::move(bigger);
    size_ = static_cast<std::uint32_t>(registers);
  }

  // 16 bytes in all, so that HwWarp keeps them in its first cache line with what else a
  // register release or a memory answer reads.
  std::uint32_t in_flight_ = 0;  // first: most checks end here
  std::uint32_t size_ = 0;       // registers counted; beyond them none is pending
  std::unique_ptr<std::uint16_t[]> pending_;
};

}  // namespace wf::sm
