// The half-precision CUDA intrinsics as nvcc compiles them (data/cuda_intrinsics.cu), checked
// against host references computed in _Float16. Their own program, labelled float16 rather than
// unit (tests/ptx/CMakeLists.txt): clang 14, the sanitizer tree's compiler, has no _Float16 on
// x86-64, so they run in the release tree, which tools/test.sh builds without the unit programs.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include "sim_model/gpu/runtime.h"
#include "tests/ptx/cuda_data_util.h"

namespace wf::ptx::test {
namespace {

#ifdef __FLT16_MAX__
constexpr int kN = 64;

std::uint16_t hbits(_Float16 h) {
  std::uint16_t u;
  std::memcpy(&u, &h, 2);
  return u;
}
_Float16 hfrom(std::uint16_t u) {
  _Float16 h;
  std::memcpy(&h, &u, 2);
  return h;
}
_Float16 hfma(_Float16 a, _Float16 b, _Float16 c) {
  return static_cast<_Float16>(std::fma(double{a}, double{b}, double{c}));
}
_Float16 to_half_rz(float x) {
  _Float16 h = static_cast<_Float16>(x);
  if (std::fabs(static_cast<float>(h)) > std::fabs(x)) h = hfrom(hbits(h) - 1);
  return h;
}

TEST(CudaIntrinsics, HalfPrecisionArithmeticAndConversions) {
  gpu::Runtime rt;
  rt.load_ptx(data_file("cuda_intrinsics.ptx"), "cuda_intrinsics.ptx");
  std::vector<float> in(kN);
  for (int i = 0; i < kN; ++i) in[i] = (i - 32) * 0.3719f + (i % 5) * 0.00123f;
  in[3] = 65504.0f;
  in[4] = 70000.0f;   // overflows to inf
  in[5] = -70000.0f;  // inf + -inf: NaN
  in[6] = 1e-6f;      // an f16 subnormal
  in[7] = 6.1e-5f;
  in[8] = -0.0f;
  in[9] = 2049.0f;  // a tie between two f16 values
  in[10] = 0.1f;
  gpu::DevPtr din = rt.upload(in);
  gpu::DevPtr out = rt.malloc(4 * kN * 16), hout = rt.malloc(2 * kN * 2);
  rt.launch("half_ops", {1, 1, 1}, {kN, 1, 1},
            {gpu::KernelArg::of(din), gpu::KernelArg::of(out), gpu::KernelArg::of(hout),
             gpu::KernelArg::of(kN)});
  const auto o = rt.download<float>(out, kN * 16);
  const auto ho = rt.download<std::uint16_t>(hout, kN * 2);
  for (int i = 0; i < kN; ++i) {
    const float x = in[i], y = in[(i + 1) % kN];
    const _Float16 hx = static_cast<_Float16>(x), hy = static_cast<_Float16>(y);
    const std::vector<float> want = {
        float{hx},
        float{static_cast<_Float16>(hx + hy)},
        float{static_cast<_Float16>(hx * hy)},
        float{static_cast<_Float16>(hx - hy)},
        float{hfma(hx, hy, hx)},
        float{static_cast<_Float16>(hx + hy)},
        float{static_cast<_Float16>(hy + hx)},
        float{static_cast<_Float16>(hx * hy)},
        float{static_cast<_Float16>(hy * hx)},
        float{hfma(hx, hy, hx)},
        float{hfma(hy, hx, hy)},
        hx < hy ? 1.0f : 0.0f,
        -float{hx},
        std::fabs(float{hx}),
        float{to_half_rz(x)},
        std::fmax(float{hx}, float{hy}),
    };
    for (int k = 0; k < 16; ++k) {
      float g = o[i * 16 + k];
      if (std::isnan(want[k]))
        EXPECT_TRUE(std::isnan(g)) << "result " << k << " x=" << x << " y=" << y;
      else
        EXPECT_EQ(g, want[k]) << "result " << k << " x=" << x << " y=" << y;
    }
    EXPECT_EQ(ho[i * 2], hbits(hx)) << "x=" << x;
    EXPECT_EQ(ho[i * 2 + 1], hbits(static_cast<_Float16>(i - 7)));
  }
}
TEST(CudaIntrinsics, PairedHalfCompareShuffleAndAtomics) {
  gpu::Runtime rt;
  rt.load_ptx(data_file("cuda_intrinsics.ptx"), "cuda_intrinsics.ptx");
  std::vector<std::uint32_t> in(64);
  for (int i = 0; i < 64; ++i) {
    _Float16 lo = static_cast<_Float16>((i * 7 % 23) * 0.75f - 8.0f);
    _Float16 hi = static_cast<_Float16>((i * 5 % 19) * -0.5f + 4.0f);
    in[i] = hbits(lo) | std::uint32_t{hbits(hi)} << 16;
  }
  gpu::DevPtr din = rt.upload(in), out = rt.malloc(4 * 32 * 4);
  gpu::DevPtr acc2 = rt.upload(std::vector<std::uint32_t>{0}), acc = rt.malloc(2);
  rt.memset(acc, 0, 2);
  rt.launch("half2_extra", {1, 1, 1}, {32, 1, 1},
            {gpu::KernelArg::of(din), gpu::KernelArg::of(out), gpu::KernelArg::of(acc2),
             gpu::KernelArg::of(acc)});
  const auto o = rt.download<std::uint32_t>(out, 32 * 4);
  auto half_of = [](std::uint32_t v, int k) {
    return hfrom(static_cast<std::uint16_t>(v >> (16 * k)));
  };
  for (int t = 0; t < 32; ++t) {
    std::uint32_t mx = 0, mn = 0, ge = 0;
    for (int k = 0; k < 2; ++k) {
      _Float16 a = half_of(in[t], k), b = half_of(in[t + 32], k);
      mx |= std::uint32_t{hbits(a > b ? a : b)} << (16 * k);
      mn |= std::uint32_t{hbits(a < b ? a : b)} << (16 * k);
      ge |= std::uint32_t{a >= b ? 0x3c00u : 0u} << (16 * k);
    }
    EXPECT_EQ(o[t * 4 + 0], mx) << "thread " << t;
    EXPECT_EQ(o[t * 4 + 1], mn) << "thread " << t;
    EXPECT_EQ(o[t * 4 + 2], ge) << "thread " << t;
    EXPECT_EQ(o[t * 4 + 3], in[t ^ 1]) << "thread " << t;  // shuffle width comes from WARP_SZ
  }
  // 32 x (0.5, 1.0) and 32 x 0.25: exact in f16
  EXPECT_EQ(rt.download<std::uint32_t>(acc2, 1)[0],
            hbits(static_cast<_Float16>(16.0f)) | std::uint32_t{hbits(static_cast<_Float16>(32.0f))}
                                                      << 16);
  EXPECT_EQ(rt.download<std::uint16_t>(acc, 1)[0], hbits(static_cast<_Float16>(8.0f)));
}
#else
TEST(CudaIntrinsics, HalfPrecisionNeedsFloat16) {
  GTEST_SKIP() << "this compiler has no _Float16: the half-precision checks run under GCC";
}
#endif

}  // namespace
}  // namespace wf::ptx::test
