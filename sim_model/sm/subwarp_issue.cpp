#include "sim_model/sm/subwarp_issue.h"

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <string>
#include <string_view>

#include "sim_model/sm/key_use.h"

namespace wf::sm {
namespace {

// The LWM optimisations are options of the sub-warp issue, which only an SM with large warps
// has.
std::string lwm_keys_unread(const TimingConfig& c, std::string_view key) {
  if (c.large_warp_size != 0 || (key != "sm.lwm_memory_rows" && key != "sm.lwm_single_jump"))
    return {};
  return "is read only by an SM with large warps, and this machine has none ([sm] "
         "large_warp_size = 0)";
}
const KeyUseRegistrar lwm_keys_registered(lwm_keys_unread);

}  // namespace

SubwarpIssue::PackerParams SubwarpIssue::params_for(const TimingConfig& c) {
  PackerParams p;
  p.num_lanes = c.machine.warp_size;
  p.num_rows = c.large_warp_size / c.machine.warp_size;
  return p;
}

SubwarpIssue::SubwarpIssue(SmCore& core, LoadStoreUnit& lsu)
    : core_(core),
      lsu_(lsu),
      slot_(params_for(core.config)),
      memory_rows_(core.config.lwm_memory_rows != 0),
      single_jump_(core.config.lwm_single_jump != 0) {}

bool SubwarpIssue::pipeline_takes(std::uint64_t now) const {
  if (!busy_) return false;
  const Unit u = cur_.timing.unit;
  return core_.units.available(u, now) && (u != Unit::kLdSt || lsu_.can_accept());
}

bool SubwarpIssue::can_load(bool takes) const {
  if (!busy_) return true;
  Packer::In in;
  in.subwarp_ready = takes;
  return slot_.eval(in).load_ready;
}

blocks::SubwarpMode SubwarpIssue::mode_of(const ptx::StepRecord& rec) const {
  const ptx::Instr& in = *rec.instr;
  if (memory_rows_ && rec.mem.lanes != 0 && rec.mem.space == ptx::Space::Global)
    return blocks::SubwarpMode::kRows;
  if (single_jump_ && in.op == ptx::Op::Bra && in.guard == ptx::kNoReg)
    return blocks::SubwarpMode::kSingle;
  return blocks::SubwarpMode::kPack;
}

unsigned SubwarpIssue::cycle(std::uint64_t now, bool takes, int warp, const ptx::StepRecord* rec) {
  if (!busy_ && warp < 0) return 0;  // nothing held, nothing offered: no state can change
  Packer::In in;
  in.subwarp_ready = takes;
  if (warp >= 0) {
    in.load_valid = true;
    in.mode = static_cast<std::uint8_t>(mode_of(*rec));
    const ptx::LargeStepRecord& threads = core_.executor->large_step();
    for (unsigned r = 0; r < threads.rows; ++r) in.active_mask[r] = threads.active[r];
  }
  const Packer::Out out = slot_.step(in);
  const bool sent = out.subwarp_valid && takes;
  if (sent) {
    send(out, now);
    if (out.done) finish(now);
  }
  if (warp >= 0) {
    if (!out.load_ready)
      throw std::logic_error("sub-warp packer: an instruction was loaded while it was not ready");
    load(static_cast<unsigned>(warp), *rec);
  } else if (sent && out.done) {
    busy_ = false;
  }
  return sent ? static_cast<unsigned>(std::popcount(out.subwarp_mask)) : 0;
}

void SubwarpIssue::load(unsigned warp, const ptx::StepRecord& rec) {
  HwWarp& h = core_.warps[warp];
  const ptx::LargeStepRecord& threads = core_.executor->large_step();
  cur_.warp = warp;
  cur_.generation = h.generation;
  cur_.timing = core_.timing(*rec.instr);
  cur_.memory = cur_.timing.unit == Unit::kLdSt;
  cur_.rec = rec;
  cur_.lanes = threads.lanes;
  cur_.leaves = 0;
  if (cur_.memory) {
    cur_.mem_lanes = threads.mem_lanes;
    cur_.addr.assign(threads.addr.begin(),
                     threads.addr.begin() + std::size_t{threads.rows} * threads.lanes);
  }
  // A warp with a pc has an active thread, so the packer now holds some.
  busy_ = true;
  // Barrel processing: not fetched again before its last sub-warp has left the pipeline.
  h.in_packer = true;
  h.fetch_ready = LoadStoreUnit::kAnswered;
}

void SubwarpIssue::send(const Packer::Out& out, std::uint64_t now) {
  const Timing& t = cur_.timing;
  if (!cur_.memory) {
    core_.note_timed(core_.units.claim(t.unit, now, t.interval));
    cur_.leaves = std::max(cur_.leaves, now + t.latency);
    return;
  }
  ptx::StepRecord sub = cur_.rec;
  sub.active = sub.executed = out.subwarp_mask;
  sub.mem.lanes = 0;
  // The executor's further texel addresses of a texture fetch are gone by now (it has stepped
  // since); a sub-warp is charged the first texel of each thread.
  sub.mem.texels = nullptr;
  sub.mem.texel_count = 0;
  for (std::uint64_t m = out.subwarp_mask; m; m &= m - 1) {
    const unsigned l = static_cast<unsigned>(std::countr_zero(m));
    const unsigned r = out.row[l];
    if (!((cur_.mem_lanes[r] >> l) & 1)) continue;
    sub.mem.lanes |= std::uint64_t{1} << l;
    sub.mem.addr[l] = cur_.addr[std::size_t{r} * cur_.lanes + l];
  }
  core_.note_timed(core_.units.claim(Unit::kLdSt, now, lsu_.issue(cur_.warp, sub, now)));
  if (lsu_.leaves() != LoadStoreUnit::kAnswered) cur_.leaves = std::max(cur_.leaves, lsu_.leaves());
}

void SubwarpIssue::finish(std::uint64_t now) {
  HwWarp& h = core_.warps[cur_.warp];
  if (h.generation != cur_.generation) return;  // it exited and its slot holds another warp
  h.in_packer = false;
  if (!cur_.memory)
    core_.schedule_writeback(cur_.warp, *cur_.rec.instr, cur_.rec.reg_base,
                             now + cur_.timing.latency);
  h.fetch_ready = h.pending_memory ? LoadStoreUnit::kAnswered : std::max(now, cur_.leaves);
  if (h.fetch_ready != LoadStoreUnit::kAnswered) core_.note_timed(h.fetch_ready);
  core_.touch(cur_.warp);
}

}  // namespace wf::sm
