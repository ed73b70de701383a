#include "workloads/spec/expression.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <limits>

#include <fmt/format.h>

namespace wf::workloads::spec {

struct Expression::Node {
  enum class Op {
    constant,
    index,
    count,
    element,
    neg,
    lnot,
    add,
    sub,
    mul,
    div,
    rem,
    eq,
    ne,
    lt,
    le,
    gt,
    ge,
    land,
    lor,
    abs,
    min,
    max
  };
  Op op;
  Value constant;
  std::string buffer;  // for element
  std::vector<std::shared_ptr<const Node>> kids;
  unsigned depth = 1;  // of the tree below and including this node
};

namespace {

using Node = Expression::Node;
using Op = Node::Op;
using NodePtr = std::shared_ptr<const Node>;

// Parsing, evaluating and freeing a tree recurse once per level: deeper trees (a long chain of
// "-" or "(", or of a + a + a ...) would overflow the stack instead of being refused. The parser
// takes a few KB of stack per level of parentheses or function calls (1000 levels needed 2 to
// 3 MB in a release build and 4 to 6 MB under ASan), so the bound stays well inside 8 MB.
constexpr unsigned kMaxDepth = 256;

NodePtr make(Op op, std::vector<NodePtr> kids = {}, Value constant = {}, std::string buffer = {}) {
  unsigned depth = 1;
  for (const auto& k : kids) depth = std::max(depth, k->depth + 1);
  return std::make_shared<const Node>(
      Node{op, constant, std::move(buffer), std::move(kids), depth});
}

bool is_identifier_start(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_';
}
bool is_identifier_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

// Recursive descent, one function per grammar rule of expression.h.
class Parser {
 public:
  explicit Parser(std::string_view text) : text_(text) {}

  NodePtr parse_all(std::vector<std::string>& buffers) {
    buffers_ = &buffers;
    skip_space();
    if (pos_ == text_.size()) fail("expected an expression");
    NodePtr root = parse_or();
    if (pos_ != text_.size()) fail(fmt::format("unexpected '{}'", text_[pos_]));
    return root;
  }

 private:
  [[noreturn]] void fail(const std::string& what) const {
    throw ExpressionError(fmt::format("column {}: {}", pos_ + 1, what));
  }

  // Counts the parser's own recursion while it lasts: every nesting (a unary operator,
  // parentheses, an index, function arguments) goes through parse_unary once.
  class Nesting {
   public:
    explicit Nesting(Parser& p) : p_(p) {
      if (++p_.nesting_ > kMaxDepth) p_.fail_too_deep();
    }
    ~Nesting() { --p_.nesting_; }
    Nesting(const Nesting&) = delete;
    Nesting& operator=(const Nesting&) = delete;

   private:
    Parser& p_;
  };

  [[noreturn]] void fail_too_deep() const {
    fail(fmt::format("expected an expression nested at most {} levels deep", kMaxDepth));
  }

  // A node for the tree, refused when the tree would grow too deep.
  NodePtr node(Op op, std::vector<NodePtr> kids, std::string buffer = {}) const {
    NodePtr n = make(op, std::move(kids), {}, std::move(buffer));
    if (n->depth > kMaxDepth) fail_too_deep();
    return n;
  }

  void skip_space() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }

  // Consumes `token` (and the space after it) if it comes next.
  bool accept(std::string_view token) {
    if (text_.substr(pos_, token.size()) != token) return false;
    pos_ += token.size();
    skip_space();
    return true;
  }

  void expect(std::string_view token) {
    if (!accept(token)) fail(fmt::format("expected '{}'", token));
  }

  NodePtr parse_or() {
    NodePtr left = parse_and();
    while (accept("||")) left = node(Op::lor, {left, parse_and()});
    return left;
  }

  NodePtr parse_and() {
    NodePtr left = parse_compare();
    while (accept("&&")) left = node(Op::land, {left, parse_compare()});
    return left;
  }

  NodePtr parse_compare() {
    NodePtr left = parse_sum();
    // Two-character operators first, so "<=" is not read as "<".
    static constexpr std::pair<std::string_view, Op> kOps[] = {{"==", Op::eq}, {"!=", Op::ne},
                                                               {"<=", Op::le}, {">=", Op::ge},
                                                               {"<", Op::lt},  {">", Op::gt}};
    for (const auto& [token, op] : kOps)
      if (accept(token)) return node(op, {left, parse_sum()});
    return left;
  }

  NodePtr parse_sum() {
    NodePtr left = parse_product();
    for (;;) {
      if (accept("+"))
        left = node(Op::add, {left, parse_product()});
      else if (accept("-"))
        left = node(Op::sub, {left, parse_product()});
      else
        return left;
    }
  }

  NodePtr parse_product() {
    NodePtr left = parse_unary();
    for (;;) {
      if (accept("*"))
        left = node(Op::mul, {left, parse_unary()});
      else if (accept("/"))
        left = node(Op::div, {left, parse_unary()});
      else if (accept("%"))
        left = node(Op::rem, {left, parse_unary()});
      else
        return left;
    }
  }

