// mov (incl. packing/unpacking vectors into wider registers), cvta and isspacep.
#include <array>
#include <bit>

#include "sim_model/ptx/address_map.h"
#include "sim_model/ptx/executor.h"
#include "sim_model/ptx/lane_source.h"

namespace wf::ptx {
namespace {

// %tid.{x,y,z} of every lane up to the highest in `mask`: one division for the first lane, then
// a carry from x into y into z per lane, where the general path divides for every lane.
void thread_ids(const Dim& block, std::uint64_t first_thread, std::uint64_t mask,
                unsigned component, std::array<std::uint64_t, 64>& out) {
  const unsigned first = static_cast<unsigned>(std::countr_zero(mask));
  const unsigned end = 64 - static_cast<unsigned>(std::countl_zero(mask));
  const std::uint64_t t = first_thread + first;
  std::uint64_t x = t % block.x, y = (t / block.x) % block.y,
                z = t / (std::uint64_t{block.x} * block.y);
  for (unsigned l = first; l < end; ++l) {
    out[l] = component == 0 ? x : component == 1 ? y : z;
    if (++x == block.x) {
      x = 0;
      if (++y == block.y) {
        y = 0;
        ++z;
      }
    }
  }
}

bool per_lane_special(Special s) {
  switch (s) {
    case Special::Tid:
    case Special::LaneId:
    case Special::LanemaskEq:
    case Special::LanemaskLe:
    case Special::LanemaskLt:
    case Special::LanemaskGe:
    case Special::LanemaskGt:
      return true;
    default:
      return false;
  }
}

}  // namespace

void Executor::exec_mov(const Instr& in, Warp& w, std::uint64_t mask) {
  const Operand& d = in.ops[0];
  const Operand& a = in.ops[1];
  switch (in.op) {
    case Op::Mov: {
      const unsigned bits = type_bits(in.type);
      if (a.kind == OperandKind::Vec) {
        const unsigned eb = bits / a.count;
        for_lanes(mask, [&](unsigned l) {
          std::uint64_t v = 0;
          for (unsigned k = 0; k < a.count; ++k) {
            std::uint64_t e = a.vec[k] == kNoReg ? 0 : w.reg(a.vec[k], l);
            v |= (e & width_mask(eb)) << (k * eb);
          }
          set(w, d, l, v);
        });
      } else if (d.kind == OperandKind::Vec) {
        const unsigned eb = bits / d.count;
        for_lanes(mask, [&](unsigned l) {
          std::uint64_t v = val(w, a, l);
          for (unsigned k = 0; k < d.count; ++k) set_reg(w, d.vec[k], l, v >> (k * eb), eb);
        });
      } else {
        const std::uint64_t m = in.type == Type::Pred ? 1 : width_mask(bits);
        // Registers, immediates, %tid and the warp-uniform special registers (%ctaid, %ntid,
        // ...) resolved once; the rest per lane below.
        LaneDest dd;
        LaneSource src;
        std::array<std::uint64_t, 64> ids;
        bool bound = mask != 0 && bind_dest(w, d, dd);
        if (bound && a.kind == OperandKind::Special && a.special == Special::Tid) {
          thread_ids(ctx_.block, w.first_thread(), mask, a.count, ids);
          src.row(ids.data());
        } else if (bound && a.kind == OperandKind::Special && !per_lane_special(a.special)) {
          src.uniform(special(w, a, static_cast<unsigned>(std::countr_zero(mask))));
        } else {
          bound = bound && src.bind(w, a);
        }
        if (bound) {
          const std::uint64_t neg = a.negate ? ~0ull : 0, rm = m & dd.mask;
          for_lanes(mask, [&](unsigned l) { dd.row[l] = (src[l] ^ neg) & rm; });
          break;
        }
        for_lanes(mask, [&](unsigned l) {
          std::uint64_t v = val(w, a, l);
          if (a.negate) v = ~v;
          set(w, d, l, v & m);
        });
      }
      break;
    }
    case Op::Cvta: {
      const bool to = in.has(kToSpace);
      const Space s = in.space == Space::Const ? Space::Global : in.space;
      const std::uint64_t m = width_mask(type_bits(in.type));
      LaneDest dd;
      LaneSource src;
      if (s == Space::Global && bind_dest(w, d, dd) && src.bind(w, a)) {
        // Global addresses are the same generic and global (address_map.h), both ways: the
        // general loop below leaves them as they are.
        for_lanes(mask, [&](unsigned l) { dd.row[l] = src[l] & m & dd.mask; });
        break;
      }
      for_lanes(mask, [&](unsigned l) {
        std::uint64_t v = val(w, a, l);
        // Outside the space's window the ISA leaves cvta.to undefined; the difference to the
        // window's base keeps the low 32 bits, which is all a 32-bit space's access uses.
        v = to ? v - window_of(s) : to_generic(s, v);
        set(w, d, l, v & m);
      });
      break;
    }
    case Op::Isspacep: {
      for_lanes(mask, [&](unsigned l) {
        ResolvedAddress r = resolve_generic(val(w, a, l));
        bool in_space = false;
        switch (in.space) {
          case Space::Global:
          case Space::Const:
            in_space = r.space == Space::Global;
            break;
          case Space::Shared:
            in_space = r.space == Space::Shared;
            break;
          case Space::Local:
            in_space = r.space == Space::Local;
            break;
          case Space::Param:
            in_space = r.space == Space::Param;
            break;
          default:
            break;
        }
        set(w, d, l, in_space);
      });
      break;
    }
    default:
      break;
  }
}

}  // namespace wf::ptx
