// The PTX ISA's operand type rules (section "Operand Type Information", "Type Checking Rules"):
// a register operand agrees with an instruction type when
//   - the instruction type is a bit-size type .bN and the register has N bits;
//   - the instruction type is .sN or .uN and the register is .bN, .sN or .uN;
//   - the instruction type is .fN and the register is .bN or a float type of N bits;
// and ld, st and cvt relax the size for integer and bit-size types: their data register may be
// wider than the instruction type ("Operand Size Exceeding Instruction-Type Size"). Operands
// that have a fixed type regardless of the instruction's (shift amounts, bit-field positions,
// mul.wide's destination, member masks, barrier ids and counts, vote and bar.red predicates) are
// checked against that type. A predicate register agrees only with a .pred operand.
#include <fmt/format.h>

#include "sim_model/ptx/instr_decode_ctx.h"

namespace wf::ptx::decode {
namespace {

bool is_int(Type t) {
  return t == Type::U8 || t == Type::U16 || t == Type::U32 || t == Type::U64 || is_signed(t);
}

Type widened(Type t) {
  switch (t) {
    case Type::U16:
      return Type::U32;
    case Type::S16:
      return Type::S32;
    case Type::U32:
      return Type::U64;
    case Type::S32:
      return Type::S64;
    default:
      return t;
  }
}

struct Role {
  Type type = Type::None;  // None: not checked here
  bool wider = false;      // ld/st/cvt: an integer or bit-size register may be wider
};

// The type operand `i` of the `n` operands of `in` must have.
Role role_of(const Instr& in, std::size_t i, std::size_t n) {
  const Type t = in.type;
  switch (in.op) {
    case Op::Mul:
    case Op::Mad:
    case Op::Madc:
      if (!is_float(t) && in.sub == static_cast<std::uint8_t>(MulMode::Wide) && (i == 0 || i == 3))
        return {widened(t)};
      return {t};
    case Op::Add:
    case Op::Sub:
    case Op::Mul24:
    case Op::Mad24:
    case Op::Sad:
    case Op::Div:
    case Op::Rem:
    case Op::Abs:
    case Op::Neg:
    case Op::Min:
    case Op::Max:
    case Op::Addc:
    case Op::Subc:
    case Op::Fma:
    case Op::Rcp:
    case Op::Sqrt:
    case Op::Rsqrt:
    case Op::Ex2:
    case Op::Lg2:
    case Op::Sin:
    case Op::Cos:
    case Op::Tanh:
    case Op::Copysign:
    case Op::And:
    case Op::Or:
    case Op::Xor:
    case Op::Not:
    case Op::Cnot:
    case Op::Brev:
      return {t};
    case Op::Popc:
    case Op::Clz:
      return {i == 0 ? Type::U32 : t};
    case Op::Bfe:
      return {i < 2 ? t : Type::U32};
    case Op::Bfi:
      return {i < 3 ? t : Type::U32};
    case Op::Shl:
    case Op::Shr:
      return {i < 2 ? t : Type::U32};
    case Op::Prmt:
      return {Type::B32};
    // bfind.type d, a: d is .u32 whatever a's type (decode keeps a's in type2).
    case Op::Bfind:
      return {i == 0 ? Type::U32 : in.type2};
    // fns.b32 d, mask, base, offset: base and offset are integers (.b32, .u32, .s32).
    case Op::Fns:
      return {i < 2 ? Type::B32 : Type::U32};
    // shf.{l,r}.mode.b32 d, a, b, c: c, the shift amount, is .u32.
    case Op::Shf:
      return {i < 3 ? Type::B32 : Type::U32};
    // bmsk.mode.b32 d, a, b: every operand .b32.
    case Op::Bmsk:
      return {Type::B32};
    // lop3.b32 d, a, b, c, immLut: the lookup table is an immediate.
    case Op::Lop3:
      return {i < 4 ? Type::B32 : Type::None};
    // vadd2.dtype.atype.btype d, a, b, c (and the other SIMD video instructions): every type is
    // .u32 or .s32, so every operand is a 32-bit integer register.
    case Op::Video:
      return {Type::U32};
    // shfl{.sync}.mode.b32 d[|p], a, b, c{, membermask}: all .b32 (p is dest2, unchecked here).
    case Op::Shfl:
      return {Type::B32};
    // vote{.sync}.mode.pred d, {!}a{, membermask}; vote{.sync}.ballot.b32 d, {!}a{,
    // membermask}: a is a predicate, membermask a 32-bit integer.
    case Op::Vote:
      return {i == 0 ? t : i == 1 ? Type::Pred : Type::U32};
    // match.{any,all}.sync.type d[|p], a, membermask: d is the .b32 mask of matching lanes.
    case Op::Match:
      return {i == 0 ? Type::B32 : i == 1 ? t : Type::U32};
    case Op::Activemask:
      return {Type::B32};
    // bar.warp.sync membermask.
    case Op::WarpSync:
      return {Type::U32};
    // bar{.cta}.sync/arrive a{, b}: .u32 barrier and thread counts; bar.red.popc.u32 d, a{, b},
    // {!}c and bar.red.{and,or}.pred p, a{, b}, {!}c: c is a predicate.
    case Op::Bar: {
      const auto mode = static_cast<BarMode>(in.sub);
      if (mode == BarMode::Sync || mode == BarMode::Arrive) return {Type::U32};
      if (i == 0) return {t};
      return {i + 1 == n ? Type::Pred : Type::U32};
    }
    case Op::Setp:
      return {i == 1 || i == 2 ? in.type2 : Type::None};
    case Op::Set:
      return {i == 0 ? t : (i == 1 || i == 2) ? in.type2 : Type::None};
    case Op::Selp:
      return {i < 3 ? t : Type::None};
    case Op::Ld:
      return {i == 0 ? t : Type::None, true};
    case Op::St:
      return {i == 1 ? t : Type::None, true};
    case Op::Cvt:
      return {i == 0 ? t : in.type2, true};
    case Op::Mov:
      return {t};
    case Op::Cvta:
      return {Type::U64};
    case Op::Atom:
      return {i == 1 ? Type::None : t};
    case Op::Red:
      return {i == 1 ? t : Type::None};
    case Op::Testp:
      return {i == 1 ? t : Type::None};
    default:
      return {};  // control and the remaining memory and synchronisation instructions
  }
}

bool agrees(Type want, Type reg, bool wider) {
  if (want == Type::Pred || reg == Type::Pred) return want == reg;
  if (is_float(want) && is_int(reg)) return false;
  if (is_int(want) && is_float(reg)) return false;
  if (wider && !is_float(want) && !is_float(reg)) return type_bits(reg) >= type_bits(want);
  return type_bits(reg) == type_bits(want);
}

std::string expectation(Type want, bool wider) {
  const unsigned n = type_bits(want);
  if (want == Type::Pred) return "a .pred register";
  const std::string at_least = wider && !is_float(want) ? " or wider" : "";
  if (is_float(want)) return fmt::format("a {} or .b{} register", type_name(want), n);
  if (is_int(want)) return fmt::format("a .s{0}, .u{0} or .b{0} register{1}", n, at_least);
  return fmt::format("a {}-bit integer, bit-size or float register{}", n, at_least);
}

}  // namespace

void check_operand_types(const Ctx& c, const Function& f) {
  const Instr& in = c.in;
  // The instruction as written: setp and bfind keep the written type in type2; bar.sync has none.
  const Type written = in.op == Op::Setp || in.op == Op::Bfind ? in.type2 : in.type;
  const std::string named = written == Type::None ? "" : std::string(type_name(written));
  for (std::size_t i = 0; i < c.ops.size(); ++i) {
    const Role role = role_of(in, i, c.ops.size());
    if (role.type == Type::None) continue;
    const Operand& o = c.ops[i].op;
    auto check = [&](std::uint16_t r) {
      if (r == kNoReg || r >= f.reg_types.size()) return;
      const Type reg = f.reg_types[r];
      if (agrees(role.type, reg, role.wider)) return;
      c.error(*c.ops[i].tok,
              fmt::format("expected {} as operand {} of '{}{}' (PTX ISA operand type rules), "
                          "found '{}' of type {}",
                          expectation(role.type, role.wider), i + 1, c.name, named, f.reg_names[r],
                          type_name(reg)));
    };
    if (o.kind == OperandKind::Reg) check(o.reg);
    // vector elements of ld/st; mov's {a, b} packs halves and is not checked
    if (o.kind == OperandKind::Vec && (in.op == Op::Ld || in.op == Op::St))
      for (unsigned k = 0; k < o.count; ++k) check(o.vec[k]);
  }
}

}  // namespace wf::ptx::decode
