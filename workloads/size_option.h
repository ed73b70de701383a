// Validates a workload's --size against what its kernels can handle, so a bad size is a
// one-line usage error instead of a wrong answer or an out-of-bounds access.
#pragma once

#include <cstdint>
#include <string_view>

#include "workloads/workload.h"

namespace wf::workloads {

struct SizeRule {
  std::uint64_t fallback;  // used when WorkloadOptions::size is 0
  std::uint64_t min;
  std::uint64_t max;
  std::uint64_t multiple = 1;  // the size must be a multiple of this
  bool power_of_two = false;
};

// Throws UsageError naming the workload and the rule when options.size breaks it.
std::uint64_t choose_size(std::string_view workload, const WorkloadOptions& options,
                          const SizeRule& rule);

}  // namespace wf::workloads
