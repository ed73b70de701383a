// The element types a spec buffer or scalar argument can have, and their byte layout
// (little-endian, as the simulated GPU stores them).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include "workloads/spec/value.h"

namespace wf::workloads::spec {

enum class ElementType { u8, u16, u32, u64, s32, s64, f32, f64 };

inline constexpr std::string_view kElementTypeNames = "u8, u16, u32, u64, s32, s64, f32, f64";

std::optional<ElementType> parse_element_type(std::string_view name);
std::string_view element_type_name(ElementType type);
std::size_t element_size(ElementType type);
bool is_float_type(ElementType type);

// Whether `v` can be stored without changing its value: integers in the type's range (any
// integer within ±2^53 for a float type), floats only in float types.
bool fits(ElementType type, const Value& v);

// Reads one element; u64 values above 2^63 come back as negative integers (two's complement).
Value load_element(ElementType type, const std::uint8_t* bytes);
// Writes one element: integers wrap to the type's width, floats are truncated toward zero
// when stored into an integer type.
void store_element(ElementType type, std::uint8_t* bytes, const Value& v);

}  // namespace wf::workloads::spec
