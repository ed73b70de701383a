// The writeback wheel: releases come out at their cycle, in any latency up to the configured
// longest, across wrap-arounds; a release beyond the window is refused rather than aliased
// onto an earlier cycle; a cycle the caller skips leaves its releases for the slot's next turn.
#include <gtest/gtest.h>

#include <stdexcept>
#include <utility>
#include <vector>

#include "sim_model/sm/writeback_queue.h"

namespace wf::sm {
namespace {

std::vector<std::uint32_t> retire(WritebackQueue& q, std::uint64_t now) {
  std::vector<std::uint32_t> warps;
  q.retire(now, [&](const RegisterRelease& r) { warps.push_back(r.regs[0]); });
  return warps;
}

// Releases are told apart by their first register.
RegisterRelease of_warp(std::uint32_t w) {
  RegisterRelease r;
  r.regs[0] = w;
  return r;
}

TEST(WritebackQueue, ReleasesAtTheirCycleAcrossWrapArounds) {
  WritebackQueue q(20);  // a 32-slot wheel
  for (std::uint64_t now = 0; now < 200; ++now) {
    const auto out = retire(q, now);
    if (now >= 20) {
      ASSERT_EQ(out, std::vector<std::uint32_t>({static_cast<std::uint32_t>(now - 20)}))
          << "cycle " << now;
    } else {
      ASSERT_TRUE(out.empty()) << "cycle " << now;
    }
    q.schedule(now + 20, of_warp(static_cast<std::uint32_t>(now)));  // the longest latency
  }
  EXPECT_FALSE(q.empty());
}

TEST(WritebackQueue, MixedLatenciesComeOutInCycleOrder) {
  WritebackQueue q(24);
  retire(q, 100);
  q.schedule(124, of_warp(1));
  q.schedule(104, of_warp(2));
  q.schedule(108, of_warp(3));
  q.schedule(104, of_warp(4));
  std::vector<std::vector<std::uint32_t>> seen;
  for (std::uint64_t now = 101; now <= 124; ++now) {
    auto out = retire(q, now);
    if (!out.empty()) seen.push_back(out);
  }
  EXPECT_EQ(seen, (std::vector<std::vector<std::uint32_t>>{{2, 4}, {3}, {1}}));
  EXPECT_TRUE(q.empty());
}

TEST(WritebackQueue, RefusesAReleaseBeyondItsWindow) {
  WritebackQueue q(20);  // 32 slots: at most 31 cycles ahead
  retire(q, 1000);
  EXPECT_NO_THROW(q.schedule(1031, of_warp(0)));
  EXPECT_THROW(q.schedule(1032, of_warp(0)), std::logic_error);
  EXPECT_THROW(q.schedule(1000, of_warp(0)), std::logic_error);  // not in the future
}

// Against the plain rule (a retire hands out what its own cycle's slot holds), with random
// latencies, a wheel of two bitmap words, and cycles the caller skips (an SM asleep, or
// without CTAs): a release whose cycle was skipped comes out when its slot next comes round.
TEST(WritebackQueue, FollowsThePlainSlotRuleWhenCyclesAreSkipped) {
  WritebackQueue q(100);  // 128 slots
  std::vector<std::vector<std::uint32_t>> slots(128);
  std::uint64_t x = 7;
  auto next = [&x] {
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    return x >> 33;
  };
  std::uint32_t id = 0;
  for (std::uint64_t now = 0; now < 50000; ++now) {
    if (next() % 6 == 0) continue;  // skipped
    std::vector<std::uint32_t> expected;
    std::swap(expected, slots[now % 128]);
    ASSERT_EQ(retire(q, now), expected) << "cycle " << now;
    for (auto k = next() % 3; k > 0; --k) {
      const std::uint64_t at = now + 1 + next() % 127;
      q.schedule(at, of_warp(id));
      slots[at % 128].push_back(id++);
    }
  }
  EXPECT_GT(id, 40000u);
}

}  // namespace
}  // namespace wf::sm
