#include "sim_model/ptx/parser.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cstring>
#include <functional>

#include "sim_model/common/error.h"
#include "sim_model/ptx/cfg.h"
#include "sim_model/ptx/parser_impl.h"
#include "sim_model/ptx/size_limits.h"

namespace wf::ptx {
namespace {

std::uint32_t align_up(std::uint32_t v, std::uint32_t a) {
  return a ? (v + a - 1) / a * a : v;
}
std::uint64_t align_up64(std::uint64_t v, std::uint64_t a) {
  return a ? (v + a - 1) / a * a : v;
}

Type type_from(std::string_view s) {
  static const std::pair<std::string_view, Type> table[] = {
      {".b8", Type::B8},    {".b16", Type::B16},     {".b32", Type::B32}, {".b64", Type::B64},
      {".u8", Type::U8},    {".u16", Type::U16},     {".u32", Type::U32}, {".u64", Type::U64},
      {".s8", Type::S8},    {".s16", Type::S16},     {".s32", Type::S32}, {".s64", Type::S64},
      {".f16", Type::F16},  {".f16x2", Type::F16x2}, {".f32", Type::F32}, {".f64", Type::F64},
      {".pred", Type::Pred}};
  for (auto& [n, t] : table) {
    if (n == s) return t;
  }
  return Type::None;
}

}  // namespace

Type parse_type_name(std::string_view s) {
  return type_from(s);
}

Parser::Parser(std::string_view text, const std::string& file, const ParseOptions& options)
    : file_(file),
      options_(options),
      toks_(tokenize(text, file)),
      global_next_(options.global_base) {
  m_.name = file;
  m_.function_base = options.function_base;
  scopes_.emplace_back();
}

const Token& Parser::peek(std::size_t k) const {
  return toks_[std::min(pos_ + k, toks_.size() - 1)];
}
const Token& Parser::next() {
  const Token& t = toks_[pos_];
  if (pos_ + 1 < toks_.size()) ++pos_;
  return t;
}
bool Parser::accept(std::string_view text) {
  if (peek().kind != TokKind::End && peek().kind != TokKind::String && peek().text == text) {
    next();
    return true;
  }
  return false;
}
const Token& Parser::expect(std::string_view text, std::string_view what) {
  if (peek().kind == TokKind::String || peek().text != text) fail(peek(), what);
  return next();
}
const Token& Parser::expect_kind(TokKind kind, std::string_view what) {
  if (peek().kind != kind) fail(peek(), what);
  return next();
}
void Parser::fail(const Token& t, std::string_view expected) const {
  std::string found =
      t.kind == TokKind::End ? std::string("end of file") : fmt::format("'{}'", t.text);
  throw UsageError(
      fmt::format("{}:{}:{}: expected {}, found {}", file_, t.line, t.col, expected, found));
}

std::uint64_t Parser::parse_uint(const Token& t) const {
  std::string_view s = t.text;
  if (!s.empty() && (s.back() == 'U' || s.back() == 'u')) s.remove_suffix(1);
  int base = 10;
  if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    base = 16;
    s.remove_prefix(2);
  } else if (s.size() > 2 && s[0] == '0' && (s[1] == 'b' || s[1] == 'B')) {
    base = 2;
    s.remove_prefix(2);
  } else if (s.size() > 1 && s[0] == '0') {
    base = 8;
    s.remove_prefix(1);
  }
  std::uint64_t v = 0;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v, base);
  if (ec != std::errc() || p != s.data() + s.size()) fail(t, "an integer constant");
  return v;
}

// Integer constant with optional sign, as used in array sizes, alignments and offsets.
std::int64_t Parser::parse_int_expr() {
  bool neg = false;
  while (peek().kind == TokKind::Punct && (peek().text == "-" || peek().text == "+")) {
    if (next().text == "-") neg = !neg;
  }
  const Token& t = expect_kind(TokKind::Int, "an integer constant");
  std::uint64_t v = parse_uint(t);
  return neg ? -static_cast<std::int64_t>(v) : static_cast<std::int64_t>(v);
}

