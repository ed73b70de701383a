// Host driver and CPU reference for montecarlo.cu.
#include <cmath>
#include <cstdint>
#include <vector>

#include "workloads/compare.h"
#include "workloads/rng.h"
#include "workloads/session.h"
#include "workloads/size_option.h"
#include "workloads/workload.h"

namespace wf::workloads::montecarlo {
namespace {

constexpr unsigned kBlock = 256;
constexpr int kPaths = 4096;  // per option: 16 per thread
constexpr int kSteps = 32;    // kSteps in montecarlo.cu
// The SDK's MonteCarlo inputs (spot 5 to 30, 0.25 to 10 years, a 6% riskless rate, 10%
// volatility) but for the strike: 0.5 to 1.5 times the spot rather than 1 to 100, so that few
// options end with every payoff 0. The highest price a path can reach, 30 · exp(0.055 · 10 + 0.1 ·
// sqrt(10 · 32)) < 2^9, keeps a payoff below 2^25 in 16.16 fixed point, so 4096 squared
// payoffs add up below 2^64.
constexpr double kRate = 0.06;
// BLOCKLAT Table 3 runs Monte-Carlo with 7 concurrent CTAs per SM, which CTAs of the SDK's 256
// threads cannot reach in gtx480's 1536 threads; 21 registers per thread (ptxas for sm_75
// allocates 19) let 6 fit, where the cycle model's estimate from the PTX would allow only 2.
constexpr unsigned kRegsPerThread = 21;
constexpr double kVolatility = 0.10;

struct Option {
  std::uint32_t spot, strike, up, down;  // 16.16 fixed point, as the kernel's uint4
};

std::uint32_t fixed(double x) {
  return static_cast<std::uint32_t>(std::llround(x * 65536.0));
}

std::uint32_t mix(std::uint32_t h) {
  h ^= h >> 16;
  h *= 0x85ebca6bu;
  h ^= h >> 13;
  h *= 0xc2b2ae35u;
  h ^= h >> 16;
  return h;
}

struct Sums {
  std::uint64_t sum = 0, sum2 = 0;
};

// Every path of one option as the kernel draws it: thread t of the CTA takes paths t, t + 256,
// ... from its own xorshift32 stream.
Sums simulate(const Option& o, std::uint32_t seed) {
  Sums s;
  for (std::uint32_t t = 0; t < kBlock; ++t) {
    std::uint32_t state = mix(seed + t * 0x9e3779b9u) | 1u;
    for (std::uint32_t path = t; path < kPaths; path += kBlock) {
      state ^= state << 13;
      state ^= state >> 17;
      state ^= state << 5;
      std::uint32_t price = o.spot;
      for (int step = 0; step < kSteps; ++step) {
        const std::uint64_t factor = (state >> step) & 1u ? o.up : o.down;
        price = static_cast<std::uint32_t>((price * factor) >> 16);
      }
      const std::uint64_t payoff = price > o.strike ? price - o.strike : 0;
      s.sum += payoff;
      s.sum2 += payoff * payoff;
    }
  }
  return s;
}

RunResult run_montecarlo(gpu::Runtime& runtime, const WorkloadOptions& options) {
  const auto n = choose_size("montecarlo", options, {.fallback = 512, .min = 1, .max = 65535});
  SplitMix64 rng(options.seed);
  std::vector<Option> opts(n);
  std::vector<std::uint32_t> seeds(n);
  for (std::size_t i = 0; i < n; ++i) {
    const double spot = 5.0 + 25.0 * rng.unit(), strike = spot * (0.5 + rng.unit());
    const double years = 0.25 + 9.75 * rng.unit(), dt = years / kSteps;
    const double drift = (kRate - 0.5 * kVolatility * kVolatility) * dt;
    const double jump = kVolatility * std::sqrt(dt);
    opts[i] = {fixed(spot), fixed(strike), fixed(std::exp(drift + jump)),
               fixed(std::exp(drift - jump))};
    seeds[i] = static_cast<std::uint32_t>(rng.next());
  }
  std::vector<std::uint64_t> expected_sum(n), expected_sum2(n);
  for (std::size_t i = 0; i < n; ++i) {
    const Sums s = simulate(opts[i], seeds[i]);
    expected_sum[i] = s.sum;
    expected_sum2[i] = s.sum2;
  }

  Session session(runtime, "montecarlo");
  gpu::DevPtr d_options = runtime.upload(opts), d_seeds = runtime.upload(seeds);
  gpu::DevPtr d_sums = runtime.malloc(n * 8), d_sums2 = runtime.malloc(n * 8);
  session.launch("monte_carlo", {static_cast<std::uint32_t>(n)}, {kBlock},
                 {arg(d_options), arg(d_seeds), arg(kPaths), arg(d_sums), arg(d_sums2)},
                 2 * kBlock * sizeof(std::uint64_t));
  const auto sums = runtime.download<std::uint64_t>(d_sums, n);
  const auto sums2 = runtime.download<std::uint64_t>(d_sums2, n);
  for (auto p : {d_options, d_seeds, d_sums, d_sums2}) runtime.free(p);
  auto mismatch = first_mismatch("payoff sum", expected_sum, sums);
  if (!mismatch) mismatch = first_mismatch("squared payoff sum", expected_sum2, sums2);
  return session.finish(mismatch);
}

}  // namespace

WF_WORKLOAD("montecarlo",
            "the SDK MonteCarlo pricer's structure in exact integers: a CTA per option, 4096 "
            "paths of a 32-step fixed-point binomial lattice, per-thread sums, a shared tree",
            "options (default 512: 512 CTAs of 256 threads, 4096 paths each)", run_montecarlo, 4,
            {"blocklat"}, kRegsPerThread);

}  // namespace wf::workloads::montecarlo
