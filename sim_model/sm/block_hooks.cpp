// The hooks on the blocks an SM calls: trace recorders (sim --record-blocks) and stand-ins for
// the golden models (sim --rtl). Kept apart from the stages, which only see BlockSlot.
#include <string>
#include <variant>
#include <vector>

#include <fmt/format.h>

#include "sim_model/sm/sm.h"
#include "sim_model/trace/block_trace_set.h"

namespace wf::sm {

void WarpScheduler::record_blocks(trace::BlockTraceSet& set, const std::string& instance) {
  std::visit([&](auto& slot) { slot.record_to(set.open(instance, slot.params())); }, arbiter_);
}

const char* WarpScheduler::use_external(const ExternalBlocks& external) {
  return std::visit([&](auto& slot) { return external.attach(slot); }, arbiter_);
}

void IssueStage::record_blocks(trace::BlockTraceSet& set, const std::string& prefix) {
  for (std::size_t k = 0; k < schedulers_.size(); ++k)
    schedulers_[k].record_blocks(set, fmt::format("{}issue{}", prefix, k));
}

void IssueStage::use_external(const ExternalBlocks& external) {
  for (auto& s : schedulers_) s.use_external(external);
}

void FetchStage::record_blocks(trace::BlockTraceSet& set, const std::string& instance) {
  std::visit([&](auto& slot) { slot.record_to(set.open(instance, slot.params())); }, arbiter_);
}

const char* FetchStage::use_external(const ExternalBlocks& external) {
  return std::visit([&](auto& slot) { return external.attach(slot); }, arbiter_);
}

void Sm::record_blocks(trace::BlockTraceSet& set) {
  const std::string prefix = fmt::format("sm{:02}_", core_.id);
  issue_.record_blocks(set, prefix);
  fetch_.record_blocks(set, prefix + "fetch");
  core_.barriers.record_to(set.open(prefix + "wpt", core_.barriers.params()));
}

std::vector<std::string> probe_external(const TimingConfig& c, const ExternalBlocks& external) {
  SmCore core(c, 0);
  FetchStage fetch(core);
  WarpScheduler scheduler(c, c.issue);
  std::vector<std::string> used;
  for (const char* name : {scheduler.use_external(external), fetch.use_external(external),
                           core.barriers.use_external(external)})
    if (name) used.push_back(name);
  return used;
}

void Sm::use_external(const ExternalBlocks& external) {
  issue_.use_external(external);
  fetch_.use_external(external);
  core_.barriers.use_external(external);
  fetch_.update_wpt_count();  // a stand-in's counts are read afresh
}

}  // namespace wf::sm
