// mov (incl. packing/unpacking vectors into wider registers), cvta and isspacep.
#include "sim_model/ptx/address_map.h"
#include "sim_model/ptx/executor.h"

namespace wf::ptx {

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
      for_lanes(mask, [&](unsigned l) {
        std::uint64_t v = val(w, a, l);
        if (to) {
          ResolvedAddress r = resolve_generic(v);
          if (s == Space::Shared) v = r.space == Space::Shared ? r.addr : v - kSharedWindow;
          if (s == Space::Local) v = r.space == Space::Local ? r.addr : v - kLocalWindow;
        } else {
          v = to_generic(s, v);
        }
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
