// The LD/ST stage: turns an executed memory instruction into timing. Shared memory costs one
// pass per bank-conflict degree; global accesses go to the L1 data port, which coalesces them
// into 128-byte line requests (one LD/ST cycle each) and whose completions release the
// destination registers; .param/.const/.local
// take the constant path's fixed latency. Returns how long the LD/ST unit stays occupied.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "sim_model/ptx/step_record.h"
#include "sim_model/sm/l1_data_port.h"
#include "sim_model/sm/sm_core.h"

namespace wf::sm {

class LoadStoreUnit {
 public:
  // `core` need not be constructed yet (Sm places this unit before it): it is only bound.
  // `reference` (TimingConfig::reference): tick the port every cycle, reply or not.
  // `barrel` (TimingConfig::barrel_processing): a warp's answered load lets it fetch again.
  LoadStoreUnit(SmCore& core, unsigned warp_size, std::unique_ptr<L1DataPort> l1,
                bool reference = false, bool barrel = false);

  // Whether an instruction of warp `warp` may issue this cycle as far as the L1 is concerned.
  bool can_accept() const { return accept_; }
  // Accounts for an executed memory or atomic instruction; returns the unit's busy cycles.
  unsigned issue(unsigned warp, const ptx::StepRecord& rec, std::uint64_t now);
  // When the instruction issue() took last leaves the pipeline: its writeback, the end of a
  // store's line requests, or kAnswered for a load or atomic (when its data comes back).
  static constexpr std::uint64_t kAnswered = ~std::uint64_t{0};
  std::uint64_t leaves() const { return leaves_; }
  // L1 exchange with the memory system and register releases for data that came back.
  void cycle(std::uint64_t now);
  bool quiet() const { return quiet_; }
  // The memory system's atomics unit reached line `line` of atomic line request `request_id`:
  // the instruction's lanes on that line are performed now.
  void atomic_arrived(std::uint64_t request_id, std::uint64_t line);
  const L1DataPort& l1() const { return *l1_; }
  // The fetch stage's instruction misses share the port ([l1i] from_memory): queues a read of
  // the line at `line_addr`, false when the port has no room this cycle.
  bool fetch_instruction(std::uint64_t line_addr, std::uint64_t now) {
    const bool queued = l1_->fetch_instruction(line_addr, now);
    refresh();
    return queued;
  }
  // Instruction lines that arrived since the last call (their line addresses); the SM hands
  // them to the fetch stage and clears the list.
  std::vector<std::uint64_t>& instruction_fills() { return instruction_fills_; }

 private:
  // The port's calls, each followed by refresh().
  unsigned access(std::uint64_t token, unsigned warp, mem::RequestKind kind,
                  const ptx::MemAccess& m, std::uint64_t now);
  // Releases the registers of the loads and atomics whose data arrived this cycle.
  void take_completions(std::uint64_t now);
  void refresh() {
    quiet_ = l1_->quiet();
    accept_ = l1_->can_accept(warp_size_);
  }

  struct Pending {
    unsigned warp;
    std::uint32_t generation;
    RegisterRelease release;
    std::uint64_t issue_cycle;
    std::uint32_t atomic;  // the executor's deferred atomic, or ptx::kNoDeferredAtomic
    bool live;
  };

  // The instruction behind `token`, or null when none is pending under it.
  Pending* pending(std::uint64_t token) {
    if (token == 0 || token > pending_.size() || !pending_[token - 1].live) return nullptr;
    return &pending_[token - 1];
  }

  std::unique_ptr<L1DataPort> l1_;
  SmCore& core_;
  // The port's quiet() and can_accept() as of the last call into it (its state changes only
  // in those calls), and its reply flag: issue asks every cycle whether the port can take an
  // instruction, and a quiet port without a reply is not ticked at all, so most SM-cycles
  // need not touch the port. Beside l1_, as every SM-cycle reads them.
  bool quiet_ = true, accept_ = true;
  unsigned warp_size_;
  const bool barrel_;  // TimingConfig::barrel_processing: an answer lets its warp fetch
  std::uint64_t leaves_ = 0;
  L1DataPort::ReplyFlag reply_;
  // Loads and atomics in flight; an instruction's token is its index + 1 (0 is a store's).
  std::vector<Pending> pending_;
  std::vector<std::uint64_t> instruction_fills_;
  std::vector<std::uint32_t> free_pending_;
};

}  // namespace wf::sm
