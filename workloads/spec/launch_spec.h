// A launch spec, loaded and validated: everything needed to run a PTX kernel sequence without
// C++ (the TOML format is described in workloads/README.md). Files it names (PTX, init data,
// expected data) are already read, so running it touches no file system.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "sim_model/gpu/runtime.h"
#include "workloads/spec/buffer_init.h"
#include "workloads/spec/element_type.h"
#include "workloads/spec/expression.h"
#include "workloads/spec/value.h"

namespace wf::workloads::spec {

struct BufferSpec {
  std::string name;
  ElementType type = ElementType::u32;
  std::size_t count = 0;
  BufferInit init;
};

struct ScalarArg {
  ElementType type;
  Value value;  // fits(type, value) holds
};

// A buffer argument is passed as its device address (a u64 .param).
using LaunchArg = std::variant<std::string, ScalarArg>;

struct LaunchEntry {
  std::string kernel;
  gpu::Dim3 grid, block;
  std::uint32_t dynamic_shared_bytes = 0;
  std::vector<LaunchArg> args;
};

struct CheckSpec {
  enum class Kind { equals, sum, xor_bits, fnv1a, expr };
  std::string key;     // "check[2]", for messages
  std::string buffer;  // the buffer checked; for expr, the one whose indexes i runs over
  Kind kind = Kind::equals;
  std::vector<Value> expected;     // equals: one value per element
  Value checksum;                  // sum, xor_bits, fnv1a
  std::optional<Expression> expr;  // expr
  double tolerance = 0;            // absolute, for float elements (equals, sum)
};

struct LaunchSpec {
  std::filesystem::path path;  // the spec file, as given
  std::string name;            // `name`, or the file's stem
  std::string description;
  std::filesystem::path ptx_path;  // resolved against the spec's folder
  std::string ptx_text;
  std::vector<BufferSpec> buffers;
  std::vector<LaunchEntry> launches;
  std::vector<CheckSpec> checks;
};

}  // namespace wf::workloads::spec