std::uint64_t Parser::parse_count(std::string_view what) {
  const Token& at = peek();
  const std::int64_t v = parse_int_expr();
  if (v < 0) fail(at, fmt::format("a non-negative {}", what));
  return static_cast<std::uint64_t>(v);
}

void Parser::check_size(const Token& at, std::string_view what, std::uint64_t bytes,
                        std::uint64_t limit, std::string_view rule) const {
  if (bytes <= limit) return;
  throw UsageError(fmt::format("{}:{}:{}: expected {} of at most {} bytes ({}), found {} bytes",
                               file_, at.line, at.col, what, limit, rule, bytes));
}

void Parser::skip_line(std::uint32_t line) {
  while (peek().kind != TokKind::End && peek().line == line) next();
}

const Symbol* Parser::lookup(std::string_view name) const {
  std::string key(name);
  for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it) {
    auto f = it->find(key);
    if (f != it->end()) return &f->second;
  }
  return nullptr;
}

void Parser::declare(const Token& at, const std::string& name, const Symbol& s) {
  auto& scope = scopes_.back();
  if (scope.count(name)) {
    throw UsageError(
        fmt::format("{}:{}:{}: expected a new name, found '{}' already declared in this scope",
                    file_, at.line, at.col, name));
  }
  scope.emplace(name, s);
}

Module Parser::run() {
  while (peek().kind != TokKind::End) parse_toplevel();
  if (!saw_version_ || !saw_target_)
    fail(peek(), saw_version_ ? "a .target directive after .version"
                              : "a .version directive (every PTX module starts with .version "
                                "and .target)");
  // Shared layout: module-level and .func-level variables first, then each kernel's own.
  std::uint32_t max_end = align_up(shared_common_, 16);
  std::uint32_t k = 0;
  for (std::uint32_t fi = 0; fi < m_.functions.size(); ++fi) {
    Function& f = m_.functions[fi];
    if (!f.is_entry || f.is_declaration) continue;
    std::uint64_t off = shared_common_;
    for (std::uint32_t vi : shared_vars_of_kernel_[k]) {
      Variable& v = m_.variables[vi];
      off = align_up64(off, v.align);
      v.address = off;
      off += v.size;
      if (off > kMaxSharedBytes) {
        throw UsageError(fmt::format(
            "{}:{}: expected the static shared memory of kernel '{}' to be at most {} bytes "
            "(228 KiB, the largest shared memory of any GPU, per CTA), found {} bytes with '{}'",
            file_, f.line, f.name, kMaxSharedBytes, off, v.name));
      }
    }
    f.shared_bytes = static_cast<std::uint32_t>(off);
    max_end = std::max(max_end, align_up(f.shared_bytes, 16));
    ++k;
  }
  for (std::uint32_t fi = 0; fi < m_.functions.size(); ++fi) {
    if (!m_.functions[fi].is_entry) m_.functions[fi].shared_bytes = shared_common_;
  }
  m_.dynamic_shared_base = max_end;
  for (Variable& v : m_.variables) {
    if (v.space == Space::Shared && v.is_extern) v.address = max_end;
  }
  for (const SharedReloc& r : shared_relocs_) {
    m_.functions[r.func].code[r.pc].ops[r.opnd].imm +=
        static_cast<std::int64_t>(m_.variables[r.var].address);
  }
  return std::move(m_);
}

void Parser::skip_section() {
  // .section name { ... }: DWARF data from -G/-lineinfo; nothing we execute.
  next();
  while (peek().kind != TokKind::End && !(peek().kind == TokKind::Punct && peek().text == "{"))
    next();
  expect("{", "'{' opening the section");
  int depth = 1;
  while (depth > 0) {
    const Token& t = next();
    if (t.kind == TokKind::End) fail(t, "'}' closing the section");
    if (t.kind == TokKind::Punct && t.text == "{") ++depth;
    if (t.kind == TokKind::Punct && t.text == "}") --depth;
  }
}

