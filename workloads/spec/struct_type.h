// A C struct a spec buffer can hold (`[[struct]]` in a launch spec), laid out as a C compiler
// for a 64-bit target lays it out: each field at the next multiple of its alignment (a scalar's
// is its size, an array's its element's, a struct's its largest field's or its declared
// `align`), the size rounded up to a multiple of the struct's alignment.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "workloads/spec/element_type.h"

namespace wf::workloads::spec {

struct StructType;

struct StructField {
  std::string name;
  std::optional<ElementType> scalar;         // exactly one of scalar and nested is set
  std::shared_ptr<const StructType> nested;  //
  std::size_t array_length = 0;              // 0: not an array
  std::size_t offset = 0;                    // bytes from the struct's start

  std::size_t element_bytes() const;  // one element of the field (the whole field if no array)
  std::size_t alignment() const;
  std::size_t bytes() const { return element_bytes() * (array_length ? array_length : 1); }
  std::string type_name() const;  // "u64", "Pair"
};

struct StructType {
  std::string name;
  std::vector<StructField> fields;
  std::size_t size = 0;
  std::size_t align = 1;

  // Places `fields` in order (their offsets are computed here). `min_align` (a power of two,
  // or 0) raises the alignment like CUDA's __align__(N).
  static StructType layout(std::string name, std::vector<StructField> fields,
                           std::size_t min_align);
  const StructField* field(std::string_view name) const;
  std::string field_names() const;  // "a, b, n"
};

// A field declaration "TYPE NAME" or "TYPE NAME[N]" (N >= 1), split; nullopt if malformed.
struct FieldDecl {
  std::string type, name;
  std::size_t array_length = 0;
};
std::optional<FieldDecl> parse_field_decl(std::string_view text);

}  // namespace wf::workloads::spec
