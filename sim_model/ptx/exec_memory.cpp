// ld/st in every state space and atom/red, with alignment and bounds checks that name the
// kernel, thread, instruction and address.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <bit>

#include "sim_model/ptx/address_map.h"
#include "sim_model/ptx/bytes.h"
#include "sim_model/ptx/executor.h"
#include "sim_model/ptx/fp.h"
#include "sim_model/ptx/half.h"
#include "sim_model/ptx/lane_source.h"

namespace wf::ptx {
namespace {

constexpr const char* kOutsideAllocations = "out-of-bounds (outside every allocation)";

}  // namespace

[[gnu::always_inline]] inline std::uint8_t* Executor::locate_inline(Warp& w, Cta& cta, Space space,
                                                                    std::uint64_t addr,
                                                                    unsigned bytes, unsigned lane,
                                                                    bool write) {
  if (space == Space::Generic) {
    ResolvedAddress r = resolve_generic(addr);
    space = r.space;
    addr = r.addr;
  }
  if (bytes > 1 && (addr & (bytes - 1)) != 0)
    bad_access(w, lane, "misaligned", write, bytes, space, addr);
  const char* why = "out-of-bounds";
  switch (space) {
    case Space::Global:
    case Space::Const:
      if (!ctx_.memory->valid(addr, bytes)) {
        why = kOutsideAllocations;
        break;
      }
      return ctx_.memory->byte_ptr(addr);
    case Space::Shared:
      if (addr + bytes > cta.shared.size() || addr + bytes < addr) break;
      return cta.shared.data() + addr;
    case Space::Local:
      if (addr + bytes > w.local_capacity() || addr + bytes < addr) break;
      return w.local(lane) + addr;
    case Space::Param:
      if (write) {
        why = "illegal";
        break;
      }
      if (addr + bytes > ctx_.params.size() || addr + bytes < addr) break;
      return ctx_.params.data() + addr;
    case Space::FuncParam:
      if (addr + bytes > w.param_capacity() || addr + bytes < addr) break;
      return w.param(lane) + addr;
    case Space::Generic:
      why = "unresolvable";
      break;
  }
  bad_access(w, lane, why, write, bytes, space, addr);
}

std::uint8_t* Executor::locate(Warp& w, Cta& cta, Space space, std::uint64_t addr, unsigned bytes,
                               unsigned lane, bool write) {
  return locate_inline(w, cta, space, addr, bytes, lane, write);
}

void Executor::bad_access(const Warp& w, unsigned lane, const char* why, bool write, unsigned bytes,
                          Space space, std::uint64_t addr) const {
  fault(w, lane,
        fmt::format("{} {} access of {} bytes at {} address 0x{:x}", why, write ? "write" : "read",
                    bytes, space_name(space), addr));
}

void Executor::exec_memory(const Instr& in, Warp& w, Cta& cta, std::uint64_t mask,
                           StepRecord& rec) {
  const bool load = in.op == Op::Ld;
  // Copies, not references: the lane loop writes simulated memory through byte pointers, which
  // the compiler must assume alias anything reachable, so it would read every operand field of
  // the instruction again for every lane.
  const Operand m = in.ops[load ? 1 : 0];
  const Operand v = in.ops[load ? 0 : 1];
  const Space declared = in.space;
  const unsigned vec = in.vec;
  const unsigned eb = type_bytes(in.type);
  const unsigned total = eb * vec;
  const bool sgn = is_signed(in.type);
  rec.mem.space = declared;
  rec.mem.bytes = static_cast<std::uint8_t>(total);
  rec.mem.is_store = !load;
  rec.mem.lanes = mask;
  if (load && declared == Space::Param && m.reg == kNoReg && mask != 0) {
    // A kernel parameter: every lane reads the same bytes, so they are checked and read once.
    const unsigned first = static_cast<unsigned>(std::countr_zero(mask));
    const std::uint64_t addr = mem_address(w, m, first, address_mask(declared));
    const std::uint8_t* p = locate_inline(w, cta, declared, addr, total, first, false);
    std::array<std::uint64_t, 4> x{};
    for (unsigned k = 0; k < vec && k < x.size(); ++k) {
      x[k] = load_bytes(p + k * eb, eb);
      if (sgn) x[k] = static_cast<std::uint64_t>(sext(x[k], eb * 8));
    }
    LaneDest d;
    if (vec == 1 && bind_dest(w, v, d)) {
      const std::uint64_t value = x[0] & d.mask;
      for_lanes(mask, [&](unsigned l) {
        rec.mem.addr[l] = addr;
        d.row[l] = value;
      });
      return;
    }
    for_lanes(mask, [&](unsigned l) {
      rec.mem.addr[l] = addr;
      for (unsigned k = 0; k < vec && k < x.size(); ++k) {
        if (v.kind == OperandKind::Vec)
          set_reg(w, v.vec[k], l, x[k], v.bits);
        else
          set(w, v, l, x[k]);
      }
    });
    return;
  }
  if (declared == Space::Global && vec == 1 && !m.has_symbol &&
      (v.kind == OperandKind::Reg || (!load && v.kind == OperandKind::Imm))) {
    exec_global(load, m, v, eb, sgn, w, mask, rec);
    return;
  }
  // The work of one lane, one instance per address width and per kCompare. A 32-bit space's
  // sum wraps (address_mask); a run-time mask cost the shared-heavy pathfinder 0.3 % more host
  // instructions, a template argument nothing. Stores compare the old bytes with the new until
  // one changes memory (take_memory_changed); that loop is an instance of its own, so that the
  // loop of loads and of the stores after the change stays as fast as it was.
  auto lane = [&]<std::uint64_t kWidth, bool kCompare>(unsigned l) {
    std::uint64_t addr = mem_address(w, m, l, kWidth);
    Space space = declared;
    if (space == Space::Generic) {
      ResolvedAddress r = resolve_generic(addr);
      space = r.space;
      addr = r.addr;
      rec.mem.space = space;
    }
    rec.mem.addr[l] = addr;
    std::uint8_t* p = locate_inline(w, cta, space, addr, total, l, !load);
    for (unsigned k = 0; k < vec; ++k) {
      if (load) {
        std::uint64_t x = load_bytes(p + k * eb, eb);
        if (sgn) x = static_cast<std::uint64_t>(sext(x, eb * 8));
        if (v.kind == OperandKind::Vec)
          set_reg(w, v.vec[k], l, x, v.bits);
        else
          set(w, v, l, x);
      } else {
        std::uint64_t x = v.kind == OperandKind::Vec ? (v.vec[k] == kNoReg ? 0 : w.reg(v.vec[k], l))
                                                     : val(w, v, l);
        if constexpr (kCompare) {
          if (!memory_changed_ && (space == Space::Global || space == Space::Shared))
            memory_changed_ = load_bytes(p + k * eb, eb) != (x & width_mask(eb * 8));
        }
        store_bytes(p + k * eb, x, eb);
      }
    }
  };
  auto lanes = [&]<std::uint64_t kWidth>() {
    if (!load && !memory_changed_)
      for_lanes(mask, [&](unsigned l) { lane.template operator()<kWidth, true>(l); });
    else
      for_lanes(mask, [&](unsigned l) { lane.template operator()<kWidth, false>(l); });
  };
  if (address_mask(declared) == kAddress32)
    lanes.template operator()<kAddress32>();
  else
    lanes.template operator()<kAddress64>();
}

void Executor::exec_global(bool load, const Operand& m, const Operand& v, unsigned bytes, bool sgn,
                           Warp& w, std::uint64_t mask, StepRecord& rec) {
  // The general lane loop's steps for a scalar ld/st.global, in the same order (so a fault
  // names the same lane), with the operands resolved once: the address register's row (or
  // none), the value's row or immediate, and the destination's width mask.
  GlobalMemory& mem = *ctx_.memory;
  const std::uint64_t offset = static_cast<std::uint64_t>(m.imm);
  const std::uint64_t* base = m.reg != kNoReg ? w.reg_row(m.reg) : nullptr;
  std::uint64_t* row = v.kind == OperandKind::Reg ? w.reg_row(v.reg) : nullptr;
  const std::uint64_t value = static_cast<std::uint64_t>(v.imm);
  const std::uint64_t keep = width_mask(v.bits);
  const std::uint64_t stored = width_mask(bytes * 8);
  bool changed = memory_changed_;  // a local: stores through `p` cannot alias it
  for_lanes(mask, [&](unsigned l) {
    const std::uint64_t addr = (base ? base[l] : 0) + offset;
    rec.mem.addr[l] = addr;
    if (bytes > 1 && (addr & (bytes - 1)) != 0)
      bad_access(w, l, "misaligned", !load, bytes, Space::Global, addr);
    if (!mem.valid(addr, bytes)) {
      bad_access(w, l, kOutsideAllocations, !load, bytes, Space::Global, addr);
    }
    std::uint8_t* p = mem.byte_ptr(addr);
    if (load) {
      std::uint64_t x = load_bytes(p, bytes);
      if (sgn) x = static_cast<std::uint64_t>(sext(x, bytes * 8));
      row[l] = x & keep;
    } else {
      const std::uint64_t x = row ? row[l] : value;
      if (!changed) changed = load_bytes(p, bytes) != (x & stored);
      store_bytes(p, x, bytes);
    }
  });
  memory_changed_ = changed;
}

void Executor::exec_atomic(const Instr& in, Warp& w, Cta& cta, std::uint64_t mask,
                           StepRecord& rec) {
  const bool red = in.op == Op::Red;
  const Operand& m = in.ops[red ? 0 : 1];
  const unsigned bytes = type_bytes(in.type);
  const AtomOp op = static_cast<AtomOp>(in.sub);
  const std::uint64_t wm = width_mask(bytes * 8);
  rec.mem.space = in.space;
  rec.mem.bytes = static_cast<std::uint8_t>(bytes);
  rec.mem.is_store = op != AtomOp::CmpWait;
  rec.mem.lanes = mask;
  // Addresses first: an atomic defers only when every lane is global (the L2 performs it).
  std::array<std::uint8_t*, 64> where{};
  bool all_global = true;
  const std::uint64_t width = address_mask(in.space);
  for_lanes(mask, [&](unsigned l) {
    std::uint64_t addr = mem_address(w, m, l, width);
    Space space = in.space;
    if (space == Space::Generic) {
      ResolvedAddress r = resolve_generic(addr);
      space = r.space;
      addr = r.addr;
      rec.mem.space = space;
    }
    if (space != Space::Global && space != Space::Shared) {
      fault(w, l,
            fmt::format("atomic on {} address 0x{:x} (only global and shared allowed)",
                        space_name(space), addr));
    }
    all_global = all_global && space == Space::Global;
    rec.mem.addr[l] = addr;
    where[l] = locate_inline(w, cta, space, addr, bytes, l, true);
    if ((op == AtomOp::Min || op == AtomOp::Max) && is_float(in.type)) {
      fault(w, l,
            fmt::format("unsupported atom.{} on a float type", op == AtomOp::Min ? "min" : "max"));
    }
  });
  if (defer_atomics_ && all_global && mask && op != AtomOp::CmpWait) {
    const std::uint32_t id = new_deferred_atomic();
    DeferredAtomic& d = deferred_[id];
    d.in = &in;
    d.warp = &w;
    d.lanes = mask;
    d.dest = red ? ~0u : w.reg_base() + in.ops[0].reg;
    if (!red && in.ops[0].kind != OperandKind::Reg) d.dest = ~0u;
    for_lanes(mask, [&](unsigned l) {
      d.addr[l] = rec.mem.addr[l];
      d.b[l] = val(w, in.ops[red ? 1 : 2], l) & wm;
      d.c[l] = op == AtomOp::Cas ? val(w, in.ops[3], l) & wm : 0;
    });
    rec.deferred_atomic = id;
    return;
  }
  // Lanes perform their read-modify-write one after another, in lane order.
  for_lanes(mask, [&](unsigned l) {
    std::uint8_t* p = where[l];
    const std::uint64_t old = load_bytes(p, bytes);
    const std::uint64_t b = val(w, in.ops[red ? 1 : 2], l) & wm;
    // functionally an atomic load; the timing model decides whether the thread waits
    if (op == AtomOp::CmpWait && old == b) rec.cmpwait_equal |= 1ull << l;
    const std::uint64_t c = op == AtomOp::Cas ? val(w, in.ops[3], l) & wm : 0;
    const std::uint64_t n = atomic_result(in, old, b, c);
    if (n != old) {
      store_bytes(p, n, bytes);
      memory_changed_ = true;
    }
    if (!red) set(w, in.ops[0], l, old);
  });
}

std::uint64_t Executor::atomic_result(const Instr& in, std::uint64_t old, std::uint64_t b,
                                      std::uint64_t c) {
  const unsigned bits = type_bytes(in.type) * 8;
  const std::uint64_t wm = width_mask(bits);
  const bool sgn = is_signed(in.type);
  std::uint64_t n = old;
  switch (static_cast<AtomOp>(in.sub)) {
    case AtomOp::Add:
      // ISA: atom.add.f32 rounds to nearest even and flushes subnormal inputs and results
      if (in.type == Type::F32)
        n = fp::out32(fp::ftz(fp::f32(old)) + fp::ftz(fp::f32(b)), true, false);
      else if (in.type == Type::F64)
        n = fp::bits64(fp::f64(old) + fp::f64(b));
      else if (in.type == Type::F16 || in.type == Type::F16x2)
        n = half::add_rn(in.type, old, b);
      else
        n = (old + b) & wm;
      break;
    case AtomOp::Inc:
      n = (old >= b) ? 0 : old + 1;
      break;
    case AtomOp::Dec:
      n = (old == 0 || old > b) ? b : old - 1;
      break;
    case AtomOp::Exch:
      n = b;
      break;
    case AtomOp::Cas:
      n = (old == b) ? c : old;
      break;
    case AtomOp::Min:  // integer only (checked at issue)
      n = sgn ? (sext(b, bits) < sext(old, bits) ? b : old) : std::min(old, b);
      break;
    case AtomOp::Max:
      n = sgn ? (sext(b, bits) > sext(old, bits) ? b : old) : std::max(old, b);
      break;
    case AtomOp::And:
      n = old & b;
      break;
    case AtomOp::Or:
      n = old | b;
      break;
    case AtomOp::Xor:
      n = old ^ b;
      break;
    case AtomOp::CmpWait:
      break;
  }
  return n & wm;
}

}  // namespace wf::ptx
