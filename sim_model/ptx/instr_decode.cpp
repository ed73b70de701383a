// Mnemonic + modifiers + operands → Instr. Every modifier is either understood, in the short
// list of hints that do not change functional behaviour, or an error naming it.
#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <optional>

#include "sim_model/common/error.h"
#include "sim_model/ptx/instr_decode_ctx.h"
#include "sim_model/ptx/parser_impl.h"

namespace wf::ptx {
using namespace decode;
namespace {

struct Mnemonic {
  std::string_view name;
  Op op;
};
constexpr Mnemonic kMnemonics[] = {
    {"add", Op::Add},
    {"sub", Op::Sub},
    {"mul", Op::Mul},
    {"mad", Op::Mad},
    {"mul24", Op::Mul24},
    {"mad24", Op::Mad24},
    {"sad", Op::Sad},
    {"div", Op::Div},
    {"rem", Op::Rem},
    {"abs", Op::Abs},
    {"neg", Op::Neg},
    {"min", Op::Min},
    {"max", Op::Max},
    {"popc", Op::Popc},
    {"clz", Op::Clz},
    {"brev", Op::Brev},
    {"bfe", Op::Bfe},
    {"bfi", Op::Bfi},
    {"prmt", Op::Prmt},
    {"shl", Op::Shl},
    {"shr", Op::Shr},
    {"and", Op::And},
    {"or", Op::Or},
    {"xor", Op::Xor},
    {"not", Op::Not},
    {"cnot", Op::Cnot},
    {"addc", Op::Addc},
    {"subc", Op::Subc},
    {"madc", Op::Madc},
    {"bfind", Op::Bfind},
    {"fns", Op::Fns},
    {"shf", Op::Shf},
    {"lop3", Op::Lop3},
    {"bmsk", Op::Bmsk},
    {"fma", Op::Fma},
    {"rcp", Op::Rcp},
    {"sqrt", Op::Sqrt},
    {"rsqrt", Op::Rsqrt},
    {"ex2", Op::Ex2},
    {"lg2", Op::Lg2},
    {"sin", Op::Sin},
    {"cos", Op::Cos},
    {"tanh", Op::Tanh},
    {"testp", Op::Testp},
    {"copysign", Op::Copysign},
    {"setp", Op::Setp},
    {"selp", Op::Selp},
    {"set", Op::Set},
    {"cvt", Op::Cvt},
    {"mov", Op::Mov},
    {"ld", Op::Ld},
    {"ldu", Op::Ld},
    {"st", Op::St},
    {"cvta", Op::Cvta},
    {"atom", Op::Atom},
    {"red", Op::Red},
    {"prefetch", Op::Prefetch},
    {"prefetchu", Op::Prefetch},
    {"isspacep", Op::Isspacep},
    {"tex", Op::Tex},
    {"tld4", Op::Tld4},
    {"suld", Op::Suld},
    {"sust", Op::Sust},
    {"bar", Op::Bar},
    {"barrier", Op::Bar},
    {"membar", Op::Membar},
    {"fence", Op::Membar},
    {"nanosleep", Op::Nanosleep},
    {"vote", Op::Vote},
    {"shfl", Op::Shfl},
    {"activemask", Op::Activemask},
    {"match", Op::Match},
    {"bra", Op::Bra},
    {"ret", Op::Ret},
    {"exit", Op::Exit},
    {"trap", Op::Trap},
};

bool is_hint(std::string_view w) {
  static constexpr std::string_view kHints[] = {
      ".relaxed", ".acquire", ".release", ".acq_rel", ".sc",      ".weak", ".mmio",
      ".cta",     ".gpu",     ".sys",     ".cluster", ".ca",      ".cg",   ".cs",
      ".lu",      ".cv",      ".wb",      ".wt",      ".aligned", ".noftz"};
  for (auto h : kHints) {
    if (w == h) return true;
  }
  return w.rfind(".L1::", 0) == 0 || w.rfind(".L2::", 0) == 0 || w.rfind(".level::", 0) == 0;
}

std::optional<Space> space_from(std::string_view w) {
  if (w == ".global") return Space::Global;
  if (w == ".shared" || w == ".shared::cta") return Space::Shared;
  if (w == ".local") return Space::Local;
  if (w == ".const") return Space::Const;
  if (w == ".param" || w == ".param::entry" || w == ".param::func") return Space::Param;
  return std::nullopt;
}

std::optional<Rounding> rnd_from(std::string_view w) {
  static constexpr std::pair<std::string_view, Rounding> t[] = {
      {".rn", Rounding::RN},   {".rz", Rounding::RZ},   {".rm", Rounding::RM},
      {".rp", Rounding::RP},   {".rni", Rounding::RNI}, {".rzi", Rounding::RZI},
      {".rmi", Rounding::RMI}, {".rpi", Rounding::RPI}};
  for (auto& [n, r] : t) {
    if (n == w) return r;
  }
  return std::nullopt;
}

bool writes_ops0(Op op, const Instr& in) {
  switch (op) {
    case Op::St:
    case Op::Sust:
    case Op::Red:
    case Op::Prefetch:
    case Op::Membar:
    case Op::Nanosleep:
    case Op::WarpSync:
    case Op::Bra:
    case Op::Call:
    case Op::Ret:
    case Op::Exit:
    case Op::Trap:
      return false;
    case Op::Bar:
      return in.sub == static_cast<std::uint8_t>(BarMode::RedPopc) ||
             in.sub == static_cast<std::uint8_t>(BarMode::RedAnd) ||
             in.sub == static_cast<std::uint8_t>(BarMode::RedOr);
    default:
      return true;
  }
}

}  // namespace

bool InstrDecoder::known(std::string_view name) {
  for (const auto& x : kMnemonics) {
    if (x.name == name) return true;
  }
  return name == "call" || video_op_from(name).has_value();
}

void InstrDecoder::decode(Parser& p, Function& f, const Token& mn, const std::string& name,
                          const std::vector<const Token*>& mods, std::vector<RawOperand>& ops,
                          Instr& in) {
  const Mnemonic* m = nullptr;
  for (const auto& x : kMnemonics) {
    if (x.name == name) m = &x;
  }
  if (m) {
    in.op = m->op;
  } else if (video_op_from(name)) {
    in.op = Op::Video;
  } else {
    throw UsageError(
        fmt::format("{}:{}:{}: unsupported instruction '{}'", p.file(), mn.line, mn.col, name));
  }
  Ctx c{p, mn, name, {}, {}, ops, in};
  for (const Token* t : mods) {
    std::string_view w = t->text;
    if (Type ty = parse_type_name(w); ty != Type::None) {
      c.types.push_back(ty);
    } else if (w == ".shared::cluster" && in.op != Op::Membar) {
      c.error(*t, fmt::format("unsupported state space '{}' for '{}' (thread-block clusters are "
                              "not modelled; expected .shared or .shared::cta)",
                              w, name));
    } else if (auto s = space_from(w); s && in.op != Op::Membar) {
      in.space = *s;
    } else if (auto r = rnd_from(w)) {
      in.rnd = *r;
    } else if (w == ".ftz") {
      in.flags |= kFtz;
    } else if (w == ".sat") {
      in.flags |= kSat;
    } else if (w == ".cc") {
      in.flags |= kCarryOut;
    } else if (w == ".v2" || w == ".v4") {
      in.vec = w == ".v2" ? 2 : 4;
    } else if (is_hint(w)) {
      // memory-model and cache hints: no effect on a sequentially consistent functional model
    } else {
      c.words.push_back({w, t});
    }
  }
  switch (in.op) {
    case Op::Setp:
    case Op::Set:
    case Op::Selp:
      decode_compare(c);
      break;
    case Op::Ld:
    case Op::St:
      decode_memory(c);
      break;
    case Op::Atom:
    case Op::Red:
      decode_atomic(c);
      break;
    case Op::Tex:
    case Op::Tld4:
    case Op::Suld:
    case Op::Sust:
      decode_texture(c);
      break;
    case Op::Vote:
    case Op::Shfl:
    case Op::Match:
    case Op::Activemask:
      decode_warp(c);
      break;
    case Op::Bar:
      decode_barrier(c);
      break;
    case Op::Bfind:
    case Op::Fns:
    case Op::Shf:
    case Op::Lop3:
    case Op::Bmsk:
    case Op::Video:
      decode_bits(c);
      break;
    case Op::Mov:
    case Op::Cvt:
    case Op::Cvta:
    case Op::Isspacep:
    case Op::Testp:
    case Op::Copysign:
    case Op::Membar:
    case Op::Nanosleep:
    case Op::Prefetch:
    case Op::Bra:
    case Op::Ret:
    case Op::Exit:
    case Op::Trap:
      decode_other(c);
      break;
    default:
      decode_arith(c);
      break;
  }
  c.done();
  const bool texture =
      in.op == Op::Tex || in.op == Op::Tld4 || in.op == Op::Suld || in.op == Op::Sust;
  if (in.vec > 1 && in.op != Op::Ld && in.op != Op::St && !texture)
    c.error(mn, fmt::format("unsupported modifier '.v{}' for '{}'", in.vec, name));
  if ((in.flags & kCarryOut) && in.op != Op::Add && in.op != Op::Sub && in.op != Op::Mad &&
      in.op != Op::Addc && in.op != Op::Subc && in.op != Op::Madc) {
    c.error(mn, fmt::format("unsupported modifier '.cc' for '{}'", name));
  }

  // Operands: decimal float literals take the instruction's source type; registers are checked.
  Type src_type = (in.op == Op::Cvt || in.op == Op::Setp || in.op == Op::Set) ? in.type2 : in.type;
  in.nops = static_cast<std::uint8_t>(ops.size());
  for (std::size_t i = 0; i < ops.size(); ++i) {
    Operand& o = ops[i].op;
    if (o.kind == OperandKind::None && ops[i].label.empty())
      c.error(*ops[i].tok, "expected an operand");
    if (o.kind == OperandKind::Mem && o.count > 0 && !texture)
      c.error(*ops[i].tok, fmt::format("expected an address '[...]' without coordinates as operand "
                                       "{} of '{}' (only texture and surface instructions take "
                                       "[handle, {{coordinates}}])",
                                       i + 1, name));
    if (o.kind == OperandKind::Imm && o.float_literal) {
      double d;
      std::memcpy(&d, &o.imm, 8);
      if (src_type == Type::F32) {
        float fl = static_cast<float>(d);
        std::uint32_t u;
        std::memcpy(&u, &fl, 4);
        o.imm = u;
      } else if (src_type != Type::F64) {
        c.error(*ops[i].tok,
                "expected an integer constant (decimal float literal on an integer instruction)");
      }
    }
    if (o.kind == OperandKind::Reg && o.bits == 1 && in.op != Op::Setp && in.op != Op::Selp &&
        in.op != Op::Vote && in.op != Op::Mov && in.op != Op::And && in.op != Op::Or &&
        in.op != Op::Xor && in.op != Op::Not && in.op != Op::Bar && in.op != Op::Isspacep &&
        in.op != Op::Testp && in.op != Op::Shfl && !(in.op == Op::Set && i == 3)) {
      c.error(*ops[i].tok, fmt::format("expected a non-predicate register for '{}'", name));
    }
    in.ops[i] = o;
  }
  check_operand_types(c, f);
  // Register usage for the timing model's scoreboard.
  bool dest = writes_ops0(in.op, in) && !ops.empty();
  auto add_read = [&](std::uint16_t r) {
    if (r != kNoReg && in.nreads < in.reads.size()) in.reads[in.nreads++] = r;
  };
  auto add_write = [&](std::uint16_t r) {
    if (r != kNoReg && in.nwrites < in.writes.size()) in.writes[in.nwrites++] = r;
  };
  for (std::size_t i = 0; i < ops.size(); ++i) {
    const Operand& o = in.ops[i];
    bool is_dest = dest && i == 0;
    if (o.kind == OperandKind::Reg) (is_dest ? add_write(o.reg) : add_read(o.reg));
    if (o.kind == OperandKind::Vec) {
      for (unsigned k = 0; k < o.count; ++k) (is_dest ? add_write(o.vec[k]) : add_read(o.vec[k]));
    }
    if (o.kind == OperandKind::Mem) {
      add_read(o.reg);
      for (unsigned k = 0; k < o.count; ++k) add_read(o.vec[k]);  // texture coordinates
    }
  }
  if (in.op == Op::Mad || in.op == Op::Madc || in.op == Op::Addc || in.op == Op::Subc) {
    // carry-in is implicit state, not a register
  }
  add_write(in.dest2);
  if (in.bool_op != BoolOp::None || in.op == Op::Selp) {
    // already covered by operand scan
  }
}

}  // namespace wf::ptx