void Parser::parse_toplevel() {
  const Token& t = peek();
  if (t.kind != TokKind::Dot)
    fail(t, "a directive (.version, .target, .entry, .func, .global, ...)");
  std::string_view d = t.text;
  if (d == ".version") {
    if (saw_version_) fail(t, "one .version directive per module");
    next();
    const Token& v = next();
    if (v.kind != TokKind::Float && v.kind != TokKind::Int) fail(v, "a version number like 9.0");
    saw_version_ = true;
    return;
  }
  if (d == ".file" || d == ".loc") {
    std::uint32_t line = t.line;
    next();
    skip_line(line);
    return;
  }
  if (!saw_version_)
    fail(t, "a .version directive (every PTX module starts with .version and .target)");
  if (d == ".target") {
    if (saw_target_) fail(t, "one .target directive per module");
    saw_target_ = true;
    next();
    expect_kind(TokKind::Ident, "a target name like sm_75");
    while (accept(",")) expect_kind(TokKind::Ident, "a target option");
    return;
  }
  if (!saw_target_) fail(t, "a .target directive after .version");
  if (d == ".address_size") {
    next();
    const Token& v = expect_kind(TokKind::Int, "32 or 64");
    if (parse_uint(v) != 64) fail(v, "address size 64");
    return;
  }
  if (d == ".section") {
    skip_section();
    return;
  }
  if (d == ".pragma") {
    next();
    expect_kind(TokKind::String, "a pragma string");
    expect(";", "';'");
    return;
  }
  bool is_extern = false;
  while (peek().text == ".visible" || peek().text == ".extern" || peek().text == ".weak" ||
         peek().text == ".common") {
    if (peek().text == ".extern") is_extern = true;
    next();
  }
  std::string_view k = peek().text;
  if (k == ".entry" || k == ".func") {
    next();
    parse_function(k == ".entry", is_extern);
    return;
  }
  if (k == ".global" || k == ".const" || k == ".shared") {
    next();
    Space s = k == ".global" ? Space::Global : k == ".const" ? Space::Const : Space::Shared;
    parse_variable(s, is_extern, false);
    return;
  }
  fail(peek(), "a module-level directive (.entry, .func, .global, .const, .shared, ...)");
}

ParamDecl Parser::parse_param_decl(std::uint32_t& offset) {
  ParamDecl p;
  std::uint32_t align = 0;
  Type type = Type::None;
  while (peek().kind == TokKind::Dot) {
    const Token& m = next();
    if (m.text == ".align") {
      align =
          static_cast<std::uint32_t>(std::min<std::uint64_t>(parse_count("alignment"), 1u << 31));
    } else if (m.text == ".ptr" || m.text == ".global" || m.text == ".shared" ||
               m.text == ".const" || m.text == ".local") {
      // pointer attributes: only a hint for the optimiser
    } else if (Type ty = type_from(m.text); ty != Type::None) {
      type = ty;
    } else {
      fail(m, "a parameter type or attribute");
    }
  }
  if (type == Type::None) fail(peek(), "a parameter type such as .u64");
  const Token& name = expect_kind(TokKind::Ident, "a parameter name");
  p.name = std::string(name.text);
  std::uint64_t count = 1;
  if (accept("[")) {
    count = parse_count("array size");
    expect("]", "']'");
  }
  check_size(name, fmt::format("parameter '{}'", p.name),
             count > kMaxParamFrameBytes ? count : type_bytes(type) * count, kMaxParamFrameBytes,
             "a parameter frame holds at most 1 MiB");
  if (align & (align - 1) || align > 4096) fail(name, "an .align of a power of two up to 4096");
  p.type = type;
  p.size = static_cast<std::uint32_t>(type_bytes(type) * count);
  p.align = align ? align : type_bytes(type);
  offset = align_up(offset, p.align);
  p.offset = offset;
  offset += p.size;
  return p;
}

void Parser::parse_param_list(Function& f, std::vector<ParamDecl>& out, bool kernel) {
  expect("(", "'(' starting the parameter list");
  if (accept(")")) return;
  std::uint32_t& offset = kernel ? f.param_bytes : f.frame_bytes;
  do {
    const Token& t = peek();
    if (t.text != ".param") fail(t, "'.param'");
    next();
    out.push_back(parse_param_decl(offset));
    if (kernel) {
      check_size(t, "a kernel parameter list", offset, kMaxKernelParamBytes,
                 "CUDA's limit on a kernel's parameters");
    } else {
      check_size(t, "a function's parameters", offset, kMaxParamFrameBytes,
                 "a parameter frame holds at most 1 MiB");
    }
  } while (accept(","));
  expect(")", "')' or ',' in the parameter list");
}

