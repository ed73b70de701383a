#include "workloads/spec/spec_loader.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <functional>
#include <iterator>
#include <limits>

#include <fmt/format.h>
#include <toml++/toml.h>

#include "sim_model/common/error.h"
#include "workloads/spec/toml_fields.h"

namespace wf::workloads::spec {
namespace {

namespace fs = std::filesystem;

constexpr std::int64_t kMaxBufferBytes = std::int64_t{1} << 30;
constexpr std::int64_t kMaxDim = std::numeric_limits<std::int32_t>::max();
constexpr std::string_view kDimsExpected =
    "a positive integer or an array of 1 to 3 positive integers";
constexpr std::string_view kCheckKinds = "equals, file, sum, xor, fnv1a, expr";

bool is_identifier(std::string_view s) {
  if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_')) return false;
  return std::all_of(s.begin(), s.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
  });
}

bool is_reserved(std::string_view s) {
  return s == "i" || s == "n" || s == "abs" || s == "min" || s == "max";
}

class Loader {
 public:
  explicit Loader(const fs::path& path) : path_(path), file_(path.string()) {}

  LaunchSpec load(std::string_view text) {
    toml::table root;
    try {
      root = toml::parse(text, file_);
    } catch (const toml::parse_error& e) {
      throw UsageError(fmt::format("{}:{}:{}: {}", file_, e.source().begin.line,
                                   e.source().begin.column, e.description()));
    }
    Fields top(root, file_, "");
    top.allow_only({"name", "description", "ptx", "buffer", "launch", "check"});
    LaunchSpec spec;
    spec.path = path_;
    spec.name = top.has("name") ? top.string("name", "a string") : path_.stem().string();
    if (top.has("description")) spec.description = top.string("description", "a string");
    const auto ptx = top.string("ptx", "the path of a .ptx file, relative to the spec");
    spec.ptx_path = resolve(ptx);
    const auto ptx_bytes = read(top, "ptx", ptx);
    spec.ptx_text.assign(ptx_bytes.begin(), ptx_bytes.end());

    for_each_table(top, "buffer", false, [&](const Fields& f) { load_buffer(f, spec); });
    for_each_table(top, "launch", true, [&](const Fields& f) { load_launch(f, spec); });
    for_each_table(top, "check", false, [&](const Fields& f) { load_check(f, spec); });
    return spec;
  }

 private:
  fs::path resolve(const std::string& relative) const { return path_.parent_path() / relative; }

  std::vector<std::uint8_t> read(const Fields& f, std::string_view key,
                                 const std::string& relative) const {
    std::ifstream in(resolve(relative), std::ios::binary);
    if (!in) f.fail(key, fmt::format("cannot read \"{}\"", relative));
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  }

  // Calls `each` with the Fields of every table of the array of tables [[name]].
  void for_each_table(const Fields& top, std::string_view name, bool required,
                      const std::function<void(const Fields&)>& each) const {
    const toml::node* node = top.find(name);
    const auto expected = fmt::format("one or more [[{}]] tables", name);
    if (!node) {
      if (required) top.fail(name, fmt::format("missing; expected {}", expected));
      return;
    }
    const toml::array* array = node->as_array();
    if (!array || !array->is_array_of_tables() || array->empty())
      top.fail_got(name, expected, *node);
    for (std::size_t i = 0; i < array->size(); ++i)
      each(Fields(*(*array)[i].as_table(), file_, fmt::format("{}[{}]", name, i)));
  }

  const BufferSpec* find_buffer(const LaunchSpec& spec, std::string_view name) const {
    for (const auto& b : spec.buffers)
      if (b.name == name) return &b;
    return nullptr;
  }

  std::string buffer_names(const LaunchSpec& spec) const {
    std::string out;
    for (const auto& b : spec.buffers) out += (out.empty() ? "" : ", ") + b.name;
    return out.empty() ? "(none declared)" : out;
  }

  [[noreturn]] void fail_unknown_buffer(const Fields& f, std::string_view key,
                                        std::string_view name, const LaunchSpec& spec) const {
    f.fail(key, fmt::format("unknown buffer \"{}\"; expected one of {}", name, buffer_names(spec)));
  }

  void load_buffer(const Fields& f, LaunchSpec& spec) const {
    f.allow_only({"name", "type", "count", "init"});
    BufferSpec b;
    b.name = f.string("name", "a buffer name");
    if (!is_identifier(b.name) || is_reserved(b.name))
      f.fail("name", fmt::format("expected an identifier other than i, n, abs, min, max, got "
                                 "\"{}\"",
                                 b.name));
    if (find_buffer(spec, b.name))
      f.fail("name", fmt::format("a second buffer named \"{}\"; names must be unique", b.name));
    const auto type_expected = fmt::format("one of {}", kElementTypeNames);
    const auto type_name = f.string("type", type_expected);
    const auto type = parse_element_type(type_name);
    if (!type) f.fail_got("type", type_expected, f.require("type", type_expected));
    b.type = *type;
    const auto max_count = kMaxBufferBytes / static_cast<std::int64_t>(element_size(b.type));
    b.count = static_cast<std::size_t>(f.integer(
        "count", fmt::format("an element count in [1, {}] (1 GiB)", max_count), 1, max_count));
    b.init = load_init(f, b);
    spec.buffers.push_back(std::move(b));
  }

