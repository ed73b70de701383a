// `warpforge sim --rtl BLOCK,...`: the named blocks of every SM run as their Verilated RTL:
// the models linked into warpforge from the checked-in rtl/ for the presets' configurations,
// else the generated Verilog verilated into the run-time cache as a shared object and loaded.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "sim_model/sm/external_blocks.h"

namespace wf::harness {

struct RtlInTheLoop {
  sm::ExternalBlocks blocks;
  // Verilated instances made so far, per module (the run reports them: proof that the RTL,
  // not the model, answered).
  std::shared_ptr<std::map<std::string, unsigned>> instances =
      std::make_shared<std::map<std::string, unsigned>>();
};

// Throws UsageError for a name that is not a block the SM uses. Each factory throws
// UsageError when the linked RTL of its configuration is not what the generator emits now (a
// stale build) or Verilator cannot build it.
RtlInTheLoop rtl_blocks(const std::vector<std::string>& names);

// The block names rtl_blocks accepts, in the SM's order.
std::vector<std::string> sm_block_names();

}  // namespace wf::harness
