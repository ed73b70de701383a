// Decoding of the bit-manipulation and SIMD video instructions (semantics in int_extra.cpp).
#include <fmt/format.h>

#include "sim_model/ptx/instr_decode_ctx.h"
#include "sim_model/ptx/int_extra.h"

namespace wf::ptx::decode {

std::optional<VideoName> video_op_from(std::string_view name) {
  static constexpr std::pair<std::string_view, VideoOp> ops[] = {
      {"vadd", VideoOp::Add},         {"vsub", VideoOp::Sub}, {"vavrg", VideoOp::Avrg},
      {"vabsdiff", VideoOp::Absdiff}, {"vmin", VideoOp::Min}, {"vmax", VideoOp::Max}};
  if (name.size() < 2) return std::nullopt;
  char lanes = name.back();
  if (lanes != '2' && lanes != '4') return std::nullopt;
  name.remove_suffix(1);
  for (auto& [n, op] : ops) {
    if (n == name) return VideoName{op, lanes == '2' ? 2u : 4u};
  }
  return std::nullopt;
}

namespace {

void require_b32(Ctx& c) {
  Type t = c.type();
  if (t != Type::B32 && t != Type::U32 && t != Type::S32)
    c.error(c.mn, fmt::format("expected .b32 on '{}'", c.name));
  c.in.type = Type::B32;
}

}  // namespace

void decode_bits(Ctx& c) {
  Instr& in = c.in;
  in.cls = OpClass::IntAlu;
  switch (in.op) {
    case Op::Bfind:
      if (c.take(".shiftamt")) in.sub = 1;
      in.type2 = c.type();  // the source type; the result is always .u32
      if (in.type2 != Type::U32 && in.type2 != Type::S32 && in.type2 != Type::U64 &&
          in.type2 != Type::S64)
        c.error(c.mn, "expected .u32, .s32, .u64 or .s64 on 'bfind'");
      in.type = Type::U32;
      c.operands(2, 2);
      break;
    case Op::Fns:
      require_b32(c);
      c.operands(4, 4);
      break;
    case Op::Shf:
      if (c.take(".l"))
        in.sub = 1;
      else if (!c.take(".r"))
        c.error(c.mn, "expected .l or .r on 'shf'");
      if (c.take(".clamp"))
        in.flags |= kClamp;
      else if (!c.take(".wrap"))
        c.error(c.mn, "expected .clamp or .wrap on 'shf'");
      require_b32(c);
      c.operands(4, 4);
      break;
    case Op::Bmsk:
      if (c.take(".clamp"))
        in.flags |= kClamp;
      else if (!c.take(".wrap"))
        c.error(c.mn, "expected .clamp or .wrap on 'bmsk'");
      require_b32(c);
      c.operands(3, 3);
      break;
    case Op::Lop3:
      require_b32(c);
      c.operands(5, 5);
      if (c.ops[4].op.kind != OperandKind::Imm)
        c.error(*c.ops[4].tok, "expected an immediate lookup table as operand 5 of 'lop3'");
      break;
    case Op::Video: {
      VideoName v = *video_op_from(c.name);
      if (c.types.size() != 3) c.error(c.mn, fmt::format("expected three types on '{}'", c.name));
      for (Type t : c.types) {
        if (t != Type::U32 && t != Type::S32)
          c.error(c.mn, fmt::format("expected .u32 or .s32 types on '{}'", c.name));
      }
      in.type = c.types[0];
      in.type2 = c.types[1];
      in.sub = static_cast<std::uint8_t>(v.op);
      if (v.lanes == 2) in.sub |= intx::kVideoTwoLanes;
      if (is_signed(c.types[2])) in.sub |= intx::kVideoBSigned;
      if (c.take(".add")) {
        in.sub |= intx::kVideoAdd;
        if (in.flags & kSat) c.error(c.mn, "'.sat' cannot be used with '.add'");
      }
      // byte/half selectors and merge masks are not emitted by the CUDA intrinsics
      for (const auto& ro : c.ops) {
        if (ro.op.kind != OperandKind::Reg && ro.op.kind != OperandKind::Imm)
          c.error(*ro.tok, fmt::format("expected a register or constant on '{}'", c.name));
      }
      c.operands(4, 4);
      break;
    }
    default:
      break;
  }
}

}  // namespace wf::ptx::decode
