// Per-family decoding: which modifiers each instruction family takes and how many operands.
#include <fmt/format.h>

#include <optional>

#include "sim_model/ptx/instr_decode_ctx.h"

namespace wf::ptx::decode {
namespace {

std::optional<CmpOp> cmp_from(std::string_view w) {
  static constexpr std::pair<std::string_view, CmpOp> t[] = {
      {".eq", CmpOp::Eq},   {".ne", CmpOp::Ne},   {".lt", CmpOp::Lt},   {".le", CmpOp::Le},
      {".gt", CmpOp::Gt},   {".ge", CmpOp::Ge},   {".lo", CmpOp::Lo},   {".ls", CmpOp::Ls},
      {".hi", CmpOp::Hi},   {".hs", CmpOp::Hs},   {".equ", CmpOp::Equ}, {".neu", CmpOp::Neu},
      {".ltu", CmpOp::Ltu}, {".leu", CmpOp::Leu}, {".gtu", CmpOp::Gtu}, {".geu", CmpOp::Geu},
      {".num", CmpOp::Num}, {".nan", CmpOp::Nan}};
  for (auto& [n, c] : t) {
    if (n == w) return c;
  }
  return std::nullopt;
}

std::optional<AtomOp> atom_from(std::string_view w) {
  static constexpr std::pair<std::string_view, AtomOp> t[] = {
      {".add", AtomOp::Add},   {".inc", AtomOp::Inc},        {".dec", AtomOp::Dec},
      {".exch", AtomOp::Exch}, {".cas", AtomOp::Cas},        {".min", AtomOp::Min},
      {".max", AtomOp::Max},   {".and", AtomOp::And},        {".or", AtomOp::Or},
      {".xor", AtomOp::Xor},   {".cmpwait", AtomOp::CmpWait}};
  for (auto& [n, c] : t) {
    if (n == w) return c;
  }
  return std::nullopt;
}

OpClass float_class(Type t) {
  return t == Type::F64 ? OpClass::DoubleAlu : OpClass::FloatAlu;
}

}  // namespace

void decode_arith(Ctx& c) {
  Instr& in = c.in;
  Op op = in.op;
  in.type = c.type();
  bool fl = is_float(in.type);
  bool logic = op == Op::And || op == Op::Or || op == Op::Xor || op == Op::Not;
  const bool half = in.type == Type::F16 || in.type == Type::F16x2;
  const bool half_ok = op == Op::Add || op == Op::Sub || op == Op::Mul || op == Op::Fma ||
                       op == Op::Min || op == Op::Max || op == Op::Neg || op == Op::Abs ||
                       op == Op::Ex2;
  if ((half && !half_ok) || (in.type == Type::Pred && !logic))
    c.error(c.mn, fmt::format("unsupported type '{}' for '{}'", type_name(in.type), c.name));
  in.cls = fl ? float_class(in.type) : OpClass::IntAlu;
  switch (op) {
    case Op::Mul:
    case Op::Mad:
    case Op::Madc:
    case Op::Mul24:
    case Op::Mad24:
      if (!fl) {
        if (c.take(".lo"))
          in.sub = static_cast<std::uint8_t>(MulMode::Lo);
        else if (c.take(".hi"))
          in.sub = static_cast<std::uint8_t>(MulMode::Hi);
        else if (c.take(".wide") && op != Op::Mul24 && op != Op::Mad24)
          in.sub = static_cast<std::uint8_t>(MulMode::Wide);
        else
          c.error(c.mn, fmt::format("expected .lo, .hi or .wide on integer '{}'", c.name));
      }
      break;
    case Op::Div:
      if (fl) {
        if (c.take(".approx"))
          in.flags |= kApprox;
        else if (c.take(".full"))
          in.flags |= kFull;
        else if (in.rnd == Rounding::None)
          c.error(c.mn, "expected .approx, .full or a rounding modifier on float 'div'");
      }
      break;
    case Op::Min:
    case Op::Max:
      if (c.take(".NaN")) in.flags |= kNaN;
      if (c.take(".relu")) in.flags |= kRelu;
      if (c.take(".xorsign")) {
        in.flags |= kXorSign;
        if (!c.take(".abs")) c.error(c.mn, "expected .abs after .xorsign");
      }
      break;
    case Op::Sqrt:
    case Op::Rcp:
    case Op::Rsqrt:
    case Op::Ex2:
    case Op::Lg2:
    case Op::Sin:
    case Op::Cos:
    case Op::Tanh:
      if (c.take(".approx")) in.flags |= kApprox;
      if (!fl) c.error(c.mn, fmt::format("expected a float type on '{}'", c.name));
      if (!(in.flags & kApprox) && in.rnd == Rounding::None)
        c.error(c.mn, fmt::format("expected .approx or a rounding modifier on '{}'", c.name));
      in.cls = OpClass::Sfu;
      if ((op == Op::Sqrt || op == Op::Rcp) && !(in.flags & kApprox) && in.type == Type::F64)
        in.cls = OpClass::DoubleAlu;
      break;
    case Op::Fma:
      if (in.rnd == Rounding::None)
        c.error(c.mn, "expected a rounding modifier (.rn, .rz, .rm, .rp) on 'fma'");
      break;
    default:
      break;
  }
  if (in.rnd != Rounding::None && !fl && op != Op::Div)
    c.error(c.mn, fmt::format("rounding modifier on integer '{}'", c.name));
  std::size_t n = 3;
  switch (op) {
    case Op::Abs:
    case Op::Neg:
    case Op::Popc:
    case Op::Clz:
    case Op::Brev:
    case Op::Not:
    case Op::Cnot:
    case Op::Rcp:
    case Op::Sqrt:
    case Op::Rsqrt:
    case Op::Ex2:
    case Op::Lg2:
    case Op::Sin:
    case Op::Cos:
    case Op::Tanh:
      n = 2;
      break;
    case Op::Mad:
    case Op::Mad24:
    case Op::Sad:
    case Op::Madc:
    case Op::Fma:
    case Op::Bfe:
      n = 4;
      break;
    case Op::Bfi:
    case Op::Prmt:
      n = op == Op::Bfi ? 5 : 4;
      break;
    default:
      break;
  }
  if ((op == Op::Popc || op == Op::Clz) && in.type != Type::B32 && in.type != Type::B64) {
    c.error(c.mn, fmt::format("expected .b32 or .b64 on '{}'", c.name));
  }
  if (op == Op::Prmt) {
    static constexpr std::pair<std::string_view, PrmtMode> modes[] = {
        {".f4e", PrmtMode::F4e}, {".b4e", PrmtMode::B4e}, {".rc8", PrmtMode::Rc8},
        {".ecl", PrmtMode::Ecl}, {".ecr", PrmtMode::Ecr}, {".rc16", PrmtMode::Rc16}};
    for (auto& [w, m] : modes) {
      if (c.take(w)) in.sub = static_cast<std::uint8_t>(m);
    }
  }
  c.operands(n, n);
}

void decode_compare(Ctx& c) {
  Instr& in = c.in;
  if (in.op == Op::Selp) {
    in.type = c.type();
    in.cls = OpClass::IntAlu;
    c.operands(4, 4);
    return;
  }
  auto cmp = c.take_if(cmp_from);
  if (!cmp) c.error(c.mn, fmt::format("expected a comparison (.eq, .lt, ...) on '{}'", c.name));
  in.sub = static_cast<std::uint8_t>(*cmp);
  if (c.take(".and"))
    in.bool_op = BoolOp::And;
  else if (c.take(".or"))
    in.bool_op = BoolOp::Or;
  else if (c.take(".xor"))
    in.bool_op = BoolOp::Xor;
  if (in.op == Op::Setp) {
    in.type2 = c.type();
    in.type = Type::Pred;
  } else {
    in.type = c.type(0);
    in.type2 = c.type(1);
  }
  in.cls = is_float(in.type2) ? float_class(in.type2) : OpClass::IntAlu;
  std::size_t n = in.bool_op == BoolOp::None ? 3 : 4;
  c.operands(n, n);
  if (in.op == Op::Setp && c.ops[0].has_pipe) in.dest2 = c.ops[0].pipe_reg;
}

void decode_memory(Ctx& c) {
  Instr& in = c.in;
  Op op = in.op;
  in.type = c.type();
  if (c.take(".nc")) in.flags |= kNc;
  if (c.take(".volatile")) in.flags |= kVolatile;
  in.cls = OpClass::Memory;
  if (op == Op::Ld) {
    c.operands(2, 2);
    c.require_mem(1);
  } else {
    c.operands(2, 2);
    c.require_mem(0);
  }
  if (in.space == Space::Param) {
    const Operand& m = c.ops[op == Op::Ld ? 1 : 0].op;
    if (m.has_symbol)
      in.space = m.space;  // kernel parameter or call-frame parameter
    else
      in.space = c.p.in_kernel() ? Space::Param : Space::FuncParam;
  }
  if (op == Op::St && in.space == Space::Param)
    c.error(c.mn, "expected a call-frame .param as the target of 'st.param'");
  const Operand& v = c.ops[op == Op::Ld ? 0 : 1].op;
  if (in.vec > 1 && (v.kind != OperandKind::Vec || v.count != in.vec)) {
    c.error(*c.ops[op == Op::Ld ? 0 : 1].tok,
            fmt::format("expected a {{...}} operand with {} elements", in.vec));
  }
}

void decode_atomic(Ctx& c) {
  Instr& in = c.in;
  auto aop = c.take_if(atom_from);
  if (!aop) c.error(c.mn, fmt::format("expected an operation (.add, .cas, ...) on '{}'", c.name));
  in.sub = static_cast<std::uint8_t>(*aop);
  in.type = c.type();
  in.cls = OpClass::Atomic;
  // f16 and f16x2 only for add (atom.add.noftz.f16 of cuda_fp16's atomicAdd)
  const bool half_add = (in.type == Type::F16 || in.type == Type::F16x2) && *aop == AtomOp::Add;
  if (!half_add && (in.type == Type::F16 || in.type == Type::F16x2 || type_bits(in.type) < 32))
    c.error(c.mn, fmt::format("unsupported type '{}' for '{}'", type_name(in.type), c.name));
  if (in.space != Space::Generic && in.space != Space::Global && in.space != Space::Shared) {
    c.error(c.mn, fmt::format("expected .global or .shared on '{}'", c.name));
  }
  std::size_t n = (*aop == AtomOp::Cas) ? 4 : (*aop == AtomOp::CmpWait ? 3 : 3);
  if (in.op == Op::Red) {
    if (*aop == AtomOp::Cas || *aop == AtomOp::Exch || *aop == AtomOp::CmpWait)
      c.error(c.mn, "unsupported operation for 'red'");
    --n;
  }
  c.operands(n, n);
  c.require_mem(in.op == Op::Red ? 0 : 1);
}

void decode_warp(Ctx& c) {
  Instr& in = c.in;
  in.cls = OpClass::WarpOp;
  if (c.take(".sync")) in.flags |= kSync;
  switch (in.op) {
    case Op::Vote: {
      if (c.take(".all"))
        in.sub = static_cast<std::uint8_t>(VoteMode::All);
      else if (c.take(".any"))
        in.sub = static_cast<std::uint8_t>(VoteMode::Any);
      else if (c.take(".uni"))
        in.sub = static_cast<std::uint8_t>(VoteMode::Uni);
      else if (c.take(".ballot"))
        in.sub = static_cast<std::uint8_t>(VoteMode::Ballot);
      else
        c.error(c.mn, "expected .all, .any, .uni or .ballot on 'vote'");
      in.type = c.type();
      std::size_t n = (in.flags & kSync) ? 3 : 2;
      c.operands(n, n);
      break;
    }
    case Op::Shfl: {
      if (c.take(".up"))
        in.sub = static_cast<std::uint8_t>(ShflMode::Up);
      else if (c.take(".down"))
        in.sub = static_cast<std::uint8_t>(ShflMode::Down);
      else if (c.take(".bfly"))
        in.sub = static_cast<std::uint8_t>(ShflMode::Bfly);
      else if (c.take(".idx"))
        in.sub = static_cast<std::uint8_t>(ShflMode::Idx);
      else
        c.error(c.mn, "expected .up, .down, .bfly or .idx on 'shfl'");
      in.type = c.type();
      std::size_t n = (in.flags & kSync) ? 5 : 4;
      c.operands(n, n);
      if (c.ops[0].has_pipe) in.dest2 = c.ops[0].pipe_reg;
      break;
    }
    case Op::Match: {
      if (c.take(".any"))
        in.flags &= ~kAll;
      else if (c.take(".all"))
        in.flags |= kAll;
      else
        c.error(c.mn, "expected .any or .all on 'match'");
      in.type = c.type();
      c.operands(3, 3);
      if (c.ops[0].has_pipe) in.dest2 = c.ops[0].pipe_reg;
      break;
    }
    case Op::Activemask:
      in.type = c.type();
      c.operands(1, 1);
      break;
    default:
      break;
  }
}

void decode_barrier(Ctx& c) {
  Instr& in = c.in;
  in.cls = OpClass::Barrier;
  if (c.take(".warp")) {
    if (!c.take(".sync")) c.error(c.mn, "expected .sync after bar.warp");
    in.op = Op::WarpSync;
    in.cls = OpClass::WarpOp;
    c.operands(1, 1);
    return;
  }
  c.take(".cta");
  if (c.take(".sync")) {
    in.sub = static_cast<std::uint8_t>(BarMode::Sync);
    c.operands(1, 2);
  } else if (c.take(".arrive")) {
    in.sub = static_cast<std::uint8_t>(BarMode::Arrive);
    c.operands(2, 2);
  } else if (c.take(".red")) {
    if (c.take(".popc"))
      in.sub = static_cast<std::uint8_t>(BarMode::RedPopc);
    else if (c.take(".and"))
      in.sub = static_cast<std::uint8_t>(BarMode::RedAnd);
    else if (c.take(".or"))
      in.sub = static_cast<std::uint8_t>(BarMode::RedOr);
    else
      c.error(c.mn, "expected .popc, .and or .or after bar.red");
    in.type = c.type();
    c.operands(3, 4);
  } else if (c.name == "bar" && c.words.empty()) {
    in.sub = static_cast<std::uint8_t>(BarMode::Sync);  // plain "bar 0" = bar.sync 0
    c.operands(1, 2);
  } else {
    c.error(c.mn, fmt::format("expected .sync, .arrive or .red on '{}'", c.name));
  }
}

void decode_other(Ctx& c) {
  Instr& in = c.in;
  switch (in.op) {
    case Op::Mov:
      in.type = c.type();
      in.cls = OpClass::IntAlu;
      c.operands(2, 2);
      break;
    case Op::Cvt:
      if (c.types.size() < 2) c.error(c.mn, "expected destination and source types on 'cvt'");
      in.type = c.types[0];
      in.type2 = c.types[1];
      if (in.type == Type::F16x2 || in.type2 == Type::F16x2)
        c.error(c.mn, "unsupported type '.f16x2' for 'cvt'");
      if (in.type == Type::F16 && in.type2 != Type::F16 && in.rnd == Rounding::None)
        c.error(c.mn, "expected a rounding modifier on 'cvt' to .f16");
      in.cls =
          (in.type == Type::F64 || in.type2 == Type::F64) ? OpClass::DoubleAlu : OpClass::IntAlu;
      c.operands(2, 2);
      break;
    case Op::Cvta:
      if (c.take(".to")) in.flags |= kToSpace;
      if (in.space == Space::Generic) c.error(c.mn, "expected a state space on 'cvta'");
      in.type = c.type();
      // a generic address does not fit 32 bits under .address_size 64 (ptxas refuses .u32 too)
      if (type_bits(in.type) != 64)
        c.error(c.mn, fmt::format("expected .u64 on 'cvta' (generic addresses are 64-bit), found "
                                  "'{}'",
                                  type_name(in.type)));
      in.cls = OpClass::IntAlu;
      c.operands(2, 2);
      break;
    case Op::Isspacep:
      if (in.space == Space::Generic) c.error(c.mn, "expected a state space on 'isspacep'");
      in.type = Type::Pred;
      in.cls = OpClass::IntAlu;
      c.operands(2, 2);
      break;
    case Op::Testp: {
      static constexpr std::pair<std::string_view, TestpOp> t[] = {
          {".finite", TestpOp::Finite}, {".infinite", TestpOp::Infinite},
          {".number", TestpOp::Number}, {".notanumber", TestpOp::NotANumber},
          {".normal", TestpOp::Normal}, {".subnormal", TestpOp::Subnormal}};
      bool found = false;
      for (auto& [w, o] : t) {
        if (c.take(w)) {
          in.sub = static_cast<std::uint8_t>(o);
          found = true;
        }
      }
      if (!found)
        c.error(c.mn, "expected .finite, .infinite, .number, .notanumber, .normal or .subnormal");
      in.type = c.type();
      in.cls = float_class(in.type);
      c.operands(2, 2);
      break;
    }
    case Op::Copysign:
      in.type = c.type();
      in.cls = float_class(in.type);
      c.operands(3, 3);
      break;
    case Op::Membar:
      c.words.clear();  // scope and proxy qualifiers: no functional effect
      in.cls = OpClass::Nop;
      c.operands(0, 0);
      break;
    case Op::Nanosleep:
      in.type = c.type();
      in.cls = OpClass::Nop;
      c.operands(1, 1);
      break;
    case Op::Prefetch:
      c.words.clear();
      in.cls = OpClass::Nop;
      c.operands(1, 1);
      break;
    case Op::Bra:
      c.take(".uni");
      in.cls = OpClass::Control;
      c.operands(1, 1);
      if (c.ops[0].label.empty()) c.error(*c.ops[0].tok, "expected a label as the branch target");
      break;
    case Op::Ret:
    case Op::Exit:
    case Op::Trap:
      c.take(".uni");
      in.cls = OpClass::Control;
      c.operands(0, 0);
      break;
    default:
      break;
  }
}

}  // namespace wf::ptx::decode
