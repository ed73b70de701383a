// Functional execution of one warp-instruction at a time. The timing model calls step() when it
// issues a warp; the functional driver (gpu/functional_driver) calls it round robin.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <string>
#include <vector>

#include "sim_model/ptx/cta.h"
#include "sim_model/ptx/large_step_record.h"
#include "sim_model/ptx/launch_context.h"
#include "sim_model/ptx/step_record.h"
#include "sim_model/ptx/warp.h"

namespace wf::ptx {

class Executor {
 public:
  explicit Executor(LaunchContext& ctx) : ctx_(ctx) {}

  // Executes the next instruction of `w` (a warp of `cta`). Throws KernelError on a fault. For a
  // large warp (w.rows() > 1) the record's masks name rows (bit r: row r has such threads) and
  // large_step() has the threads.
  StepRecord step(Warp& w, Cta& cta);
  // The threads of the last step of a large warp.
  const LargeStepRecord& large_step() const { return large_; }

  // Releases barrier `id` of the CTA if every expected warp has arrived.
  void try_release(Cta& cta, unsigned id);

  // Timing mode: global atomics (not atom.cmpwait) capture their operands at issue and are
  // performed later, line by line, by perform_atomic() when they reach the L2 atomics unit, so
  // that they happen in arrival order. StepRecord::deferred_atomic names them. Off: atomics
  // perform at issue (the functional driver).
  void set_defer_global_atomics(bool on) { defer_atomics_ = on; }
  // Performs the lanes of deferred atomic `id` whose address lies in the `line_bytes` line at
  // `line`, in lane order, writing memory and the destination registers. The warp must still
  // be resident (the SM keeps a CTA until its warps' memory instructions are answered).
  void perform_atomic(std::uint32_t id, std::uint64_t line, unsigned line_bytes);
  // Deferred atomics captured and not yet fully performed.
  std::size_t deferred_atomics() const { return deferred_.size() - free_deferred_.size(); }

  // Whether a store, atomic or reduction changed a value of global or shared memory since the
  // last call (a store of the value already there does not count: that is what a spin loop's
  // flag polling does). Progress for the livelock monitor (gpu/progress_monitor.h).
  bool take_memory_changed() {
    const bool changed = memory_changed_;
    memory_changed_ = false;
    return changed;
  }

 private:
  // operand access
  std::uint64_t val(const Warp& w, const Operand& o, unsigned lane) const {
    switch (o.kind) {
      case OperandKind::Reg:
        return w.reg(o.reg, lane);
      case OperandKind::Imm:
        return static_cast<std::uint64_t>(o.imm);
      case OperandKind::Special:
        return special(w, o, lane);
      case OperandKind::Symbol:
        return symbol_address(w, o);
      default:
        return 0;
    }
  }
  bool pred(const Warp& w, const Operand& o, unsigned lane) const {
    bool v = (val(w, o, lane) & 1) != 0;
    return o.negate ? !v : v;
  }
  static void set(Warp& w, const Operand& o, unsigned lane, std::uint64_t v) {
    if (o.kind == OperandKind::Reg)
      w.reg(o.reg, lane) = o.bits >= 64 ? v : v & ((1ull << o.bits) - 1);
  }
  static void set_reg(Warp& w, std::uint16_t r, unsigned lane, std::uint64_t v, unsigned bits) {
    if (r != kNoReg) w.reg(r, lane) = bits >= 64 ? v : v & ((1ull << bits) - 1);
  }
  std::uint64_t special(const Warp& w, const Operand& o, unsigned lane) const;
  std::uint64_t symbol_address(const Warp& w, const Operand& o) const;
  // The address of a [reg+imm] / [var+imm] operand in the width of its state space: `width` is
  // address_mask() of the instruction's space (address_map.h).
  std::uint64_t mem_address(const Warp& w, const Operand& o, unsigned lane,
                            std::uint64_t width) const {
    std::uint64_t a = static_cast<std::uint64_t>(o.imm);
    if (o.reg != kNoReg) a += w.reg(o.reg, lane);
    if (o.has_symbol) {
      if (o.space == Space::Local) a += w.frames().back().local_base;
      if (o.space == Space::FuncParam) a += w.frames().back().param_base;
    }
    return a & width;
  }

  // Executes `in` if it neither branches nor waits at a barrier (exec_dispatch.h); false if it
  // does, leaving it to the caller.
  bool exec_data(const Instr& in, Warp& w, Cta& cta, std::uint64_t active, std::uint64_t mask,
                 StepRecord& rec);
  // step() for a large warp (large_warp_step.cpp): the instruction row by row, then its control
  // effect on the warp's one SIMT stack.
  StepRecord step_large(Warp& w, Cta& cta);
  StepRecord step_warp(Warp& w, Cta& cta);  // an ordinary warp's step()
  // The end of every step: the new pc, the settled SIMT stack and an exit's effects.
  void finish_step(Warp& w, Cta& cta, std::uint32_t next, StepRecord& rec);

