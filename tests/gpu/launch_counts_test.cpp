// Counts of CTAs are 64-bit from the grid to the dispatcher, and a launch over CUDA's limits or
// warpforge's per-launch limit is refused before anything runs, never cut to its low 32 bits
// (a 65535^3 grid once ran 196607 CTAs: 65535^3 mod 2^32).
#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <vector>

#include "sim_model/gpu/launch_limits.h"
#include "sim_model/gpu/runtime.h"
#include "sim_model/gpu/timing_session.h"
#include "sim_model/presets/machine.h"
#include "sim_model/ptx/cta.h"
#include "sim_model/ptx/parser.h"
#include "sim_model/sm/policies/dispatch_policy.h"

namespace wf::gpu {
namespace {

constexpr const char* kEmpty = R"(
.version 9.0
.target sm_75
.address_size 64
.visible .entry empty()
{
  ret;
}
)";

struct Refusal {
  LaunchRefused::Limit limit;
  std::string message;
};

// What Runtime::launch of `empty` refuses, or "(ran)".
Refusal refusal(Dim3 grid, Dim3 block, bool timing = false) {
  RuntimeOptions o;
  if (timing)
    o.timing =
        std::make_shared<TimingSession>(sm::load_timing_config(load_machine(kDefaultPreset)));
  Runtime rt(o);
  rt.load_ptx(kEmpty, "empty.ptx");
  try {
    rt.launch("empty", grid, block, {});
  } catch (const LaunchRefused& e) {
    return {e.limit(), e.what()};
  }
  return {LaunchRefused::Limit::kCuda, "(ran)"};
}

TEST(LaunchCounts, GridOf65535CubedIsRefusedWithItsFullCount) {
  for (bool timing : {false, true}) {
    const auto start = std::chrono::steady_clock::now();
    const Refusal r = refusal({65535, 65535, 65535}, {1, 1, 1}, timing);
    EXPECT_EQ(r.limit, LaunchRefused::Limit::kSimulator);
    EXPECT_EQ(r.message,
              "launch 'empty': a grid of 281462092005375 CTAs (65535 x 65535 x 65535), expected "
              "at most 16777216 per launch: warpforge simulates every CTA (docs/commands.md, "
              "launch limits); split the work over several launches or loop over it in fewer "
              "CTAs");
    // Refused before any CTA runs.
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));
  }
}

TEST(LaunchCounts, PerLaunchLimitIsExact) {
  // 65536 x 65535 CTAs fit 32 bits, so only the per-launch limit stops them.
  EXPECT_EQ(refusal({65536, 65535, 1}, {1, 1, 1}).limit, LaunchRefused::Limit::kSimulator);
  EXPECT_EQ(refusal({4096, 4096, 2}, {1, 1, 1}).limit, LaunchRefused::Limit::kSimulator);
  EXPECT_NE(refusal({1, 1, 1}, {1, 1, 1}).message.find("(ran)"), std::string::npos);
  // 2^24 CTAs is the largest launch; check it against the limits only (running it takes
  // seconds).
  ptx::Module m = ptx::parse_module(kEmpty, "empty.ptx", {});
  ptx::LaunchContext ctx;
  ctx.module = &m;
  ctx.grid = {4096, 4096, 1};
  EXPECT_NO_THROW(check_launch_limits(ctx, SmLimits::functional(), {}));
  ctx.grid.z = 2;
  EXPECT_THROW(check_launch_limits(ctx, SmLimits::functional(), {}), LaunchRefused);
}