  BufferInit load_init(const Fields& f, const BufferSpec& b) const {
    BufferInit init;
    const toml::node* node = f.find("init");
    constexpr std::string_view expected =
        "\"zeros\", \"iota\", or a table with kind = zeros | constant | iota | random | file";
    if (!node) return init;
    if (auto s = node->as_string()) {
      if (s->get() == "zeros") return init;
      if (s->get() == "iota") {
        init.kind = BufferInit::Kind::iota;
        return init;
      }
      f.fail_got("init", expected, *node);
    }
    const toml::table* table = node->as_table();
    if (!table) f.fail_got("init", expected, *node);
    Fields g(*table, file_, f.key("init"));
    const auto kind_expected = "one of zeros, constant, iota, random, file";
    const auto kind = g.string("kind", kind_expected);
    if (kind == "zeros") {
      g.allow_only({"kind"});
    } else if (kind == "constant") {
      g.allow_only({"kind", "value"});
      init.kind = BufferInit::Kind::constant;
      init.value = g.element_value("value", b.type);
    } else if (kind == "iota") {
      g.allow_only({"kind", "start", "step"});
      init.kind = BufferInit::Kind::iota;
      if (g.has("start")) init.start = sequence_number(g, "start", b.type);
      if (g.has("step")) init.step = sequence_number(g, "step", b.type);
    } else if (kind == "random") {
      g.allow_only({"kind", "seed", "min", "max"});
      init.kind = BufferInit::Kind::random;
      init.seed = static_cast<std::uint64_t>(
          g.integer("seed", "a non-negative integer", 0, std::numeric_limits<std::int64_t>::max()));
      init.min = g.element_value("min", b.type);
      init.max = g.element_value("max", b.type);
      if (init.max.as_double() < init.min.as_double() ||
          (!init.min.is_float() && !init.max.is_float() && init.max.i < init.min.i))
        g.fail("max", fmt::format("expected max >= min ({})", init.min.to_string()));
    } else if (kind == "file") {
      g.allow_only({"kind", "path"});
      init.kind = BufferInit::Kind::file;
      const auto rel = g.string("path", "the path of a raw little-endian data file");
      init.file_bytes = read(g, "path", rel);
      const auto want = b.count * element_size(b.type);
      if (init.file_bytes.size() != want)
        g.fail("path", fmt::format("expected {} bytes ({} x {}), \"{}\" has {}", want, b.count,
                                   element_type_name(b.type), rel, init.file_bytes.size()));
    } else {
      g.fail_got("kind", kind_expected, g.require("kind", kind_expected));
    }
    return init;
  }

  // An iota start or step: integers for integer buffers, any number for float buffers.
  Value sequence_number(const Fields& g, std::string_view key, ElementType type) const {
    const Value v = g.number(key, "a number");
    if (v.is_float() && !is_float_type(type))
      g.fail_got(key, fmt::format("an integer (the buffer is {})", element_type_name(type)),
                 g.require(key, ""));
    return v;
  }

  gpu::Dim3 dims(const Fields& f, std::string_view key) const {
    const toml::node& node = f.require(key, kDimsExpected);
    std::vector<std::uint32_t> d;
    auto push = [&](const toml::node& n) {
      auto i = n.as_integer();
      if (!i || i->get() < 1 || i->get() > kMaxDim) f.fail_got(key, kDimsExpected, node);
      d.push_back(static_cast<std::uint32_t>(i->get()));
    };
    if (auto array = node.as_array()) {
      if (array->empty() || array->size() > 3) f.fail_got(key, kDimsExpected, node);
      for (const auto& n : *array) push(n);
    } else {
      push(node);
    }
    d.resize(3, 1);
    return gpu::Dim3{d[0], d[1], d[2]};
  }

  void load_launch(const Fields& f, LaunchSpec& spec) const {
    f.allow_only({"kernel", "grid", "block", "shared", "args"});
    LaunchEntry l;
    l.kernel = f.string("kernel", "the name of a kernel (.entry) in the PTX");
    l.grid = dims(f, "grid");
    l.block = dims(f, "block");
    if (f.has("shared"))
      l.dynamic_shared_bytes =
          static_cast<std::uint32_t>(f.integer("shared", "a dynamic shared-memory size in bytes", 0,
                                               std::numeric_limits<std::uint32_t>::max()));
    if (const toml::node* node = f.find("args")) {
      const toml::array* array = node->as_array();
      if (!array) f.fail_got("args", "an array of buffer names and typed scalars", *node);
      for (std::size_t i = 0; i < array->size(); ++i)
        l.args.push_back(load_arg(f, fmt::format("args[{}]", i), (*array)[i], spec));
    }
    spec.launches.push_back(std::move(l));
  }

