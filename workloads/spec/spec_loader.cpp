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
#include "sim_model/common/input_file.h"
#include "sim_model/common/text.h"
#include "workloads/spec/toml_fields.h"

namespace wf::workloads::spec {
namespace {

namespace fs = std::filesystem;

constexpr std::int64_t kMaxBufferBytes = std::int64_t{1} << 30;
constexpr std::int64_t kMaxDim = std::numeric_limits<std::int32_t>::max();
constexpr std::string_view kDimsExpected =
    "a positive integer or an array of 1 to 3 positive integers";
constexpr std::string_view kCheckKinds = "equals, file, sum, xor, fnv1a, expr";

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
    top.allow_only(
        {"name", "description", "ptx", "machine", "struct", "buffer", "launch", "check"});
    LaunchSpec spec;
    spec.path = path_;
    spec.name = top.has("name") ? top.string("name", "a string") : path_.stem().string();
    if (top.has("description")) spec.description = top.string("description", "a string");
    const auto ptx = top.string("ptx", "the path of a .ptx file, relative to the spec");
    spec.ptx_path = resolve(ptx);
    const auto ptx_bytes = read(top, "ptx", ptx, kMaxSourceBytes, "PTX file");
    spec.ptx_text.assign(ptx_bytes.begin(), ptx_bytes.end());

    if (top.has("machine")) load_machine(top, spec);
    for_each_table(top, "struct", false, [&](const Fields& f) { load_struct(f, spec); });
    // Definitions first, so that initial values may hold the address of any buffer.
    for_each_table(top, "buffer", false, [&](const Fields& f) { load_buffer(f, spec); });
    std::size_t b = 0;
    for_each_table(top, "buffer", false, [&](const Fields& f) {
      spec.buffers[b].init = load_init(f, spec.buffers[b], spec);
      ++b;
    });
    for_each_table(top, "launch", true,
                   [&](const Fields& f) { spec.steps.push_back(load_step(f, spec)); });
    for_each_table(top, "check", false, [&](const Fields& f) { load_check(f, spec); });
    return spec;
  }

 private:
  fs::path resolve(const std::string& relative) const { return path_.parent_path() / relative; }

  std::vector<std::uint8_t> read(const Fields& f, std::string_view key, const std::string& relative,
                                 std::uint64_t max_bytes, std::string_view what) const {
    // The system would read the file named by the part before the NUL.
    if (relative.find('\0') != std::string::npos)
      f.fail(key, "expected a file name without NUL characters");
    std::error_code ec;
    if (!fs::exists(resolve(relative), ec))
      f.fail(key, fmt::format("cannot read \"{}\"", relative));
    std::string bytes;
    try {
      bytes = read_input_file(resolve(relative), max_bytes, what);
    } catch (const UsageError& e) {
      f.fail(key, e.what());
    }
    return {bytes.begin(), bytes.end()};
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
      each(Fields(*(*array)[i].as_table(), file_, fmt::format("{}[{}]", top.key(name), i)));
  }

  const StructType* find_struct(const LaunchSpec& spec, std::string_view name) const {
    for (const auto& s : spec.structs)
      if (s->name == name) return s.get();
    return nullptr;
  }

  void load_machine(const Fields& top, LaunchSpec& spec) const {
    const toml::node& node = top.require("machine", "");
    if (!node.as_table()) top.fail_got("machine", "a table [machine]", node);
    Fields f(*node.as_table(), file_, "machine");
    f.allow_only({"regs_per_thread"});
    if (f.has("regs_per_thread")) spec.regs_per_thread = regs_per_thread(f);
  }

  std::uint32_t regs_per_thread(const Fields& f) const {
    return static_cast<std::uint32_t>(
        f.integer("regs_per_thread", "registers per thread, from 1 to 255", 1, 255));
  }

