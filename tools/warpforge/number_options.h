// Validators for numeric and name options. CLI11 (2.1) reads an unsigned option with strtoull,
// which wraps "-1" to 2^64-1 and saturates numbers beyond 2^64; these refuse both, so a number
// on the command line means what it says or is refused in one line naming the option.
#pragma once

#include <cstdint>
#include <string>

#include <CLI/CLI.hpp>

namespace wf::cli {

// A decimal integer from `min` to `max` (no sign, no other base).
CLI::Validator unsigned_in(std::uint64_t min, std::uint64_t max);

// Anything but the empty string; `what` names what is expected ("a policy name").
CLI::Validator non_empty(const std::string& what);

}  // namespace wf::cli
