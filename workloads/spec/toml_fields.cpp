#include "workloads/spec/toml_fields.h"

#include <charconv>

#include <fmt/format.h>

#include "sim_model/common/error.h"

namespace wf::workloads::spec {
namespace {

std::string join(std::initializer_list<std::string_view> words) {
  std::string out;
  for (auto w : words) out += (out.empty() ? "" : ", ") + std::string(w);
  return out;
}

// A u64 written as a string: decimal or 0x-hex, returned as its two's-complement bit pattern.
std::optional<Value> parse_u64(std::string_view s) {
  const bool hex = s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
  if (hex) s.remove_prefix(2);
  std::uint64_t v = 0;
  auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v, hex ? 16 : 10);
  if (s.empty() || ec != std::errc() || ptr != s.data() + s.size()) return std::nullopt;
  return Value::integer(static_cast<std::int64_t>(v));
}

}  // namespace

std::string describe(const toml::node& node) {
  if (auto s = node.as_string()) return fmt::format("the string \"{}\"", s->get());
  if (auto i = node.as_integer()) return fmt::format("the integer {}", i->get());
  if (auto f = node.as_floating_point()) return fmt::format("the float {}", f->get());
  if (auto b = node.as_boolean()) return b->get() ? "true" : "false";
  if (node.is_table()) return "a table";
  if (node.is_array()) return "an array";
  return "a date or time";
}

std::string Fields::key(std::string_view key) const {
  if (prefix_.empty()) return std::string(key);
  if (key.empty()) return prefix_;
  return prefix_ + "." + std::string(key);
}

void Fields::fail(std::string_view k, std::string_view what) const {
  throw UsageError(fmt::format("{}: {}: {}", file_, key(k), what));
}

void Fields::fail_got(std::string_view k, std::string_view expected, const toml::node& got) const {
  fail(k, fmt::format("expected {}, got {}", expected, describe(got)));
}

void Fields::allow_only(std::initializer_list<std::string_view> allowed) const {
  for (auto&& [k, v] : table_) {
    bool known = false;
    for (auto a : allowed) known = known || k.str() == a;
    if (!known) fail(k.str(), fmt::format("unknown key; expected one of {}", join(allowed)));
  }
}

const toml::node& Fields::require(std::string_view k, std::string_view expected) const {
  const toml::node* node = table_.get(k);
  if (!node) fail(k, fmt::format("missing; expected {}", expected));
  return *node;
}

std::string Fields::string(std::string_view k, std::string_view expected) const {
  const toml::node& node = require(k, expected);
  if (auto s = node.as_string()) return s->get();
  fail_got(k, expected, node);
}

std::int64_t Fields::integer(std::string_view k, std::string_view expected, std::int64_t min,
                             std::int64_t max) const {
  const toml::node& node = require(k, expected);
  auto i = node.as_integer();
  if (!i || i->get() < min || i->get() > max) fail_got(k, expected, node);
  return i->get();
}

Value Fields::number(std::string_view k, std::string_view expected) const {
  const toml::node& node = require(k, expected);
  if (auto i = node.as_integer()) return Value::integer(i->get());
  if (auto f = node.as_floating_point()) return Value::f64(f->get());
  fail_got(k, expected, node);
}

Value Fields::element_value(std::string_view k, ElementType type) const {
  return element_value(require(k, fmt::format("a {} value", element_type_name(type))), k, type);
}

Value Fields::element_value(const toml::node& node, std::string_view k, ElementType type) const {
  const auto expected = fmt::format("a value that fits {}", element_type_name(type));
  Value v;
  if (auto i = node.as_integer())
    v = Value::integer(i->get());
  else if (auto f = node.as_floating_point())
    v = Value::f64(f->get());
  else if (auto s = node.as_string(); s && type == ElementType::u64) {
    auto parsed = parse_u64(s->get());
    if (!parsed) fail_got(k, "a decimal or 0x-hex u64 in a string", node);
    return *parsed;
  } else {
    fail_got(k, expected, node);
  }
  if (!fits(type, v)) fail_got(k, expected, node);
  return v;
}

}  // namespace wf::workloads::spec
