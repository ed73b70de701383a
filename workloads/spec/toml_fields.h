// Reads the keys of one TOML table of a spec and reports every problem the same way:
// "<file>: <table key>.<key>: <what was expected>". The loader is written in terms of this, so
// the message format lives in one place.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>

#include <toml++/toml.h>

#include "workloads/spec/element_type.h"
#include "workloads/spec/value.h"

namespace wf::workloads::spec {

// "a string \"x\"", "the integer 7", "a table", ...: what the user wrote, for messages.
std::string describe(const toml::node& node);

class Fields {
 public:
  Fields(const toml::table& table, std::string file, std::string prefix)
      : table_(table), file_(std::move(file)), prefix_(std::move(prefix)) {}

  // The full key of `key` in this table, e.g. "buffer[1].count".
  std::string key(std::string_view key) const;
  [[noreturn]] void fail(std::string_view key, std::string_view what) const;
  [[noreturn]] void fail_got(std::string_view key, std::string_view expected,
                             const toml::node& got) const;

  // Fails on the first key that is not in `allowed`.
  void allow_only(std::initializer_list<std::string_view> allowed) const;
  bool has(std::string_view key) const { return table_.contains(key); }
  const toml::node* find(std::string_view key) const { return table_.get(key); }
  const toml::node& require(std::string_view key, std::string_view expected) const;

  std::string string(std::string_view key, std::string_view expected) const;
  std::int64_t integer(std::string_view key, std::string_view expected, std::int64_t min,
                       std::int64_t max) const;
  // An integer or a float.
  Value number(std::string_view key, std::string_view expected) const;
  // A value an element of `type` can hold: an integer or (float types) a float; for u64 also a
  // string of a decimal or 0x-hex number, because TOML integers stop at 2^63 - 1.
  Value element_value(std::string_view key, ElementType type) const;
  Value element_value(const toml::node& node, std::string_view key, ElementType type) const;

  const std::string& file() const { return file_; }

 private:
  const toml::table& table_;
  std::string file_;
  std::string prefix_;
};

}  // namespace wf::workloads::spec