void Parser::skip_performance_directives() {
  while (peek().kind == TokKind::Dot) {
    std::string_view d = peek().text;
    if (d == ".maxntid" || d == ".reqntid" || d == ".minnctapersm" || d == ".maxnctapersm" ||
        d == ".maxnreg" || d == ".maxclusterrank" || d == ".reqnctapercluster" ||
        d == ".explicitcluster" || d == ".noreturn" || d == ".nocluster") {
      next();
      while (peek().kind == TokKind::Int || (peek().kind == TokKind::Punct && peek().text == ","))
        next();
    } else if (d == ".pragma") {
      next();
      expect_kind(TokKind::String, "a pragma string");
      expect(";", "';'");
    } else {
      break;
    }
  }
}

void Parser::parse_function(bool is_entry, bool is_extern) {
  Function f;
  f.is_entry = is_entry;
  f.line = peek().line;
  if (!is_entry && peek().kind == TokKind::Punct && peek().text == "(") {
    parse_param_list(f, f.rets, false);
  }
  const Token& name = expect_kind(TokKind::Ident, "a function name");
  f.name = std::string(name.text);
  std::uint32_t fidx;
  const Symbol* existing = lookup(f.name);
  if (existing && existing->kind == Symbol::Kind::Func &&
      m_.functions[existing->index].is_declaration) {
    // A prototype earlier in the module (nvcc emits them for its internal math helpers); this
    // is the definition, whose own return and parameter lists are the ones that count.
    fidx = existing->index;
  } else {
    if (existing) fail(name, "a function name not used before");
    fidx = static_cast<std::uint32_t>(m_.functions.size());
    m_.functions.emplace_back();
    m_.function_index[f.name] = fidx;
    Symbol s;
    s.kind = Symbol::Kind::Func;
    s.index = fidx;
    scopes_[0].emplace(f.name, s);
  }
  if (!is_entry) f.frame_bytes = 0;
  if (!is_entry && !f.rets.empty()) {
    // the return values were laid out before the name; keep them first in the frame
    std::uint32_t off = 0;
    for (auto& r : f.rets) {
      off = align_up(off, r.align);
      r.offset = off;
      off += r.size;
    }
    f.frame_bytes = off;
  }
  if (peek().kind == TokKind::Punct && peek().text == "(") parse_param_list(f, f.params, is_entry);
  skip_performance_directives();
  if (accept(";")) {
    f.is_declaration = true;
    m_.functions[fidx] = std::move(f);
    return;
  }
  (void)is_extern;
  current_func_ = fidx;
  in_kernel_ = is_entry;
  kernel_shared_vars_.clear();
  scopes_.emplace_back();
  for (const auto& p : f.params) {
    Symbol s;
    s.kind = Symbol::Kind::Param;
    s.space = is_entry ? Space::Param : Space::FuncParam;
    s.address = p.offset;
    s.type = p.type;
    declare(name, p.name, s);
  }
  for (const auto& p : f.rets) {
    Symbol s;
    s.kind = Symbol::Kind::Param;
    s.space = Space::FuncParam;
    s.address = p.offset;
    s.type = p.type;
    declare(name, p.name, s);
  }
  m_.functions[fidx] = std::move(f);
  Function& fn = m_.functions[fidx];
  expect("{", "'{' starting the function body");
  parse_body(fn, fidx);
  scopes_.pop_back();
  finish_function(fn, fidx);
  if (is_entry) shared_vars_of_kernel_.push_back(kernel_shared_vars_);
}

