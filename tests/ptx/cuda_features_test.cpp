// Atomics in every type, warp and block-wide votes, and the non-arithmetic features benchmark
// kernels use (data/cuda_features.cu), checked against host-computed results.
#include <gtest/gtest.h>

#include <climits>
#include <cstring>
#include <vector>

#include "sim_model/gpu/runtime.h"
#include "tests/ptx/cuda_data_util.h"

namespace wf::ptx::test {
namespace {

using u32 = std::uint32_t;
using u64 = std::uint64_t;
using ll = long long;

TEST(CudaFeatures, AtomicsOfEveryTypeAndOperation) {
  gpu::Runtime rt;
  rt.load_ptx(data_file("cuda_features.ptx"), "cuda_features.ptx");
  const int n = 200;  // the last CTA is partly idle
  gpu::DevPtr f = rt.upload(std::vector<float>{0, 0});
  gpu::DevPtr d = rt.upload(std::vector<double>{0});
  gpu::DevPtr s = rt.upload(std::vector<int>{INT_MAX, INT_MIN, 0, 0});
  gpu::DevPtr u = rt.upload(std::vector<u32>{UINT_MAX, 0, 0, 0, UINT_MAX, 0, 0, 0});
  gpu::DevPtr sl = rt.upload(std::vector<ll>{LLONG_MAX, LLONG_MIN});
  gpu::DevPtr ul = rt.upload(std::vector<u64>{~0ull, 0, 0, 0, 0, ~0ull, 0, 0, 0});
  rt.launch(
      "atomics_all", {2, 1, 1}, {128, 1, 1},
      {gpu::KernelArg::of(f), gpu::KernelArg::of(d), gpu::KernelArg::of(s), gpu::KernelArg::of(u),
       gpu::KernelArg::of(sl), gpu::KernelArg::of(ul), gpu::KernelArg::of(n)});
  const auto fo = rt.download<float>(f, 2);
  const auto dout = rt.download<double>(d, 1);
  const auto so = rt.download<int>(s, 4);
  const auto uo = rt.download<u32>(u, 8);
  const auto slo = rt.download<ll>(sl, 2);
  const auto ulo = rt.download<u64>(ul, 9);
  u32 xor_t = 0;
  u64 xor_l = 0, sum = 0;
  for (int t = 0; t < n; ++t) {
    xor_t ^= static_cast<u32>(t);
    xor_l ^= static_cast<u64>(t) << 20;
    sum += static_cast<u64>(t);
  }
  EXPECT_EQ(fo[0], 0.5f * n);
  EXPECT_EQ(fo[1], static_cast<float>(n));  // shared-memory float adds, then one global add per CTA
  EXPECT_EQ(dout[0], 0.25 * n);
  EXPECT_EQ(so[0], 1000 - (n - 1));
  EXPECT_EQ(so[1], (n - 1) - 1000);
  EXPECT_EQ(so[2], -2 * n);
  EXPECT_GE(so[3], 1);  // exactly one CAS from 0 succeeded, whichever thread came first
  EXPECT_LE(so[3], n);
  EXPECT_EQ(uo[0], 5000u - (n - 1));
  EXPECT_EQ(uo[1], 3u * (n - 1));
  EXPECT_EQ(uo[2], static_cast<u32>(n % 10));              // inc wraps to 0 after 9
  EXPECT_EQ(uo[3], static_cast<u32>((10 - n % 10) % 10));  // dec wraps from 0 to 9
  EXPECT_EQ(uo[4], 0u);
  EXPECT_EQ(uo[5], 0xffffffffu);
  EXPECT_EQ(uo[6], xor_t);
  EXPECT_EQ(uo[7], 7u);
  EXPECT_EQ(slo[0], -static_cast<ll>(n - 1) * 100000000000LL);
  EXPECT_EQ(slo[1], static_cast<ll>(n - 1) * 100000000000LL);
  EXPECT_EQ(ulo[0], 0xffffffffffffull - (n - 1));
  EXPECT_EQ(ulo[1], static_cast<u64>(n - 1) << 40);
  EXPECT_EQ(ulo[2], static_cast<u64>(n) << 33);
  EXPECT_EQ(ulo[3], sum);  // the 64-bit CAS loop
  EXPECT_EQ(ulo[4], ~0ull);
  EXPECT_EQ(ulo[5], 0ull);
  EXPECT_EQ(ulo[6], xor_l);
  EXPECT_EQ(ulo[7], 3ull << 40);
  EXPECT_EQ(ulo[8], sum);
}

TEST(CudaFeatures, WarpIntrinsicsAndBlockVotes) {
  gpu::Runtime rt;
  rt.load_ptx(data_file("cuda_features.ptx"), "cuda_features.ptx");
  const int blocks = 2, threads = 64, total = blocks * threads;
  std::vector<int> in(total);
  for (int g = 0; g < total; ++g) in[g] = (g * 37 + 11) % 97;
  in[3] = 42;
  in[70] = 1500;  // breaks __match_all_sync in the first warp of CTA 1
  gpu::DevPtr din = rt.upload(in);
  gpu::DevPtr out = rt.malloc(4 * total * 16);
  rt.launch("warp_sync", {blocks, 1, 1}, {threads, 1, 1},
            {gpu::KernelArg::of(din), gpu::KernelArg::of(out)});
  const auto o = rt.download<u32>(out, total * 16);
  for (int g = 0; g < total; ++g) {
    const int cta = g / threads, l = g % 32, w0 = g - l;
    auto v = [&](int lane) { return in[w0 + lane]; };
    u32 ballot = 0, match_any = 0, odd_ballot = 0;
    bool any = false, all = true, all_same = true;
    float sum = 0;
    for (int k = 0; k < 32; ++k) {
      ballot |= u32{(v(k) & 1) != 0} << k;
      any = any || v(k) > 90;
      all = all && v(k) >= 0;
      match_any |= u32{v(k) % 4 == v(l) % 4} << k;
      all_same = all_same && v(k) / 1000 == v(0) / 1000;
      sum += static_cast<float>(v(k)) * 0.5f;
      if (k & 1) odd_ballot |= u32{(v(k) & 2) != 0} << k;
    }
    int count = 0, orr = 0;
    for (int k = 0; k < threads; ++k) {
      count += in[cta * threads + k] & 1;
      orr |= in[cta * threads + k] == 42;
    }
    const std::vector<u32> want = {
        ballot,
        any,
        all,
        0xffffffffu,
        match_any,
        all_same ? 0xffffffffu : 0u,
        all_same,
        static_cast<u32>(static_cast<int>(sum)),
        static_cast<u32>(v(l < 31 ? l + 1 : l)),
        static_cast<u32>(v(l >= 2 ? l - 2 : l)),
        static_cast<u32>(v((l & ~15) | ((l + 3) & 15))),
        static_cast<u32>(count),
        1,
        static_cast<u32>(orr),
        (l & 1) ? 0xaaaaaaaau : 0x55555555u,
        (l & 1) ? odd_ballot : 0u,
    };
    for (int k = 0; k < 16; ++k)
      EXPECT_EQ(o[g * 16 + k], want[k]) << "result " << k << " thread " << g;
  }
}

struct Particle {
  float pos[3];
  float vel[3];
  int id;
  double mass;
};

int classify(int x) {
  switch (x & 15) {
    case 0:
      return 11;
    case 1:
      return 23;
    case 2:
      return 37;
    case 3:
      return x * 3;
    case 4:
      return x ^ 0x55;
    case 5:
      return 101;
    case 6:
      return x - 9;
    case 7:
      return 77;
    case 8:
      return x << 2;
    case 9:
      return 1234;
    case 10:
      return -5;
    case 11:
      return x / 3;
    default:
      return 0;
  }
}

TEST(CudaFeatures, StackArraysStructsRecursionSwitchConstantsGridsPrintfAssert) {
  gpu::Runtime rt;
  rt.load_ptx(data_file("cuda_features.ptx"), "cuda_features.ptx");
  const gpu::Dim3 grid{2, 3, 2}, block{8, 4, 2};
  const int nt = 64, total = 12 * nt;
  std::vector<int> in(total);
  for (int g = 0; g < total; ++g) in[g] = (g * 131 + 7) % 1000;
  std::vector<Particle> parts(total);
  for (int g = 0; g < total; ++g) {
    for (int k = 0; k < 3; ++k) {
      parts[g].pos[k] = g * 0.5f + k;
      parts[g].vel[k] = 1.25f * k - g * 0.125f;
    }
    parts[g].id = g;
    parts[g].mass = 1.0 + g;
  }
  gpu::DevPtr din = rt.upload(in), dparts = rt.upload(parts);
  gpu::DevPtr out = rt.malloc(4 * total * 8), flag = rt.upload(std::vector<int>{0});
  testing::internal::CaptureStdout();
  rt.launch("misc", grid, block,
            {gpu::KernelArg::of(din), gpu::KernelArg::of(out), gpu::KernelArg::of(dparts),
             gpu::KernelArg::of(flag)},
            nt * sizeof(int));
  const std::string printed = testing::internal::GetCapturedStdout();
  const auto o = rt.download<int>(out, total * 8);
  const auto po = rt.download<Particle>(dparts, total);
  const int table[16] = {3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3};
  const float coef[4] = {0.5f, 0.25f, 0.125f, 2.0f};
  for (int bz = 0; bz < 2; ++bz)
    for (int by = 0; by < 3; ++by)
      for (int bx = 0; bx < 2; ++bx)
        for (int tid = 0; tid < nt; ++tid) {
          const int bid = bx + 2 * (by + 3 * bz), g = bid * nt + tid;
          const int v = in[g], nb = in[bid * nt + (tid + 1) % nt];
          int acc = 0;
          for (int k = 0; k < 24; ++k) acc += v * ((k * 7 + v) % 24) + nb;
          const std::vector<int> want = {acc,
                                         classify(v),
                                         table[v & 15] * static_cast<int>(coef[v & 3] * 8.0f),
                                         2 * (v & 3) + 3,
                                         bid,
                                         tid,
                                         o[g * 8 + 6] == 1 ? 1 : 0,  // racy read: 0 or 1
                                         bz * 100 + by * 10 + bx};
          for (int k = 0; k < 8; ++k)
            EXPECT_EQ(o[g * 8 + k], want[k]) << "result " << k << " thread " << g;
          for (int k = 0; k < 3; ++k)
            EXPECT_EQ(po[g].pos[k], parts[g].pos[k] + parts[g].vel[k] * 0.5f) << "thread " << g;
          EXPECT_EQ(po[g].mass, parts[g].mass * 1.5);
          EXPECT_EQ(po[g].id, g);
        }
  EXPECT_EQ(rt.download<int>(flag, 1)[0], 1);
  const int v3 = in[3], nb3 = in[4];
  int acc3 = 0;
  for (int k = 0; k < 24; ++k) acc3 += v3 * ((k * 7 + v3) % 24) + nb3;
  EXPECT_EQ(printed, "misc: g=3 v=" + std::to_string(v3) + " acc=" + std::to_string(acc3) +
                         " 1.500000 -3 ok\n");

  // A negative input trips the device assert, reported as a kernel error naming the thread.
  in[100] = -1;
  gpu::DevPtr bad = rt.upload(in);
  try {
    rt.launch("misc", grid, block,
              {gpu::KernelArg::of(bad), gpu::KernelArg::of(out), gpu::KernelArg::of(dparts),
               gpu::KernelArg::of(flag)},
              nt * sizeof(int));
    ADD_FAILURE() << "the assert did not fire";
  } catch (const gpu::KernelError& e) {
    EXPECT_NE(std::string(e.what()).find("v >= 0"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace wf::ptx::test
