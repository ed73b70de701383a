#include "sim_model/sm/load_store_unit.h"

#include "sim_model/sm/shared_memory_banks.h"

namespace wf::sm {

LoadStoreUnit::LoadStoreUnit(SmCore& core, unsigned warp_size, std::unique_ptr<L1DataPort> l1,
                             bool reference, bool barrel)
    : l1_(std::move(l1)), core_(core), warp_size_(warp_size), barrel_(barrel) {
  // Without a flag to read, cycle() ticks a quiet port too: the reference mode's way of not
  // skipping it, at no cost to the normal mode's test.
  if (!reference) reply_ = l1_->reply_flag();
  refresh();
}

unsigned LoadStoreUnit::issue(unsigned warp, const ptx::StepRecord& rec, std::uint64_t now) {
  const TimingConfig& c = core_.config;
  const ptx::Instr& in = *rec.instr;
  const ptx::MemAccess& m = rec.mem;
  if (m.lanes == 0) {  // predicated off, or a prefetch: no data moves
    leaves_ = now + c.const_latency;
    core_.schedule_writeback(warp, in, rec.reg_base, leaves_);
    return 1;
  }
  if (m.space == ptx::Space::Shared) {
    const unsigned degree = bank_conflict_degree(m, c.shared_banks);
    ++core_.stats.shared_accesses;
    core_.stats.shared_bank_passes += degree;
    leaves_ = now + c.shared_latency + degree - 1;
    core_.schedule_writeback(warp, in, rec.reg_base, leaves_);
    return degree;
  }
  if (m.space != ptx::Space::Global) {
    leaves_ = now + c.const_latency;
    core_.schedule_writeback(warp, in, rec.reg_base, leaves_);
    return 1;
  }
  const mem::RequestKind kind = rec.is_atomic ? mem::RequestKind::kAtomic
                                : m.is_store  ? mem::RequestKind::kWrite
                                              : mem::RequestKind::kRead;
  if (kind == mem::RequestKind::kWrite) {
    const unsigned lines = access(0, warp, kind, m, now);
    leaves_ = now + lines;
    return lines;
  }
  leaves_ = kAnswered;
  HwWarp& h = core_.warps[warp];
  std::uint32_t index;
  if (free_pending_.empty()) {
    index = static_cast<std::uint32_t>(pending_.size());
    pending_.emplace_back();
  } else {
    index = free_pending_.back();
    free_pending_.pop_back();
  }
  // Filled in place, field by field: a record built elsewhere and copied in would be read
  // back from stores the host cannot forward yet (as WritebackQueue::add).
  Pending& p = pending_[index];
  p.warp = warp;
  p.generation = h.generation;
  p.issue_cycle = now;
  p.atomic = rec.deferred_atomic;
  p.live = true;
  p.release.warp = static_cast<std::uint8_t>(warp);
  p.release.generation = h.generation;
  unsigned count = 0;
  for (unsigned i = 0; i < in.nwrites && count < p.release.regs.size(); ++i) {
    p.release.regs[count++] = rec.reg_base + in.writes[i];
    h.scoreboard.reserve(rec.reg_base + in.writes[i]);
  }
  p.release.count = static_cast<std::uint8_t>(count);
  ++h.pending_memory;
  if (rec.deferred_atomic != ptx::kNoDeferredAtomic) ++h.pending_atomics;
  const std::uint64_t token = std::uint64_t{index} + 1;
  return access(token, warp, kind, m, now);
}

unsigned LoadStoreUnit::access(std::uint64_t token, unsigned warp, mem::RequestKind kind,
                               const ptx::MemAccess& m, std::uint64_t now) {
  const unsigned lines = l1_->access(token, warp, kind, m, now);
  refresh();
  return lines;
}

void LoadStoreUnit::atomic_arrived(std::uint64_t request_id, std::uint64_t line) {
  std::uint64_t token = 0;
  if (!l1_->atomic_token(request_id, token)) return;
  const Pending* p = pending(token);
  if (!p || p->atomic == ptx::kNoDeferredAtomic) return;
  core_.executor->perform_atomic(p->atomic, line, core_.config.l1d_line_bytes);
}

void LoadStoreUnit::cycle(std::uint64_t now) {
  // A quiet port acts only on a reply (L1DataPort::reply_flag): without one its cycle would
  // change nothing, and most cycles of a waiting SM have none.
  if (quiet_ && reply_.word && !(*reply_.word & reply_.bit)) return;
  if (l1_->cycle(now)) take_completions(now);
  refresh();
}

void LoadStoreUnit::take_completions(std::uint64_t now) {
  std::uint64_t token = 0;
  while (l1_->pop_completion(token)) {
    if (token & L1DataPort::kInstructionFill) {
      instruction_fills_.push_back(token & ~L1DataPort::kInstructionFill);
      continue;
    }
    Pending* found = pending(token);
    if (!found) continue;
    Pending& p = *found;
    HwWarp& h = core_.warps[p.warp];
    if (h.generation == p.generation) {
      core_.release(p.release);
      if (--h.pending_memory == 0) {
        core_.cta_may_finish = true;
        if (barrel_ && !h.in_packer) {  // its one instruction in flight has left the pipeline
          h.fetch_ready = now;
          core_.touch(p.warp);
        }
      }
      if (p.atomic != ptx::kNoDeferredAtomic) --h.pending_atomics;
    }
    ++core_.stats.memory_loads;
    core_.stats.memory_latency_cycles += now - p.issue_cycle;
    p.live = false;
    free_pending_.push_back(static_cast<std::uint32_t>(token - 1));
  }
}

}  // namespace wf::sm
