// setp/set/selp (ordered and unordered comparisons, predicate combination) and conversions
// involving floats.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "tests/ptx/ptx_test_util.h"

namespace wf::ptx::test {
namespace {

std::uint32_t setp_f32(const char* cmp, float a, float b) {
  return run_snippet(std::string("setp.") + cmp + ".f32 %p1, %fa, %fb;", fbits(a), fbits(b)).p;
}

TEST(Compare, OrderedAndUnorderedFloat) {
  EXPECT_EQ(setp_f32("lt", 1, 2), 1u);
  EXPECT_EQ(setp_f32("lt", kNaN, 2), 0u);
  EXPECT_EQ(setp_f32("ltu", kNaN, 2), 1u);
  EXPECT_EQ(setp_f32("ne", kNaN, 2), 0u);
  EXPECT_EQ(setp_f32("neu", kNaN, 2), 1u);
  EXPECT_EQ(setp_f32("eq", 0.0f, -0.0f), 1u);
  EXPECT_EQ(setp_f32("equ", 1, 2), 0u);
  EXPECT_EQ(setp_f32("geu", 2, 2), 1u);
  EXPECT_EQ(setp_f32("gtu", kNaN, kNaN), 1u);
  EXPECT_EQ(setp_f32("num", 1, kNaN), 0u);
  EXPECT_EQ(setp_f32("num", 1, 2), 1u);
  EXPECT_EQ(setp_f32("nan", 1, kNaN), 1u);
  EXPECT_EQ(setp_f32("le", kInf, kInf), 1u);
}

TEST(Compare, IntegerSignedness) {
  auto r = run_snippet("setp.lt.s32 %p1, %ra, %rb; setp.lo.u32 %p2, %ra, %rb;", 0xffffffff, 1);
  EXPECT_EQ(r.p, 1u);
  EXPECT_EQ(r.q, 0u);
  r = run_snippet("setp.hi.u32 %p1, %ra, %rb; setp.ge.s64 %p2, %la, %lb;", 0xffffffff, 1);
  EXPECT_EQ(r.p, 1u);
  EXPECT_EQ(r.q, 1u);  // 64-bit: 0xffffffff is positive
}

TEST(Compare, CombinationAndComplementDestination) {
  auto r = run_snippet("setp.eq.u32 %p3, %rc, 1; setp.lt.and.s32 %p1|%p2, %ra, %rb, %p3;", 1, 2, 1);
  EXPECT_EQ(r.p, 1u);
  EXPECT_EQ(r.q, 0u);  // !(1<2) && true
  r = run_snippet("setp.eq.u32 %p3, %rc, 1; setp.lt.or.s32 %p1|%p2, %ra, %rb, !%p3;", 3, 2, 1);
  EXPECT_EQ(r.p, 0u);
  EXPECT_EQ(r.q, 1u);
  r = run_snippet("setp.eq.u32 %p3, %rc, 1; setp.lt.xor.s32 %p1, %ra, %rb, %p3;", 1, 2, 1);
  EXPECT_EQ(r.p, 0u);
}

TEST(Compare, SetAndSelp) {
  auto r = run_snippet("set.lt.u32.s32 %rd, %ra, %rb; set.gt.f32.s32 %fd, %ra, %rb;", 1, 2);
  EXPECT_EQ(r.r, 0xffffffffu);
  EXPECT_EQ(r.f, 0.0f);
  r = run_snippet("set.lt.f32.f32 %fd, %fa, %fb;", fbits(1.0f), fbits(2.0f));
  EXPECT_EQ(r.f, 1.0f);
  r = run_snippet(
      "setp.ne.u32 %p1, %ra, 0; selp.b32 %rd, %rb, %rc, %p1; selp.f64 %dd, 0d3FF0000000000000, "
      "0d4000000000000000, !%p1;",
      1, 7, 9);
  EXPECT_EQ(r.r, 7u);
  EXPECT_EQ(r.d, 2.0);
}

std::uint32_t cvt_f2i(const char* op, float a) {
  return run_snippet(std::string("cvt.") + op + " %rd, %fa;", fbits(a)).r;
}

TEST(Cvt, FloatToIntRoundingAndSaturation) {
  EXPECT_EQ(cvt_f2i("rni.s32.f32", 2.5f), 2u);
  EXPECT_EQ(cvt_f2i("rni.s32.f32", 3.5f), 4u);
  EXPECT_EQ(cvt_f2i("rni.s32.f32", -2.5f), static_cast<std::uint32_t>(-2));
  EXPECT_EQ(cvt_f2i("rzi.s32.f32", -2.7f), static_cast<std::uint32_t>(-2));
  EXPECT_EQ(cvt_f2i("rmi.s32.f32", -2.1f), static_cast<std::uint32_t>(-3));
  EXPECT_EQ(cvt_f2i("rpi.s32.f32", 2.1f), 3u);
  EXPECT_EQ(cvt_f2i("rzi.s32.f32", 3e9f), 0x7fffffffu);
  EXPECT_EQ(cvt_f2i("rzi.s32.f32", -3e9f), 0x80000000u);
  EXPECT_EQ(cvt_f2i("rzi.s32.f32", kNaN), 0u);
  EXPECT_EQ(cvt_f2i("rzi.u32.f32", -5.0f), 0u);
  EXPECT_EQ(cvt_f2i("rzi.u32.f32", kInf), 0xffffffffu);
  EXPECT_EQ(cvt_f2i("rni.u8.f32", 300.0f), 255u);
  EXPECT_EQ(cvt_f2i("rni.s16.f32", -40000.0f), 0xffff8000u);  // sign-extended to the register
  auto r = run_snippet("cvt.rzi.s64.f64 %ld, %da;", dbits(-1e30));
  EXPECT_EQ(r.l, 0x8000000000000000ull);
  r = run_snippet("cvt.rzi.u64.f64 %ld, %da;", dbits(1.8446744073709552e19));
  EXPECT_EQ(r.l, ~0ull);
}

TEST(Cvt, IntToFloatRounding) {
  // 2^24 + 1 is not representable in f32
  auto v = [](const char* op, std::uint64_t a) {
    return run_snippet(std::string("cvt.") + op + " %fd, %ra;", a).f;
  };
  EXPECT_EQ(v("rn.f32.s32", 16777217), 16777216.0f);
  EXPECT_EQ(v("rz.f32.s32", 16777217), 16777216.0f);
  EXPECT_EQ(v("rp.f32.s32", 16777217), 16777218.0f);
  EXPECT_EQ(v("rm.f32.s32", static_cast<std::uint32_t>(-16777217)), -16777218.0f);
  EXPECT_EQ(v("rn.f32.u32", 0xffffffff), 4294967296.0f);
  EXPECT_EQ(v("rz.f32.u32", 0xffffffff), 4294967040.0f);
  auto r = run_snippet("cvt.rn.f32.u64 %fd, %la; cvt.rn.f64.s64 %dd, %la;", ~0ull);
  EXPECT_EQ(r.f, 18446744073709551616.0f);
  EXPECT_EQ(r.d, -1.0);
}

TEST(Cvt, FloatToFloat) {
  const double third = 1.0 / 3.0;
  auto r = run_snippet("cvt.rn.f32.f64 %fd, %da;", dbits(third));
  EXPECT_EQ(r.f, static_cast<float>(third));
  r = run_snippet("cvt.rz.f32.f64 %fd, %da;", dbits(third));
  EXPECT_EQ(r.f, 0.333333313465118408203125f);
  r = run_snippet("cvt.rp.f32.f64 %fd, %da;", dbits(third));
  EXPECT_EQ(r.f, std::nextafter(0.333333313465118408203125f, 1.0f));
  r = run_snippet("cvt.rn.f32.f64 %fd, %da;", dbits(1e300));
  EXPECT_EQ(r.f, kInf);
  r = run_snippet("cvt.rz.f32.f64 %fd, %da;", dbits(1e300));
  EXPECT_EQ(r.f, std::numeric_limits<float>::max());
  r = run_snippet("cvt.f64.f32 %dd, %fa;", fbits(0.1f));
  EXPECT_EQ(r.d, static_cast<double>(0.1f));
  r = run_snippet("cvt.rni.f32.f32 %fd, %fa;", fbits(2.5f));
  EXPECT_EQ(r.f, 2.0f);
  r = run_snippet("cvt.rmi.f32.f32 %fd, %fa;", fbits(-0.5f));
  EXPECT_EQ(r.f, -1.0f);
  r = run_snippet("cvt.sat.f32.f32 %fd, %fa;", fbits(7.0f));
  EXPECT_EQ(r.f, 1.0f);
  r = run_snippet("cvt.ftz.f32.f32 %fd, %fa;", fbits(std::ldexp(1.0f, -140)));
  EXPECT_EQ(r.fbits(), 0u);
  r = run_snippet("cvt.rn.ftz.f32.f64 %fd, %da;", dbits(std::ldexp(1.0, -140)));
  EXPECT_EQ(r.fbits(), 0u);
  r = run_snippet("cvt.rn.f32.f64 %fd, %da;", dbits(std::ldexp(1.0, -140)));
  EXPECT_EQ(r.f, std::ldexp(1.0f, -140));
}

}  // namespace
}  // namespace wf::ptx::test