void Parser::parse_variable(Space space, bool is_extern, bool in_function) {
  Variable v;
  v.space = space;
  v.is_extern = is_extern;
  Type type = Type::None;
  std::uint32_t vec = 1;
  while (peek().kind == TokKind::Dot) {
    const Token& m = next();
    if (m.text == ".align") {
      v.align =
          static_cast<std::uint32_t>(std::min<std::uint64_t>(parse_count("alignment"), 1u << 31));
    } else if (m.text == ".v2" || m.text == ".v4") {
      vec = m.text == ".v2" ? 2 : 4;
    } else if (Type t = type_from(m.text); t != Type::None) {
      type = t;
    } else if (m.text == ".attribute" && space == Space::Global) {
      // A __managed__ variable: the runtime gives it one address on host and device; the
      // device sees an ordinary global.
      expect("(", "'(' after .attribute");
      if (peek().text != ".managed") fail(peek(), "the variable attribute .managed");
      next();
      expect(")", "')' after .attribute(.managed");
    } else {
      fail(m, "a variable type or .align");
    }
  }
  if (type == Type::None) fail(peek(), "a variable type such as .b8");
  const Token& name = expect_kind(TokKind::Ident, "a variable name");
  v.name = std::string(name.text);
  if (v.align & (v.align - 1) || v.align > 4096)
    fail(name, "an .align of a power of two up to 4096");
  const std::uint64_t elem = type_bytes(type) * vec;
  // Every space's bound is far below 2^40, so a product above it is refused without overflow.
  constexpr std::uint64_t kHuge = std::uint64_t{1} << 40;
  std::uint64_t count = 1;
  bool unsized = false;
  while (accept("[")) {
    if (accept("]")) {
      unsized = true;
      continue;
    }
    const std::uint64_t dim = parse_count("array size");
    count = (dim > kHuge || count * dim > kHuge) ? kHuge + 1 : count * dim;
    expect("]", "']'");
  }
  v.size = count > kHuge ? kHuge + 1 : elem * count;
  const auto bound_variable = [&](std::uint64_t bytes) {
    const std::string what = fmt::format("variable '{}'", v.name);
    switch (space) {
      case Space::Shared:
        check_size(name, what, bytes, kMaxSharedBytes,
                   "228 KiB, the largest shared memory of any GPU, per CTA");
        break;
      case Space::Local:
        check_size(name, what, bytes, kMaxLocalBytes, "CUDA's 512 KiB of local memory per thread");
        break;
      case Space::Const:
        check_size(name, what, bytes, kMaxConstBytes, "the 64 KiB constant bank of a module");
        break;
      default:
        check_size(name, what, bytes, kMaxGlobalBytes, "4 GiB per .global variable");
        break;
    }
  };
  bound_variable(v.size);
  if (v.align <= 1)
    v.align = static_cast<std::uint32_t>(std::max<std::uint64_t>(v.align, type_bytes(type)));
  if (accept("=")) {
    parse_initializer(v, type, name);
    if (unsized) v.size = v.init.size();
    bound_variable(v.size);
  }
  expect(";", "';' after the variable declaration");
  if (unsized && space != Space::Shared && v.init.empty()) fail(name, "an array size");

  Symbol s;
  s.kind = Symbol::Kind::Var;
  s.space = space;
  s.type = type;
  std::uint32_t vi = static_cast<std::uint32_t>(m_.variables.size());
  s.index = vi;
  switch (space) {
    case Space::Const:
      const_bytes_ += v.size;
      check_size(name, "the module's .const variables", const_bytes_, kMaxConstBytes,
                 "the 64 KiB constant bank of a module");
      [[fallthrough]];
    case Space::Global:
      global_next_ = align_up64(global_next_, std::max<std::uint32_t>(v.align, 256));
      v.address = global_next_;
      global_next_ += std::max<std::uint64_t>(v.size, 1);
      break;
    case Space::Shared:
      if (!is_extern) {
        if (in_function && in_kernel_) {
          kernel_shared_vars_.push_back(vi);
        } else {
          shared_common_ = align_up(shared_common_, v.align);
          v.address = shared_common_;
          check_size(name, "the module's shared variables", shared_common_ + v.size,
                     kMaxSharedBytes, "228 KiB, the largest shared memory of any GPU, per CTA");
          shared_common_ += static_cast<std::uint32_t>(v.size);
        }
      }
      break;
    case Space::Local: {
      Function& f = m_.functions[current_func_];
      f.local_bytes = align_up(f.local_bytes, v.align);
      v.address = f.local_bytes;
      check_size(name, fmt::format("the local variables of '{}'", f.name), f.local_bytes + v.size,
                 kMaxLocalBytes, "CUDA's 512 KiB of local memory per thread");
      f.local_bytes += static_cast<std::uint32_t>(v.size);
      break;
    }
    default:
      break;
  }
  s.address = v.address;
  declare(name, v.name, s);
  m_.variables.push_back(std::move(v));
}

