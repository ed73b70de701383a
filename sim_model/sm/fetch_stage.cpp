#include "sim_model/sm/fetch_stage.h"

#include <bit>

#include "sim_model/sm/policies/make_policy.h"

namespace wf::sm {
namespace {

// Instructions are 8 bytes (as in SASS); each function gets its own 1 MiB of address space.
std::uint64_t instruction_address(std::uint32_t function, std::uint32_t pc) {
  return (std::uint64_t{function} << 20) + std::uint64_t{pc} * 8;
}

}  // namespace

FetchStage::FetchStage(SmCore& core)
    : core_(core),
      policy_(policies::make_policy<policies::FetchPolicyList>(policies::PolicyKind::kFetch,
                                                               core.config.fetch, core.config)),
      fills_partly_full_buffers_(std::visit(
          [](const auto& p) { return std::decay_t<decltype(p)>::kFillsPartlyFullBuffers; },
          policy_)),
      icache_(core.config) {
  update_cta_age();
  update_wpt_count();
}

bool FetchStage::cycle(std::uint64_t now, const IssuePorts& issued, unsigned issues) {
  const int grant =
      std::visit([&](auto& p) { return p.grant(core_, now, issued, issues); }, policy_);
  if (grant < 0) return false;
  fetch(static_cast<unsigned>(grant), now);
  return true;
}

void FetchStage::send(LoadStoreUnit& lsu, std::uint64_t now) {
  std::size_t sent = 0;
  while (sent < unsent_.size() && lsu.fetch_instruction(unsent_[sent], now)) ++sent;
  unsent_.erase(unsent_.begin(), unsent_.begin() + static_cast<std::ptrdiff_t>(sent));
}

void FetchStage::fill(std::uint64_t line_addr, std::uint64_t now) {
  const std::uint64_t line = (line_addr - kCodeBase) / core_.config.l1i_line_bytes;
  icache_.fill(line, now);
  for (std::uint64_t m = core_.live_mask; m; m &= m - 1) {
    const unsigned w = static_cast<unsigned>(std::countr_zero(m));
    HwWarp& h = core_.warps[w];
    if (h.refill_line == line && h.fetch_ready == InstructionCache::kPending) {
      h.fetch_ready = now;
      core_.touch(w);
    }
  }
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
  bool started = false;
  std::uint64_t ready = icache_.access(addr, now, started);
  if (h.refill_line == line) {
    h.refill_line = ~0ull;
    // The refill this warp waited for is forwarded, evicted meanwhile or not. A line this
    // access re-installed as pending has its data here too: nothing will be read for it.
    if (started && ready == InstructionCache::kPending) icache_.fill(line, now);
    ready = now;
  }
  if (ready > now) {
    ++core_.stats.icache_misses;
    h.refill_line = line;
    h.fetch_ready = ready;
    if (ready != InstructionCache::kPending) {
      core_.note_timed(ready);
    } else if (started) {
      ++core_.stats.icache_memory_reads;
      unsent_.push_back(kCodeBase + line * core_.config.l1i_line_bytes);
    }
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
