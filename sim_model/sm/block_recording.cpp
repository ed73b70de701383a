// Attaches block trace recorders (sim --record-blocks) to the blocks an SM calls. Kept apart
// from the stages so that they carry only the null-tested recorder pointer at each call.
#include <variant>

#include <fmt/format.h>

#include "sim_model/sm/sm.h"
#include "sim_model/trace/block_trace_set.h"

namespace wf::sm {

void WarpScheduler::record_blocks(trace::BlockTraceSet& set, const std::string& instance) {
  recorder_ =
      std::visit([&](const auto& arb) { return set.open(instance, arb.params()); }, arbiter_);
}

void IssueStage::record_blocks(trace::BlockTraceSet& set, const std::string& prefix) {
  for (std::size_t k = 0; k < schedulers_.size(); ++k)
    schedulers_[k].record_blocks(set, fmt::format("{}issue{}", prefix, k));
}

void FetchStage::record_blocks(trace::BlockTraceSet& set, const std::string& instance) {
  recorder_ =
      std::visit([&](const auto& arb) { return set.open(instance, arb.params()); }, arbiter_);
}

void Sm::record_blocks(trace::BlockTraceSet& set) {
  const std::string prefix = fmt::format("sm{:02}_", core_.id);
  issue_.record_blocks(set, prefix);
  fetch_.record_blocks(set, prefix + "fetch");
  core_.barriers.record_to(set.open(prefix + "wpt", core_.barriers.table().params()));
}

}  // namespace wf::sm
