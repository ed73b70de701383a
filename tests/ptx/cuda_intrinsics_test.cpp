// CUDA integer intrinsics and SIMD video intrinsics as nvcc compiles them
// (data/cuda_intrinsics.cu), checked against host reimplementations written from the CUDA Math
// API documentation of each intrinsic; half precision: half_intrinsics_test.cpp.
#include <gtest/gtest.h>

#include <bit>
#include <cstring>
#include <functional>
#include <vector>

#include "sim_model/gpu/runtime.h"
#include "tests/ptx/cuda_data_util.h"

namespace wf::ptx::test {
namespace {

using u32 = std::uint32_t;
using u64 = std::uint64_t;
using i64 = std::int64_t;

constexpr int kN = 64;

u64 splitmix(u64& s) {
  u64 z = (s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

std::vector<u32> words() {
  u64 s = 7;
  std::vector<u32> v(2 * kN);
  for (auto& x : v) x = static_cast<u32>(splitmix(s));
  v[0] = 0;
  v[1] = 0xffffffffu;
  v[2] = 0x80000000u;
  v[3] = 1;
  v[4] = 0x7fff8000u;  // lane edge values for the saturating SIMD forms
  v[5] = 0x80807f7fu;
  v[6] = 33;  // a shift amount above 32 for the clamped funnel shifts
  return v;
}

std::vector<u64> dwords() {
  u64 s = 99;
  std::vector<u64> v(kN);
  for (auto& x : v) x = splitmix(s) >> (s % 40);
  v[0] = 0;
  v[2] = ~0ull;
  v[3] = 0x8000000000000000ull;
  v[4] = 3;
  return v;
}

u32 funnel(u32 lo, u32 hi, u32 n, bool left) {
  u64 v = (u64{hi} << 32) | lo;
  return static_cast<u32>(left ? (v << n) >> 32 : v >> n);
}

// One lane-wise SIMD intrinsic: f gets the lane as unsigned and as signed value.
u32 simd(u32 a, u32 b, unsigned lanes, const std::function<i64(i64, i64, i64, i64)>& f) {
  unsigned w = 32 / lanes;
  u32 m = (1u << w) - 1, d = 0;
  for (unsigned i = 0; i < lanes; ++i) {
    i64 ua = (a >> (w * i)) & m, ub = (b >> (w * i)) & m;
    i64 sa = ua >= (i64{1} << (w - 1)) ? ua - (i64{1} << w) : ua;
    i64 sb = ub >= (i64{1} << (w - 1)) ? ub - (i64{1} << w) : ub;
    d |= (static_cast<u32>(f(ua, ub, sa, sb)) & m) << (w * i);
  }
  return d;
}
i64 sat(i64 v, unsigned w, bool sgn) {
  i64 lo = sgn ? -(i64{1} << (w - 1)) : 0, hi = sgn ? (i64{1} << (w - 1)) - 1 : (i64{1} << w) - 1;
  return std::clamp(v, lo, hi);
}
u32 sad(u32 a, u32 b, unsigned lanes, bool sgn) {
  unsigned w = 32 / lanes;
  u32 m = (1u << w) - 1, d = 0;
  for (unsigned i = 0; i < lanes; ++i) {
    i64 x = (a >> (w * i)) & m, y = (b >> (w * i)) & m;
    if (sgn) {
      if (x >= (i64{1} << (w - 1))) x -= i64{1} << w;
      if (y >= (i64{1} << (w - 1))) y -= i64{1} << w;
    }
    d += static_cast<u32>(x > y ? x - y : y - x);
  }
  return d;
}

std::vector<u32> video_ref(u32 a, u32 b) {
  std::vector<u32> o;
  auto both = [&](const std::function<i64(i64, i64, i64, i64, unsigned)>& f) {
    for (unsigned lanes : {2u, 4u}) {
      unsigned w = 32 / lanes;
      o.push_back(
          simd(a, b, lanes, [&](i64 ua, i64 ub, i64 sa, i64 sb) { return f(ua, ub, sa, sb, w); }));
    }
  };
  auto all_ones = [](bool c) -> i64 { return c ? -1 : 0; };
  both([](i64, i64, i64 sa, i64, unsigned) { return sa < 0 ? -sa : sa; });  // vabs
  both([](i64, i64, i64 sa, i64 sb, unsigned) { return sa > sb ? sa - sb : sb - sa; });
  both([](i64 ua, i64 ub, i64, i64, unsigned) { return ua > ub ? ua - ub : ub - ua; });
  both([](i64, i64, i64 sa, i64, unsigned w) { return sat(sa < 0 ? -sa : sa, w, true); });
  both([](i64 ua, i64 ub, i64, i64, unsigned) { return ua + ub; });
  both([](i64, i64, i64 sa, i64 sb, unsigned w) { return sat(sa + sb, w, true); });
  both([](i64 ua, i64 ub, i64, i64, unsigned w) { return sat(ua + ub, w, false); });
  both([](i64, i64, i64 sa, i64 sb, unsigned) {
    return sa + sb >= 0 ? (sa + sb + 1) >> 1 : (sa + sb) >> 1;
  });
  both([](i64 ua, i64 ub, i64, i64, unsigned) { return (ua + ub + 1) >> 1; });
  both([&](i64 ua, i64 ub, i64, i64, unsigned) { return all_ones(ua == ub); });
  both([&](i64, i64, i64 sa, i64 sb, unsigned) { return all_ones(sa >= sb); });
  both([&](i64 ua, i64 ub, i64, i64, unsigned) { return all_ones(ua >= ub); });
  both([&](i64, i64, i64 sa, i64 sb, unsigned) { return all_ones(sa > sb); });
  both([&](i64 ua, i64 ub, i64, i64, unsigned) { return all_ones(ua > ub); });
  both([&](i64, i64, i64 sa, i64 sb, unsigned) { return all_ones(sa <= sb); });
  both([&](i64 ua, i64 ub, i64, i64, unsigned) { return all_ones(ua <= ub); });
  both([&](i64, i64, i64 sa, i64 sb, unsigned) { return all_ones(sa < sb); });
  both([&](i64 ua, i64 ub, i64, i64, unsigned) { return all_ones(ua < ub); });
  both([&](i64 ua, i64 ub, i64, i64, unsigned) { return all_ones(ua != ub); });
  both([](i64 ua, i64 ub, i64, i64, unsigned) { return (ua + ub) >> 1; });  // vhaddu
  both([](i64, i64, i64 sa, i64 sb, unsigned) { return std::max(sa, sb); });
  both([](i64 ua, i64 ub, i64, i64, unsigned) { return std::max(ua, ub); });
  both([](i64, i64, i64 sa, i64 sb, unsigned) { return std::min(sa, sb); });
  both([](i64 ua, i64 ub, i64, i64, unsigned) { return std::min(ua, ub); });
  both([](i64, i64, i64 sa, i64, unsigned) { return -sa; });
  both([](i64, i64, i64 sa, i64, unsigned w) { return sat(-sa, w, true); });
  o.push_back(sad(a, b, 2, true));
  o.push_back(sad(a, b, 4, true));
  o.push_back(sad(a, b, 2, false));
  o.push_back(sad(a, b, 4, false));
  o.push_back(simd(a, b, 2, [](i64 ua, i64 ub, i64, i64) { return i64{ua == ub}; }));
  o.push_back(simd(a, b, 4, [](i64, i64, i64 sa, i64 sb) { return i64{sa >= sb}; }));
  both([](i64 ua, i64 ub, i64, i64, unsigned) { return ua - ub; });
  both([](i64, i64, i64 sa, i64 sb, unsigned w) { return sat(sa - sb, w, true); });
  both([](i64 ua, i64 ub, i64, i64, unsigned w) { return sat(ua - ub, w, false); });
  return o;
}

u32 fns_ref(u32 mask, u32 base, int offset) {
  // the n-th set bit at or above base, n = offset (offset > 0 only here)
  for (u32 pos = base; pos < 32; ++pos) {
    if ((mask >> pos) & 1 && --offset == 0) return pos;
  }
  return 0xffffffffu;
}

TEST(CudaIntrinsics, IntegerAndVideoIntrinsicsMatchTheirDefinitions) {
  gpu::Runtime rt;
  rt.load_ptx(data_file("cuda_intrinsics.ptx"), "cuda_intrinsics.ptx");
  const auto a_in = words();
  const auto l_in = dwords();
  gpu::DevPtr da = rt.upload(a_in), dl = rt.upload(l_in);
  gpu::DevPtr out = rt.malloc(4 * kN * 24), lout = rt.malloc(8 * kN * 8);
  rt.launch("int_intrin", {2, 1, 1}, {32, 1, 1},
            {gpu::KernelArg::of(da), gpu::KernelArg::of(dl), gpu::KernelArg::of(out),
             gpu::KernelArg::of(lout), gpu::KernelArg::of(kN)});
  const auto o = rt.download<u32>(out, kN * 24);
  const auto lo = rt.download<u64>(lout, kN * 8);
  for (int i = 0; i < kN; ++i) {
    const u32 a = a_in[i], b = a_in[(i + 1) % kN], c = a_in[(i + 2) % kN];
    const u64 x = l_in[i], y = l_in[(i + 1) % kN];
    const i64 sx = static_cast<i64>(x), sy = static_cast<i64>(y);
    const std::vector<u32> want = {
        a ? static_cast<u32>(std::countr_zero(a)) + 1 : 0,
        x ? static_cast<u32>(std::countr_zero(x)) + 1 : 0,
        static_cast<u32>(std::countl_zero(a)),
        static_cast<u32>(std::countl_zero(x)),
        static_cast<u32>(std::popcount(a)),
        static_cast<u32>(std::popcount(x)),
        [&] {
          u32 r = 0;
          for (int k = 0; k < 32; ++k) r |= ((a >> k) & 1) << (31 - k);
          return r;
        }(),
        [&] {  // __byte_perm: 3-bit selectors into the bytes of {b, a}
          u64 src = (u64{b} << 32) | a;
          u32 r = 0;
          for (int k = 0; k < 4; ++k)
            r |= static_cast<u32>((src >> (8 * ((c >> (4 * k)) & 7))) & 0xff) << (8 * k);
          return r;
        }(),
        static_cast<u32>((u64{a} * b) >> 32),
        static_cast<u32>((i64{static_cast<std::int32_t>(a)} * static_cast<std::int32_t>(b)) >> 32),
        static_cast<u32>(
            std::abs(i64{static_cast<std::int32_t>(a)} - static_cast<std::int32_t>(b))) +
            c,
        (a > b ? a - b : b - a) + c,
        funnel(a, b, c & 31, true),
        funnel(a, b, c & 31, false),
        funnel(a, b, std::min<u32>(c, 32), true),
        funnel(a, b, std::min<u32>(c, 32), false),
        simd(a, b, 2, [](i64 ua, i64 ub, i64, i64) { return ua + ub; }),
        simd(a, b, 4, [](i64 ua, i64 ub, i64, i64) { return ua - ub; }),
        simd(a, b, 4, [](i64 ua, i64 ub, i64, i64) { return ua > ub ? ua - ub : ub - ua; }),
        simd(a, b, 2, [](i64 ua, i64 ub, i64, i64) -> i64 { return ua > ub ? -1 : 0; }),
        simd(a, b, 4, [](i64 ua, i64 ub, i64, i64) { return std::max(ua, ub); }),
        simd(a, b, 2, [](i64 ua, i64 ub, i64, i64) { return (ua + ub + 1) >> 1; }),
        simd(a, b, 4, [](i64 ua, i64 ub, i64, i64) { return i64{ua > ub}; }),
        fns_ref(a, 0, 1),
    };
    for (int k = 0; k < 24; ++k)
      EXPECT_EQ(o[i * 24 + k], want[k]) << "result " << k << " thread " << i;
    using u128 = unsigned __int128;
    using i128 = __int128;
    const std::vector<u64> lwant = {
        static_cast<u64>((u128{x} * y) >> 64),
        static_cast<u64>((i128{sx} * sy) >> 64),
        [&] {
          u64 r = 0;
          for (int k = 0; k < 64; ++k) r |= ((x >> k) & 1) << (63 - k);
          return r;
        }(),
        y ? x / y : 0,
        y ? x % y : 0,
        sy ? static_cast<u64>(sx / sy) : 0,
        sy ? static_cast<u64>(sx % sy) : 0,
        (sx < 0 ? 0 - x : x) + static_cast<u64>(std::min(sx, sy)) + std::min(a, b),
    };
    for (int k = 0; k < 8; ++k)
      EXPECT_EQ(lo[i * 8 + k], lwant[k]) << "64-bit result " << k << " thread " << i;
  }
}

TEST(CudaIntrinsics, EverySimdVideoIntrinsic) {
  gpu::Runtime rt;
  rt.load_ptx(data_file("cuda_intrinsics.ptx"), "cuda_intrinsics.ptx");
  const auto in = words();
  gpu::DevPtr da = rt.upload(in);
  gpu::DevPtr out = rt.malloc(4 * 32 * 64);
  rt.launch("vid", {1, 1, 1}, {32, 1, 1}, {gpu::KernelArg::of(da), gpu::KernelArg::of(out)});
  const auto o = rt.download<u32>(out, 32 * 64);
  for (int t = 0; t < 32; ++t) {
    const auto want = video_ref(in[t], in[t + 32]);
    ASSERT_EQ(want.size(), 64u);
    for (int k = 0; k < 64; ++k)
      EXPECT_EQ(o[t * 64 + k], want[k])
          << "intrinsic #" << k << " a=" << std::hex << in[t] << " b=" << in[t + 32];
  }
}

}  // namespace
}  // namespace wf::ptx::test