  NodePtr parse_unary() {
    const Nesting nesting(*this);
    if (accept("-")) return node(Op::neg, {parse_unary()});
    // "!" but not the start of "!=" (which cannot begin an operand anyway).
    if (text_.substr(pos_, 2) != "!=" && accept("!")) return node(Op::lnot, {parse_unary()});
    return parse_primary();
  }

  NodePtr parse_primary() {
    if (pos_ == text_.size()) fail("expected an operand, found the end");
    const char c = text_[pos_];
    if (accept("(")) {
      NodePtr inner = parse_or();
      expect(")");
      return inner;
    }
    if (std::isdigit(static_cast<unsigned char>(c)) || c == '.') return parse_number();
    if (is_identifier_start(c)) return parse_name();
    fail(fmt::format("expected an operand, found '{}'", c));
  }

  NodePtr parse_name() {
    const std::size_t start = pos_;
    while (pos_ < text_.size() && is_identifier_char(text_[pos_])) ++pos_;
    const std::string name(text_.substr(start, pos_ - start));
    skip_space();
    if (accept("[")) {
      NodePtr index = parse_or();
      expect("]");
      if (std::find(buffers_->begin(), buffers_->end(), name) == buffers_->end())
        buffers_->push_back(name);
      return node(Op::element, {index}, name);
    }
    if (name == "i") return make(Op::index);
    if (name == "n") return make(Op::count);
    static constexpr std::pair<std::string_view, Op> kFuncs[] = {
        {"abs", Op::abs}, {"min", Op::min}, {"max", Op::max}};
    for (const auto& [func, op] : kFuncs) {
      if (name != func) continue;
      expect("(");
      std::vector<NodePtr> args{parse_or()};
      while (accept(",")) args.push_back(parse_or());
      expect(")");
      const std::size_t want = op == Op::abs ? 1 : 2;
      if (args.size() != want) fail(fmt::format("{}() takes {} argument(s)", name, want));
      return node(op, std::move(args));
    }
    pos_ = start;
    fail(
        fmt::format("unknown name '{}' (buffers are indexed, e.g. {}[i]; names are i, n, abs, "
                    "min, max)",
                    name, name));
  }

  NodePtr parse_number() {
    const std::size_t start = pos_;
    bool is_float = false;
    if (text_.substr(pos_, 2) == "0x" || text_.substr(pos_, 2) == "0X") {
      pos_ += 2;
      while (pos_ < text_.size() && std::isxdigit(static_cast<unsigned char>(text_[pos_]))) ++pos_;
    } else {
      while (pos_ < text_.size()) {
        const char c = text_[pos_];
        const bool exponent_sign =
            (c == '+' || c == '-') && (text_[pos_ - 1] == 'e' || text_[pos_ - 1] == 'E');
        if (c == '.' || c == 'e' || c == 'E' || exponent_sign)
          is_float = true;
        else if (!std::isdigit(static_cast<unsigned char>(c)))
          break;
        ++pos_;
      }
    }
    const std::string_view digits = text_.substr(start, pos_ - start);
    const bool single = pos_ < text_.size() && (text_[pos_] == 'f' || text_[pos_] == 'F');
    if (single) ++pos_;
    if (pos_ < text_.size() && is_identifier_char(text_[pos_])) {
      pos_ = start;
      fail("malformed number");
    }
    skip_space();
    return make(Op::constant, {}, number_value(digits, is_float || single, single, start));
  }

  Value number_value(std::string_view digits, bool is_float, bool single, std::size_t start) {
    if (is_float) {
      // strtod, not from_chars: libstdc++ 12's floating from_chars is fine, but strtod accepts
      // exactly the C literal forms the grammar documents.
      const std::string s(digits);
      char* end = nullptr;
      const double v = std::strtod(s.c_str(), &end);
      if (end != s.c_str() + s.size()) {
        pos_ = start;
        fail("malformed number");
      }
      return single ? Value::f32(v) : Value::f64(v);
    }
    const bool hex = digits.size() > 2 && (digits[1] == 'x' || digits[1] == 'X');
    std::uint64_t v = 0;
    auto body = hex ? digits.substr(2) : digits;
    auto [ptr, ec] = std::from_chars(body.data(), body.data() + body.size(), v, hex ? 16 : 10);
    if (ec != std::errc() || ptr != body.data() + body.size() ||
        v > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
      pos_ = start;
      fail("integer literal out of range or malformed");
    }
    return Value::integer(static_cast<std::int64_t>(v));
  }

