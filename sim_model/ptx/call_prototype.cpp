// Calls through a function pointer (virtual functions, tables of device functions). nvcc
// declares the callee's signature in the calling block,
//   prototype_5 : .callprototype (.param .b32 _) _ (.param .b64 _);
// and calls through a register with it:
//   call (retval0), %rd17, (param0), prototype_5;
// The prototype's argument and return sizes go into the call's CallInfo; the executor checks
// them against the function the register points to when it calls (a mismatch is undefined in
// the ISA, and a kernel error here rather than a wrong answer).
#include <fmt/format.h>

#include "sim_model/common/error.h"
#include "sim_model/ptx/parser_impl.h"

namespace wf::ptx {

void Parser::parse_call_prototype() {
  const Token& name = next();
  next();  // ':'
  next();  // .callprototype
  CallPrototype proto;
  auto param_list = [&](std::vector<std::uint32_t>& sizes) {
    expect("(", "'(' starting the prototype's parameters");
    if (accept(")")) return;
    std::uint32_t offset = 0;
    do {
      expect(".param", "'.param'");
      sizes.push_back(parse_param_decl(offset).size);
    } while (accept(","));
    expect(")", "')' or ',' in the prototype's parameters");
  };
  if (peek().kind == TokKind::Punct && peek().text == "(") param_list(proto.ret_sizes);
  expect("_", "'_' standing for the function's name in the prototype");
  if (peek().kind == TokKind::Punct && peek().text == "(") param_list(proto.param_sizes);
  accept(".noreturn");
  expect(";", "';' after the call prototype");
  if (!prototypes_.emplace(std::string(name.text), std::move(proto)).second)
    fail(name, "a prototype name not used before in this function");
}

void Parser::parse_indirect_call(Function& f, Instr& in, const Token& mnemonic, const Token& callee,
                                 std::vector<std::uint32_t> rets) {
  CallInfo ci;
  ci.ret_offsets = std::move(rets);
  if (accept(",")) {
    expect("(", "'(' starting the call arguments");
    if (!accept(")")) {
      do {
        const Token& t = next();
        const Symbol* s = lookup(t.text);
        if (!s || s->kind != Symbol::Kind::Param || s->space != Space::FuncParam)
          fail(t, "a .param variable declared for the call");
        ci.arg_offsets.push_back(static_cast<std::uint32_t>(s->address));
      } while (accept(","));
      expect(")", "')' or ','");
    }
  }
  expect(",", "', prototype' (an indirect call names its .callprototype)");
  const Token& proto_name = next();
  const auto proto = prototypes_.find(std::string(proto_name.text));
  if (proto == prototypes_.end()) {
    if (proto_name.kind == TokKind::Ident && lookup(proto_name.text))
      throw UsageError(fmt::format(
          "{}:{}:{}: unsupported call through '{}' with the call targets '{}' (expected a "
          ".callprototype)",
          file_, proto_name.line, proto_name.col, callee.text, proto_name.text));
    fail(proto_name, "the name of a .callprototype declared in this function");
  }
  expect(";", "';' after the call");
  ci.arg_sizes = proto->second.param_sizes;
  ci.ret_sizes = proto->second.ret_sizes;
  if (ci.arg_offsets.size() != ci.arg_sizes.size() ||
      ci.ret_offsets.size() != ci.ret_sizes.size()) {
    fail(mnemonic, fmt::format("{} arguments and {} return values, as prototype '{}' declares",
                               ci.arg_sizes.size(), ci.ret_sizes.size(), proto_name.text));
  }
  const Symbol* reg = lookup(callee.text);
  if (f.reg_types[reg->index] == Type::Pred || type_bits(f.reg_types[reg->index]) != 64)
    fail(callee, "a 64-bit register holding the function's address");
  in.op = Op::Call;
  in.cls = OpClass::Control;
  in.sub = kIndirectCall;
  in.nops = 1;
  in.ops[0].kind = OperandKind::Reg;
  in.ops[0].reg = static_cast<std::uint16_t>(reg->index);
  in.ops[0].bits = 64;
  if (in.nreads < in.reads.size()) in.reads[in.nreads++] = in.ops[0].reg;
  in.call_info = static_cast<std::uint32_t>(f.calls.size());
  f.calls.push_back(std::move(ci));
}

}  // namespace wf::ptx
