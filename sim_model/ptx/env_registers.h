// %envreg0..%envreg31, the PTX ISA's "driver-defined read-only registers": their meaning is
// the CUDA driver's. The only ones nvcc's code reads are cooperative groups' (driver_abi.h of
// CUDA 13): %envreg1:%envreg2 is the 64-bit address of the grid workspace, a
// {u32 size; u32 barrier} whose barrier word grid.sync() counts arrivals in, and 0 in a launch
// that is not cooperative (grid_group::is_valid() is false, grid.sync() traps). Those two are
// what warpforge defines; any other is refused when the PTX is read, since no value could be
// the driver's.
#pragma once

#include <fmt/format.h>

#include <charconv>
#include <cstdint>
#include <string>

#include "sim_model/common/error.h"
#include "sim_model/ptx/launch_context.h"
#include "sim_model/ptx/lexer.h"

namespace wf::ptx {

// The bytes of the workspace a cooperative launch provides ({size, barrier}).
constexpr std::uint64_t kGridWorkspaceBytes = 8;

// The register number of "%envregN" (1 or 2); a UsageError naming the token otherwise.
inline std::uint8_t parse_env_register(const Token& t, const std::string& file) {
  const std::string_view digits = std::string_view(t.text).substr(7);
  unsigned n = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), n);
  const bool number = !digits.empty() && ec == std::errc() && end == digits.data() + digits.size();
  if (number && (n == 1 || n == 2)) return static_cast<std::uint8_t>(n);
  throw UsageError(fmt::format(
      "{}:{}:{}: unsupported special register '{}': {}", file, t.line, t.col, t.text,
      number && n < 32 ? "the CUDA driver defines its value, and warpforge models only %envreg1 "
                         "and %envreg2 (cooperative groups' grid workspace)"
                       : "expected %envreg0 to %envreg31"));
}

inline std::uint64_t env_register(unsigned n, const LaunchContext& ctx) {
  return n == 1 ? ctx.grid_workspace >> 32 : ctx.grid_workspace & 0xffff'ffffull;
}

}  // namespace wf::ptx
