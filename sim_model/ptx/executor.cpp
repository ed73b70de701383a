#include "sim_model/ptx/executor.h"

#include <fmt/format.h>

#include <cstring>

#include "sim_model/ptx/address_map.h"
#include "sim_model/ptx/env_registers.h"
#include "sim_model/ptx/exec_dispatch.h"
#include "sim_model/ptx/kernel_error.h"

namespace wf::ptx {

std::string Executor::where(const Warp& w, unsigned lane) const {
  const Function& k = ctx_.kernel_fn();
  std::uint64_t t = w.first_thread() + lane;
  std::uint32_t tx = static_cast<std::uint32_t>(t % ctx_.block.x);
  std::uint32_t ty = static_cast<std::uint32_t>((t / ctx_.block.x) % ctx_.block.y);
  std::uint32_t tz = static_cast<std::uint32_t>(t / (std::uint64_t{ctx_.block.x} * ctx_.block.y));
  std::uint32_t cid = w.cta();
  std::uint32_t bx = cid % ctx_.grid.x, by = (cid / ctx_.grid.x) % ctx_.grid.y,
                bz = static_cast<std::uint32_t>(cid / (std::uint64_t{ctx_.grid.x} * ctx_.grid.y));
  std::string loc;
  if (!w.finished()) {
    const Function& f = ctx_.module->functions[w.function()];
    std::uint32_t pc = w.pc();
    if (pc < f.code.size()) {
      loc = fmt::format(", {}pc {} ({}:{}: {})",
                        f.name != k.name ? fmt::format("function '{}' ", f.name) : "", pc,
                        ctx_.module->name, f.code[pc].line, f.text[pc]);
    }
  }
  return fmt::format("kernel '{}', block ({},{},{}) thread ({},{},{}){}", k.name, bx, by, bz, tx,
                     ty, tz, loc);
}

void Executor::fault(const Warp& w, unsigned lane, const std::string& what) const {
  throw KernelError(fmt::format("{}: {}", where(w, lane), what));
}

std::uint64_t Executor::special(const Warp& w, const Operand& o, unsigned lane) const {
  auto comp = [&](const Dim& d) -> std::uint64_t {
    return o.count == 0 ? d.x : o.count == 1 ? d.y : d.z;
  };
  std::uint64_t t = w.first_thread() + lane;
  switch (o.special) {
    case Special::Tid: {
      Dim d;
      d.x = static_cast<std::uint32_t>(t % ctx_.block.x);
      d.y = static_cast<std::uint32_t>((t / ctx_.block.x) % ctx_.block.y);
      d.z = static_cast<std::uint32_t>(t / (std::uint64_t{ctx_.block.x} * ctx_.block.y));
      return comp(d);
    }
    case Special::Ntid:
      return comp(ctx_.block);
    case Special::Ctaid:
      return comp(cur_cta_->ctaid);
    case Special::Nctaid:
      return comp(ctx_.grid);
    case Special::LaneId:
      return lane;
    case Special::WarpId:
      return w.program_warp();
    case Special::NWarpId:
      return (ctx_.block.count() + w.size() - 1) / w.size();
    case Special::SmId:
      return cur_cta_->sm;
    case Special::NSmId:
      return ctx_.num_sms;
    case Special::GridId:
      return 0;
    case Special::Clock:
      return (ctx_.clock + w.instructions) & 0xffffffffull;
    case Special::Clock64:
      return ctx_.clock + w.instructions;
    case Special::GlobalTimer:
      return (ctx_.clock + w.instructions) * 1000;
    case Special::LanemaskEq:
      return 1ull << lane;
    case Special::LanemaskLe:
      return width_mask(lane + 1);
    case Special::LanemaskLt:
      return width_mask(lane);
    case Special::LanemaskGe:
      return width_mask(w.size()) & ~width_mask(lane);
    case Special::LanemaskGt:
      return width_mask(w.size()) & ~width_mask(lane + 1);
    case Special::DynamicSmemSize:
      return ctx_.dynamic_shared;
    case Special::TotalSmemSize:
      return ctx_.shared_bytes;
    case Special::WarpSize:
      return w.size();
    case Special::EnvReg:
      return env_register(o.count, ctx_);
  }
  return 0;
}

std::uint64_t Executor::symbol_address(const Warp& w, const Operand& o) const {
  std::uint64_t a = static_cast<std::uint64_t>(o.imm);
  if (o.space == Space::Local) a += w.frames().back().local_base;
  if (o.space == Space::FuncParam) a += w.frames().back().param_base;
  return a;
}

StepRecord Executor::step(Warp& w, Cta& cta) {
  // Two functions, so that each builds its record in the caller's slot: GCC elides the copy of
  // a named return value only when every return of the function returns it, and a copy of the
  // record's ~600 bytes per step cost the gtx480 benchmark 4 %.
  if (w.rows() > 1 && !w.finished() && w.barrier() < 0) [[unlikely]]
    return step_large(w, cta);
  return step_warp(w, cta);
}

StepRecord Executor::step_warp(Warp& w, Cta& cta) {
  StepRecord rec;
  if (w.finished()) {
    rec.status = StepStatus::Finished;
    return rec;
  }
  if (w.barrier() >= 0) {
    rec.status = StepStatus::AtBarrier;
    return rec;
  }
  cur_cta_ = &cta;
  const std::uint32_t fn = w.function();
  const Function& f = ctx_.module->functions[fn];
  const std::uint32_t pc = w.pc();
  const Instr& in = f.code[pc];
  const std::uint64_t active = w.active();
  std::uint64_t mask = active;
  if (in.guard != kNoReg) {
    std::uint64_t g = 0;
    for_lanes(active, [&](unsigned l) { g |= (w.reg(in.guard, l) & 1ull) << l; });
    mask = in.guard_negated ? (active & ~g) : (active & g);
  }
  rec.instr = &in;
  rec.function = fn;
  rec.pc = pc;
  rec.reg_base = w.reg_base();
  rec.cls = in.cls;
  rec.active = active;
  rec.executed = mask;
  ++w.instructions;
  std::uint32_t next = pc + 1;
  if (!exec_data(in, w, cta, active, mask, rec)) {
    if (in.op == Op::Bar) {
      rec.is_barrier = true;
      exec_barrier(in, w, cta, mask, rec);
    } else {
      next = exec_control(in, w, cta, active, mask, rec);
    }
  }
  finish_step(w, cta, next, rec);
  return rec;
}

void Executor::finish_step(Warp& w, Cta& cta, std::uint32_t next, StepRecord& rec) {
  if (next != kNoPc) w.stack_.back().pc = next;
  w.settle();
  if (w.finished()) {
    rec.is_exit = true;
    rec.next_pc = kNoPc;
    --cta.live_warps;
    for (unsigned b = 0; b < Cta::kBarriers; ++b) {
      if (cta.bars[b].arrived) try_release(cta, b);
    }
  } else {
    rec.next_pc = w.pc();
    if (w.pc() == kNoPc) fault(w, 0, "internal error: SIMT stack entry without a pc");
  }
}

std::uint32_t Executor::exec_control(const Instr& in, Warp& w, Cta& cta, std::uint64_t active,
                                     std::uint64_t mask, StepRecord& rec) {
  const std::uint32_t pc = w.pc();
  switch (in.op) {
    case Op::Bra: {
      rec.is_branch = true;
      std::uint64_t taken = mask, not_taken = active & ~mask;
      if (not_taken == 0) return in.target;
      if (taken == 0) return pc + 1;
      rec.diverged = true;
      std::uint32_t rpc = in.reconverge;
      w.stack_.back().pc = rpc;
      w.stack_.push_back({pc + 1, rpc, not_taken});
      w.stack_.push_back({in.target, rpc, taken});
      return kNoPc;
    }
    case Op::Call: {
      rec.is_call = true;
      if (mask == 0) return pc + 1;
      std::uint32_t target = in.target;
      if (in.sub == kIndirectCall) {
        const std::uint64_t group = indirect_call_group(in, w, mask, target);
        if (group != mask) {
          // Lanes pointing at different functions call them one after another, as a GPU
          // serialises a divergent indirect call: this group now, the rest at the same call
          // afterwards; all meet again after the call.
          w.stack_.back().pc = pc + 1;
          w.stack_.push_back({pc, pc + 1, mask & ~group});
          w.stack_.push_back({pc, pc + 1, group});
          // The other groups' threads are counted when they execute the call in their turn.
          rec.active = group | (active & ~mask);
          rec.executed = group;
          mask = group;
        }
      }
      const Function& callee = ctx_.module->functions[target];
      if (callee.is_declaration) {
        device_call(in, callee, w, cta, mask);
        return pc + 1;
      }
      if (w.frames_.size() > 256)
        fault(w, std::countr_zero(mask), "call depth above 256 (runaway recursion?)");
      const CallInfo& ci = ctx_.module->functions[w.function()].calls[in.call_info];
      std::uint32_t caller_param = w.frames_.back().param_base;
      w.stack_.back().pc = pc + 1;
      w.push_frame(target, pc, mask);
      std::uint32_t callee_param = w.frames_.back().param_base;
      for_lanes(mask, [&](unsigned l) {
        std::uint8_t* p = w.param(l);
        for (std::size_t i = 0; i < callee.params.size(); ++i) {
          std::memmove(p + callee_param + callee.params[i].offset,
                       p + caller_param + ci.arg_offsets[i], callee.params[i].size);
        }
      });
      return kNoPc;
    }
    case Op::Ret: {
      rec.is_ret = true;
      if (w.frames_.size() == 1) {  // ret from the kernel = exit
        w.exit_lanes(mask);
        return w.stack_.empty() || w.stack_.back().mask == 0 ? kNoPc : pc + 1;
      }
      const CallFrame& fr = w.frames_.back();
      const Function& callee = ctx_.module->functions[fr.function];
      const CallFrame& caller = w.frames_[w.frames_.size() - 2];
      const CallInfo& ci =
          ctx_.module->functions[caller.function]
              .calls[ctx_.module->functions[caller.function].code[fr.call_pc].call_info];
      for_lanes(mask, [&](unsigned l) {
        std::uint8_t* p = w.param(l);
        for (std::size_t i = 0; i < callee.rets.size(); ++i) {
          std::memmove(p + caller.param_base + ci.ret_offsets[i],
                       p + fr.param_base + callee.rets[i].offset, callee.rets[i].size);
        }
      });
      w.return_lanes(mask);
      return w.stack_.back().mask == 0 ? kNoPc : pc + 1;
    }
    case Op::Exit:
      w.exit_lanes(mask);
      return w.stack_.back().mask == 0 ? kNoPc : pc + 1;
    case Op::Trap:
      if (mask) fault(w, std::countr_zero(mask), "trap instruction executed");
      return pc + 1;
    default:
      return pc + 1;
  }
}

std::string Executor::read_c_string(Warp& w, Cta& cta, std::uint64_t generic, unsigned lane) {
  std::string s;
  for (int i = 0; i < 4096; ++i) {
    ResolvedAddress ra = resolve_generic(generic + i);
    char c = static_cast<char>(*locate(w, cta, ra.space, ra.addr, 1, lane, false));
    if (!c) break;
    s += c;
  }
  return s;
}

void Executor::device_call(const Instr& in, const Function& callee, Warp& w, Cta& cta,
                           std::uint64_t mask) {
  const CallInfo& ci = ctx_.module->functions[w.function()].calls[in.call_info];
  const std::uint32_t base = w.frames_.back().param_base;
  auto arg64 = [&](unsigned lane, std::size_t i) {
    std::uint64_t v = 0;
    std::memcpy(&v, w.param(lane) + base + ci.arg_offsets[i],
                std::min<std::uint32_t>(8, callee.params[i].size));
    return v;
  };
  unsigned lane = static_cast<unsigned>(std::countr_zero(mask));
  if (callee.name == "__assertfail" && callee.params.size() >= 4) {
    std::string msg = read_c_string(w, cta, arg64(lane, 0), lane);
    std::string file = read_c_string(w, cta, arg64(lane, 1), lane);
    std::uint32_t line = static_cast<std::uint32_t>(arg64(lane, 2));
    std::string func = read_c_string(w, cta, arg64(lane, 3), lane);
    fault(w, lane,
          fmt::format("device assertion '{}' failed at {}:{} in {}", msg, file, line, func));
  }
  if (callee.name == "vprintf" && callee.params.size() == 2) {
    for_lanes(mask, [&](unsigned l) {
      std::string out = format_device_printf(w, cta, l, arg64(l, 0), arg64(l, 1));
      std::fwrite(out.data(), 1, out.size(), stdout);
      if (!callee.rets.empty()) {
        std::int32_t n = static_cast<std::int32_t>(out.size());
        std::memcpy(w.param(l) + base + ci.ret_offsets[0], &n, 4);
      }
    });
    std::fflush(stdout);
    return;
  }
  if (ctx_.heap && heap_call(callee, ci, w, mask)) return;
  fault(w, lane,
        fmt::format("call to function '{}', which has no body in this module", callee.name));
}

void Executor::try_release(Cta& cta, unsigned id) {
  BarrierState& b = cta.bars[id];
  std::uint32_t expected =
      b.expected_threads
          ? static_cast<std::uint32_t>((b.expected_threads + ctx_.threads_per_warp() - 1) /
                                       ctx_.threads_per_warp())
          : cta.live_warps;
  if (b.arrived < expected) return;
  for (Warp& w : cta.warps) {
    if (w.barrier() != static_cast<int>(id)) continue;
    w.set_barrier(-1);
    if (w.bar_dest != kNoReg) {
      for_lanes(w.bar_lanes, [&](unsigned l) {
        std::uint64_t r =
            w.bar_type == Type::Pred ? std::uint64_t{w.bar_dest_is_and ? b.all : b.any} : b.popc;
        w.reg(w.bar_dest, l) = r;
      });
      w.bar_dest = kNoReg;
    }
  }
  b = BarrierState{};
}

void Executor::exec_barrier(const Instr& in, Warp& w, Cta& cta, std::uint64_t mask, StepRecord&) {
  if (mask == 0) return;
  unsigned lane = static_cast<unsigned>(std::countr_zero(mask));
  BarMode mode = static_cast<BarMode>(in.sub);
  bool red = mode == BarMode::RedPopc || mode == BarMode::RedAnd || mode == BarMode::RedOr;
  std::size_t idx_op = red ? 1 : 0;
  std::uint64_t id = val(w, in.ops[idx_op], lane);
  if (id >= Cta::kBarriers) fault(w, lane, fmt::format("barrier id {} out of range 0..15", id));
  BarrierState& b = cta.bars[id];
  std::uint32_t threads = 0;
  bool has_count = red ? in.nops == 4 : in.nops == 2;
  if (has_count) {
    threads = static_cast<std::uint32_t>(val(w, in.ops[idx_op + 1], lane));
    if (threads == 0 || threads % w.size() != 0) {
      fault(w, lane,
            fmt::format("barrier thread count {} is not a positive multiple of the warp size",
                        threads));
    }
  }
  if (b.arrived && b.expected_threads != threads) {
    fault(w, lane,
          fmt::format("barrier {} used with different thread counts ({} and {})", id,
                      b.expected_threads, threads));
  }
  b.expected_threads = threads;
  ++b.arrived;
  if (red) {
    const Operand& p = in.ops[in.nops - 1];
    for_lanes(mask, [&](unsigned l) {
      bool v = pred(w, p, l);
      b.popc += v;
      b.all = b.all && v;
      b.any = b.any || v;
    });
    w.bar_dest = in.ops[0].reg;
    w.bar_lanes = mask;
    w.bar_type = in.type;
    w.bar_dest_is_and = mode == BarMode::RedAnd;
  }
  if (mode != BarMode::Arrive) w.set_barrier(static_cast<int>(id));
  try_release(cta, static_cast<unsigned>(id));
}

}  // namespace wf::ptx
