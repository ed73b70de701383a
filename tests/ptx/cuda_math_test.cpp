// The CUDA math library as nvcc compiles it (data/cuda_math.cu): every function runs through the
// executor and is compared with a host long-double reference. The tolerances are the maximum ULP
// errors the CUDA C++ Programming Guide (appendix "Mathematical Functions") states for each
// function, measured as it does: from the correctly rounded result; the fast intrinsics (__expf,
// __sinf, ...) have the absolute or ULP bounds stated there. The executor evaluates the .approx
// instructions these are built from (ex2, lg2, sin, cos, rcp, rsqrt) correctly rounded, which is
// within the ISA's own bounds for them, so a result that exceeds a Guide bound points at a wrong
// instruction, not at approximation noise.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "sim_model/gpu/runtime.h"
#include "tests/ptx/cuda_data_util.h"

namespace wf::ptx::test {
namespace {

constexpr int kMathThreads = 128;

template <class T>
std::vector<T> inputs() {
  std::vector<T> v(kMathThreads);
  for (int i = 0; i < kMathThreads; ++i) v[i] = static_cast<T>((i - 64) * 0.1537 + (i % 7) * 0.01);
  v[5] = 1000.5;  // range reduction of the trigonometric functions
  v[9] = -37.25;  // exp underflow region, pow with a large negative exponent
  v[20] = 1e-3;
  v[33] = -0.0;
  v[34] = 2.0;
  return v;
}

template <class T>
std::vector<T> run_math(const char* kernel, int per_thread) {
  gpu::Runtime rt;
  rt.load_ptx(data_file("cuda_math.ptx"), "cuda_math.ptx");
  gpu::DevPtr in = rt.upload(inputs<T>());
  gpu::DevPtr out = rt.malloc(sizeof(T) * kMathThreads * per_thread);
  rt.launch(kernel, {2, 1, 1}, {64, 1, 1},
            {gpu::KernelArg::of(in), gpu::KernelArg::of(out), gpu::KernelArg::of(kMathThreads)});
  return rt.download<T>(out, static_cast<std::size_t>(kMathThreads) * per_thread);
}

using LD = long double;

// PTX min/max order -0.0 below +0.0 (the executor's rule, sim_model/ptx/exec_float.cpp, as the
// hardware's FMNMX does); std::fmin/std::fmax may return either zero, and glibc's do differently
// at different optimisation levels, so the reference spells the rule out.
template <class T>
T ptx_max(T a, T b) {
  if (std::isnan(a)) return b;
  if (std::isnan(b)) return a;
  if (a == 0 && b == 0) return std::signbit(a) && std::signbit(b) ? -T(0) : T(0);
  return a > b ? a : b;
}
template <class T>
T ptx_min(T a, T b) {
  if (std::isnan(a)) return b;
  if (std::isnan(b)) return a;
  if (a == 0 && b == 0) return std::signbit(a) || std::signbit(b) ? -T(0) : T(0);
  return a < b ? a : b;
}

TEST(CudaMath, SinglePrecisionLibraryWithinGuideUlpBounds) {
  const auto in = inputs<float>();
  const auto out = run_math<float>("math_f32", 32);
  const float pi = 3.14159265f;
  for (int i = 0; i < kMathThreads; ++i) {
    const float x = in[i], y = in[(i + 1) % kMathThreads];
    const LD X = x, Y = y;
    const float* o = &out[i * 32];
    auto ulp = [&](int k, LD ref, double bound) {
      EXPECT_LE(ulp_error(o[k], ref), bound) << "result " << k << " x=" << x << " y=" << y;
    };
    auto exact = [&](int k, float ref) {
      EXPECT_TRUE(same_value(o[k], ref))
          << "result " << k << " x=" << x << " y=" << y << ": " << o[k] << " != " << ref;
    };
    auto abs_err = [&](int k, LD ref, double bound) {
      EXPECT_LE(std::fabs(o[k] - ref), bound) << "result " << k << " x=" << x << " y=" << y;
    };
    ulp(0, expl(X), 2);
    ulp(1, logl(std::fabs(x) + 0.5f), 1);
    ulp(2, powl(std::fabs(x) + 0.25f, Y), 4);
    ulp(3, sinl(X), 2);
    ulp(4, cosl(X), 2);
    ulp(5, tanl(X), 4);
    abs_err(6, sinl(X) + 2 * cosl(X), 8 * std::ldexp(1.0, -24) * (1 + std::fabs(o[6])));
    ulp(7, erfl(X), 2);
    ulp(8, atan2l(X, Y), 3);
    exact(9, std::fmod(x, y));
    ulp(10, exp2l(X), 2);
    ulp(11, log10l(std::fabs(x) + 1.0f), 2);
    ulp(12, cbrtl(X), 1);
    ulp(13, hypotl(X, Y), 3);
    ulp(14, 1 / sqrtl(std::fabs(x) + 1.0f), 2);
    exact(15, std::fma(ptx_max(x, y), 3.0f, ptx_min(x, y)));
    exact(16, std::rint(x));
    exact(17, std::trunc(x));
    exact(18, std::floor(x));
    exact(19, std::ceil(x));
    ulp(20, expl(X), 2 + std::floor(std::fabs(1.173 * x)));
    if (std::fabs(x) + 0.5f <= 2.0f)
      abs_err(21, logl(std::fabs(x) + 0.5f), std::ldexp(1.0, -21) / 1.3);  // 2^-21.41
    else
      ulp(21, logl(std::fabs(x) + 0.5f), 3);
    if (std::fabs(x) <= pi) {
      abs_err(22, sinl(X), std::ldexp(1.0, -21) / 1.3);
      abs_err(23, cosl(X), std::ldexp(1.0, -21) / 1.3);
    }
    ulp(24, X / Y, 2);
    exact(25, ptx_min(ptx_max(x, 0.0f), 1.0f));
    exact(26, std::sqrt(std::fabs(x)));
    exact(27, x / y);
    ulp(28, tanhl(X), 2);
    exact(29, std::round(x));
    ulp(30, log2l(std::fabs(x) + 1.0f), 1);
    LD a = std::fmin(std::fmax(x * 0.1f, -1.0f), 1.0f),
       b = std::fmin(std::fmax(y * 0.1f, -1.0f), 1.0f);
    abs_err(31, acosl(a) + asinl(b), 4 * std::ldexp(1.0, -22));
  }
}

TEST(CudaMath, DoublePrecisionLibraryWithinGuideUlpBounds) {
  const auto in = inputs<double>();
  const auto out = run_math<double>("math_f64", 24);
  for (int i = 0; i < kMathThreads; ++i) {
    const double x = in[i], y = in[(i + 1) % kMathThreads];
    const LD X = x, Y = y;
    const double* o = &out[i * 24];
    auto ulp = [&](int k, LD ref, double bound) {
      EXPECT_LE(ulp_error(o[k], ref), bound) << "result " << k << " x=" << x << " y=" << y;
    };
    auto exact = [&](int k, double ref) {
      EXPECT_TRUE(same_value(o[k], ref))
          << "result " << k << " x=" << x << " y=" << y << ": " << o[k] << " != " << ref;
    };
    ulp(0, expl(X), 1);
    ulp(1, logl(std::fabs(x) + 0.5), 1);
    ulp(2, powl(std::fabs(x) + 0.25, Y), 2);
    ulp(3, sinl(X), 2);
    ulp(4, cosl(X), 2);
    ulp(5, tanl(X), 2);
    ulp(6, erfl(X), 2);
    ulp(7, atan2l(X, Y), 2);
    exact(8, std::fmod(x, y));
    ulp(9, exp2l(X), 1);
    ulp(10, log10l(std::fabs(x) + 1.0), 1);
    ulp(11, cbrtl(X), 1);
    ulp(12, hypotl(X, Y), 2);
    ulp(13, 1 / sqrtl(std::fabs(x) + 1.0), 1);
    exact(14, std::fma(3.0, ptx_max(x, y), ptx_min(x, y)));
    exact(15, std::rint(x));
    exact(16, std::trunc(x));
    exact(17, std::floor(x));
    exact(18, std::ceil(x));
    exact(19, std::sqrt(std::fabs(x)));
    exact(20, x / y);
    ulp(21, tanhl(X), 1);
    exact(22, 1.0 / y);
    exact(23, static_cast<double>(static_cast<float>(x)) +
                  static_cast<double>(static_cast<long long>(x * 1000.0)) +
                  static_cast<double>(static_cast<unsigned>(std::fabs(x))));
  }
}

}  // namespace
}  // namespace wf::ptx::test
