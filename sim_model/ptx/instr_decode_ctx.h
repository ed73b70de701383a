// The decoding context shared by instr_decode.cpp (modifier classification, operands) and
// instr_decode_families.cpp (one decode function per instruction family).
#pragma once

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "sim_model/common/error.h"
#include "sim_model/ptx/parser_impl.h"

namespace wf::ptx::decode {

struct Word {
  std::string_view text;
  const Token* tok;
};

struct Ctx {
  Parser& p;
  const Token& mn;
  const std::string& name;
  std::vector<Word> words;  // modifiers not consumed yet
  std::vector<Type> types;
  std::vector<RawOperand>& ops;
  Instr& in;

  [[noreturn]] void error(const Token& t, const std::string& msg) const {
    throw UsageError(fmt::format("{}:{}:{}: {}", p.file(), t.line, t.col, msg));
  }
  bool take(std::string_view w) {
    auto it = std::find_if(words.begin(), words.end(), [&](const Word& x) { return x.text == w; });
    if (it == words.end()) return false;
    words.erase(it);
    return true;
  }
  template <class F>
  auto take_if(F parse) -> decltype(parse(std::string_view{})) {
    for (auto it = words.begin(); it != words.end(); ++it) {
      if (auto v = parse(it->text)) {
        words.erase(it);
        return v;
      }
    }
    return std::nullopt;
  }
  void done() const {
    if (!words.empty()) {
      error(*words.front().tok, fmt::format("unsupported modifier '{}' for instruction '{}'",
                                            words.front().text, name));
    }
  }
  Type type(std::size_t i = 0) const {
    if (types.size() <= i)
      error(mn, fmt::format("expected a type modifier (such as .u32) on '{}'", name));
    return types[i];
  }
  void operands(std::size_t lo, std::size_t hi) const {
    if (ops.size() < lo || ops.size() > hi) {
      error(mn, lo == hi
                    ? fmt::format("expected {} operands for '{}', found {}", lo, name, ops.size())
                    : fmt::format("expected {} to {} operands for '{}', found {}", lo, hi, name,
                                  ops.size()));
    }
  }
  void require_mem(std::size_t i) const {
    if (ops[i].op.kind != OperandKind::Mem)
      error(*ops[i].tok,
            fmt::format("expected an address '[...]' as operand {} of '{}'", i + 1, name));
  }
};

void decode_arith(Ctx& c);
void decode_compare(Ctx& c);
void decode_memory(Ctx& c);
void decode_atomic(Ctx& c);
void decode_warp(Ctx& c);
void decode_barrier(Ctx& c);
void decode_other(Ctx& c);
void decode_bits(Ctx& c);     // bfind, fns, shf, lop3, SIMD video (instr_decode_bits.cpp)
void decode_texture(Ctx& c);  // tex, tld4, suld.b, sust.b (instr_decode_texture.cpp)

// Refuses a register operand whose declared type violates the PTX ISA's type rules for the
// instruction (operand_types.cpp).
void check_operand_types(const Ctx& c, const Function& f);

// "vabsdiff4" → (Absdiff, 4 lanes); nullopt for any other name.
struct VideoName {
  VideoOp op;
  unsigned lanes;
};
std::optional<VideoName> video_op_from(std::string_view name);

}  // namespace wf::ptx::decode
