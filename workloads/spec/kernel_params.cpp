#include "workloads/spec/kernel_params.h"

#include <vector>

#include <fmt/format.h>

namespace wf::workloads::spec {
namespace {

constexpr ElementType kAllTypes[] = {ElementType::u8,  ElementType::u16, ElementType::u32,
                                     ElementType::u64, ElementType::s32, ElementType::s64,
                                     ElementType::f32, ElementType::f64};

bool untyped(ptx::Type t) {
  return t == ptx::Type::B8 || t == ptx::Type::B16 || t == ptx::Type::B32 || t == ptx::Type::B64;
}

bool integer(ptx::Type t) {
  return !untyped(t) && !ptx::is_float(t) && t != ptx::Type::Pred && t != ptx::Type::None;
}

}  // namespace

std::string with_article(std::string_view type_name) {
  const bool vowel_sound = !type_name.empty() && (type_name[0] == 'f' || type_name[0] == 's');
  return fmt::format("{} {}", vowel_sound ? "an" : "a", type_name);
}

bool takes_scalar(const gpu::KernelParam& param, ElementType type) {
  if (element_size(type) != param.size) return false;
  if (untyped(param.type)) return true;
  if (is_float_type(type)) return param.type == ptx::Type::F32 || param.type == ptx::Type::F64;
  return integer(param.type);
}

bool takes_address(const gpu::KernelParam& param) {
  return param.size == 8 && (untyped(param.type) || integer(param.type));
}

std::string param_type_name(const gpu::KernelParam& param) {
  const auto name = std::string(ptx::type_name(param.type));
  const unsigned bytes = ptx::type_bytes(param.type);
  if (bytes && param.size != bytes) return fmt::format("{}[{}]", name, param.size / bytes);
  return name;
}

std::string accepted_arguments(const gpu::KernelParam& param) {
  std::vector<std::string> scalars;
  for (ElementType t : kAllTypes)
    if (takes_scalar(param, t)) scalars.push_back(std::string(element_type_name(t)));
  std::string list;
  for (std::size_t i = 0; i < scalars.size(); ++i)
    list += (i == 0 ? "" : i + 1 == scalars.size() ? " or " : ", ") + scalars[i];
  const std::string address = takes_address(param) ? "a buffer" : "";
  if (scalars.empty())
    return address.empty()
               ? fmt::format("a {}-byte argument, which no spec argument is", param.size)
               : address;
  return fmt::format("{}{}{} scalar", address, address.empty() ? "" : " or ", with_article(list));
}

}  // namespace wf::workloads::spec
