// setp / set / selp: every comparison of the ISA including the unordered ones, and the
// .and/.or/.xor combination with a third predicate.
#include <cmath>

#include "sim_model/ptx/executor.h"
#include "sim_model/ptx/fp.h"

namespace wf::ptx {
namespace {

template <class T>
bool float_cmp(T a, T b, CmpOp op) {
  bool un = std::isnan(a) || std::isnan(b);
  switch (op) {
    case CmpOp::Eq:
      return !un && a == b;
    case CmpOp::Ne:
      return !un && a != b;
    case CmpOp::Lt:
    case CmpOp::Lo:
      return !un && a < b;
    case CmpOp::Le:
    case CmpOp::Ls:
      return !un && a <= b;
    case CmpOp::Gt:
    case CmpOp::Hi:
      return !un && a > b;
    case CmpOp::Ge:
    case CmpOp::Hs:
      return !un && a >= b;
    case CmpOp::Equ:
      return un || a == b;
    case CmpOp::Neu:
      return un || a != b;
    case CmpOp::Ltu:
      return un || a < b;
    case CmpOp::Leu:
      return un || a <= b;
    case CmpOp::Gtu:
      return un || a > b;
    case CmpOp::Geu:
      return un || a >= b;
    case CmpOp::Num:
      return !un;
    case CmpOp::Nan:
      return un;
  }
  return false;
}

bool int_cmp(std::uint64_t a, std::uint64_t b, CmpOp op, unsigned bits, bool sgn) {
  std::uint64_t m = width_mask(bits);
  std::uint64_t ua = a & m, ub = b & m;
  std::int64_t sa = sext(a, bits), sb = sext(b, bits);
  switch (op) {
    case CmpOp::Eq:
    case CmpOp::Equ:
      return ua == ub;
    case CmpOp::Ne:
    case CmpOp::Neu:
      return ua != ub;
    case CmpOp::Lt:
    case CmpOp::Ltu:
      return sgn ? sa < sb : ua < ub;
    case CmpOp::Le:
    case CmpOp::Leu:
      return sgn ? sa <= sb : ua <= ub;
    case CmpOp::Gt:
    case CmpOp::Gtu:
      return sgn ? sa > sb : ua > ub;
    case CmpOp::Ge:
    case CmpOp::Geu:
      return sgn ? sa >= sb : ua >= ub;
    case CmpOp::Lo:
      return ua < ub;
    case CmpOp::Ls:
      return ua <= ub;
    case CmpOp::Hi:
      return ua > ub;
    case CmpOp::Hs:
      return ua >= ub;
    case CmpOp::Num:
      return true;
    case CmpOp::Nan:
      return false;
  }
  return false;
}

bool combine(bool r, bool c, BoolOp op) {
  switch (op) {
    case BoolOp::And:
      return r && c;
    case BoolOp::Or:
      return r || c;
    case BoolOp::Xor:
      return r != c;
    case BoolOp::None:
      return r;
  }
  return r;
}

}  // namespace

void Executor::exec_compare(const Instr& in, Warp& w, std::uint64_t mask) {
  if (in.op == Op::Selp) {
    for_lanes(mask, [&](unsigned l) {
      set(w, in.ops[0], l, pred(w, in.ops[3], l) ? val(w, in.ops[1], l) : val(w, in.ops[2], l));
    });
    return;
  }
  const Type st = in.type2;
  const CmpOp op = static_cast<CmpOp>(in.sub);
  const bool flush = in.has(kFtz);
  for_lanes(mask, [&](unsigned l) {
    std::uint64_t a = val(w, in.ops[1], l), b = val(w, in.ops[2], l);
    bool r;
    if (st == Type::F32) {
      float x = fp::f32(a), y = fp::f32(b);
      if (flush) {
        x = fp::ftz(x);
        y = fp::ftz(y);
      }
      r = float_cmp(x, y, op);
    } else if (st == Type::F64) {
      r = float_cmp(fp::f64(a), fp::f64(b), op);
    } else {
      r = int_cmp(a, b, op, type_bits(st), is_signed(st));
    }
    bool c = in.bool_op != BoolOp::None ? pred(w, in.ops[3], l) : false;
    bool d = combine(r, c, in.bool_op);
    if (in.op == Op::Setp) {
      set(w, in.ops[0], l, d);
      if (in.dest2 != kNoReg) set_reg(w, in.dest2, l, combine(!r, c, in.bool_op), 1);
    } else {
      std::uint64_t v = 0;
      if (in.type == Type::F32)
        v = d ? fp::bits32(1.0f) : 0;
      else if (in.type == Type::F64)
        v = d ? fp::bits64(1.0) : 0;
      else
        v = d ? width_mask(type_bits(in.type)) : 0;
      set(w, in.ops[0], l, v);
    }
  });
}

}  // namespace wf::ptx
