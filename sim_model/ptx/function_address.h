// What a function's address is: a function symbol in a global initializer (vtables, tables of
// function pointers), `mov.u64 %rd, func` and the register of an indirect call all use it. The
// functions of a module sit in a window of the generic address space that no state space maps,
// 16 bytes apart, from the module's function_base (each loaded module has its own, so that
// pointers of two modules never meet). Loading or storing through one is a bad access, as on a
// GPU, and any address that is not a function's is refused by an indirect call.
#pragma once

#include <cstdint>
#include <optional>

#include "sim_model/ptx/module.h"

namespace wf::ptx {

constexpr std::uint64_t kFunctionWindow = 0x7c00'0000'0000ull;
constexpr std::uint64_t kFunctionStride = 16;
// Function windows of successive modules are this far apart.
constexpr std::uint64_t kFunctionWindowPerModule = std::uint64_t{1} << 32;

constexpr std::uint64_t function_address(std::uint64_t function_base, std::uint32_t index) {
  return function_base + std::uint64_t{index} * kFunctionStride;
}

// The index of the function of `m` at `address`, if one is there.
inline std::optional<std::uint32_t> function_at(const Module& m, std::uint64_t address) {
  const std::uint64_t offset = address - m.function_base;
  if (address < m.function_base || offset % kFunctionStride != 0 ||
      offset / kFunctionStride >= m.functions.size())
    return std::nullopt;
  return static_cast<std::uint32_t>(offset / kFunctionStride);
}

}  // namespace wf::ptx
