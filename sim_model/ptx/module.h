// A loaded PTX module: its functions (decoded code, registers, frames) and its module-scope
// variables.
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "sim_model/ptx/instr.h"

namespace wf::ptx {

struct ParamDecl {
  std::string name;
  Type type = Type::B8;
  std::uint32_t offset = 0;  // in the kernel parameter buffer or the function's param frame
  std::uint32_t size = 0;
  std::uint32_t align = 1;
};

// Byte ranges in the caller's param frame copied into / out of the callee's frame.
struct CallInfo {
  std::uint32_t callee = 0;  // unused by an indirect call, whose callee is a register's value
  // Indirect calls: the byte sizes the .callprototype gives each argument and return value,
  // which the function called through the pointer must take.
  std::vector<std::uint32_t> arg_sizes, ret_sizes;
  std::vector<std::uint32_t> arg_offsets;  // caller frame offsets, one per callee parameter
  std::vector<std::uint32_t> ret_offsets;  // caller frame offsets, one per callee return value
};

struct Function {
  std::string name;
  bool is_entry = false;
  bool is_declaration = false;  // .extern / prototype only: no body
  std::vector<ParamDecl> params;
  std::vector<ParamDecl> rets;
  std::uint32_t param_bytes = 0;   // kernel: size of the launch parameter buffer
  std::uint32_t frame_bytes = 0;   // per-thread .param frame (func params + call sequences)
  std::uint32_t local_bytes = 0;   // per-thread .local frame
  std::uint32_t shared_bytes = 0;  // kernel: static shared memory incl. module-level variables
  std::vector<Type> reg_types;     // index = register number; predicates included
  std::vector<std::string> reg_names;
  std::vector<Instr> code;
  std::vector<std::string> text;  // source text per instruction, for error messages
  std::vector<CallInfo> calls;
  std::uint32_t line = 0;
};

struct Variable {
  std::string name;
  Space space = Space::Global;
  std::uint64_t size = 0;
  std::uint32_t align = 1;
  std::vector<std::uint8_t> init;  // empty = zero
  std::uint64_t address = 0;       // global/const: assigned when a runtime loads the module;
                                   // shared: offset in the CTA's shared memory
  bool is_extern = false;
};

struct Module {
  std::string name;  // for error messages (file name)
  std::vector<Function> functions;
  std::vector<Variable> variables;  // module scope, plus demoted function-scope globals
  std::unordered_map<std::string, std::uint32_t> function_index;
  std::uint32_t dynamic_shared_base = 0;  // where .extern .shared arrays start
  std::uint64_t function_base = 0;        // address of functions[0] (function_address.h)

  const Function* find_function(const std::string& name) const {
    auto it = function_index.find(name);
    return it == function_index.end() ? nullptr : &functions[it->second];
  }
};

}  // namespace wf::ptx
