// The executor's dispatch of every instruction that neither branches nor waits (arithmetic,
// moves, memory, warp-wide operations): shared by the step of an ordinary warp and the row-by-row
// step of a large warp, and inlined into both so that the ordinary step keeps one switch.
#pragma once

#include "sim_model/ptx/executor.h"

namespace wf::ptx {

[[gnu::always_inline]] inline bool Executor::exec_data(const Instr& in, Warp& w, Cta& cta,
                                                       std::uint64_t active, std::uint64_t mask,
                                                       StepRecord& rec) {
  switch (in.op) {
    case Op::Add:
    case Op::Sub:
    case Op::Mul:
    case Op::Mad:
    case Op::Div:
    case Op::Rem:
    case Op::Abs:
    case Op::Neg:
    case Op::Min:
    case Op::Max:
      if (is_float(in.type))
        exec_float(in, w, mask);
      else
        exec_int(in, w, mask);
      break;
    case Op::Mul24:
    case Op::Mad24:
    case Op::Sad:
    case Op::Popc:
    case Op::Clz:
    case Op::Brev:
    case Op::Bfe:
    case Op::Bfi:
    case Op::Prmt:
    case Op::Shl:
    case Op::Shr:
    case Op::And:
    case Op::Or:
    case Op::Xor:
    case Op::Not:
    case Op::Cnot:
    case Op::Addc:
    case Op::Subc:
    case Op::Madc:
    case Op::Bfind:
    case Op::Fns:
    case Op::Shf:
    case Op::Lop3:
    case Op::Bmsk:
    case Op::Video:
      exec_int(in, w, mask);
      break;
    case Op::Fma:
    case Op::Rcp:
    case Op::Sqrt:
    case Op::Rsqrt:
    case Op::Ex2:
    case Op::Lg2:
    case Op::Sin:
    case Op::Cos:
    case Op::Tanh:
    case Op::Testp:
    case Op::Copysign:
      exec_float(in, w, mask);
      break;
    case Op::Setp:
    case Op::Set:
    case Op::Selp:
      exec_compare(in, w, mask);
      break;
    case Op::Cvt:
      exec_cvt(in, w, mask);
      break;
    case Op::Mov:
    case Op::Cvta:
    case Op::Isspacep:
      exec_mov(in, w, mask);
      break;
    case Op::Ld:
    case Op::St:
      exec_memory(in, w, cta, mask, rec);
      break;
    case Op::Tex:
    case Op::Tld4:
    case Op::Suld:
    case Op::Sust:
      exec_texture(in, w, mask, rec);
      break;
    case Op::Atom:
    case Op::Red:
      rec.is_atomic = true;
      exec_atomic(in, w, cta, mask, rec);
      break;
    case Op::Vote:
    case Op::Shfl:
    case Op::Match:
    case Op::Activemask:
      exec_warp_op(in, w, active, mask);
      break;
    case Op::Membar:
    case Op::Nanosleep:
    case Op::Prefetch:
    case Op::WarpSync:
      break;
    case Op::Bar:
    case Op::Bra:
    case Op::Call:
    case Op::Ret:
    case Op::Exit:
    case Op::Trap:
      return false;
    case Op::Count:
      fault(w, 0, "internal error: invalid opcode");
  }
  return true;
}

}  // namespace wf::ptx
