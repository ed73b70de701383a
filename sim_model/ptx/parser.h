// PTX text → decoded Module. Accepts what `nvcc -ptx` (PTX ISA 9.0 and earlier) emits for
// ordinary kernels; anything it does not understand is an error naming the construct, never
// silently skipped.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "sim_model/ptx/function_address.h"
#include "sim_model/ptx/module.h"

namespace wf::ptx {

struct ParseOptions {
  // Module-scope .global/.const variables are placed from here upwards, 256-byte aligned. The
  // loader reserves [global_base, Module::global_end) in device memory.
  std::uint64_t global_base = 0x1'0000'0000ull;
  // The address of the module's function 0; the others follow (function_address.h).
  std::uint64_t function_base = kFunctionWindow;
};

// Throws wf::UsageError "file:line:column: expected ..." on malformed input.
Module parse_module(std::string_view text, const std::string& file,
                    const ParseOptions& options = {});

// End of the module-scope global/const variables (exclusive), for reserving device memory.
std::uint64_t module_global_end(const Module& m, const ParseOptions& options = {});

}  // namespace wf::ptx