  void load_struct(const Fields& f, LaunchSpec& spec) const {
    f.allow_only({"name", "fields", "align"});
    const auto name = f.string("name", "a struct name");
    if (!wf::text::is_identifier(name) || parse_element_type(name))
      f.fail("name", fmt::format("expected an identifier other than {}, got \"{}\"",
                                 kElementTypeNames, name));
    if (find_struct(spec, name))
      f.fail("name", fmt::format("a second struct named \"{}\"; names must be unique", name));
    constexpr std::string_view fields_expected =
        "an array of field declarations like \"u64 a\" or \"f32 v[4]\"";
    const toml::node& node = f.require("fields", fields_expected);
    const toml::array* array = node.as_array();
    if (!array || array->empty()) f.fail_got("fields", fields_expected, node);
    std::vector<StructField> fields;
    for (std::size_t i = 0; i < array->size(); ++i) {
      const auto key = fmt::format("fields[{}]", i);
      const toml::node& item = (*array)[i];
      const auto decl = item.as_string() ? parse_field_decl(item.as_string()->get()) : std::nullopt;
      if (!decl) f.fail_got(key, "a declaration \"TYPE NAME\" or \"TYPE NAME[N]\"", item);
      StructField field;
      field.name = decl->name;
      field.array_length = decl->array_length;
      if (auto t = parse_element_type(decl->type)) {
        field.scalar = *t;
      } else if (const StructType* nested = find_struct(spec, decl->type)) {
        for (const auto& s : spec.structs)
          if (s.get() == nested) field.nested = s;
      } else {
        f.fail(key, fmt::format("unknown type \"{}\"; expected one of {} or a struct declared "
                                "before this one",
                                decl->type, kElementTypeNames));
      }
      for (const auto& other : fields)
        if (other.name == field.name)
          f.fail(key, fmt::format("a second field named \"{}\"", field.name));
      // A struct is at most as large as a buffer may be; that also keeps the layout's sums from
      // overflowing.
      const auto max_length = static_cast<std::size_t>(kMaxBufferBytes) / field.element_bytes();
      if (field.array_length > max_length)
        f.fail(key, fmt::format("expected an array length from 1 to {} (1 GiB of {}), got {}",
                                max_length, field.type_name(), field.array_length));
      fields.push_back(std::move(field));
    }
    std::size_t align = 0;
    if (f.has("align")) {
      align =
          static_cast<std::size_t>(f.integer("align", "a power of two from 1 to 4096", 1, 4096));
      if (align & (align - 1))
        f.fail_got("align", "a power of two from 1 to 4096", f.require("align", ""));
    }
    auto type =
        std::make_shared<const StructType>(StructType::layout(name, std::move(fields), align));
    if (type->size > static_cast<std::size_t>(kMaxBufferBytes))
      f.fail("fields",
             fmt::format("expected fields of at most 1 GiB in all, got {} bytes", type->size));
    spec.structs.push_back(std::move(type));
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
    f.allow_only({"name", "type", "count", "init", "symbol"});
    BufferSpec b;
    b.name = f.string("name", "a buffer name");
    if (!wf::text::is_identifier(b.name) || is_reserved(b.name))
      f.fail("name", fmt::format("expected an identifier other than i, n, abs, min, max, got "
                                 "\"{}\"",
                                 b.name));
    if (find_buffer(spec, b.name))
      f.fail("name", fmt::format("a second buffer named \"{}\"; names must be unique", b.name));
    const auto type_expected = fmt::format("one of {}{}", kElementTypeNames,
                                           spec.structs.empty() ? "" : " or a [[struct]] name");
    const auto type_name = f.string("type", type_expected);
    if (const auto type = parse_element_type(type_name)) {
      b.type = *type;
    } else {
      for (const auto& s : spec.structs)
        if (s->name == type_name) b.struct_type = s;
      if (!b.struct_type) f.fail_got("type", type_expected, f.require("type", type_expected));
    }
    const auto max_count = kMaxBufferBytes / static_cast<std::int64_t>(b.element_bytes());
    b.count = static_cast<std::size_t>(f.integer(
        "count", fmt::format("an element count in [1, {}] (1 GiB)", max_count), 1, max_count));
    if (f.has("symbol")) {
      b.symbol = f.string("symbol", "the name of a .global or .const variable of the PTX");
      if (b.symbol.empty()) f.fail("symbol", "expected the name of a module variable");
    }
    spec.buffers.push_back(std::move(b));
  }