void Parser::parse_initializer(Variable& v, Type elem, const Token& at) {
  unsigned bytes = type_bytes(elem);
  auto put = [&](std::uint64_t bits) {
    for (unsigned b = 0; b < bytes; ++b)
      v.init.push_back(static_cast<std::uint8_t>(bits >> (8 * b)));
  };
  auto value = [&]() {
    bool neg = accept("-");
    const Token& t = next();
    std::uint64_t bits = 0;
    if (t.kind == TokKind::Int) {
      bits = parse_uint(t);
      if (neg) bits = ~bits + 1;
      if (elem == Type::F32) {
        float f = static_cast<float>(neg ? -static_cast<double>(parse_uint(t))
                                         : static_cast<double>(bits));
        std::uint32_t u;
        std::memcpy(&u, &f, 4);
        bits = u;
      } else if (elem == Type::F64) {
        double d = neg ? -static_cast<double>(parse_uint(t)) : static_cast<double>(bits);
        std::memcpy(&bits, &d, 8);
      }
    } else if (t.kind == TokKind::FloatBits) {
      std::string_view hex = t.text.substr(2);
      std::from_chars(hex.data(), hex.data() + hex.size(), bits, 16);
      if (neg)
        bits ^= (t.text[1] == 'f' || t.text[1] == 'F') ? 0x80000000ull : 0x8000000000000000ull;
    } else if (t.kind == TokKind::Float) {
      double d = std::strtod(std::string(t.text).c_str(), nullptr);
      if (neg) d = -d;
      if (elem == Type::F32) {
        float f = static_cast<float>(d);
        std::uint32_t u;
        std::memcpy(&u, &f, 4);
        bits = u;
      } else {
        std::memcpy(&bits, &d, 8);
      }
    } else if (t.kind == TokKind::Ident) {
      // address of another variable (generic pointer tables) or of a function (vtables)
      const Symbol* s = lookup(t.text);
      if (s && s->kind == Symbol::Kind::Func) {
        bits = function_address(m_.function_base, s->index);
      } else {
        if (!s || s->kind != Symbol::Kind::Var)
          fail(t, "a constant or the name of a variable or function");
        bits = s->address;
        if (accept("+")) bits += static_cast<std::uint64_t>(parse_int_expr());
      }
    } else {
      fail(t, "an initializer value");
    }
    put(bits);
  };
  std::function<void()> list = [&]() {
    if (accept("{")) {
      if (!accept("}")) {
        do {
          list();
        } while (accept(","));
        expect("}", "'}' or ',' in the initializer");
      }
    } else {
      value();
    }
  };
  list();
  if (v.init.size() < v.size) v.init.resize(v.size, 0);
  if (v.init.size() > v.size && v.size != 0) {
    throw UsageError(
        fmt::format("{}:{}:{}: expected at most {} bytes of initializer for '{}', found {}", file_,
                    at.line, at.col, v.size, v.name, v.init.size()));
  }
}

Module parse_module(std::string_view text, const std::string& file, const ParseOptions& options) {
  Parser p(text, file, options);
  return p.run();
}

std::uint64_t module_global_end(const Module& m, const ParseOptions& options) {
  std::uint64_t end = options.global_base;
  for (const Variable& v : m.variables) {
    if (v.space == Space::Global || v.space == Space::Const) {
      end = std::max(end, v.address + std::max<std::uint64_t>(v.size, 1));
    }
  }
  return end;
}

}  // namespace wf::ptx
