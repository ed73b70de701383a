#include "sim_model/sm/warp_scheduler.h"

#include <algorithm>

namespace wf::sm {
namespace {

auto make_arbiter(const TimingConfig& c, IssuePolicy policy) {
  using V = std::variant<BlockSlot<blocks::LrrArbiter>, BlockSlot<blocks::GtoArbiter>,
                         BlockSlot<blocks::MwfArbiter>, BlockSlot<blocks::SawsArbiter>,
                         BlockSlot<blocks::TwoLevelArbiter>>;
  const Machine& m = c.machine;
  switch (policy) {
    case IssuePolicy::kGto:
      return V{std::in_place_type<BlockSlot<blocks::GtoArbiter>>,
               blocks::GtoArbiterParams::for_machine(m).front()};
    case IssuePolicy::kMwfLrr:
    case IssuePolicy::kMwfGto: {
      // for_machine lists the inner-policy variants; pick the one asked for.
      const auto inner =
          policy == IssuePolicy::kMwfLrr ? blocks::InnerPolicy::kLrr : blocks::InnerPolicy::kGto;
      for (const auto& p : blocks::MwfArbiterParams::for_machine(m))
        if (p.inner == inner) return V{std::in_place_type<BlockSlot<blocks::MwfArbiter>>, p};
      break;
    }
    case IssuePolicy::kSaws:
      for (const auto& p : blocks::SawsArbiterParams::for_machine(m))
        if (p.inner == blocks::InnerPolicy::kGto)
          return V{std::in_place_type<BlockSlot<blocks::SawsArbiter>>, p};
      break;
    case IssuePolicy::kTwoLevel:
      // for_machine lists the issue configuration (a scheduler's warps) first.
      return V{std::in_place_type<BlockSlot<blocks::TwoLevelArbiter>>,
               blocks::TwoLevelArbiterParams::for_machine(m).front()};
    case IssuePolicy::kLrr:
      break;
  }
  return V{std::in_place_type<BlockSlot<blocks::LrrArbiter>>,
           blocks::LrrArbiterParams::for_machine(m).front()};
}

}  // namespace

WarpScheduler::WarpScheduler(const TimingConfig& c, IssuePolicy policy)
    : arbiter_(make_arbiter(c, policy)),
      calls_block_without_ready_(std::holds_alternative<BlockSlot<blocks::SawsArbiter>>(arbiter_)) {
}

int WarpScheduler::call_block(std::uint64_t ready,
                              const std::array<std::uint8_t, kMaxCtas>& wpt_count) {
  return std::visit(
      [&](auto& slot) -> int {
        using A = typename std::decay_t<decltype(slot)>::Block;
        typename A::In in{};
        if constexpr (std::is_same_v<A, blocks::TwoLevelArbiter>) {
          in.request = ready;
        } else {
          in.ready = ready;
        }
        if constexpr (!std::is_same_v<A, blocks::LrrArbiter> &&
                      !std::is_same_v<A, blocks::TwoLevelArbiter>)
          in.warp_cta = warp_cta_;
        if constexpr (std::is_same_v<A, blocks::GtoArbiter>) in.cta_age = cta_age_;
        if constexpr (std::is_same_v<A, blocks::MwfArbiter> ||
                      std::is_same_v<A, blocks::SawsArbiter>)
          in.wpt_count = wpt_count;
        const auto out = slot.step(in);
        return out.grant_valid ? static_cast<int>(out.grant_warp) : -1;
      },
      arbiter_);
}

void WarpScheduler::reset() {
  std::visit([](auto& slot) { slot.reset(); }, arbiter_);
}

}  // namespace wf::sm
