// Internals shared by parser.cpp (declarations, functions, operands) and instr_decode.cpp
// (mnemonics and modifiers).
#pragma once

#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "sim_model/ptx/lexer.h"
#include "sim_model/ptx/module.h"
#include "sim_model/ptx/parser.h"

namespace wf::ptx {

struct Symbol {
  enum class Kind : std::uint8_t { Reg, Var, Param, Func } kind = Kind::Reg;
  std::uint32_t index = 0;  // register number, variable index, function index
  Space space = Space::Generic;
  std::uint64_t address = 0;  // variable address / param offset within its space
  Type type = Type::None;
};

// One operand as written, before the instruction's type gives it meaning.
struct RawOperand {
  Operand op;
  std::string label;  // an identifier that resolved to nothing yet (branch target, callee)
  const Token* tok = nullptr;
  bool has_pipe = false;
  std::uint16_t pipe_reg = kNoReg;
  std::int64_t shared_var = -1;  // operand refers to a shared variable placed after parsing
};

Type parse_type_name(std::string_view s);

class Parser {
 public:
  Parser(std::string_view text, const std::string& file, const ParseOptions& options);
  Module run();
  const std::string& file() const { return file_; }
  bool in_kernel() const { return in_kernel_; }

 private:
  friend struct InstrDecoder;
  // tokens
  const Token& peek(std::size_t k = 0) const;
  const Token& next();
  bool accept(std::string_view text);
  const Token& expect(std::string_view text, std::string_view what);
  const Token& expect_kind(TokKind kind, std::string_view what);
  [[noreturn]] void fail(const Token& t, std::string_view expected) const;
  std::uint64_t parse_uint(const Token& t) const;
  std::int64_t parse_int_expr();
  // An array dimension or element count: a non-negative constant; `what` names it in errors.
  std::uint64_t parse_count(std::string_view what);
  // Refuses `bytes` of `what` above `limit` (the rule is named in the message), at `at`.
  void check_size(const Token& at, std::string_view what, std::uint64_t bytes, std::uint64_t limit,
                  std::string_view rule) const;
  void skip_line(std::uint32_t line);

  // module level
  void parse_toplevel();
  void parse_function(bool is_entry, bool is_extern);
  void parse_param_list(Function& f, std::vector<ParamDecl>& out, bool kernel);
  ParamDecl parse_param_decl(std::uint32_t& offset);
  void parse_variable(Space space, bool is_extern, bool in_function);
  void parse_initializer(Variable& v, Type elem, const Token& at);
  void skip_section();
  void skip_performance_directives();

  // function bodies
  void parse_body(Function& f, std::uint32_t fidx);
  void parse_reg_decl(Function& f);
  void parse_statement(Function& f, std::uint32_t fidx);
  void parse_instruction(Function& f, std::uint32_t fidx);
  RawOperand parse_operand(Function& f);
  Operand parse_mem_operand(Function& f);
  Operand parse_vector(Function& f);
  std::uint16_t parse_reg_name(Function& f, const Token& t);
  const Symbol* lookup(std::string_view name) const;
  void declare(const Token& at, const std::string& name, const Symbol& s);
  void finish_function(Function& f, std::uint32_t fidx);
  void parse_call(Function& f, Instr& in, const Token& mnemonic);
  // call_prototype.cpp: "name: .callprototype (rets) _ (params);" in a function body, and
  // "call (rets), %reg, (args), name;" through a function pointer.
  void parse_call_prototype();
  void parse_indirect_call(Function& f, Instr& in, const Token& mnemonic, const Token& callee,
                           std::vector<std::uint32_t> rets);

  std::string file_;
  ParseOptions options_;
  std::vector<Token> toks_;
  std::size_t pos_ = 0;
  Module m_;
  std::uint64_t global_next_;
  std::uint32_t shared_common_ = 0;  // module-level and .func-level shared variables
  std::uint64_t const_bytes_ = 0;    // all .const variables so far
  std::vector<std::unordered_map<std::string, Symbol>> scopes_;  // [0] = module scope

  // per function
  struct PendingLabel {
    std::uint32_t pc;
    std::string name;
    const Token* tok;
  };
  std::vector<PendingLabel> pending_labels_;
  std::unordered_map<std::string, std::uint32_t> labels_;
  struct CallPrototype {
    std::vector<std::uint32_t> ret_sizes, param_sizes;
  };
  std::unordered_map<std::string, CallPrototype> prototypes_;  // of the current function
  struct SharedReloc {
    std::uint32_t func, pc, opnd, var;
  };
  std::vector<SharedReloc> shared_relocs_;
  std::vector<std::uint32_t> kernel_shared_vars_;  // demoted shared vars of the current kernel
  std::vector<std::vector<std::uint32_t>> shared_vars_of_kernel_;
  std::uint32_t current_func_ = 0;
  bool in_kernel_ = false;
  bool saw_version_ = false, saw_target_ = false;
};

// Turns a mnemonic, its modifiers and operands into an Instr (instr_decode.cpp).
struct InstrDecoder {
  static bool known(std::string_view name);
  static void decode(Parser& p, Function& f, const Token& mnemonic, const std::string& name,
                     const std::vector<const Token*>& mods, std::vector<RawOperand>& ops,
                     Instr& out);
};

}  // namespace wf::ptx
