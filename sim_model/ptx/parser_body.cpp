// Function bodies: declarations, labels, instructions and their operands.
#include <fmt/format.h>

#include <charconv>
#include <cstring>

#include "sim_model/common/error.h"
#include "sim_model/ptx/cfg.h"
#include "sim_model/ptx/env_registers.h"
#include "sim_model/ptx/newer_architecture.h"
#include "sim_model/ptx/parser_impl.h"

namespace wf::ptx {
namespace {

struct SpecialName {
  std::string_view name;
  Special s;
  bool has_component;
};
constexpr SpecialName kSpecials[] = {
    {"%tid", Special::Tid, true},
    {"%ntid", Special::Ntid, true},
    {"%ctaid", Special::Ctaid, true},
    {"%nctaid", Special::Nctaid, true},
    {"%laneid", Special::LaneId, false},
    {"%warpid", Special::WarpId, false},
    {"%nwarpid", Special::NWarpId, false},
    {"%smid", Special::SmId, false},
    {"%nsmid", Special::NSmId, false},
    {"%gridid", Special::GridId, false},
    {"%clock", Special::Clock, false},
    {"%clock64", Special::Clock64, false},
    {"%lanemask_eq", Special::LanemaskEq, false},
    {"%lanemask_le", Special::LanemaskLe, false},
    {"%lanemask_lt", Special::LanemaskLt, false},
    {"%lanemask_ge", Special::LanemaskGe, false},
    {"%lanemask_gt", Special::LanemaskGt, false},
    {"%globaltimer", Special::GlobalTimer, false},
    {"%dynamic_smem_size", Special::DynamicSmemSize, false},
    {"%total_smem_size", Special::TotalSmemSize, false},
};

std::string instr_text(const std::vector<Token>& toks, std::size_t from, std::size_t to) {
  std::string s;
  bool after_mnemonic = false;
  for (std::size_t i = from; i < to; ++i) {
    const Token& t = toks[i];
    if (i > from && !after_mnemonic && t.kind != TokKind::Dot &&
        toks[i - 1].kind != TokKind::Punct) {
      s += ' ';
      after_mnemonic = true;
    } else if (i > from && toks[i - 1].kind == TokKind::Punct && toks[i - 1].text == ",") {
      s += ' ';
    }
    if (t.kind == TokKind::String) {
      s += '"';
      s += t.text;
      s += '"';
    } else {
      s += t.text;
    }
  }
  return s;
}

}  // namespace

void Parser::parse_body(Function& f, std::uint32_t fidx) {
  labels_.clear();
  pending_labels_.clear();
  prototypes_.clear();
  while (!(peek().kind == TokKind::Punct && peek().text == "}")) {
    if (peek().kind == TokKind::End) fail(peek(), "'}' closing the function body");
    parse_statement(f, fidx);
  }
  next();
}

void Parser::parse_reg_decl(Function& f) {
  const Token& kw = next();  // .reg
  Type type = Type::None;
  std::uint32_t vec = 1;
  while (peek().kind == TokKind::Dot) {
    const Token& m = next();
    if (m.text == ".v2" || m.text == ".v4") {
      vec = m.text == ".v2" ? 2 : 4;
    } else if (Type t = parse_type_name(m.text); t != Type::None) {
      type = t;
    } else {
      fail(m, "a register type such as .b32");
    }
  }
  if (type == Type::None) fail(peek(), "a register type such as .b32");
  if (vec != 1) fail(kw, "scalar registers (vector registers are not supported)");
  auto add = [&](const Token& at, const std::string& name) {
    if (f.reg_types.size() >= kNoReg - 1) fail(at, "fewer than 65534 registers per function");
    Symbol s;
    s.kind = Symbol::Kind::Reg;
    s.index = static_cast<std::uint32_t>(f.reg_types.size());
    s.type = type;
    declare(at, name, s);
    f.reg_types.push_back(type);
    f.reg_names.push_back(name);
  };
  do {
    const Token& name = expect_kind(TokKind::Ident, "a register name");
    if (accept("<")) {
      const Token& n = expect_kind(TokKind::Int, "a register count");
      expect(">", "'>'");
      std::uint64_t count = parse_uint(n);
      if (count > 65000) fail(n, "a register count below 65000");
      for (std::uint64_t i = 0; i < count; ++i) add(name, fmt::format("{}{}", name.text, i));
    } else {
      add(name, std::string(name.text));
    }
  } while (accept(","));
  expect(";", "';' after the register declaration");
}

void Parser::parse_statement(Function& f, std::uint32_t fidx) {
  const Token& t = peek();
  if (t.kind == TokKind::Punct && t.text == "{") {
    next();
    scopes_.emplace_back();
    while (!(peek().kind == TokKind::Punct && peek().text == "}")) {
      if (peek().kind == TokKind::End) fail(peek(), "'}' closing the block");
      parse_statement(f, fidx);
    }
    next();
    scopes_.pop_back();
    return;
  }
  if (t.kind == TokKind::Dot) {
    std::string_view d = t.text;
    if (d == ".reg") return parse_reg_decl(f);
    if (d == ".local" || d == ".shared" || d == ".global" || d == ".const") {
      next();
      Space s = d == ".local"    ? Space::Local
                : d == ".shared" ? Space::Shared
                : d == ".global" ? Space::Global
                                 : Space::Const;
      return parse_variable(s, false, true);
    }
    if (d == ".param") {
      next();
      ParamDecl p = parse_param_decl(f.frame_bytes);
      expect(";", "';' after the parameter declaration");
      Symbol s;
      s.kind = Symbol::Kind::Param;
      s.space = Space::FuncParam;
      s.address = p.offset;
      s.type = p.type;
      declare(t, p.name, s);
      return;
    }
    if (d == ".pragma") {
      next();
      expect_kind(TokKind::String, "a pragma string");
      expect(";", "';'");
      return;
    }
    if (d == ".loc" || d == ".file") {
      std::uint32_t line = t.line;
      next();
      skip_line(line);
      return;
    }
    fail(t, "a declaration or an instruction");
  }
  if (t.kind == TokKind::Ident && peek(1).kind == TokKind::Punct && peek(1).text == ":" &&
      peek(2).kind == TokKind::Dot && peek(2).text == ".callprototype") {
    return parse_call_prototype();
  }
  if (t.kind == TokKind::Ident && peek(1).kind == TokKind::Punct && peek(1).text == ":") {
    std::string name(t.text);
    if (labels_.count(name)) fail(t, "a label not defined before in this function");
    labels_[name] = static_cast<std::uint32_t>(f.code.size());
    next();
    next();
    return;
  }
  if ((t.kind == TokKind::Punct && t.text == "@") || t.kind == TokKind::Ident) {
    return parse_instruction(f, fidx);
  }
  fail(t, "a declaration, a label or an instruction");
}

std::uint16_t Parser::parse_reg_name(Function&, const Token& t) {
  if (t.kind != TokKind::Ident) fail(t, "a register");
  const Symbol* s = lookup(t.text);
  if (!s || s->kind != Symbol::Kind::Reg) fail(t, "a declared register");
  return static_cast<std::uint16_t>(s->index);
}

Operand Parser::parse_vector(Function& f) {
  Operand op;
  op.kind = OperandKind::Vec;
  do {
    if (op.count >= 4) fail(peek(), "at most 4 vector elements");
    const Token& t = next();
    std::uint16_t r = kNoReg;
    if (!(t.kind == TokKind::Ident && t.text == "_")) r = parse_reg_name(f, t);
    if (op.count == 0 && r != kNoReg)
      op.bits = static_cast<std::uint8_t>(type_bits(f.reg_types[r]));
    op.vec[op.count++] = r;
  } while (accept(","));
  expect("}", "'}' or ',' in the vector operand");
  return op;
}

Operand Parser::parse_mem_operand(Function& f) {
  Operand op;
  op.kind = OperandKind::Mem;
  const Token& t = peek();
  if (t.kind == TokKind::Ident) {
    next();
    const Symbol* s = lookup(t.text);
    if (!s) fail(t, "a register or a declared variable in the address");
    if (s->kind == Symbol::Kind::Reg) {
      op.reg = static_cast<std::uint16_t>(s->index);
    } else if (s->kind == Symbol::Kind::Var || s->kind == Symbol::Kind::Param) {
      op.has_symbol = true;
      op.space = s->space;
      // shared variables are placed after parsing; the caller records a relocation
      op.imm = s->space == Space::Shared ? 0 : static_cast<std::int64_t>(s->address);
    } else {
      fail(t, "a register or a variable in the address");
    }
    if (accept("+")) {
      op.imm += parse_int_expr();
    } else if (peek().kind == TokKind::Punct && peek().text == "-") {
      op.imm += parse_int_expr();
    } else if (op.reg != kNoReg && accept(",")) {
      // A texture or surface operand [handle, {coordinates}]: the coordinates' registers.
      expect("{", "'{' opening the coordinates after the texture or surface handle");
      const Operand coords = parse_vector(f);
      op.vec = coords.vec;
      op.count = coords.count;
      for (unsigned k = 0; k < op.count; ++k) {
        if (op.vec[k] == kNoReg) fail(t, "a register for every coordinate");
      }
    }
  } else if (t.kind == TokKind::Int || (t.kind == TokKind::Punct && t.text == "-")) {
    op.imm = parse_int_expr();
  } else {
    fail(t, "a register, a variable or an address in '[...]'");
  }
  expect("]", "']' closing the address");
  return op;
}

RawOperand Parser::parse_operand(Function& f) {
  RawOperand r;
  r.tok = &peek();
  const Token& t = peek();
  if (t.kind == TokKind::Punct && t.text == "!") {
    next();
    r = parse_operand(f);
    r.op.negate = true;
    return r;
  }
  if (t.kind == TokKind::Punct && t.text == "[") {
    next();
    std::size_t at = pos_;
    r.op = parse_mem_operand(f);
    if (r.op.has_symbol && r.op.space == Space::Shared) {
      const Symbol* s = lookup(toks_[at].text);
      r.shared_var = s->index;
    }
    return r;
  }
  if (t.kind == TokKind::Punct && t.text == "{") {
    next();
    r.op = parse_vector(f);
    return r;
  }
  bool neg = false;
  if (t.kind == TokKind::Punct && t.text == "-") {
    next();
    neg = true;
  }
  const Token& v = next();
  if (v.kind == TokKind::Int) {
    std::uint64_t x = parse_uint(v);
    r.op.kind = OperandKind::Imm;
    r.op.imm = static_cast<std::int64_t>(neg ? ~x + 1 : x);
  } else if (v.kind == TokKind::FloatBits) {
    std::string_view hex = v.text.substr(2);
    bool is_f = v.text[1] == 'f' || v.text[1] == 'F';
    if (hex.size() != (is_f ? 8u : 16u))
      fail(v, is_f ? "8 hex digits after 0f" : "16 hex digits after 0d");
    std::uint64_t bits = 0;
    std::from_chars(hex.data(), hex.data() + hex.size(), bits, 16);
    if (neg) bits ^= is_f ? 0x80000000ull : 0x8000000000000000ull;
    r.op.kind = OperandKind::Imm;
    r.op.imm = static_cast<std::int64_t>(bits);
  } else if (v.kind == TokKind::Float) {
    double d = std::strtod(std::string(v.text).c_str(), nullptr);
    if (neg) d = -d;
    r.op.kind = OperandKind::Imm;
    r.op.float_literal = true;
    std::memcpy(&r.op.imm, &d, 8);
  } else if (v.kind == TokKind::Ident && !neg) {
    if (v.text == "_") {
      r.op.kind = OperandKind::Sink;
    } else if (const Symbol* s = lookup(v.text)) {
      switch (s->kind) {
        case Symbol::Kind::Reg:
          r.op.kind = OperandKind::Reg;
          r.op.reg = static_cast<std::uint16_t>(s->index);
          r.op.bits = static_cast<std::uint8_t>(type_bits(s->type) == 1 ? 1 : type_bits(s->type));
          break;
        case Symbol::Kind::Var:
        case Symbol::Kind::Param:
          r.op.kind = OperandKind::Symbol;
          r.op.space = s->space;
          r.op.imm = static_cast<std::int64_t>(s->address);
          if (s->kind == Symbol::Kind::Var && s->space == Space::Shared) {
            r.op.imm = 0;
            r.shared_var = s->index;
          }
          // "var+imm" (mov, cvta): the address with an offset; a shared relocation adds to it
          if (accept("+")) {
            r.op.imm += parse_int_expr();
          } else if (peek().kind == TokKind::Punct && peek().text == "-") {
            r.op.imm += parse_int_expr();
          }
          break;
        case Symbol::Kind::Func:
          // "mov.u64 %rd, func": the function's address, for an indirect call
          r.op.kind = OperandKind::Imm;
          r.op.imm = static_cast<std::int64_t>(function_address(m_.function_base, s->index));
          break;
      }
    } else if (v.text == "WARP_SZ") {
      // the predefined constant (cuda_fp16's shuffles use it): a run-time value, since the
      // executor also runs 64-wide warps
      r.op.kind = OperandKind::Special;
      r.op.special = Special::WarpSize;
    } else if (v.text.starts_with("%envreg")) {
      r.op.kind = OperandKind::Special;
      r.op.special = Special::EnvReg;
      r.op.count = parse_env_register(v, file_);
    } else if (v.text.size() > 1 && v.text[0] == '%') {
      bool found = false;
      for (const auto& sp : kSpecials) {
        if (sp.name == v.text) {
          found = true;
          r.op.kind = OperandKind::Special;
          r.op.special = sp.s;
          if (sp.has_component) {
            const Token& c = peek();
            if (c.kind == TokKind::Dot && (c.text == ".x" || c.text == ".y" || c.text == ".z")) {
              next();
              r.op.count = static_cast<std::uint8_t>(c.text[1] - 'x');
            } else {
              fail(c, "a component .x, .y or .z");
            }
          }
        }
      }
      if (!found) fail(v, "a declared register or a special register");
    } else {
      r.label = std::string(v.text);  // resolved as a label at the end of the function
    }
  } else {
    fail(v, "an operand");
  }
  if (peek().kind == TokKind::Punct && peek().text == "|") {
    next();
    r.has_pipe = true;
    r.pipe_reg = parse_reg_name(f, next());
  }
  return r;
}

void Parser::parse_call(Function& f, Instr& in, const Token& mnemonic) {
  CallInfo ci;
  std::vector<std::uint32_t> rets, args;
  auto param_list = [&](std::vector<std::uint32_t>& out) {
    if (accept(")")) return;
    do {
      const Token& t = next();
      const Symbol* s = lookup(t.text);
      if (!s || s->kind != Symbol::Kind::Param || s->space != Space::FuncParam) {
        fail(t, "a .param variable declared for the call");
      }
      out.push_back(static_cast<std::uint32_t>(s->address));
    } while (accept(","));
    expect(")", "')' or ','");
  };
  if (accept("(")) {
    param_list(rets);
    expect(",", "',' after the return parameters");
  }
  const Token& callee = next();
  const Symbol* s = callee.kind == TokKind::Ident ? lookup(callee.text) : nullptr;
  if (s && s->kind == Symbol::Kind::Reg) {
    return parse_indirect_call(f, in, mnemonic, callee, std::move(rets));
  }
  if (!s || s->kind != Symbol::Kind::Func) fail(callee, "the name of a declared function");
  if (accept(",")) {
    expect("(", "'(' starting the call arguments");
    param_list(args);
    if (accept(",")) fail(peek(), "';' (call prototypes are only for indirect calls)");
  }
  expect(";", "';' after the call");
  ci.callee = s->index;
  ci.arg_offsets = args;
  ci.ret_offsets = rets;
  const Function& target = m_.functions[s->index];
  if (!target.name.empty() &&
      (args.size() != target.params.size() || rets.size() != target.rets.size())) {
    fail(mnemonic, fmt::format("{} arguments and {} return values for '{}'", target.params.size(),
                               target.rets.size(), target.name));
  }
  in.op = Op::Call;
  in.cls = OpClass::Control;
  in.target = s->index;
  in.call_info = static_cast<std::uint32_t>(f.calls.size());
  f.calls.push_back(std::move(ci));
}

void Parser::parse_instruction(Function& f, std::uint32_t fidx) {
  std::size_t start = pos_;
  Instr in;
  const Token& first = peek();
  if (accept("@")) {
    in.guard_negated = accept("!");
    const Token& p = next();
    in.guard = parse_reg_name(f, p);
    if (f.reg_types[in.guard] != Type::Pred) fail(p, "a predicate register after '@'");
    in.reads[in.nreads++] = in.guard;
  }
  const Token& mn = expect_kind(TokKind::Ident, "an instruction mnemonic");
  if (!InstrDecoder::known(mn.text)) {
    const std::string_view modifier = peek().kind == TokKind::Dot ? peek().text : "";
    if (const auto why = newer_architecture_refusal(mn.text, modifier))
      throw UsageError(fmt::format("{}:{}:{}: {}", file_, mn.line, mn.col, *why));
    throw UsageError(
        fmt::format("{}:{}:{}: unsupported instruction '{}'", file_, mn.line, mn.col, mn.text));
  }
  std::vector<const Token*> mods;
  while (peek().kind == TokKind::Dot) mods.push_back(&next());
  std::vector<RawOperand> ops;
  if (mn.text == "call") {
    for (const Token* m : mods) {
      if (m->text != ".uni") fail(*m, "'.uni' or nothing after 'call'");
    }
    parse_call(f, in, mn);
  } else {
    if (!accept(";")) {
      do {
        if (ops.size() >= 5) fail(peek(), "at most 5 operands");
        ops.push_back(parse_operand(f));
      } while (accept(","));
      expect(";", "';' or ',' after the operand");
    }
    InstrDecoder::decode(*this, f, mn, std::string(mn.text), mods, ops, in);
  }
  in.line = first.line;
  std::uint32_t pc = static_cast<std::uint32_t>(f.code.size());
  for (std::size_t i = 0; i < ops.size(); ++i) {
    if (ops[i].shared_var >= 0) {
      shared_relocs_.push_back(
          {fidx, pc, static_cast<std::uint32_t>(i), static_cast<std::uint32_t>(ops[i].shared_var)});
    }
    if (!ops[i].label.empty()) {
      if (in.op != Op::Bra) fail(*ops[i].tok, "a register, constant or declared variable");
      pending_labels_.push_back({pc, ops[i].label, ops[i].tok});
    }
  }
  f.code.push_back(in);
  f.text.push_back(instr_text(toks_, start, pos_));
}

void Parser::finish_function(Function& f, std::uint32_t) {
  for (const PendingLabel& p : pending_labels_) {
    auto it = labels_.find(p.name);
    if (it == labels_.end()) fail(*p.tok, fmt::format("a label defined in function '{}'", f.name));
    f.code[p.pc].target = it->second;
  }
  bool label_at_end = false;
  for (const auto& [name, pc] : labels_) label_at_end |= pc == f.code.size();
  if (f.code.empty() || label_at_end ||
      (f.code.back().op != Op::Ret && f.code.back().op != Op::Exit &&
       !(f.code.back().op == Op::Bra && f.code.back().guard == kNoReg))) {
    // falling off the end of a function returns, as in the ISA
    Instr r;
    r.op = Op::Ret;
    r.cls = OpClass::Control;
    r.line = f.code.empty() ? f.line : f.code.back().line;
    f.code.push_back(r);
    f.text.push_back("ret; (implicit)");
  }
  compute_reconvergence(f);
}

}  // namespace wf::ptx
