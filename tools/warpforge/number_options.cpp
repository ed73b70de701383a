#include "tools/warpforge/number_options.h"

#include <fmt/format.h>

#include "sim_model/common/decimal.h"

namespace wf::cli {

CLI::Validator unsigned_in(std::uint64_t min, std::uint64_t max) {
  const std::string expected = fmt::format("expected an integer from {} to {}", min, max);
  return CLI::Validator(
      [=](std::string& text) -> std::string {
        std::uint64_t v = 0;
        if (!parse_decimal(text, v) || v < min || v > max)
          return fmt::format("{}, got \"{}\"", expected, text);
        return {};
      },
      fmt::format("UINT:{}..{}", min, max));
}

CLI::Validator non_empty(const std::string& what) {
  return CLI::Validator(
      [=](std::string& text) -> std::string {
        return text.empty() ? fmt::format("expected {}, got an empty string", what) : std::string();
      },
      "");
}

}  // namespace wf::cli
