// Per-warp register scoreboard: a register with a result in flight blocks any later instruction
// that reads it (RAW) or writes it (WAW) until the result is written back. Counts, not bits,
// because one instruction may name a register twice among its destinations.
#pragma once

#include <algorithm>
#include <array>
#include <cassert>
#include <cstdint>
#include <memory>

#include "sim_model/ptx/instr.h"

namespace wf::sm {

class Scoreboard {
 public:
  // Registers counted in the object itself; the rest (large kernels, deep calls) on the heap.
  static constexpr std::uint32_t kInline = 64;

  // Keeps the heap counts' storage when it is large enough (warp slots are reused by every
  // CTA); counts beyond `registers` are zero, as for any register not pending.
  void reset(std::size_t registers) {
    small_.fill(0);
    if (registers > kInline && registers - kInline > big_size_) grow(registers);
    std::fill_n(big_.get(), big_size_, std::uint16_t{0});
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
    if (reg < kInline) {
      // A register's writers in flight are those of one instruction: a later writer waits.
      assert(small_[reg] < 255);
      ++small_[reg];
    } else {
      if (reg - kInline >= big_size_) grow(std::size_t{reg} + 1);
      ++big_[reg - kInline];
    }
    ++in_flight_;
  }
  void release(std::uint32_t reg) {
    if (reg < kInline) {
      --small_[reg];
    } else {
      --big_[reg - kInline];
    }
    --in_flight_;
  }
  bool idle() const { return in_flight_ == 0; }

 private:
  bool busy(std::uint32_t reg) const {
    if (reg < kInline) return small_[reg] != 0;
    return reg - kInline < big_size_ && big_[reg - kInline] != 0;
  }
  void grow(std::size_t registers) {
    const std::size_t n = registers - kInline;
    auto bigger = std::make_unique<std::uint16_t[]>(n);  // zeroed
    std::copy_n(big_.get(), big_size_, bigger.get());
    big_ = std::move(bigger);
    big_size_ = static_cast<std::uint32_t>(n);
  }

  // The 16-byte header ends the warp slot's first cache line (HwWarp), and the inline counts
  // fill its second: both lines' addresses follow from the slot's, so a check waits for one
  // miss at most, not for a line found through a pointer.
  std::uint32_t in_flight_ = 0;  // first: most checks end here
  std::uint32_t big_size_ = 0;   // registers counted on the heap, from kInline on
  std::unique_ptr<std::uint16_t[]> big_;
  std::array<std::uint8_t, kInline> small_{};
};

}  // namespace wf::sm
