#include "sim_model/sm/fetch_stage.h"

#include <bit>

namespace wf::sm {
namespace {

blocks::CffFetchArbiterParams fetch_params(const TimingConfig& c) {
  const auto mode = fetch_mode(c.issue, c.fetch);
  for (const auto& p : blocks::CffFetchArbiterParams::for_machine(c.machine))
    if (p.mode == mode) return p;
  return blocks::CffFetchArbiterParams::for_machine(c.machine).front();
}

// Instructions are 8 bytes (as in SASS); each function gets its own 1 MiB of address space.
std::uint64_t instruction_address(std::uint32_t function, std::uint32_t pc) {
  return (std::uint64_t{function} << 20) + std::uint64_t{pc} * 8;
}

}  // namespace

FetchStage::FetchStage(SmCore& core)
    : core_(core), arbiter_(fetch_params(core.config)), icache_(core.config) {}

bool FetchStage::cycle(std::uint64_t now, const IssuePorts& issued) {
  std::uint64_t eligible = 0;
  for (std::uint64_t m = core_.fetch_candidates; m; m &= m - 1) {
    const unsigned w = static_cast<unsigned>(std::countr_zero(m));
    const HwWarp& h = core_.warps[w];
    if (now < h.fetch_ready || (h.branch_pending && now < h.branch_resolve)) continue;
    eligible |= std::uint64_t{1} << w;
  }
  bool any_issue = false;
  for (unsigned k = 0; k < core_.config.machine.schedulers; ++k) {
    in_.issue_valid[k] = issued[k] >= 0;
    in_.issue_warp[k] = static_cast<std::uint8_t>(issued[k] < 0 ? 0 : issued[k]);
    any_issue |= issued[k] >= 0;
  }
  // With neither a candidate nor an issue to learn from, the arbiter would not change state.
  if (eligible == 0 && !any_issue) return false;
  in_.eligible = eligible;
  in_.wpt_count = core_.barriers.counts().count;
  in_.cta_age = core_.cta_age;
  const auto out = arbiter_.eval(in_);
  arbiter_.tick(in_);
  if (!out.grant_valid) return false;

  HwWarp& h = core_.warps[out.grant_warp];
  h.branch_pending = false;
  core_.touch(out.grant_warp);
  const std::uint32_t fn = h.warp->function();
  const std::uint32_t pc = h.warp->pc();
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
    return true;
  }
  const auto& code = core_.launch->module->functions[fn].code;
  for (std::uint32_t i = 0; i < core_.config.ibuffer_entries && pc + i < code.size(); ++i) {
    h.ibuffer.push({fn, pc + i});
    if (code[pc + i].cls == ptx::OpClass::Control) break;
  }
  core_.note_ibuffer(out.grant_warp);
  return true;
}

}  // namespace wf::sm
