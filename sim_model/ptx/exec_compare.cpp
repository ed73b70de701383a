// setp / set / selp: every comparison of the ISA including the unordered ones, and the
// .and/.or/.xor combination with a third predicate.
#include <cmath>

#include "sim_model/ptx/executor.h"
#include "sim_model/ptx/fp.h"
#include "sim_model/ptx/half.h"
#include "sim_model/ptx/lane_source.h"

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

bool half_cmp(std::uint64_t a, std::uint64_t b, CmpOp op, bool flush) {
  auto value = [&](std::uint64_t h) {
    std::uint16_t x = static_cast<std::uint16_t>(h);
    if (flush && (x & 0x7c00) == 0) x &= 0x8000;
    return half::to_double(x);
  };
  return float_cmp(value(a), value(b), op);
}

// What set writes for true/false in its destination type (per half for .f16x2).
std::uint64_t set_result(Type t, bool d) {
  switch (t) {
    case Type::F32:
      return d ? fp::bits32(1.0f) : 0;
    case Type::F64:
      return d ? fp::bits64(1.0) : 0;
    case Type::F16:
    case Type::F16x2:
      return d ? 0x3c00 : 0;
    default:
      return d ? width_mask(type_bits(t)) : 0;
  }
}

template <class F>
void setp_lanes(std::uint64_t mask, const LaneDest& p, const LaneDest* q, const LaneSource& a,
                const LaneSource& b, std::uint64_t key_mask, std::uint64_t flip, F cmp) {
  for_lanes(mask, [&](unsigned l) {
    const bool r = cmp((a[l] & key_mask) ^ flip, (b[l] & key_mask) ^ flip);
    p.row[l] = r & p.mask;
    if (q) q->row[l] = !r;
  });
}

// setp on integers without a combining predicate (the form of nearly every loop and bounds
// test), registers and immediates only: the comparison is chosen once, not per lane. Signed
// order is unsigned order after flipping the sign bit. false leaves it to the general loop.
bool setp_int_common(const Instr& in, Warp& w, std::uint64_t mask) {
  const Type st = in.type2;
  if (in.op != Op::Setp || in.bool_op != BoolOp::None || is_float(st) || st == Type::Pred)
    return false;
  const unsigned bits = type_bits(st);
  if (bits == 0) return false;
  LaneDest p, q;
  LaneSource a, b;
  if (!bind_dest(w, in.ops[0], p) || !a.bind(w, in.ops[1]) || !b.bind(w, in.ops[2])) return false;
  const bool second = in.dest2 != kNoReg;
  if (second) {
    q.row = w.reg_row(in.dest2);
    q.mask = 1;
  }
  const LaneDest* qp = second ? &q : nullptr;
  const CmpOp op = static_cast<CmpOp>(in.sub);
  const std::uint64_t km = width_mask(bits);
  const bool ordered_as_signed =
      is_signed(st) && op != CmpOp::Lo && op != CmpOp::Ls && op != CmpOp::Hi && op != CmpOp::Hs;
  const std::uint64_t flip = ordered_as_signed ? 1ull << (bits - 1) : 0;
  using u64 = std::uint64_t;
  switch (op) {
    case CmpOp::Eq:
    case CmpOp::Equ:
      setp_lanes(mask, p, qp, a, b, km, flip, [](u64 x, u64 y) { return x == y; });
      return true;
    case CmpOp::Ne:
    case CmpOp::Neu:
      setp_lanes(mask, p, qp, a, b, km, flip, [](u64 x, u64 y) { return x != y; });
      return true;
    case CmpOp::Lt:
    case CmpOp::Ltu:
    case CmpOp::Lo:
      setp_lanes(mask, p, qp, a, b, km, flip, [](u64 x, u64 y) { return x < y; });
      return true;
    case CmpOp::Le:
    case CmpOp::Leu:
    case CmpOp::Ls:
      setp_lanes(mask, p, qp, a, b, km, flip, [](u64 x, u64 y) { return x <= y; });
      return true;
    case CmpOp::Gt:
    case CmpOp::Gtu:
    case CmpOp::Hi:
      setp_lanes(mask, p, qp, a, b, km, flip, [](u64 x, u64 y) { return x > y; });
      return true;
    case CmpOp::Ge:
    case CmpOp::Geu:
    case CmpOp::Hs:
      setp_lanes(mask, p, qp, a, b, km, flip, [](u64 x, u64 y) { return x >= y; });
      return true;
    case CmpOp::Num:
    case CmpOp::Nan:
      return false;
  }
  return false;
}

}  // namespace

void Executor::exec_compare(const Instr& in, Warp& w, std::uint64_t mask) {
  if (setp_int_common(in, w, mask)) return;
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
    } else if (st == Type::F16 || st == Type::F16x2) {
      r = half_cmp(a, b, op, flush);
    } else {
      r = int_cmp(a, b, op, type_bits(st), is_signed(st));
    }
    bool c = in.bool_op != BoolOp::None ? pred(w, in.ops[3], l) : false;
    bool d = combine(r, c, in.bool_op);
    if (st == Type::F16x2) {
      // setp.f16x2 p|q: p compares the low halves, q the high halves (not the complement)
      bool rh = half_cmp(a >> 16, b >> 16, op, flush);
      if (in.op == Op::Setp) {
        set(w, in.ops[0], l, d);
        if (in.dest2 != kNoReg) set_reg(w, in.dest2, l, combine(rh, c, in.bool_op), 1);
      } else {
        const std::uint64_t one = in.type == Type::F16x2 ? 0x3c00 : 0xffff;
        bool dh = combine(rh, c, in.bool_op);
        set(w, in.ops[0], l, (d ? one : 0) | (dh ? one : 0) << 16);
      }
      return;
    }
    if (in.op == Op::Setp) {
      set(w, in.ops[0], l, d);
      if (in.dest2 != kNoReg) set_reg(w, in.dest2, l, combine(!r, c, in.bool_op), 1);
    } else {
      set(w, in.ops[0], l, set_result(in.type, d));
    }
  });
}

}  // namespace wf::ptx
