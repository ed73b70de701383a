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

class alignas(64) Warp {
 public:
  Warp(const Module& m, std::uint32_t kernel, unsigned warp_size, std::uint64_t lanes,
       std::uint32_t cta, std::uint32_t warp_in_cta);
  // Makes this a new warp at the kernel's entry, exactly as the constructor would, keeping the
  // buffers' memory (CtaPool reuses finished CTAs' warps).
  void restart(const Module& m, std::uint32_t kernel, unsigned warp_size, std::uint64_t lanes,
               std::uint32_t cta, std::uint32_t warp_in_cta);

  unsigned size() const { return size_; }
  std::uint32_t cta() const { return cta_; }
  std::uint32_t warp_in_cta() const { return warp_in_cta_; }
  std::uint64_t lanes() const { return lanes_; }  // threads that exist
  std::uint64_t exited() const { return exited_; }
  bool finished() const { return stack_.empty(); }
  int barrier() const { return barrier_; }  // -1 unless waiting at bar.sync
  void set_barrier(int id) { barrier_ = id; }

  std::uint32_t pc() const { return stack_.back().pc; }
  std::uint64_t active() const { return stack_.back().mask; }
  std::uint32_t function() const { return function_; }
  // The instruction the warp will execute next (for fetch/decode in the timing model).
  const Instr* next_instr() const;
  const InlineVector<SimtEntry, 3>& simt_stack() const { return stack_; }
  const std::vector<CallFrame>& frames() const { return frames_; }

  std::uint64_t& reg(std::uint32_t r, unsigned lane) {
    return regs_[(reg_base_ + r) * size_ + lane];
  }
  std::uint64_t reg(std::uint32_t r, unsigned lane) const {
    return regs_[(reg_base_ + r) * size_ + lane];
  }
  // Register r of every lane, lane 0 first.
  std::uint64_t* reg_row(std::uint32_t r) { return &regs_[(reg_base_ + r) * size_]; }
  const std::uint64_t* reg_row(std::uint32_t r) const { return &regs_[(reg_base_ + r) * size_]; }
  std::uint32_t reg_base() const { return reg_base_; }

  std::uint8_t* local(unsigned lane) { return local_.data() + std::size_t{lane} * local_cap_; }
  std::uint32_t local_capacity() const { return local_cap_; }
  std::uint8_t* param(unsigned lane) { return param_.data() + std::size_t{lane} * param_cap_; }
  std::uint32_t param_capacity() const { return param_cap_; }

 private:
  friend class Executor;
  void push_frame(std::uint32_t function, std::uint32_t call_pc, std::uint64_t mask);
  void pop_frame();
  void grow_local(std::uint32_t bytes);
  void grow_param(std::uint32_t bytes);
  // Pops finished entries (reached reconvergence or no threads left) and returned frames.
  void settle();
  void exit_lanes(std::uint64_t mask);    // from every entry
  void return_lanes(std::uint64_t mask);  // from the entries of the current frame

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
};

}  // namespace wf::ptx
