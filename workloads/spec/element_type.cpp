#include "workloads/spec/element_type.h"

#include <array>
#include <cmath>
#include <cstring>
#include <limits>

#include <fmt/format.h>

namespace wf::workloads::spec {
namespace {

struct TypeInfo {
  ElementType type;
  std::string_view name;
  std::size_t size;
};

constexpr std::array<TypeInfo, 8> kTypes{{{ElementType::u8, "u8", 1},
                                          {ElementType::u16, "u16", 2},
                                          {ElementType::u32, "u32", 4},
                                          {ElementType::u64, "u64", 8},
                                          {ElementType::s32, "s32", 4},
                                          {ElementType::s64, "s64", 8},
                                          {ElementType::f32, "f32", 4},
                                          {ElementType::f64, "f64", 8}}};

const TypeInfo& info(ElementType type) {
  return kTypes[static_cast<std::size_t>(type)];
}

template <class T>
T read_as(const std::uint8_t* bytes) {
  T v;
  std::memcpy(&v, bytes, sizeof v);
  return v;
}

template <class T>
void write_as(std::uint8_t* bytes, T v) {
  std::memcpy(bytes, &v, sizeof v);
}

// The value as an integer: floats truncated toward zero, saturated where the cast would be
// undefined.
std::int64_t to_integer(const Value& v) {
  if (!v.is_float()) return v.i;
  if (std::isnan(v.f)) return 0;
  if (v.f >= 0x1.0p63) return std::numeric_limits<std::int64_t>::max();
  if (v.f < -0x1.0p63) return std::numeric_limits<std::int64_t>::min();
  return static_cast<std::int64_t>(v.f);
}

}  // namespace

std::string Value::to_string() const {
  switch (kind) {
    case Kind::integer:
      return fmt::format("{}", i);
    case Kind::f32:
      return fmt::format("{}", static_cast<float>(f));
    case Kind::f64:
      break;
  }
  return fmt::format("{}", f);
}

std::optional<ElementType> parse_element_type(std::string_view name) {
  for (const auto& t : kTypes)
    if (t.name == name) return t.type;
  return std::nullopt;
}

std::string_view element_type_name(ElementType type) {
  return info(type).name;
}
std::size_t element_size(ElementType type) {
  return info(type).size;
}
bool is_float_type(ElementType type) {
  return type == ElementType::f32 || type == ElementType::f64;
}

bool fits(ElementType type, const Value& v) {
  if (is_float_type(type)) return v.is_float() || (v.i >= -(1LL << 53) && v.i <= (1LL << 53));
  if (v.is_float()) return false;
  switch (type) {
    case ElementType::u8:
      return v.i >= 0 && v.i <= 0xff;
    case ElementType::u16:
      return v.i >= 0 && v.i <= 0xffff;
    case ElementType::u32:
      return v.i >= 0 && v.i <= 0xffffffffLL;
    case ElementType::u64:
      return v.i >= 0;  // TOML integers are signed 64-bit; larger u64s are written as strings
    case ElementType::s32:
      return v.i >= std::numeric_limits<std::int32_t>::min() &&
             v.i <= std::numeric_limits<std::int32_t>::max();
    default:
      return true;
  }
}

Value load_element(ElementType type, const std::uint8_t* bytes) {
  switch (type) {
    case ElementType::u8:
      return Value::integer(read_as<std::uint8_t>(bytes));
    case ElementType::u16:
      return Value::integer(read_as<std::uint16_t>(bytes));
    case ElementType::u32:
      return Value::integer(read_as<std::uint32_t>(bytes));
    case ElementType::u64:
      return Value::integer(static_cast<std::int64_t>(read_as<std::uint64_t>(bytes)));
    case ElementType::s32:
      return Value::integer(read_as<std::int32_t>(bytes));
    case ElementType::s64:
      return Value::integer(read_as<std::int64_t>(bytes));
    case ElementType::f32:
      return Value::f32(read_as<float>(bytes));
    case ElementType::f64:
      return Value::f64(read_as<double>(bytes));
  }
  return {};
}

void store_element(ElementType type, std::uint8_t* bytes, const Value& v) {
  const auto bits = static_cast<std::uint64_t>(to_integer(v));
  switch (type) {
    case ElementType::u8:
      return write_as(bytes, static_cast<std::uint8_t>(bits));
    case ElementType::u16:
      return write_as(bytes, static_cast<std::uint16_t>(bits));
    case ElementType::u32:
    case ElementType::s32:
      return write_as(bytes, static_cast<std::uint32_t>(bits));
    case ElementType::u64:
    case ElementType::s64:
      return write_as(bytes, bits);
    case ElementType::f32:
      return write_as(bytes, static_cast<float>(v.as_double()));
    case ElementType::f64:
      return write_as(bytes, v.as_double());
  }
}

}  // namespace wf::workloads::spec