TEST(LaunchCounts, CudaBlockAndGridLimitsAreChecked) {
  const Refusal x = refusal({1, 1, 1}, {1025, 1, 1});
  EXPECT_EQ(x.limit, LaunchRefused::Limit::kCuda);
  EXPECT_EQ(x.message, "launch 'empty': 1025 threads per block, expected at most 1024");
  const Refusal z = refusal({1, 1, 1}, {1, 1, 65});
  EXPECT_EQ(z.limit, LaunchRefused::Limit::kCuda);
  EXPECT_EQ(z.message, "launch 'empty': block (1, 1, 65) exceeds CUDA's limits (1024, 1024, 64)");
  EXPECT_EQ(refusal({1, 1, 1}, {1, 1, 64}).message, "(ran)");
  EXPECT_EQ(refusal({1, 1, 1}, {1, 1024, 1}).message, "(ran)");
  const Refusal gy = refusal({1, 65536, 1}, {1, 1, 1}, true);
  EXPECT_EQ(gy.limit, LaunchRefused::Limit::kCuda);
  EXPECT_EQ(gy.message,
            "launch 'empty': grid (1, 65536, 1) exceeds CUDA's limits (2147483647, 65535, 65535)");
  EXPECT_EQ(refusal({2147483648u, 1, 1}, {1, 1, 1}).limit, LaunchRefused::Limit::kCuda);
}

TEST(LaunchCounts, CtaThatFitsNoSmNamesTheMachine) {
  const Refusal r = refusal({1, 1, 1}, {1024, 1, 1}, false);
  EXPECT_EQ(r.message, "(ran)");
  RuntimeOptions o;
  SmLimits small = SmLimits::functional();
  small.max_threads = 128;
  o.sm_limits = small;
  Runtime rt(o);
  rt.load_ptx(kEmpty, "empty.ptx");
  try {
    rt.launch("empty", {1, 1, 1}, {256, 1, 1}, {});
    FAIL() << "ran";
  } catch (const LaunchRefused& e) {
    EXPECT_EQ(e.limit(), LaunchRefused::Limit::kSm);
  }
}

// [gpu] launch_overhead_cycles: each launch idles that long before its first CTA, inside the
// launch's cycles.
TEST(LaunchCounts, LaunchOverheadIsCountedInEveryLaunch) {
  auto run_two = [](unsigned overhead) {
    sm::TimingConfig c = sm::load_timing_config(load_machine(kDefaultPreset));
    c.launch_overhead_cycles = overhead;
    RuntimeOptions o;
    o.timing = std::make_shared<TimingSession>(c);
    Runtime rt(o);
    rt.load_ptx(kEmpty, "empty.ptx");
    rt.launch("empty", Dim3{1, 1, 1}, Dim3{32, 1, 1}, {});
    rt.launch("empty", Dim3{1, 1, 1}, Dim3{32, 1, 1}, {});
    return o.timing->results();
  };
  const TimingResults a = run_two(0), b = run_two(500);
  ASSERT_EQ(a.kernels.size(), 2u);
  ASSERT_EQ(b.kernels.size(), 2u);
  for (unsigned k = 0; k < 2; ++k) {
    EXPECT_EQ(b.kernels[k].end_cycle - b.kernels[k].start_cycle,
              a.kernels[k].end_cycle - a.kernels[k].start_cycle + 500);
  }
  EXPECT_EQ(b.cycles, a.cycles + 1000);
}

TEST(LaunchCounts, DispatcherCountsCtasIn64Bits) {
  std::vector<std::unique_ptr<sm::Sm>> sms;
  std::vector<std::uint8_t> asleep;
  sm::policies::CtaDispatcher d(sms, asleep);
  const std::uint64_t total = (std::uint64_t{1} << 32) + 3;
  d.begin_launch({}, total);
  EXPECT_EQ(d.total_ctas(), total);  // 3 in 32 bits
  EXPECT_TRUE(d.ctas_left());
  EXPECT_EQ(d.next_cta(), 0u);
}

TEST(LaunchCounts, CtaCoordinatesDivideByTheGridIn64Bits) {
  ptx::Module m = ptx::parse_module(kEmpty, "empty.ptx", {});
  ptx::LaunchContext ctx;
  ctx.module = &m;
  // grid.x * grid.y = 6442450941 wraps to 2147483645 in 32 bits, which put CTA 2^32-1 at z = 2.
  ctx.grid = {2147483647u, 3, 1};
  ptx::Cta cta(ctx, 4294967295u);
  EXPECT_EQ(cta.ctaid.x, 1u);
  EXPECT_EQ(cta.ctaid.y, 2u);
  EXPECT_EQ(cta.ctaid.z, 0u);
}

}  // namespace
}  // namespace wf::gpu
