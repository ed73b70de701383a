#include "workloads/size_option.h"

#include <bit>
#include <string>

#include <fmt/format.h>

#include "sim_model/common/error.h"

namespace wf::workloads {

std::uint64_t choose_size(std::string_view workload, const WorkloadOptions& options,
                          const SizeRule& rule) {
  if (options.size == 0) return rule.fallback;
  const std::uint64_t n = options.size;
  const bool ok = n >= rule.min && n <= rule.max && n % rule.multiple == 0 &&
                  (!rule.power_of_two || std::has_single_bit(n));
  if (ok) return n;
  std::string kind = rule.power_of_two   ? "a power of two"
                     : rule.multiple > 1 ? fmt::format("a multiple of {}", rule.multiple)
                                         : "an integer";
  throw UsageError(fmt::format("--size for workload {}: expected {} in [{}, {}], got {}", workload,
                               kind, rule.min, rule.max, n));
}

}  // namespace wf::workloads
