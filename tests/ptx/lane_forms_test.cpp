// The executor's resolved-operand lane loops (integer add/sub/mul/mad/shifts/logic, integer
// setp, mov of registers, immediates and %tid, integer cvt, cvta of global addresses, uniform
// ld.param) checked lane by lane against the ISA's definitions computed here: 64 threads (two
// warps) with random and edge-case operands, one lane in four predicated off (it must keep its
// old value). The scalar ld/st.global loop is checked for what only it does again: sign and
// zero extension into registers wider than the type, and a stored immediate.
#include <gtest/gtest.h>

#include <algorithm>
#include <climits>
#include <cstdint>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "sim_model/gpu/runtime.h"
#include "sim_model/ptx/executor.h"
#include "tests/ptx/ptx_test_util.h"

namespace wf::ptx::test {
namespace {

using u64 = std::uint64_t;
using u32 = std::uint32_t;
using i64 = std::int64_t;

constexpr unsigned kThreads = 64;
constexpr u32 kOld32 = 0xdeadbeef;
constexpr u64 kOld64 = 0x0123456789abcdefull;

struct LaneOut {
  u32 r;  // %rd
  u64 l;  // %ld
  u32 p, q;
};

// Runs `body` (guarded by @%p3, false for every fourth thread) with per-thread inputs.
std::vector<LaneOut> run_lanes(const std::string& body, const std::vector<u64>& a,
                               const std::vector<u64>& b, const std::vector<u64>& c) {
  const std::string ptx = std::string(kHeader) + R"(
.visible .entry t(.param .u64 out, .param .u64 in)
{
  .reg .b32 %ra, %rb, %rc, %rd, %t, %m, %e, %f;
  .reg .b64 %la, %lb, %lc, %ld, %o, %i, %off;
  .reg .pred %p<4>;
  ld.param.u64 %o, [out];
  ld.param.u64 %i, [in];
  mov.u32 %t, %tid.x;
  mul.wide.u32 %off, %t, 24;
  add.u64 %i, %i, %off;
  ld.global.b64 %la, [%i];
  ld.global.b64 %lb, [%i+8];
  ld.global.b64 %lc, [%i+16];
  cvt.u32.u64 %ra, %la;
  cvt.u32.u64 %rb, %lb;
  cvt.u32.u64 %rc, %lc;
  mov.b32 %rd, 0xdeadbeef;
  mov.b64 %ld, 0x0123456789abcdef;
  setp.eq.u32 %p1, %t, 1000;
  setp.ne.u32 %p2, %t, 1000;
  and.b32 %m, %t, 3;
  setp.ne.u32 %p3, %m, 3;
  @%p3 )" + body + R"(
  mul.wide.u32 %off, %t, 24;
  add.u64 %o, %o, %off;
  st.global.b32 [%o], %rd;
  st.global.b64 [%o+8], %ld;
  selp.u32 %e, 1, 0, %p1;
  st.global.u32 [%o+16], %e;
  selp.u32 %f, 1, 0, %p2;
  st.global.u32 [%o+20], %f;
  ret;
}
)";
  gpu::Runtime rt;
  rt.load_ptx(ptx, "lanes.ptx");
  std::vector<u64> in;
  for (unsigned t = 0; t < kThreads; ++t) in.insert(in.end(), {a[t], b[t], c[t]});
  const gpu::DevPtr d_in = rt.upload(in);
  const gpu::DevPtr d_out = rt.malloc(kThreads * 24);
  rt.launch("t", {1, 1, 1}, {kThreads, 1, 1},
            {gpu::KernelArg::of(d_out), gpu::KernelArg::of(d_in)});
  const std::vector<u64> raw = rt.download<u64>(d_out, kThreads * 3);
  std::vector<LaneOut> out(kThreads);
  for (unsigned t = 0; t < kThreads; ++t) {
    out[t].r = static_cast<u32>(raw[3 * t]);
    out[t].l = raw[3 * t + 1];
    out[t].p = static_cast<u32>(raw[3 * t + 2] & 0xffffffff);
    out[t].q = static_cast<u32>(raw[3 * t + 2] >> 32);
  }
  return out;
}

// Random operands with the values where widths and signs matter mixed in.
std::vector<u64> operands(std::mt19937_64& rng, bool shift_amounts) {
  static const u64 edges[] = {0,
                              1,
                              2,
                              0x7fffffff,
                              0x80000000,
                              0xffffffff,
                              0x100000000ull,
                              static_cast<u64>(LLONG_MIN),
                              static_cast<u64>(LLONG_MAX),
                              ~0ull};
  std::vector<u64> v(kThreads);
  for (unsigned t = 0; t < kThreads; ++t) {
    if (shift_amounts) {
      v[t] = rng() % 70;  // below, at and above the widths
    } else if (t % 3 == 0) {
      v[t] = edges[rng() % std::size(edges)];
    } else {
      v[t] = rng();
    }
  }
  return v;
}

using Ref = std::function<u64(u64, u64, u64)>;

struct IntCase {
  const char* body;
  bool wide;   // result in %ld (else %rd)
  bool shift;  // b is a shift amount
  Ref ref;
};

i64 s32(u64 x) {
  return static_cast<std::int32_t>(static_cast<u32>(x));
}

TEST(LaneForms, IntegerArithmeticMatchesIsaOnEveryLane) {
  const std::vector<IntCase> cases = {
      {"add.u32 %rd, %ra, %rb;", false, false, [](u64 a, u64 b, u64) { return a + b; }},
      {"add.u32 %rd, %ra, -3;", false, false, [](u64 a, u64, u64) { return a - 3; }},
      {"sub.s32 %rd, %ra, %rb;", false, false, [](u64 a, u64 b, u64) { return a - b; }},
      {"add.s64 %ld, %la, %lb;", true, false, [](u64 a, u64 b, u64) { return a + b; }},
      {"sub.u64 %ld, %la, 5;", true, false, [](u64 a, u64, u64) { return a - 5; }},
      {"mul.lo.u32 %rd, %ra, %rb;", false, false, [](u64 a, u64 b, u64) { return a * b; }},
      {"mul.lo.s64 %ld, %la, %lb;", true, false, [](u64 a, u64 b, u64) { return a * b; }},
      {"mul.wide.s32 %ld, %ra, %rb;", true, false,
       [](u64 a, u64 b, u64) { return static_cast<u64>(s32(a) * s32(b)); }},
      {"mul.wide.u32 %ld, %ra, %rb;", true, false,
       [](u64 a, u64 b, u64) { return (a & 0xffffffff) * (b & 0xffffffff); }},
      {"mad.lo.s32 %rd, %ra, %rb, %rc;", false, false,
       [](u64 a, u64 b, u64 c) { return a * b + c; }},
      {"mad.lo.u64 %ld, %la, %lb, %lc;", true, false,
       [](u64 a, u64 b, u64 c) { return a * b + c; }},
      {"shl.b32 %rd, %ra, %rb;", false, true,
       [](u64 a, u64 b, u64) { return b >= 32 ? 0 : a << b; }},
      {"shl.b64 %ld, %la, %rb;", true, true,
       [](u64 a, u64 b, u64) { return b >= 64 ? 0 : a << b; }},
      {"shr.u32 %rd, %ra, %rb;", false, true,
       [](u64 a, u64 b, u64) { return b >= 32 ? 0 : (a & 0xffffffff) >> b; }},
      {"shr.s32 %rd, %ra, %rb;", false, true,
       [](u64 a, u64 b, u64) { return static_cast<u64>(s32(a) >> std::min<u64>(b, 63)); }},
      {"shr.s64 %ld, %la, %rb;", true, true,
       [](u64 a, u64 b, u64) {
         return static_cast<u64>(static_cast<i64>(a) >> std::min<u64>(b, 63));
       }},
      {"shr.u64 %ld, %la, 3;", true, false, [](u64 a, u64, u64) { return a >> 3; }},
      {"and.b32 %rd, %ra, %rb;", false, false, [](u64 a, u64 b, u64) { return a & b; }},
      {"or.b64 %ld, %la, %lb;", true, false, [](u64 a, u64 b, u64) { return a | b; }},
      {"xor.b32 %rd, %ra, 0xff00ff00;", false, false,
       [](u64 a, u64, u64) { return a ^ 0xff00ff00; }},
      {"mov.u32 %rd, %rb;", false, false, [](u64, u64 b, u64) { return b; }},
      {"mov.b64 %ld, 77;", true, false, [](u64, u64, u64) { return u64{77}; }},
      {"cvt.s64.s32 %ld, %ra;", true, false,
       [](u64 a, u64, u64) { return static_cast<u64>(s32(a)); }},
      {"cvt.u64.s32 %ld, %ra;", true, false,
       [](u64 a, u64, u64) { return static_cast<u64>(s32(a)); }},
      {"cvt.u64.u32 %ld, %ra;", true, false, [](u64 a, u64, u64) { return a & 0xffffffff; }},
      {"cvt.u32.u64 %rd, %la;", false, false, [](u64 a, u64, u64) { return a; }},
      {"cvt.s32.s16 %rd, %ra;", false, false,
       [](u64 a, u64, u64) { return static_cast<u64>(static_cast<std::int16_t>(a)); }},
      {"cvt.u32.u8 %rd, %ra;", false, false, [](u64 a, u64, u64) { return a & 0xff; }},
      {"cvt.sat.s8.s32 %rd, %ra;", false, false,
       [](u64 a, u64, u64) { return static_cast<u64>(std::clamp<i64>(s32(a), -128, 127)); }},
      {"cvt.sat.u16.s32 %rd, %ra;", false, false,
       [](u64 a, u64, u64) { return static_cast<u64>(std::clamp<i64>(s32(a), 0, 65535)); }},
      {"cvt.s64.s32 %ld, -5;", true, false, [](u64, u64, u64) { return static_cast<u64>(-5); }},
      {"cvta.to.global.u64 %ld, %la;", true, false, [](u64 a, u64, u64) { return a; }},
      {"cvta.global.u64 %ld, %la;", true, false, [](u64 a, u64, u64) { return a; }},
  };
  std::mt19937_64 rng(7);
  for (const IntCase& k : cases) {
    SCOPED_TRACE(k.body);
    const auto a = operands(rng, false), b = operands(rng, k.shift), c = operands(rng, false);
    const auto out = run_lanes(k.body, a, b, c);
    for (unsigned t = 0; t < kThreads; ++t) {
      SCOPED_TRACE(t);
      const bool on = t % 4 != 3;
      if (k.wide) {
        EXPECT_EQ(out[t].l,
                  on ? k.ref(a[t], b[t] & (k.shift ? 0xffffffffull : ~0ull), c[t]) : kOld64);
        EXPECT_EQ(out[t].r, kOld32);
      } else {
        const u64 ra = a[t] & 0xffffffff, rb = b[t] & 0xffffffff, rc = c[t] & 0xffffffff;
        EXPECT_EQ(out[t].r, on ? static_cast<u32>(k.ref(ra, rb, rc)) : kOld32);
        EXPECT_EQ(out[t].l, kOld64);
      }
    }
  }
}

struct SetpCase {
  const char* body;
  std::function<bool(u64, u64)> ref;
};

TEST(LaneForms, IntegerSetpMatchesIsaOnEveryLane) {
  auto lo = [](u64 x) { return x & 0xffffffff; };
  const std::vector<SetpCase> cases = {
      {"setp.lt.s32 %p1|%p2, %ra, %rb;", [](u64 a, u64 b) { return s32(a) < s32(b); }},
      {"setp.lo.u32 %p1|%p2, %ra, %rb;", [&](u64 a, u64 b) { return lo(a) < lo(b); }},
      {"setp.gt.u32 %p1|%p2, %ra, %rb;", [&](u64 a, u64 b) { return lo(a) > lo(b); }},
      {"setp.le.s32 %p1|%p2, %ra, 0;", [](u64 a, u64) { return s32(a) <= 0; }},
      {"setp.ne.b32 %p1|%p2, %ra, %rb;", [&](u64 a, u64 b) { return lo(a) != lo(b); }},
      {"setp.ge.s64 %p1|%p2, %la, %lb;",
       [](u64 a, u64 b) { return static_cast<i64>(a) >= static_cast<i64>(b); }},
      {"setp.hi.u64 %p1|%p2, %la, %lb;", [](u64 a, u64 b) { return a > b; }},
      {"setp.hs.s64 %p1|%p2, %la, %lb;", [](u64 a, u64 b) { return a >= b; }},  // unsigned
      {"setp.eq.u64 %p1|%p2, %la, %lb;", [](u64 a, u64 b) { return a == b; }},
      {"setp.eq.s32 %p1, %ra, %rb;", [&](u64 a, u64 b) { return lo(a) == lo(b); }},
  };
  std::mt19937_64 rng(11);
  for (const SetpCase& k : cases) {
    SCOPED_TRACE(k.body);
    const bool complement = std::string(k.body).find('|') != std::string::npos;
    const auto a = operands(rng, false), c = operands(rng, false);
    auto b = operands(rng, false);
    for (unsigned t = 0; t < kThreads; t += 5) b[t] = a[t];  // equal operands too
    const auto out = run_lanes(k.body, a, b, c);
    for (unsigned t = 0; t < kThreads; ++t) {
      SCOPED_TRACE(t);
      const bool on = t % 4 != 3;
      const bool r = k.ref(a[t], b[t]);
      EXPECT_EQ(out[t].p, on ? r : false);
      EXPECT_EQ(out[t].q, on && complement ? !r : true);
    }
  }
}

// The lane loops' iteration: every lane of the mask once, lowest first, whether the mask is a
// run of lanes from 0 (counted) or has gaps.
TEST(LaneForms, ForLanesVisitsEachLaneInOrder) {
  for (const u64 mask :
       {u64{0}, u64{1}, u64{0xff}, u64{0xffffffff}, ~u64{0}, u64{0x2}, u64{0xfffffffe},
        u64{0x80000001}, u64{0x7fffffff00000000}, u64{0x8000000000000000}, u64{0x5555}}) {
    SCOPED_TRACE(mask);
    std::vector<unsigned> seen, expected;
    for (unsigned l = 0; l < 64; ++l)
      if ((mask >> l) & 1) expected.push_back(l);
    for_lanes(mask, [&](unsigned l) { seen.push_back(l); });
    EXPECT_EQ(seen, expected);
  }
}

// %tid in a 5 x 7 x 2 block (warps wrap rows and planes mid-warp), %ctaid in a grid of 3, and
// lanes off at the start of a warp (the first active lane is not lane 0).
TEST(LaneForms, ThreadAndBlockIndicesPerLane) {
  const std::string ptx = std::string(kHeader) + R"(
.visible .entry t(.param .u64 out)
{
  .reg .b32 %x, %y, %z, %c, %lin, %m, %n;
  .reg .b64 %o, %off;
  .reg .pred %p;
  ld.param.u64 %o, [out];
  mov.u32 %x, 0xffffffff;
  mov.u32 %y, 0xffffffff;
  mov.u32 %z, 0xffffffff;
  mov.u32 %c, 0xffffffff;
  mov.u32 %lin, %tid.x;
  mov.u32 %m, %tid.y;
  mad.lo.u32 %lin, %m, 5, %lin;
  mov.u32 %m, %tid.z;
  mad.lo.u32 %lin, %m, 35, %lin;
  rem.u32 %n, %lin, 32;
  setp.ge.u32 %p, %n, 3;
  @%p mov.u32 %x, %tid.x;
  @%p mov.u32 %y, %tid.y;
  @%p mov.u32 %z, %tid.z;
  @%p mov.u32 %c, %ctaid.x;
  mov.u32 %m, %ctaid.x;
  mad.lo.u32 %lin, %m, 70, %lin;
  mul.wide.u32 %off, %lin, 16;
  add.u64 %o, %o, %off;
  st.global.v4.u32 [%o], {%x, %y, %z, %c};
  ret;
}
)";
  gpu::Runtime rt;
  rt.load_ptx(ptx, "tid.ptx");
  const gpu::DevPtr d_out = rt.malloc(3 * 70 * 16);
  rt.launch("t", {3, 1, 1}, {5, 7, 2}, {gpu::KernelArg::of(d_out)});
  const std::vector<u32> out = rt.download<u32>(d_out, 3 * 70 * 4);
  for (u32 cta = 0; cta < 3; ++cta) {
    for (u32 lin = 0; lin < 70; ++lin) {
      SCOPED_TRACE(cta * 70 + lin);
      const bool on = lin % 32 >= 3;
      const u32* v = &out[(cta * 70 + lin) * 4];
      EXPECT_EQ(v[0], on ? lin % 5 : 0xffffffffu);
      EXPECT_EQ(v[1], on ? lin / 5 % 7 : 0xffffffffu);
      EXPECT_EQ(v[2], on ? lin / 35 : 0xffffffffu);
      EXPECT_EQ(v[3], on ? cta : 0xffffffffu);
    }
  }
}

