#include "tools/warpforge/given_settings.h"

#include <cstdint>

#include <fmt/format.h>

#include "sim_model/common/decimal.h"
#include "sim_model/common/error.h"

namespace wf::cli {
namespace {

bool same_value(const std::string& a, const std::string& b) {
  std::uint64_t x = 0, y = 0;
  return a == b || (parse_decimal(a, x) && parse_decimal(b, y) && x == y);
}

}  // namespace

void GivenSettings::add(const std::string& key, const std::string& name, const std::string& text,
                        const std::string& value) {
  const auto [it, fresh] = given_.try_emplace(key, Given{text, value});
  if (fresh || same_value(it->second.value, value)) return;
  throw UsageError(fmt::format("{} and {} set {} to different values; give it once",
                               it->second.text, text, name));
}

}  // namespace wf::cli