  // families (one file each)
  void exec_int(const Instr& in, Warp& w, std::uint64_t mask);
  void exec_float(const Instr& in, Warp& w, std::uint64_t mask);
  void exec_compare(const Instr& in, Warp& w, std::uint64_t mask);
  void exec_cvt(const Instr& in, Warp& w, std::uint64_t mask);
  void exec_mov(const Instr& in, Warp& w, std::uint64_t mask);
  void exec_memory(const Instr& in, Warp& w, Cta& cta, std::uint64_t mask, StepRecord& rec);
  // exec_memory's form for a scalar ld/st.global whose value is a register (or, for st, an
  // immediate) and whose address has no symbol: most global accesses.
  void exec_global(bool load, const Operand& m, const Operand& v, unsigned bytes, bool sgn, Warp& w,
                   std::uint64_t mask, StepRecord& rec);
  // tex, tld4, suld.b and sust.b (exec_texture.cpp).
  void exec_texture(const Instr& in, Warp& w, std::uint64_t mask, StepRecord& rec);
  void exec_atomic(const Instr& in, Warp& w, Cta& cta, std::uint64_t mask, StepRecord& rec);
  // The value an atomic stores, given the old one and its operands b (and c for cas).
  static std::uint64_t atomic_result(const Instr& in, std::uint64_t old, std::uint64_t b,
                                     std::uint64_t c);
  std::uint32_t new_deferred_atomic();
  void exec_warp_op(const Instr& in, Warp& w, std::uint64_t active, std::uint64_t mask);
  void exec_barrier(const Instr& in, Warp& w, Cta& cta, std::uint64_t mask, StepRecord& rec);
  // returns the next pc for the current top entry, or kNoPc if the stack was rearranged
  std::uint32_t exec_control(const Instr& in, Warp& w, Cta& cta, std::uint64_t active,
                             std::uint64_t mask, StepRecord& rec);
  void device_call(const Instr& in, const Function& callee, Warp& w, Cta& cta, std::uint64_t mask);
  // malloc and free (exec_heap_call.cpp): true if `callee` is one of them, performed for the
  // lanes of `mask` in lane order.
  bool heap_call(const Function& callee, const CallInfo& ci, Warp& w, std::uint64_t mask);
  // An indirect call (exec_indirect_call.cpp): sets `target` to the function the lowest lane of
  // `mask` points at, checked against the call's prototype, and returns the lanes of `mask`
  // pointing at the same function.
  std::uint64_t indirect_call_group(const Instr& in, const Warp& w, std::uint64_t mask,
                                    std::uint32_t& target) const;

  // memory helpers: pointer to `bytes` bytes at (space, addr) for one thread, after checks
  std::uint8_t* locate(Warp& w, Cta& cta, Space space, std::uint64_t addr, unsigned bytes,
                       unsigned lane, bool write);
  // locate() itself, inlined into the per-lane loops of ld/st/atom (exec_memory.cpp only).
  inline std::uint8_t* locate_inline(Warp& w, Cta& cta, Space space, std::uint64_t addr,
                                     unsigned bytes, unsigned lane, bool write);
  // The fault of a failed locate(), out of line so that the checks cost no set-up when they pass.
  [[noreturn, gnu::cold, gnu::noinline]] void bad_access(const Warp& w, unsigned lane,
                                                         const char* why, bool write,
                                                         unsigned bytes, Space space,
                                                         std::uint64_t addr) const;
  std::string read_c_string(Warp& w, Cta& cta, std::uint64_t generic, unsigned lane);
  std::string format_device_printf(Warp& w, Cta& cta, unsigned lane, std::uint64_t fmt_ptr,
                                   std::uint64_t args_ptr);

 public:
  // "kernel 'k', block (x,y,z) thread (x,y,z), pc N (file:line: text)"
  std::string where(const Warp& w, unsigned lane) const;
  [[noreturn]] void fault(const Warp& w, unsigned lane, const std::string& what) const;

 private:
  struct DeferredAtomic {
    const Instr* in = nullptr;
    Warp* warp = nullptr;
    std::uint64_t lanes = 0;   // not yet performed
    std::uint32_t dest = ~0u;  // absolute register (frame base + operand), ~0u for red
    std::array<std::uint64_t, 64> addr{}, b{}, c{};
  };

  LaunchContext& ctx_;
  const Cta* cur_cta_ = nullptr;
  LargeStepRecord large_;
  bool defer_atomics_ = false;
  // Set by a store that changes a value; while set, stores need not compare.
  bool memory_changed_ = false;
  std::vector<DeferredAtomic> deferred_;
  std::vector<std::uint32_t> free_deferred_;
  std::vector<TexelAddress> texels_;  // the last texture fetch's MemAccess::texels
};

// Iterate the set bits of a lane mask, lowest first. A mask of lanes 0..n-1 with none missing
// (a full or tail warp, every lane active: most instructions of most kernels) is a counted
// loop, which carries no dependency on the mask from lane to lane.
template <class F>
inline void for_lanes(std::uint64_t mask, F&& f) {
  if ((mask & (mask + 1)) == 0) {
    const unsigned n = static_cast<unsigned>(std::bit_width(mask));
    for (unsigned lane = 0; lane < n; ++lane) f(lane);
    return;
  }
  while (mask) {
    unsigned lane = static_cast<unsigned>(std::countr_zero(mask));
    mask &= mask - 1;
    f(lane);
  }
}

inline std::uint64_t width_mask(unsigned bits) {
  return bits >= 64 ? ~0ull : (1ull << bits) - 1;
}
inline std::int64_t sext(std::uint64_t v, unsigned bits) {
  if (bits >= 64) return static_cast<std::int64_t>(v);
  unsigned s = 64 - bits;
  return static_cast<std::int64_t>(v << s) >> s;
}

}  // namespace wf::ptx
