// `warpforge sim --rtl BLOCK,...`: the named blocks of every SM run as their Verilated RTL
// (harness/rtl_stand_in.h): any registered block; the run then checks that its policies use it.
#pragma once

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "harness/rtl_stand_in.h"
#include "sim_model/sm/external_blocks.h"

namespace wf::harness {

struct RtlInTheLoop {
  sm::ExternalBlocks blocks;
  std::shared_ptr<InstanceCounts> instances = std::make_shared<InstanceCounts>();
};

// Throws UsageError for a name that is not a registered block. Each factory throws UsageError
// when the linked RTL of its configuration is not what the generator emits now (a stale build)
// or Verilator cannot build it (within `build_budget`, 0: none, for each configuration that is
// not linked into warpforge).
RtlInTheLoop rtl_blocks(const std::vector<std::string>& names, std::chrono::seconds build_budget);

}  // namespace wf::harness