  LaunchArg load_arg(const Fields& f, const std::string& key, const toml::node& node,
                     const LaunchSpec& spec) const {
    constexpr std::string_view expected = "a buffer name or a typed scalar like { u32 = 5 }";
    if (auto s = node.as_string()) {
      if (!find_buffer(spec, s->get())) fail_unknown_buffer(f, key, s->get(), spec);
      return s->get();
    }
    const toml::table* table = node.as_table();
    if (!table || table->size() != 1) f.fail_got(key, expected, node);
    // toml++ iterators hold the key/value pair they point at: keep this one alive.
    const auto entry = table->begin();
    const auto& [type_key, value] = *entry;
    const auto type = parse_element_type(type_key.str());
    if (!type)
      f.fail(key + "." + std::string(type_key.str()),
             fmt::format("unknown type; expected one of {}", kElementTypeNames));
    return ScalarArg{*type, f.element_value(value, key + "." + std::string(type_key.str()), *type)};
  }

  void load_check(const Fields& f, LaunchSpec& spec) const {
    f.allow_only({"buffer", "equals", "file", "sum", "xor", "fnv1a", "expr", "tolerance"});
    CheckSpec c;
    c.key = f.key("");
    c.buffer = f.string("buffer", "the name of the buffer to check");
    const BufferSpec* b = find_buffer(spec, c.buffer);
    if (!b) fail_unknown_buffer(f, "buffer", c.buffer, spec);

    int kinds = 0;
    for (auto k : {"equals", "file", "sum", "xor", "fnv1a", "expr"}) kinds += f.has(k) ? 1 : 0;
    if (kinds != 1)
      f.fail("", fmt::format("expected exactly one of {}, found {}", kCheckKinds, kinds));
    if (f.has("tolerance")) {
      if (!is_float_type(b->type))
        f.fail("tolerance", fmt::format("applies to f32 and f64 buffers only; \"{}\" is {}",
                                        b->name, element_type_name(b->type)));
      c.tolerance = f.number("tolerance", "a non-negative number").as_double();
      if (!(c.tolerance >= 0))
        f.fail_got("tolerance", "a non-negative number", f.require("tolerance", ""));
    }

    if (f.has("equals")) {
      c.kind = CheckSpec::Kind::equals;
      c.expected = inline_values(f, *b);
    } else if (f.has("file")) {
      c.kind = CheckSpec::Kind::equals;
      const auto rel = f.string("file", "the path of a raw little-endian data file");
      const auto bytes = read(f, "file", rel);
      const auto size = element_size(b->type);
      if (bytes.size() != b->count * size)
        f.fail("file", fmt::format("expected {} bytes ({} x {}), \"{}\" has {}", b->count * size,
                                   b->count, element_type_name(b->type), rel, bytes.size()));
      for (std::size_t i = 0; i < b->count; ++i)
        c.expected.push_back(load_element(b->type, &bytes[i * size]));
    } else if (f.has("expr")) {
      c.kind = CheckSpec::Kind::expr;
      const auto text = f.string("expr", "an expression such as \"c[i] == a[i] + b[i]\"");
      try {
        c.expr = Expression::parse(text);
      } catch (const ExpressionError& e) {
        f.fail("expr", e.what());
      }
      for (const auto& name : c.expr->buffers())
        if (!find_buffer(spec, name)) fail_unknown_buffer(f, "expr", name, spec);
    } else {
      const auto key = f.has("sum") ? "sum" : f.has("xor") ? "xor" : "fnv1a";
      c.kind = f.has("sum")   ? CheckSpec::Kind::sum
               : f.has("xor") ? CheckSpec::Kind::xor_bits
                              : CheckSpec::Kind::fnv1a;
      const bool float_sum = c.kind == CheckSpec::Kind::sum && is_float_type(b->type);
      c.checksum = float_sum ? f.number(key, "a number") : f.element_value(key, ElementType::u64);
    }
    spec.checks.push_back(std::move(c));
  }

  // `equals`: one value per element, or a single value every element must have.
  std::vector<Value> inline_values(const Fields& f, const BufferSpec& b) const {
    const toml::node& node = f.require("equals", "");
    const toml::array* array = node.as_array();
    if (!array) return std::vector<Value>(b.count, f.element_value(node, "equals", b.type));
    if (array->size() != b.count)
      f.fail("equals", fmt::format("expected {} values (the count of \"{}\") or a single value, "
                                   "got {}",
                                   b.count, b.name, array->size()));
    std::vector<Value> values;
    for (std::size_t i = 0; i < array->size(); ++i)
      values.push_back(f.element_value((*array)[i], fmt::format("equals[{}]", i), b.type));
    return values;
  }

  fs::path path_;
  std::string file_;
};

}  // namespace

LaunchSpec load_spec_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw UsageError(fmt::format("{}: cannot read the launch spec", path.string()));
  const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  return load_spec_text(text, path);
}

LaunchSpec load_spec_text(std::string_view text, const std::filesystem::path& path) {
  return Loader(path).load(text);
}

}  // namespace wf::workloads::spec
