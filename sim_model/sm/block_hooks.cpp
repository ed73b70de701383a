// The hooks on the blocks an SM calls: trace recorders (sim --record-blocks) and stand-ins for
// the golden models (sim --rtl). Kept apart from the stages, which only see BlockSlot; the
// policies list their blocks (for_each_block).
#include <string>
#include <variant>
#include <vector>

#include <fmt/format.h>

#include "sim_model/sm/sm.h"
#include "sim_model/trace/block_trace_set.h"

namespace wf::sm {
namespace {

// A policy's blocks, each as one trace instance: `role` when it calls one block, else
// role_<block> for each.
template <class Policy>
void record_policy(Policy& policy, trace::BlockTraceSet& set, const std::string& role) {
  const bool several = std::tuple_size_v<typename Policy::Blocks> > 1;
  policy.for_each_block([&](auto& slot) {
    using Block = typename std::decay_t<decltype(slot)>::Block;
    const std::string instance = several ? role + "_" + Block::kName : role;
    slot.record_to(set.open(instance, slot.params()));
  });
}

template <class Policy>
void attach_policy(Policy& policy, const ExternalBlocks& external) {
  policy.for_each_block([&](auto& slot) { external.attach(slot); });
}

}  // namespace

void WarpScheduler::record_blocks(trace::BlockTraceSet& set, const std::string& instance) {
  std::visit([&](auto& p) { record_policy(p, set, instance); }, policy_);
}

void WarpScheduler::use_external(const ExternalBlocks& external) {
  std::visit([&](auto& p) { attach_policy(p, external); }, policy_);
}

void IssueStage::record_blocks(trace::BlockTraceSet& set, const std::string& prefix) {
  for (std::size_t k = 0; k < schedulers_.size(); ++k)
    schedulers_[k].record_blocks(set, fmt::format("{}issue{}", prefix, k));
  for (std::size_t k = 0; k < packers_.size(); ++k) {
    auto& slot = packers_[k]->slot();
    slot.record_to(set.open(fmt::format("{}packer{}", prefix, k), slot.params()));
  }
}

void IssueStage::use_external(const ExternalBlocks& external) {
  for (auto& s : schedulers_) s.use_external(external);
  for (auto& p : packers_) external.attach(p->slot());
}

void FetchStage::record_blocks(trace::BlockTraceSet& set, const std::string& instance) {
  std::visit([&](auto& p) { record_policy(p, set, instance); }, policy_);
}

void FetchStage::use_external(const ExternalBlocks& external) {
  std::visit([&](auto& p) { attach_policy(p, external); }, policy_);
}

void Sm::record_blocks(trace::BlockTraceSet& set) {
  const std::string prefix = fmt::format("sm{:02}_", core_.id);
  issue_.record_blocks(set, prefix);
  fetch_.record_blocks(set, prefix + "fetch");
  core_.barriers.record_to(set.open(prefix + "wpt", core_.barriers.params()));
}

void probe_external(const TimingConfig& c, const ExternalBlocks& external) {
  SmCore core(c, 0);
  FetchStage fetch(core);
  WarpScheduler scheduler(c);
  scheduler.use_external(external);
  fetch.use_external(external);
  core.barriers.use_external(external);
  if (c.large_warp_size) {
    SubwarpIssue::Slot packer(SubwarpIssue::params_for(c));
    external.attach(packer);
  }
}

void Sm::use_external(const ExternalBlocks& external) {
  issue_.use_external(external);
  fetch_.use_external(external);
  core_.barriers.use_external(external);
  fetch_.update_wpt_count();  // a stand-in's counts are read afresh
}

}  // namespace wf::sm