TEST(LaneForms, GlobalLoadsExtendToTheRegisterAndStoresTakeImmediates) {
  // a = 0x8001 (as s16 -32767, its high byte as s8 -128), b = 0xfffffffe (as s32 -2).
  Results r = run_snippet(R"(
  ld.global.s16 %rd, [%i];
  ld.global.s32 %ld, [%i+8];
)",
                          0x8001, 0xfffffffe);
  EXPECT_EQ(r.r, 0xffff8001u);
  EXPECT_EQ(r.l, 0xfffffffffffffffeull);
  r = run_snippet(R"(
  ld.global.s8 %rd, [%i+1];
  ld.global.u32 %ld, [%i+8];
)",
                  0x8001, 0xfffffffe);
  EXPECT_EQ(r.r, 0xffffff80u);
  EXPECT_EQ(r.l, 0xfffffffeull);
  r = run_snippet(R"(
  st.global.u32 [%i+4], 7;
  ld.global.u32 %rd, [%i+4];
  st.global.u16 [%i+16], -1;
  ld.global.u64 %ld, [%i+16];
)",
                  0, 0, 0x1122334455667788ull);
  EXPECT_EQ(r.r, 7u);
  EXPECT_EQ(r.l, 0x112233445566ffffull);
}

}  // namespace
}  // namespace wf::ptx::test
