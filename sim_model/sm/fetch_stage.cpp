#include "sim_model/sm/fetch_stage.h"

#include <bit>

namespace wf::sm {
namespace {

using FetchArbiter =
    std::variant<BlockSlot<blocks::CffFetchArbiter>, BlockSlot<blocks::FefFetchArbiter>,
                 BlockSlot<blocks::TwoLevelArbiter>>;

FetchArbiter make_arbiter(const TimingConfig& c) {
  switch (c.fetch) {
    case FetchPolicy::kFef:
      return FetchArbiter{std::in_place_type<BlockSlot<blocks::FefFetchArbiter>>,
                          blocks::FefFetchArbiterParams::for_machine(c.machine).front()};
    case FetchPolicy::kTwoLevel:
      // for_machine lists the issue configuration first, then the SM-wide fetch one.
      return FetchArbiter{std::in_place_type<BlockSlot<blocks::TwoLevelArbiter>>,
                          blocks::TwoLevelArbiterParams::for_machine(c.machine).back()};
    case FetchPolicy::kLrr:
    case FetchPolicy::kCff:
      break;
  }
  const auto mode = fetch_mode(c.issue, c.fetch);
  for (const auto& p : blocks::CffFetchArbiterParams::for_machine(c.machine))
    if (p.mode == mode)
      return FetchArbiter{std::in_place_type<BlockSlot<blocks::CffFetchArbiter>>, p};
  return FetchArbiter{std::in_place_type<BlockSlot<blocks::CffFetchArbiter>>,
                      blocks::CffFetchArbiterParams::for_machine(c.machine).front()};
}

// Instructions are 8 bytes (as in SASS); each function gets its own 1 MiB of address space.
std::uint64_t instruction_address(std::uint32_t function, std::uint32_t pc) {
  return (std::uint64_t{function} << 20) + std::uint64_t{pc} * 8;
}

}  // namespace

FetchStage::FetchStage(SmCore& core)
    : core_(core), arbiter_(make_arbiter(core.config)), icache_(core.config) {
  update_cta_age();
  update_wpt_count();
}

std::uint64_t FetchStage::empty_buffer_candidates(std::uint64_t now) const {
  std::uint64_t eligible = 0;
  for (std::uint64_t m = core_.fetch_candidates; m; m &= m - 1) {
    const unsigned w = static_cast<unsigned>(std::countr_zero(m));
    const HwWarp& h = core_.warps[w];
    if (now < h.fetch_ready || (h.branch_pending && now < h.branch_resolve)) continue;
    eligible |= std::uint64_t{1} << w;
  }
  return eligible;
}

std::uint64_t FetchStage::free_entry_candidates(std::uint64_t now) const {
  std::uint64_t eligible = 0;
  for (std::uint64_t m = core_.live_mask; m; m &= m - 1) {
    const unsigned w = static_cast<unsigned>(std::countr_zero(m));
    const HwWarp& h = core_.warps[w];
    if (h.finished || h.ibuffer.size() >= core_.config.ibuffer_entries) continue;
    if (now < h.fetch_ready || (h.branch_pending && now < h.branch_resolve)) continue;
    if (!h.ibuffer.empty()) {
      const IBuffer::Entry& last = h.ibuffer.back();
      const auto& code = core_.launch->module->functions[last.function].code;
      if (last.pc + 1 >= code.size() || code[last.pc].cls == ptx::OpClass::Control) continue;
    }
    eligible |= std::uint64_t{1} << w;
  }
  return eligible;
}

int FetchStage::grant_cff(BlockSlot<blocks::CffFetchArbiter>& a, std::uint64_t eligible,
                          const IssuePorts& issued, unsigned issues) {
  // With neither a candidate nor an issue to learn from, the arbiter would not change state
  // (and its inputs need not be written).
  if (eligible == 0 && issues == 0) return -1;
  // A local bound: the byte stores below may alias the config as far as the compiler knows.
  const unsigned ports = core_.config.machine.schedulers;
  for (unsigned k = 0; k < ports; ++k) {
    const int w = issued[k];
    in_.issue_valid[k] = w >= 0;
    in_.issue_warp[k] = static_cast<std::uint8_t>(w < 0 ? 0 : w);
  }
  in_.eligible = eligible;
  const auto out = a.step(in_);
  return out.grant_valid ? static_cast<int>(out.grant_warp) : -1;
}

bool FetchStage::cycle(std::uint64_t now, const IssuePorts& issued, unsigned issues) {
  int grant = -1;
  if (auto* cff = std::get_if<BlockSlot<blocks::CffFetchArbiter>>(&arbiter_)) {
    grant = grant_cff(*cff, empty_buffer_candidates(now), issued, issues);
  } else if (auto* fef = std::get_if<BlockSlot<blocks::FefFetchArbiter>>(&arbiter_)) {
    blocks::FefFetchArbiter::In in;
    in.eligible = free_entry_candidates(now);
    if (in.eligible == 0) return false;  // no request: the arbiter keeps its state
    for (std::uint64_t m = in.eligible; m; m &= m - 1) {
      const unsigned w = static_cast<unsigned>(std::countr_zero(m));
      in.entries[w] = static_cast<std::uint8_t>(core_.warps[w].ibuffer.size());
    }
    const auto out = fef->step(in);
    grant = out.grant_valid ? static_cast<int>(out.grant_warp) : -1;
  } else {
    auto& two = std::get<BlockSlot<blocks::TwoLevelArbiter>>(arbiter_);
    blocks::TwoLevelArbiter::In in;
    in.request = empty_buffer_candidates(now);
    if (in.request == 0) return false;
    const auto out = two.step(in);
    grant = out.grant_valid ? static_cast<int>(out.grant_warp) : -1;
  }
  if (grant < 0) return false;
  fetch(static_cast<unsigned>(grant), now);
  return true;
}

void FetchStage::fetch(unsigned warp, std::uint64_t now) {
  HwWarp& h = core_.warps[warp];
  h.branch_pending = false;
  core_.touch(warp);
  // An empty buffer fetches at the warp's pc; a partly full one (fef) after its last entry.
  const bool empty = h.ibuffer.empty();
  const std::uint32_t fn = empty ? h.warp->function() : h.ibuffer.back().function;
  const std::uint32_t pc = empty ? h.warp->pc() : h.ibuffer.back().pc + 1;
  const std::uint64_t addr = instruction_address(fn, pc);
  const std::uint64_t line = addr / core_.config.l1i_line_bytes;
  ++core_.stats.icache_accesses;
  std::uint64_t ready = icache_.access(addr, now);
  if (h.refill_line == line) {
    h.refill_line = ~0ull;
    ready = now;  // the refill this warp waited for is forwarded, evicted meanwhile or not
  }
  if (ready > now) {
    ++core_.stats.icache_misses;
    h.refill_line = line;
    h.fetch_ready = ready;
    core_.note_timed(ready);
    return;
  }
  const auto& code = core_.launch->module->functions[fn].code;
  for (std::uint32_t p = pc; h.ibuffer.size() < core_.config.ibuffer_entries && p < code.size();
       ++p) {
    h.ibuffer.push({fn, p, &code[p]});
    if (code[p].cls == ptx::OpClass::Control) break;
  }
  core_.note_ibuffer(warp);
}

}  // namespace wf::sm