  BufferInit load_init(const Fields& f, const BufferSpec& b, const LaunchSpec& spec) const {
    BufferInit init;
    const toml::node* node = f.find("init");
    constexpr std::string_view expected =
        "\"zeros\", \"iota\", an array of values, or a table with kind = zeros | constant | "
        "iota | random | file";
    if (!node) return init;
    if (const toml::array* values = node->as_array()) {
      init.kind = BufferInit::Kind::values;
      if (values->size() > b.count)
        f.fail("init", fmt::format("expected at most {} values (the count of \"{}\"), got {}",
                                   b.count, b.name, values->size()));
      for (std::size_t i = 0; i < values->size(); ++i) {
        const auto key = fmt::format("init[{}]", i);
        const std::size_t offset = i * b.element_bytes();
        if (b.struct_type)
          struct_slots(f, key, (*values)[i], *b.struct_type, offset, spec, init.slots);
        else
          init.slots.push_back(slot(f, key, (*values)[i], b.type, offset, spec));
      }
      return init;
    }
    if (b.struct_type) {
      const toml::table* t = node->as_table();
      const bool zeros_or_file = (node->as_string() && node->as_string()->get() == "zeros") ||
                                 (t && t->get_as<std::string>("kind") &&
                                  (t->get_as<std::string>("kind")->get() == "zeros" ||
                                   t->get_as<std::string>("kind")->get() == "file"));
      if (!zeros_or_file)
        f.fail_got("init",
                   fmt::format("for a buffer of struct {}: \"zeros\", a file, or an array of "
                               "tables of field values",
                               b.struct_type->name),
                   *node);
    }
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
      init.file_bytes = read(g, "path", rel, kMaxDataBytes, "init file");
      const auto want = b.bytes();
      if (init.file_bytes.size() != want)
        g.fail("path", fmt::format("expected {} bytes ({} x {}), \"{}\" has {}", want, b.count,
                                   b.type_name(), rel, init.file_bytes.size()));
    } else {
      g.fail_got("kind", kind_expected, g.require("kind", kind_expected));
    }
    return init;
  }

  // A buffer reference ("A", "A+64") naming a buffer of the spec, the offset at most its count
  // (one past the end is a valid address, as in C).
  BufferRef buffer_ref(const Fields& f, const std::string& key, const std::string& text,
                       const LaunchSpec& spec) const {
    const auto ref = parse_buffer_ref(text);
    if (!ref)
      f.fail(key, fmt::format("expected a buffer name with an optional element offset like "
                              "\"a+64\", got \"{}\"",
                              text));
    const BufferSpec* b = find_buffer(spec, ref->buffer);
    if (!b) fail_unknown_buffer(f, key, ref->buffer, spec);
    if (ref->offset > b->count)
      f.fail(key, fmt::format("offset {} is past the end of \"{}\" ({} elements)", ref->offset,
                              b->name, b->count));
    return *ref;
  }

  // One listed value of `type` at byte `offset`: a number, or for u64 and s64 a buffer's
  // address.
  InitSlot slot(const Fields& f, const std::string& key, const toml::node& node, ElementType type,
                std::size_t offset, const LaunchSpec& spec) const {
    InitSlot s;
    s.offset = offset;
    s.type = type;
    const auto* text = node.as_string();
    if (text && parse_buffer_ref(text->get())) {
      if (type != ElementType::u64 && type != ElementType::s64)
        f.fail(key, fmt::format("a buffer address is 64-bit; the element is {}",
                                element_type_name(type)));
      s.address = buffer_ref(f, key, text->get(), spec);
      return s;
    }
    s.value = f.element_value(node, key, type);
    return s;
  }

  // The slots of one struct value, a table of field values (missing fields are zero).
  void struct_slots(const Fields& f, const std::string& key, const toml::node& node,
                    const StructType& type, std::size_t offset, const LaunchSpec& spec,
                    std::vector<InitSlot>& out) const {
    const toml::table* table = node.as_table();
    if (!table)
      f.fail_got(key,
                 fmt::format("a table of {} field values like {{ {} = ... }}", type.name,
                             type.fields.front().name),
                 node);
    for (auto&& [name, value] : *table) {
      const auto field_key = key + "." + std::string(name.str());
      const StructField* field = type.field(name.str());
      if (!field)
        f.fail(field_key, fmt::format("struct {} has no such field; expected one of {}", type.name,
                                      type.field_names()));
      auto one = [&](const std::string& k, const toml::node& n, std::size_t at) {
        if (field->scalar)
          out.push_back(slot(f, k, n, *field->scalar, at, spec));
        else
          struct_slots(f, k, n, *field->nested, at, spec, out);
      };
      if (!field->array_length) {
        one(field_key, value, offset + field->offset);
        continue;
      }
      const toml::array* items = value.as_array();
      if (!items || items->size() > field->array_length)
        f.fail_got(
            field_key,
            fmt::format("an array of at most {} values (field {} {}[{}])", field->array_length,
                        field->type_name(), field->name, field->array_length),
            value);
      for (std::size_t i = 0; i < items->size(); ++i)
        one(fmt::format("{}[{}]", field_key, i), (*items)[i],
            offset + field->offset + i * field->element_bytes());
    }
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

  // A [[launch]] entry (or an entry of its body): exactly one of kernel, memset, copy, body,
  // plus how often it runs.
  Step load_step(const Fields& f, const LaunchSpec& spec) const {
    Step step;
    step.key = f.key("");
    int kinds = 0;
    for (auto k : {"kernel", "memset", "copy", "body"}) kinds += f.has(k) ? 1 : 0;
    if (kinds > 1)
      f.fail("", fmt::format("expected one of kernel, memset, copy, body, found {}", kinds));
    // Without any, it is a launch missing its kernel (the commonest mistake).
    if (kinds == 0 || f.has("kernel")) {
      f.allow_only({"kernel", "grid", "block", "shared", "args", "regs_per_thread", "repeat",
                    "until", "max_iterations"});
      step.kind = Step::Kind::launch;
      step.launch = load_launch(f, spec);
    } else if (f.has("memset")) {
      f.allow_only({"memset", "value", "count", "repeat", "until", "max_iterations"});
      step.kind = Step::Kind::memset;
      step.memset = load_memset(f, spec);
    } else if (f.has("copy")) {
      f.allow_only({"copy", "repeat", "until", "max_iterations"});
      step.kind = Step::Kind::copy;
      step.copy = load_copy(f, spec);
    } else {
      f.allow_only({"body", "repeat", "until", "max_iterations"});
      step.kind = Step::Kind::group;
      for_each_table(f, "body", true,
                     [&](const Fields& g) { step.body.push_back(load_step(g, spec)); });
    }
    load_repetition(f, spec, step);
    return step;
  }

  void load_repetition(const Fields& f, const LaunchSpec& spec, Step& step) const {
    if (f.has("repeat") && f.has("until"))
      f.fail("until", "expected either repeat or until, not both");
    if (f.has("repeat"))
      step.repeat =
          static_cast<std::uint64_t>(f.integer("repeat", "a positive number of runs", 1, kMaxDim));
    if (f.has("max_iterations") && !f.has("until"))
      f.fail("max_iterations", "applies to until only (repeat gives a fixed count)");
    if (!f.has("until")) return;
    const auto text = f.string("until", "a condition such as \"changed[0] == 0\"");
    try {
      step.until = Expression::parse(text);
    } catch (const ExpressionError& e) {
      f.fail("until", e.what());
    }
    for (const auto& name : step.until->buffers()) expression_buffer(f, "until", name, spec);
    step.max_iterations = static_cast<std::uint64_t>(
        f.integer("max_iterations", "a positive bound on the runs of an until loop", 1, kMaxDim));
  }

  // A buffer an expression indexes: known, and of scalar elements.
  void expression_buffer(const Fields& f, std::string_view key, const std::string& name,
                         const LaunchSpec& spec) const {
    const BufferSpec* b = find_buffer(spec, name);
    if (!b) fail_unknown_buffer(f, key, name, spec);
    if (b->struct_type)
      f.fail(key, fmt::format("\"{}\" holds structs ({}); expressions read scalar buffers only",
                              name, b->struct_type->name));
  }

  KernelLaunch load_launch(const Fields& f, const LaunchSpec& spec) const {
    KernelLaunch l;
    l.kernel = f.string("kernel", "the name of a kernel (.entry) in the PTX");
    l.grid = dims(f, "grid");
    l.block = dims(f, "block");
    if (f.has("shared"))
      l.dynamic_shared_bytes =
          static_cast<std::uint32_t>(f.integer("shared", "a dynamic shared-memory size in bytes", 0,
                                               std::numeric_limits<std::uint32_t>::max()));
    if (f.has("regs_per_thread")) l.regs_per_thread = regs_per_thread(f);
    if (const toml::node* node = f.find("args")) {
      const toml::array* array = node->as_array();
      if (!array) f.fail_got("args", "an array of buffer names and typed scalars", *node);
      for (std::size_t i = 0; i < array->size(); ++i)
        l.args.push_back(load_arg(f, fmt::format("args[{}]", i), (*array)[i], spec));
    }
    return l;
  }

  // `count` elements of the buffer `ref` names from its offset on (default: all the rest).
  std::uint64_t element_count(const Fields& f, std::string_view key, const BufferRef& ref,
                              const LaunchSpec& spec) const {
    const BufferSpec& b = *find_buffer(spec, ref.buffer);
    const std::uint64_t rest = b.count - ref.offset;
    if (!f.has(key)) return rest;
    return static_cast<std::uint64_t>(
        f.integer(key,
                  fmt::format("an element count from 1 to {} (\"{}\" from element {} on)", rest,
                              b.name, ref.offset),
                  1, static_cast<std::int64_t>(rest)));
  }

  MemsetStep load_memset(const Fields& f, const LaunchSpec& spec) const {
    MemsetStep m;
    m.buffer = buffer_ref(f, "memset", f.string("memset", "a buffer name like \"flag\""), spec);
    m.count = element_count(f, "count", m.buffer, spec);
    if (f.has("value"))
      m.value = static_cast<std::uint8_t>(f.integer("value", "a byte value from 0 to 255", 0, 255));
    return m;
  }

  CopyStep load_copy(const Fields& f, const LaunchSpec& spec) const {
    constexpr std::string_view expected = "a table { from = \"a\", to = \"b\", count = N }";
    const toml::node& node = f.require("copy", expected);
    if (!node.as_table()) f.fail_got("copy", expected, node);
    Fields g(*node.as_table(), file_, f.key("copy"));
    g.allow_only({"from", "to", "count"});
    CopyStep c;
    c.from = buffer_ref(g, "from", g.string("from", "the source buffer"), spec);
    c.to = buffer_ref(g, "to", g.string("to", "the destination buffer"), spec);
    c.count = element_count(g, "count", c.from, spec);
    const BufferSpec &from = *find_buffer(spec, c.from.buffer),
                     &to = *find_buffer(spec, c.to.buffer);
    const std::uint64_t bytes = c.count * from.element_bytes();
    const std::uint64_t room = (to.count - c.to.offset) * to.element_bytes();
    if (bytes > room)
      g.fail("", fmt::format("{} bytes from \"{}\" do not fit the {} bytes of \"{}\"", bytes,
                             to_string(c.from), room, to_string(c.to)));
    return c;
  }

  LaunchArg load_arg(const Fields& f, const std::string& key, const toml::node& node,
                     const LaunchSpec& spec) const {
    constexpr std::string_view expected = "a buffer name or a typed scalar like { u32 = 5 }";
    if (auto s = node.as_string()) return buffer_ref(f, key, s->get(), spec);
    const toml::table* table = node.as_table();
    if (!table || table->size() != 1) f.fail_got(key, expected, node);
    // toml++ iterators hold the key/value pair they point at: keep this one alive.
    const auto entry = table->begin();
    const auto& [type_key, value] = *entry;
    const auto value_key = key + "." + std::string(type_key.str());
    const auto type = parse_element_type(type_key.str());
    if (!type)
      f.fail(value_key, fmt::format("unknown type; expected one of {}", kElementTypeNames));
    // A string is an expression of the loop index, except a u64 number written as a string.
    const auto* text = value.as_string();
    const bool number =
        text && !text->get().empty() && std::isdigit(static_cast<unsigned char>(text->get()[0]));
    if (!text || (number && *type == ElementType::u64))
      return ScalarArg{*type, f.element_value(value, value_key, *type), std::nullopt};
    ScalarArg arg{*type, Value::integer(0), std::nullopt};
    try {
      arg.expr = Expression::parse(text->get());
    } catch (const ExpressionError& e) {
      f.fail(value_key, e.what());
    }
    if (!arg.expr->buffers().empty())
      f.fail(value_key, fmt::format("an argument expression may use i and n only; it reads \"{}\"",
                                    arg.expr->buffers().front()));
    return arg;
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
    if (b->struct_type && !f.has("fnv1a"))
      f.fail("buffer", fmt::format("\"{}\" holds structs ({}); only an fnv1a check applies",
                                   b->name, b->struct_type->name));
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
      auto bytes = read(f, "file", rel, kMaxDataBytes, "data file");
      const auto size = element_size(b->type);
      if (bytes.size() != b->count * size)
        f.fail("file", fmt::format("expected {} bytes ({} x {}), \"{}\" has {}", b->count * size,
                                   b->count, element_type_name(b->type), rel, bytes.size()));
      c.expected_file = std::move(bytes);
    } else if (f.has("expr")) {
      c.kind = CheckSpec::Kind::expr;
      const auto text = f.string("expr", "an expression such as \"c[i] == a[i] + b[i]\"");
      try {
        c.expr = Expression::parse(text);
      } catch (const ExpressionError& e) {
        f.fail("expr", e.what());
      }
      for (const auto& name : c.expr->buffers()) expression_buffer(f, "expr", name, spec);
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
    if (!array) return {f.element_value(node, "equals", b.type)};
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
  std::error_code ec;
  if (!std::filesystem::exists(path, ec))
    throw UsageError(fmt::format("{}: cannot read the launch spec", path.string()));
  return load_spec_text(read_input_file(path, kMaxConfigBytes, "launch spec"), path);
}

LaunchSpec load_spec_text(std::string_view text, const std::filesystem::path& path) {
  return Loader(path).load(text);
}

}  // namespace wf::workloads::spec
