// Which spec arguments a kernel parameter takes: a scalar of the parameter's size and kind
// (integers for .u/.s, floats for .f, anything of the size for untyped .b), and a buffer
// address for a 64-bit integer or untyped one. An f32 for a .u32 parameter is an error, never
// a reinterpretation of its bits.
#pragma once

#include <string>
#include <string_view>

#include "sim_model/gpu/runtime.h"
#include "workloads/spec/element_type.h"

namespace wf::workloads::spec {

bool takes_scalar(const gpu::KernelParam& param, ElementType type);
bool takes_address(const gpu::KernelParam& param);

// ".u32", ".b8[16]" (a struct passed by value).
std::string param_type_name(const gpu::KernelParam& param);
// "a u32", "an f32", "an s64": the type name as a noun.
std::string with_article(std::string_view type_name);
// What a spec may pass: "a u32 or s32 scalar", "a buffer or a u64 or s64 scalar".
std::string accepted_arguments(const gpu::KernelParam& param);

}  // namespace wf::workloads::spec