  std::string_view text_;
  std::size_t pos_ = 0;
  std::vector<std::string>* buffers_ = nullptr;
  unsigned nesting_ = 0;
};

Value::Kind wider(const Value& a, const Value& b) {
  return std::max(a.kind, b.kind);
}

Value make_float(Value::Kind kind, double v) {
  return kind == Value::Kind::f32 ? Value::f32(v) : Value::f64(v);
}

Value boolean(bool b) {
  return Value::integer(b ? 1 : 0);
}

Value arithmetic(Op op, const Value& a, const Value& b) {
  const Value::Kind kind = wider(a, b);
  if (kind != Value::Kind::integer) {
    const double x = a.as_double(), y = b.as_double();
    switch (op) {
      case Op::add:
        return make_float(kind, x + y);
      case Op::sub:
        return make_float(kind, x - y);
      case Op::mul:
        return make_float(kind, x * y);
      case Op::div:
        return make_float(kind, x / y);
      default:
        throw ExpressionError("operator % needs integer operands");
    }
  }
  // Unsigned arithmetic wraps where signed overflow would be undefined.
  const auto x = static_cast<std::uint64_t>(a.i), y = static_cast<std::uint64_t>(b.i);
  switch (op) {
    case Op::add:
      return Value::integer(static_cast<std::int64_t>(x + y));
    case Op::sub:
      return Value::integer(static_cast<std::int64_t>(x - y));
    case Op::mul:
      return Value::integer(static_cast<std::int64_t>(x * y));
    default:
      break;
  }
  if (b.i == 0) throw ExpressionError(op == Op::div ? "division by zero" : "remainder by zero");
  if (a.i == std::numeric_limits<std::int64_t>::min() && b.i == -1)
    return Value::integer(op == Op::div ? a.i : 0);
  return Value::integer(op == Op::div ? a.i / b.i : a.i % b.i);
}

Value compare(Op op, const Value& a, const Value& b) {
  if (!a.is_float() && !b.is_float()) {
    switch (op) {
      case Op::eq:
        return boolean(a.i == b.i);
      case Op::ne:
        return boolean(a.i != b.i);
      case Op::lt:
        return boolean(a.i < b.i);
      case Op::le:
        return boolean(a.i <= b.i);
      case Op::gt:
        return boolean(a.i > b.i);
      default:
        return boolean(a.i >= b.i);
    }
  }
  const double x = a.as_double(), y = b.as_double();
  switch (op) {
    case Op::eq:
      return boolean(x == y);
    case Op::ne:
      return boolean(x != y);
    case Op::lt:
      return boolean(x < y);
    case Op::le:
      return boolean(x <= y);
    case Op::gt:
      return boolean(x > y);
    default:
      return boolean(x >= y);
  }
}

struct Evaluator {
  const ElementSource& source;
  std::int64_t i, n;

  Value operator()(const Node& node) const {
    const auto& k = node.kids;
    switch (node.op) {
      case Op::constant:
        return node.constant;
      case Op::index:
        return Value::integer(i);
      case Op::count:
        return Value::integer(n);
      case Op::element: {
        const Value index = (*this)(*k[0]);
        if (index.is_float())
          throw ExpressionError(fmt::format("index of {}[] is not an integer", node.buffer));
        return source.element(node.buffer, index.i);
      }
      case Op::neg: {
        const Value v = (*this)(*k[0]);
        if (v.is_float()) return make_float(v.kind, -v.f);
        return Value::integer(static_cast<std::int64_t>(0 - static_cast<std::uint64_t>(v.i)));
      }
      case Op::lnot:
        return boolean(!(*this)(*k[0]).truthy());
      case Op::land:
        return boolean((*this)(*k[0]).truthy() && (*this)(*k[1]).truthy());
      case Op::lor:
        return boolean((*this)(*k[0]).truthy() || (*this)(*k[1]).truthy());
      case Op::add:
      case Op::sub:
      case Op::mul:
      case Op::div:
      case Op::rem:
        return arithmetic(node.op, (*this)(*k[0]), (*this)(*k[1]));
      case Op::eq:
      case Op::ne:
      case Op::lt:
      case Op::le:
      case Op::gt:
      case Op::ge:
        return compare(node.op, (*this)(*k[0]), (*this)(*k[1]));
      case Op::abs: {
        const Value v = (*this)(*k[0]);
        if (v.is_float()) return make_float(v.kind, std::fabs(v.f));
        return v.i < 0 ? arithmetic(Op::sub, Value::integer(0), v) : v;
      }
      case Op::min:
      case Op::max: {
        const Value a = (*this)(*k[0]), b = (*this)(*k[1]);
        const bool a_less = compare(Op::lt, a, b).i != 0;
        const Value& pick = (node.op == Op::min) == a_less ? a : b;
        const Value::Kind kind = wider(a, b);
        return kind == Value::Kind::integer ? pick : make_float(kind, pick.as_double());
      }
    }
    return {};
  }
};

}  // namespace

Expression Expression::parse(std::string_view text) {
  Expression e;
  e.text_ = std::string(text);
  e.root_ = Parser(text).parse_all(e.buffers_);
  return e;
}

Value Expression::evaluate(const ElementSource& source, std::int64_t i, std::int64_t n) const {
  return Evaluator{source, i, n}(*root_);
}

}  // namespace wf::workloads::spec
