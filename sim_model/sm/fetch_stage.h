// Fetch: one warp per cycle, chosen by the fetch policy of the run
// (sim_model/sm/policies/fetch/) among the warps it finds eligible. A hit fills the warp's free
// I-buffer entries with consecutive instructions, stopping after a control instruction: the
// warp cannot fetch past a branch it has not resolved. A miss waits for the refill: a fixed
// latency, or ([l1i] from_memory) a read of the line through the load/store unit's port to the
// L2 and DRAM, from the code's place in device memory (kCodeBase).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "sim_model/sm/external_blocks.h"
#include "sim_model/sm/instruction_cache.h"
#include "sim_model/sm/load_store_unit.h"
#include "sim_model/sm/policies/fetch_policies.h"
#include "sim_model/sm/sm_core.h"

namespace wf::trace {
class BlockTraceSet;
}  // namespace wf::trace

namespace wf::sm {

class FetchStage {
 public:
  using IssuePorts = policies::IssuePorts;  // per scheduler: the warp it issued, or -1
  // Closed over the registered fetch policies (see WarpScheduler::Policy).
  using Policy = policies::FetchPolicyList::apply<std::variant>;

  explicit FetchStage(SmCore& core);

  // `issued[k]`: the warp scheduler k issued this cycle (fed to the policy's issue ports);
  // `issues`: how many did (the issue stage counted them). Returns whether a warp was granted.
  bool cycle(std::uint64_t now, const IssuePorts& issued, unsigned issues);
  void set_warp_cta(unsigned warp, unsigned cta_slot) {
    std::visit([&](auto& p) { p.set_warp_cta(warp, cta_slot); }, policy_);
  }
  // The CTA ages and the warp priority table's counts change only at dispatch, finish and
  // barrier events, so the policy is told then (Sm calls these) instead of reading them every
  // cycle: the counts' cache line is otherwise cold by the time fetch runs.
  void update_cta_age() {
    std::visit([&](auto& p) { p.cta_ages_changed(core_); }, policy_);
  }
  void update_wpt_count() {
    std::visit([&](auto& p) { p.wpt_counts_changed(core_); }, policy_);
  }
  // Whether any live warp, not only those with an empty I-buffer, may wait on an I-cache
  // refill (FetchPolicyBase::kFillsPartlyFullBuffers).
  bool fills_partly_full_buffers() const { return fills_partly_full_buffers_; }
  void reset() {
    std::visit([](auto& p) { p.reset(); }, policy_);
  }
  // Records every call of the policy's blocks into `set` as `instance` (block_hooks.cpp).
  void record_blocks(trace::BlockTraceSet& set, const std::string& instance);
  // Hands the policy's blocks to their stand-ins, where `external` has one (block_hooks.cpp).
  void use_external(const ExternalBlocks& external);
  const InstructionCache& icache() const { return icache_; }

  // Instruction misses to read through the memory system that the port has not taken yet.
  bool has_unsent() const { return !unsent_.empty(); }
  // Hands them to `lsu`'s port, oldest first, as far as it takes them this cycle.
  void send(LoadStoreUnit& lsu, std::uint64_t now);
  // The line at `line_addr` (a code address the fetch stage sent) arrived: its waiting warps
  // may fetch from `now`.
  void fill(std::uint64_t line_addr, std::uint64_t now);

  // Where the code lives in the simulated device's address space: apart from every allocation
  // (device memory starts low) and from local memory (Coalescer's base, 2^62). Each function
  // has 1 MiB there (instruction_address), instructions 8 bytes as in SASS.
  static constexpr std::uint64_t kCodeBase = std::uint64_t{1} << 61;

 private:
  void fetch(unsigned warp, std::uint64_t now);

  SmCore& core_;
  Policy policy_;
  bool fills_partly_full_buffers_;
  InstructionCache icache_;
  std::vector<std::uint64_t> unsent_;  // line addresses, oldest first
};

}  // namespace wf::sm
