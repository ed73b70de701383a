// A launch spec, loaded and validated: everything needed to run a PTX kernel sequence without
// C++ (the TOML format is described in workloads/README.md). Files it names (PTX, init data,
// expected data) are already read, so running it touches no file system. What depends on the
// PTX (kernel names, parameter types, module variables) is checked when it runs.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "sim_model/gpu/runtime.h"
#include "workloads/spec/buffer_init.h"
#include "workloads/spec/buffer_ref.h"
#include "workloads/spec/element_type.h"
#include "workloads/spec/expression.h"
#include "workloads/spec/struct_type.h"
#include "workloads/spec/value.h"

namespace wf::workloads::spec {

struct BufferSpec {
  std::string name;
  ElementType type = ElementType::u32;  // unused when struct_type is set
  std::shared_ptr<const StructType> struct_type;
  std::size_t count = 0;  // elements (structs)
  BufferInit init;
  // Set: the buffer is this module variable (`__constant__`, `__device__`), not an allocation.
  std::string symbol;

  std::size_t element_bytes() const { return struct_type ? struct_type->size : element_size(type); }
  std::size_t bytes() const { return count * element_bytes(); }
  std::string type_name() const {
    return struct_type ? struct_type->name : std::string(element_type_name(type));
  }
};

struct ScalarArg {
  ElementType type;
  Value value;                     // fits(type, value) holds; unused when expr is set
  std::optional<Expression> expr;  // of the loop index i and count n, evaluated per launch
};

// A buffer argument is passed as its device address (a u64 .param).
using LaunchArg = std::variant<BufferRef, ScalarArg>;

struct KernelLaunch {
  std::string kernel;  // as written: a PTX name, a demangled signature or a bare name
  gpu::Dim3 grid, block;
  std::uint32_t dynamic_shared_bytes = 0;
  std::vector<LaunchArg> args;
  std::uint32_t regs_per_thread = 0;  // 0: the spec's [machine] value
};

struct MemsetStep {
  BufferRef buffer;
  std::uint64_t count = 0;  // elements from the offset on
  std::uint8_t value = 0;   // every byte, as cudaMemset
};

struct CopyStep {
  BufferRef from, to;
  std::uint64_t count = 0;  // elements of `from`
};

// One entry of [[launch]] (or of a [[launch.body]]): a kernel launch, a memset, a copy, or a
// group of steps, run `repeat` times or until `until` holds.
struct Step {
  enum class Kind { launch, memset, copy, group };
  Kind kind = Kind::launch;
  std::string key;  // "launch[2].body[0]", for messages
  KernelLaunch launch;
  MemsetStep memset;
  CopyStep copy;
  std::vector<Step> body;
  std::uint64_t repeat = 1;
  // Set: after each run of the step, stop when it is non-zero; more than max_iterations runs
  // fail the spec.
  std::optional<Expression> until;
  std::uint64_t max_iterations = 0;

  std::uint64_t iteration_bound() const { return until ? max_iterations : repeat; }
};

struct CheckSpec {
  enum class Kind { equals, sum, xor_bits, fnv1a, expr };
  std::string key;     // "check[2]", for messages
  std::string buffer;  // the buffer checked; for expr, the one whose indexes i runs over
  Kind kind = Kind::equals;
  // equals: one value per element, or a single one every element must have (never expanded:
  // a buffer may hold 2^30 elements); from a file, its raw elements instead.
  std::vector<Value> expected;
  std::vector<std::uint8_t> expected_file;
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
  std::vector<std::shared_ptr<const StructType>> structs;
  std::vector<BufferSpec> buffers;
  std::vector<Step> steps;
  std::vector<CheckSpec> checks;
  std::uint32_t regs_per_thread = 0;  // [machine]; 0: the cycle model estimates
};

}  // namespace wf::workloads::spec
