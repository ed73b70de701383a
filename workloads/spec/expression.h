// The small expression language of a spec's `expr` check, evaluated on the CPU once per element
// index i of the checked buffer:
//
//   expr    := or
//   or      := and ( "||" and )*
//   and     := compare ( "&&" compare )*
//   compare := sum ( ("==" | "!=" | "<" | "<=" | ">" | ">=") sum )?
//   sum     := product ( ("+" | "-") product )*
//   product := unary ( ("*" | "/" | "%") unary )*
//   unary   := ("-" | "!") unary | primary
//   primary := NUMBER | "i" | "n" | BUFFER "[" expr "]" | FUNC "(" expr ("," expr)* ")"
//            | "(" expr ")"
//   FUNC    := abs | min | max
//
// `i` is the element index, `n` the checked buffer's element count. Integers are 64-bit signed
// and wrap; `/` truncates and `%` is the C remainder (integers only). A literal with a point or
// an exponent is a double, with an `f` suffix (1.5f) a float; an f32 buffer element is a float;
// f32 op f32 (or op integer) rounds to single precision like the kernel did, anything with a
// double is double. Comparisons and logic give 0 or 1; the check holds where the result != 0.
#pragma once

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "workloads/spec/value.h"

namespace wf::workloads::spec {

// A syntax error (with the 1-based column) or an evaluation error (division by zero, index
// out of range, % on floats).
class ExpressionError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Where buffer elements come from during evaluation.
class ElementSource {
 public:
  virtual ~ElementSource() = default;
  // Throws ExpressionError when the index is out of range.
  virtual Value element(const std::string& buffer, std::int64_t index) const = 0;
};

class Expression {
 public:
  struct Node;

  // Throws ExpressionError ("column 7: expected ...") on a syntax error.
  static Expression parse(std::string_view text);

  Value evaluate(const ElementSource& source, std::int64_t i, std::int64_t n) const;
  // The buffers the expression indexes, each once, in order of first appearance.
  const std::vector<std::string>& buffers() const { return buffers_; }
  const std::string& text() const { return text_; }

 private:
  std::shared_ptr<const Node> root_;
  std::vector<std::string> buffers_;
  std::string text_;
};

}  // namespace wf::workloads::spec
