// Host driver and CPU reference for blackscholes.cu. The reference repeats the kernel's float
// operations one by one (std::fma for its fmas; x86-64 without FMA contracts nothing else), so
// prices must match bit for bit; a second check against a double-precision Black-Scholes with
// the exact normal distribution keeps both twins honest about the formula itself.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include <fmt/format.h>

#include "workloads/compare.h"
#include "workloads/rng.h"
#include "workloads/session.h"
#include "workloads/size_option.h"
#include "workloads/workload.h"

namespace wf::workloads::blackscholes {
namespace {

constexpr unsigned kThreads = 256;
// The SDK sample's market: 2% riskless rate, 30% volatility.
constexpr float kRiskFree = 0.02f;
constexpr float kVolatility = 0.30f;
// Largest |device price - double-precision price| accepted. Prices are below 100; float
// rounding of the final differences (ulp(100) = 7.6e-6, a few roundings) and the polynomial's
// 7.5e-8 error in the distribution, scaled by strikes up to 100, stay within a few 1e-5:
// measured at most 2.3e-5 over 4 x 10^6 options (seeds 1, 2, 3, 7).
constexpr double kTolerance = 1e-4;

float exp_approx(float x) {
  x = std::max(x, -80.0f);
  const float n = std::nearbyint(x * 1.44269504088896341f);
  float r = std::fma(-n, 0.693359375f, x);
  r = std::fma(-n, -2.12194440e-4f, r);
  float p = 1.9875691500e-4f;
  p = std::fma(p, r, 1.3981999507e-3f);
  p = std::fma(p, r, 8.3334519073e-3f);
  p = std::fma(p, r, 4.1665795894e-2f);
  p = std::fma(p, r, 1.6666665459e-1f);
  p = std::fma(p, r, 5.0000001201e-1f);
  const float y = std::fma(p, r * r, r) + 1.0f;
  return y * std::bit_cast<float>((static_cast<std::int32_t>(n) + 127) << 23);
}

float log_approx(float x) {
  const auto bits = std::bit_cast<std::int32_t>(x);
  std::int32_t e = ((bits >> 23) & 0xff) - 126;
  float m = std::bit_cast<float>((bits & 0x007fffff) | 0x3f000000);
  if (m < 0.707106781186547524f) {
    e -= 1;
    m = (m + m) - 1.0f;
  } else {
    m = m - 1.0f;
  }
  const float z = m * m;
  float p = 7.0376836292e-2f;
  for (float c : {-1.1514610310e-1f, 1.1676998740e-1f, -1.2420140846e-1f, 1.4249322787e-1f,
                  -1.6668057665e-1f, 2.0000714765e-1f, -2.4999993993e-1f, 3.3333331174e-1f})
    p = std::fma(p, m, c);
  const auto fe = static_cast<float>(e);
  float y = (p * m) * z;
  y = std::fma(fe, -2.12194440e-4f, y);
  y = std::fma(-0.5f, z, y);
  return std::fma(fe, 0.693359375f, m + y);
}

float cnd(float d) {
  const float k = 1.0f / std::fma(0.2316419f, std::fabs(d), 1.0f);
  float p = 1.330274429f;
  for (float c : {-1.821255978f, 1.781477937f, -0.356563782f, 0.319381530f}) p = std::fma(p, k, c);
  const float density = 0.398942280401432678f * exp_approx(-0.5f * (d * d));
  float c = density * (k * p);
  if (d > 0) c = 1.0f - c;
  return c;
}

struct Prices {
  std::vector<float> call, put;
};

Prices reference_prices(const std::vector<float>& spot, const std::vector<float>& strike,
                        const std::vector<float>& years) {
  Prices out{std::vector<float>(spot.size()), std::vector<float>(spot.size())};
  for (std::size_t i = 0; i < spot.size(); ++i) {
    const float s = spot[i], x = strike[i], t = years[i];
    const float v_sqrt_t = kVolatility * std::sqrt(t);
    const float drift = kRiskFree + (0.5f * kVolatility) * kVolatility;
    const float d1 = std::fma(drift, t, log_approx(s / x)) / v_sqrt_t;
    const float d2 = d1 - v_sqrt_t;
    const float cnd1 = cnd(d1), cnd2 = cnd(d2);
    const float discounted = x * exp_approx(-kRiskFree * t);
    out.call[i] = s * cnd1 - discounted * cnd2;
    out.put[i] = discounted * (1.0f - cnd2) - s * (1.0f - cnd1);
  }
  return out;
}

// The textbook formula in double precision with the exact distribution.
std::optional<std::string> accuracy_error(const std::vector<float>& spot,
                                          const std::vector<float>& strike,
                                          const std::vector<float>& years, const Prices& got) {
  const auto normal = [](double d) { return 0.5 * std::erfc(-d / std::sqrt(2.0)); };
  const double r = kRiskFree, v = kVolatility;
  for (std::size_t i = 0; i < spot.size(); ++i) {
    const double s = spot[i], x = strike[i], t = years[i];
    const double d1 = (std::log(s / x) + (r + 0.5 * v * v) * t) / (v * std::sqrt(t));
    const double d2 = d1 - v * std::sqrt(t);
    const double discounted = x * std::exp(-r * t);
    const double call = s * normal(d1) - discounted * normal(d2);
    const double put = discounted * normal(-d2) - s * normal(-d1);
    for (auto [what, want, have] :
         {std::tuple{"call", call, got.call[i]}, {"put", put, got.put[i]}})
      if (!(std::fabs(have - want) <= kTolerance))
        return fmt::format("{}[{}] = {}, the double-precision formula gives {} (tolerance {})",
                           what, i, have, want, kTolerance);
  }
  return std::nullopt;
}

RunResult run_blackscholes(gpu::Runtime& runtime, const WorkloadOptions& options) {
  const auto n =
      choose_size("blackscholes", options, {.fallback = 131072, .min = 1, .max = 1 << 22});
  // The SDK sample's ranges: spot 5..30, strike 1..100, 0.25..10 years.
  SplitMix64 rng(options.seed);
  std::vector<float> spot(n), strike(n), years(n);
  for (std::size_t i = 0; i < n; ++i) {
    spot[i] = static_cast<float>(5.0 + 25.0 * rng.unit());
    strike[i] = static_cast<float>(1.0 + 99.0 * rng.unit());
    years[i] = static_cast<float>(0.25 + 9.75 * rng.unit());
  }
  const Prices expected = reference_prices(spot, strike, years);

  Session session(runtime, "blackscholes");
  gpu::DevPtr d_call = runtime.malloc(n * sizeof(float));
  gpu::DevPtr d_put = runtime.malloc(n * sizeof(float));
  gpu::DevPtr d_spot = runtime.upload(spot);
  gpu::DevPtr d_strike = runtime.upload(strike);
  gpu::DevPtr d_years = runtime.upload(years);
  const auto ctas = static_cast<std::uint32_t>((n + kThreads - 1) / kThreads);
  session.launch("black_scholes", {ctas}, {kThreads},
                 {arg(d_call), arg(d_put), arg(d_spot), arg(d_strike), arg(d_years), arg(kRiskFree),
                  arg(kVolatility), arg(static_cast<int>(n))});
  const Prices got{runtime.download<float>(d_call, n), runtime.download<float>(d_put, n)};
  for (auto p : {d_call, d_put, d_spot, d_strike, d_years}) runtime.free(p);
  if (auto m = first_mismatch("call", expected.call, got.call)) return session.finish(m);
  if (auto m = first_mismatch("put", expected.put, got.put)) return session.finish(m);
  return session.finish(accuracy_error(spot, strike, years, got));
}

}  // namespace

WF_WORKLOAD("blackscholes",
            "Black-Scholes call and put prices (CUDA SDK BlackScholes): an option per thread, "
            "float exp/log/sqrt and the polynomial normal distribution; no barriers",
            "options (default 131072: 512 CTAs of 256 threads)", run_blackscholes, 1000,
            {"lwm", "dyncta"});

}  // namespace wf::workloads::blackscholes
