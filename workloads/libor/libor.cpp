// Host driver and CPU reference for libor.cu. The normal samples are Irwin-Hall sums of twelve
// uniforms (exact in double, then rounded once), so a seed gives the same floats on every
// machine without a libm. The reference repeats the kernel's float operations in its order
// (std::fma for its fmas; x86-64 without FMA contracts nothing else), so every path's value
// must match bit for bit.
#include <bit>
#include <cmath>
#include <cstdint>
#include <vector>

#include "workloads/compare.h"
#include "workloads/rng.h"
#include "workloads/session.h"
#include "workloads/size_option.h"
#include "workloads/workload.h"

namespace wf::workloads::libor {
namespace {

// libor.cu's constants
constexpr int kNn = 40;
constexpr int kNmat = 20;
constexpr int kNopt = 15;
constexpr float kDelta = 0.25f;
constexpr float kSqrtDelta = 0.5f;
constexpr float kL0 = 0.051f;
constexpr unsigned kThreads = 64;
// The SDK's portfolio (swaptions maturing after 4, 8, 20, 28 and 40 of its 40 periods, three
// strikes each), scaled to our 20 periods.
constexpr int kMaturities[kNopt] = {2, 2, 2, 4, 4, 4, 10, 10, 10, 14, 14, 14, 20, 20, 20};
constexpr float kSwaprates[kNopt] = {.045f, .05f,  .055f, .045f, .05f,  .055f, .045f, .05f,
                                     .055f, .045f, .05f,  .055f, .045f, .05f,  .055f};
constexpr float kLambda = 0.2f;  // the SDK's volatility of every rate

float exp_approx(float x) {
  x = std::fmax(x, -80.0f);
  const float n = std::nearbyint(x * 1.44269504088896341f);
  float r = std::fma(-n, 0.693359375f, x);
  r = std::fma(-n, -2.12194440e-4f, r);
  float p = 1.9875691500e-4f;
  for (float c :
       {1.3981999507e-3f, 8.3334519073e-3f, 4.1665795894e-2f, 1.6666665459e-1f, 5.0000001201e-1f})
    p = std::fma(p, r, c);
  const float y = std::fma(p, r * r, r) + 1.0f;
  return y * std::bit_cast<float>((static_cast<std::int32_t>(n) + 127) << 23);
}

float path_value(const std::vector<float>& z, std::size_t path, std::size_t npath) {
  float L[kNn];
  for (float& l : L) l = kL0;
  for (int n = 0; n < kNmat; ++n) {
    const float sqez = kSqrtDelta * z[n * npath + path];
    float v = 0.0f;
    for (int i = n + 1; i < kNn; ++i) {
      const float lam = kLambda;
      const float con1 = kDelta * lam;
      v = v + (con1 * L[i]) / (1.0f + kDelta * L[i]);
      const float vrat = exp_approx(con1 * v + lam * (sqez - 0.5f * con1));
      L[i] = L[i] * vrat;
    }
  }
  float B[kNmat], S[kNmat];
  float b = 1.0f, s = 0.0f;
  for (int m = 0; m < kNn - kNmat; ++m) {
    b = b / (1.0f + kDelta * L[m + kNmat]);
    s = s + kDelta * b;
    B[m] = b;
    S[m] = s;
  }
  float v = 0.0f;
  for (int n = 0; n < kNopt; ++n) {
    const int m = kMaturities[n] - 1;
    const float swapval = (B[m] + kSwaprates[n] * S[m]) - 1.0f;
    if (swapval < 0.0f) v = v + -100.0f * swapval;
  }
  for (int n = 0; n < kNmat; ++n) v = v / (1.0f + kDelta * L[n]);
  return v;
}

RunResult run_libor(gpu::Runtime& runtime, const WorkloadOptions& options) {
  const auto npath =
      choose_size("libor", options, {.fallback = 1200 * kThreads, .min = 1, .max = 1 << 22});
  SplitMix64 rng(options.seed);
  std::vector<float> z(kNmat * npath);
  for (auto& x : z) {
    double sum = -6.0;
    for (int k = 0; k < 12; ++k) sum += rng.unit();
    x = static_cast<float>(sum);
  }
  std::vector<float> expected(npath);
  for (std::size_t p = 0; p < npath; ++p) expected[p] = path_value(z, p, npath);

  Session session(runtime, "libor");
  const std::vector<float> lambda(kNn, kLambda);
  runtime.memcpy_to_device(runtime.symbol_address("c_lambda"), lambda.data(),
                           lambda.size() * sizeof(float));
  runtime.memcpy_to_device(runtime.symbol_address("c_maturities"), kMaturities,
                           sizeof(kMaturities));
  runtime.memcpy_to_device(runtime.symbol_address("c_swaprates"), kSwaprates, sizeof(kSwaprates));
  gpu::DevPtr d_z = runtime.upload(z);
  gpu::DevPtr d_values = runtime.malloc(npath * sizeof(float));
  session.launch("libor_portfolio", {static_cast<std::uint32_t>((npath + kThreads - 1) / kThreads)},
                 {kThreads}, {arg(d_z), arg(static_cast<int>(npath)), arg(d_values)});
  const auto values = runtime.download<float>(d_values, npath);
  for (auto p : {d_z, d_values}) runtime.free(p);
  return session.finish(first_mismatch("values", expected, values));
}

}  // namespace

WF_WORKLOAD("libor",
            "LIBOR market model Monte Carlo (SDK MonteCarloLIBOR): a path per thread evolves 40 "
            "forward rates over 20 steps and prices 15 swaptions; per-thread arrays in local "
            "memory, no barriers",
            "paths (default 76800: 1200 CTAs of 64 threads)", run_libor, 64, {"dyncta"});

}  // namespace wf::workloads::libor
