// Architectural state of one warp: per-thread registers in flat arrays, the SIMT reconvergence
// stack, call frames and per-thread .local/.param storage.
#pragma once

#include <cstdint>
#include <vector>

#include "sim_model/ptx/inline_vector.h"
#include "sim_model/ptx/instr.h"
#include "sim_model/ptx/module.h"

namespace wf::ptx {

struct SimtEntry {
  std::uint32_t pc;
  std::uint32_t rpc;  // reconvergence pc; kNoPc = none (meets only at function exit)
  std::uint64_t mask;
};
static_assert(sizeof(InlineVector<SimtEntry, 3>) == 64, "the SIMT stack no longer fills one line");

struct CallFrame {
  std::uint32_t function;
  std::uint32_t reg_base;
  std::uint32_t param_base;  // byte offset in each thread's .param frame storage
  std::uint32_t local_base;  // byte offset in each thread's .local storage
  std::uint32_t stack_base;  // SIMT stack index of the callee's first entry
  std::uint32_t call_pc;     // caller's call instruction (for return values)
};

// A warp of `rows` x `warp_size` threads. A warp of one row is the ordinary warp. More rows make
// a large warp (LWM, DESIGN section 5): one SIMT stack and one pc for all its threads, while the
// program still sees warps of `warp_size` threads (row r of large warp w is the program's warp
// w * rows + r: %warpid, %laneid, shfl, vote and the lane masks are per row, so that code written
// for 32-thread warps runs unchanged). The executor runs a large warp's instruction row by row;
// select_row() makes a row current, and everything per lane (registers, .local, .param, the
// lane masks below) then means that row's.
class alignas(64) Warp {
 public:
  Warp(const Module& m, std::uint32_t kernel, unsigned warp_size, unsigned rows,
       std::uint64_t threads, std::uint32_t cta, std::uint32_t warp_in_cta);
  // Makes this a new warp at the kernel's entry, exactly as the constructor would, keeping the
  // buffers' memory (CtaPool reuses finished CTAs' warps). `threads` (at most rows x warp_size)
  // exist, the lowest lanes of the lowest rows.
  void restart(const Module& m, std::uint32_t kernel, unsigned warp_size, unsigned rows,
               std::uint64_t threads, std::uint32_t cta, std::uint32_t warp_in_cta);
  // The registers point into a buffer the warp owns: moving keeps them valid, copying would not.
  Warp(Warp&&) noexcept = default;
  Warp& operator=(Warp&&) noexcept = default;
  Warp(const Warp&) = delete;
  Warp& operator=(const Warp&) = delete;

  unsigned size() const { return size_; }  // lanes per row: the program's warp size
  unsigned rows() const { return rows_; }
  unsigned row() const { return row_; }  // the current row
  // The program's warp index in the CTA of the current row, and its first thread.
  std::uint32_t program_warp() const { return warp_in_cta_ * rows_ + row_; }
  std::uint64_t first_thread() const { return std::uint64_t{program_warp()} * size_; }
  // Makes row r current (a no-op for a warp of one row).
  void select_row(unsigned r) {
    if (r != row_) switch_row(r);
  }
  // Row r's active threads (the SIMT stack top's), lane l = bit l.
  std::uint64_t row_active(unsigned r) const {
    return rows_ == 1 ? stack_.back().mask : row_masks_[(stack_.size() - 1) * rows_ + r];
  }
  std::uint32_t cta() const { return cta_; }
  std::uint32_t warp_in_cta() const { return warp_in_cta_; }
  std::uint64_t lanes() const { return lanes_; }  // threads that exist (of the current row)
  std::uint64_t exited() const { return exited_; }
  bool finished() const { return stack_.empty(); }
  int barrier() const { return barrier_; }  // -1 unless waiting at bar.sync
  void set_barrier(int id) { barrier_ = id; }

  std::uint32_t pc() const { return stack_.back().pc; }
  // The active threads: lane l = bit l; in a large warp, row r = bit r (which rows have any).
  std::uint64_t active() const { return stack_.back().mask; }
  std::uint32_t function() const { return function_; }
  // The instruction the warp will execute next (for fetch/decode in the timing model).
  const Instr* next_instr() const;
  const InlineVector<SimtEntry, 3>& simt_stack() const { return stack_; }
  const std::vector<CallFrame>& frames() const { return frames_; }

