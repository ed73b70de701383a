// A large warp's step (LWM, DESIGN section 5). The instruction runs row by row, each row as the
// program's warp of warp_size threads with its own lane masks, registers and per-row state;
// what it does to control flow is then decided once for the whole warp on its one SIMT stack.
// A branch diverges the large warp when any of its threads goes each way, and both paths are
// pushed with the threads of every row, so all rows of a large warp always share one pc.
//
// Decisions:
// - Global atomics perform at issue, as in the functional driver, not at the L2: the timing
//   model issues a large warp's instruction as several sub-warps, and one deferred atomic per
//   instruction could not say which sub-warp carries which lanes.
// - Calls of functions with a body and bar.red are refused with a kernel error: a call frame
//   pushes SIMT entries per warp and bar.red keeps per-lane results across the release, neither
//   written for rows yet (no workload of the LWM study uses them; calls of vprintf work).
#include <bit>

#include <fmt/format.h>

#include "sim_model/ptx/exec_dispatch.h"

namespace wf::ptx {

StepRecord Executor::step_large(Warp& w, Cta& cta) {
  StepRecord rec;
  cur_cta_ = &cta;
  const std::uint32_t fn = w.function();
  const Function& f = ctx_.module->functions[fn];
  const std::uint32_t pc = w.pc();
  const Instr& in = f.code[pc];
  const unsigned rows = w.rows();
  LargeStepRecord& L = large_;
  L.rows = rows;
  L.lanes = w.size();
  rec.instr = &in;
  rec.function = fn;
  rec.pc = pc;
  rec.reg_base = w.reg_base();
  rec.cls = in.cls;
  rec.active = w.active();
  ++w.instructions;

  const BarMode bar_mode = static_cast<BarMode>(in.sub);
  if (in.op == Op::Bar &&
      (bar_mode == BarMode::RedPopc || bar_mode == BarMode::RedAnd || bar_mode == BarMode::RedOr))
    fault(w, 0, "bar.red in a large warp is not supported");
  if (in.op == Op::Call &&
      (in.sub == kIndirectCall || !ctx_.module->functions[in.target].is_declaration))
    fault(w, 0, "a call of a function with a body in a large warp is not supported");

  const bool defer = defer_atomics_;
  defer_atomics_ = false;
  std::uint64_t executed = 0, accessed = 0;
  for (unsigned r = 0; r < rows; ++r) {
    const std::uint64_t active = w.row_active(r);
    L.active[r] = active;
    L.executed[r] = 0;
    L.mem_lanes[r] = 0;
    if (active == 0) continue;
    w.select_row(r);
    std::uint64_t mask = active;
    if (in.guard != kNoReg) {
      std::uint64_t g = 0;
      for_lanes(active, [&](unsigned l) { g |= (w.reg(in.guard, l) & 1ull) << l; });
      mask = in.guard_negated ? (active & ~g) : (active & g);
    }
    L.executed[r] = mask;
    if (mask) executed |= 1ull << r;
    StepRecord row_rec;
    if (exec_data(in, w, cta, active, mask, row_rec)) {
      if (row_rec.mem.lanes) {
        L.mem_lanes[r] = row_rec.mem.lanes;
        accessed |= 1ull << r;
        for_lanes(row_rec.mem.lanes,
                  [&](unsigned l) { L.addr[r * L.lanes + l] = row_rec.mem.addr[l]; });
        rec.mem.space = row_rec.mem.space;
        rec.mem.bytes = row_rec.mem.bytes;
        rec.mem.is_store = row_rec.mem.is_store;
      }
      rec.is_atomic = row_rec.is_atomic;
      continue;
    }
    switch (in.op) {
      case Op::Call:
        if (mask) device_call(in, ctx_.module->functions[in.target], w, cta, mask);
        break;
      case Op::Ret:  // only the kernel's own: calls of bodies are refused above
      case Op::Exit:
        w.exit_lanes(mask);
        break;
      case Op::Trap:
        if (mask)
          fault(w, static_cast<unsigned>(std::countr_zero(mask)), "trap instruction executed");
        break;
      default:  // bra and bar act on the whole warp below
        break;
    }
  }
  defer_atomics_ = defer;
  rec.executed = executed;
  rec.mem.lanes = accessed;

  std::uint32_t next = pc + 1;
  switch (in.op) {
    case Op::Bra: {
      rec.is_branch = true;
      std::array<std::uint64_t, LargeStepRecord::kMaxRows> not_taken{};
      bool any_taken = false, any_not_taken = false;
      for (unsigned r = 0; r < rows; ++r) {
        not_taken[r] = L.active[r] & ~L.executed[r];
        any_taken = any_taken || L.executed[r] != 0;
        any_not_taken = any_not_taken || not_taken[r] != 0;
      }
      if (!any_not_taken) {
        next = in.target;
      } else if (any_taken) {
        rec.diverged = true;
        const std::uint32_t rpc = in.reconverge;
        w.stack_.back().pc = rpc;
        w.push_rows(pc + 1, rpc, not_taken.data());
        w.push_rows(in.target, rpc, L.executed.data());
        next = kNoPc;
      }
      break;
    }
    case Op::Bar:
      rec.is_barrier = true;
      if (executed) {
        const unsigned r = static_cast<unsigned>(std::countr_zero(executed));
        w.select_row(r);
        exec_barrier(in, w, cta, L.executed[r], rec);
      }
      break;
    case Op::Call:
      rec.is_call = true;
      break;
    case Op::Ret:
    case Op::Exit:
      rec.is_ret = in.op == Op::Ret;
      next = w.stack_.empty() || w.stack_.back().mask == 0 ? kNoPc : pc + 1;
      break;
    default:
      break;
  }
  finish_step(w, cta, next, rec);
  return rec;
}

}  // namespace wf::ptx