  std::uint64_t& reg(std::uint32_t r, unsigned lane) {
    return row_regs_[(reg_base_ + r) * stride_ + lane];
  }
  std::uint64_t reg(std::uint32_t r, unsigned lane) const {
    return row_regs_[(reg_base_ + r) * stride_ + lane];
  }
  // Register r of every lane, lane 0 first.
  std::uint64_t* reg_row(std::uint32_t r) { return &row_regs_[(reg_base_ + r) * stride_]; }
  const std::uint64_t* reg_row(std::uint32_t r) const {
    return &row_regs_[(reg_base_ + r) * stride_];
  }
  std::uint32_t reg_base() const { return reg_base_; }

  std::uint8_t* local(unsigned lane) {
    return local_.data() + (std::size_t{row_} * size_ + lane) * local_cap_;
  }
  std::uint32_t local_capacity() const { return local_cap_; }
  std::uint8_t* param(unsigned lane) {
    return param_.data() + (std::size_t{row_} * size_ + lane) * param_cap_;
  }
  std::uint32_t param_capacity() const { return param_cap_; }

 private:
  friend class Executor;
  void push_frame(std::uint32_t function, std::uint32_t call_pc, std::uint64_t mask);
  void pop_frame();
  void grow_local(std::uint32_t bytes);
  void grow_param(std::uint32_t bytes);
  // Pops finished entries (reached reconvergence or no threads left) and returned frames.
  void settle();
  void exit_lanes(std::uint64_t mask);    // from every entry (of the current row)
  void return_lanes(std::uint64_t mask);  // from the entries of the current frame
  void switch_row(unsigned r);
  // A large warp's SIMT stack: a new top entry with each row's threads.
  void push_rows(std::uint32_t pc, std::uint32_t rpc, const std::uint64_t* row_masks);
  std::uint64_t* top_rows() { return &row_masks_[(stack_.size() - 1) * rows_]; }

  // Laid out for the host's cache: the timing model steps one warp at a time among thousands,
  // and what every step reads fills the first two cache lines, whose addresses the host knows
  // from the warp's alone: the SIMT stack (inline up to three entries), then the current
  // function, the barrier, the register window and the counters. The call frames are read
  // only by calls, returns and .local/.param accesses.
  InlineVector<SimtEntry, 3> stack_;
  std::uint32_t function_ = 0;  // frames_.back().function
  int barrier_ = -1;
  std::uint32_t reg_base_ = 0;
  unsigned size_;
  unsigned stride_;  // lanes of all rows: a register's values lie in rows_ x size_ slots
  std::uint64_t* row_regs_ = nullptr;  // regs_ at the current row's first lane
  std::vector<std::uint64_t> regs_;

 public:
  std::uint64_t instructions = 0;
  std::uint64_t carry = 0;  // CC.CF per lane (bit = lane)

 private:
  std::uint32_t cta_;
  std::vector<CallFrame> frames_;
  std::uint64_t exited_ = 0;
  std::uint64_t lanes_;

 public:
  std::uint16_t bar_dest = kNoReg;  // bar.red destination, written at release
  std::uint64_t bar_lanes = 0;
  Type bar_type = Type::None;
  bool bar_dest_is_and = false;

 private:
  const Module* module_;
  std::uint32_t warp_in_cta_;
  std::vector<std::uint8_t> local_, param_;
  std::uint32_t local_cap_ = 0, param_cap_ = 0;

  // Large warps only. A stack entry's mask then says which rows have threads (so that an
  // entry is empty exactly when its mask is 0, as in a warp of one row), and its rows' lane
  // masks are row_masks_[entry * rows_ + row]. The per-row state of the rows not current is
  // kept in row_state_, the current row's in the members above.
  struct RowState {
    std::uint64_t lanes = 0, exited = 0, carry = 0, bar_lanes = 0;
  };
  unsigned rows_ = 1, row_ = 0;
  std::vector<std::uint64_t> row_masks_;
  std::vector<RowState> row_state_;
};

}  // namespace wf::ptx
