// Float semantics: rounding modifiers, flush-to-zero, saturation, NaN and signed-zero rules.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "tests/ptx/ptx_test_util.h"

namespace wf::ptx::test {
namespace {

const float kDenorm = std::ldexp(1.0f, -140);

std::uint32_t f32op(const std::string& body, float a, float b = 0, float c = 0) {
  return run_snippet(body, fbits(a), fbits(b), fbits(c)).fbits();
}
float f32v(const std::string& body, float a, float b = 0, float c = 0) {
  return run_snippet(body, fbits(a), fbits(b), fbits(c)).f;
}
double f64v(const std::string& body, double a, double b = 0, double c = 0) {
  return run_snippet(body, dbits(a), dbits(b), dbits(c)).d;
}

TEST(FloatOps, RoundingModesOnAdd) {
  const float one = 1.0f, tiny = std::ldexp(1.0f, -24) * 1.5f;  // 1 + 1.5 ulp/2
  EXPECT_EQ(f32v("add.rn.f32 %fd, %fa, %fb;", one, tiny), std::nextafter(one, 2.0f));
  EXPECT_EQ(f32v("add.rz.f32 %fd, %fa, %fb;", one, tiny), one);
  EXPECT_EQ(f32v("add.rm.f32 %fd, %fa, %fb;", one, tiny), one);
  EXPECT_EQ(f32v("add.rp.f32 %fd, %fa, %fb;", one, tiny), std::nextafter(one, 2.0f));
  EXPECT_EQ(f32v("add.rm.f32 %fd, %fa, %fb;", -one, -tiny), std::nextafter(-one, -2.0f));
  EXPECT_EQ(f32v("add.rz.f32 %fd, %fa, %fb;", -one, -tiny), -one);
  // host rounding mode is restored afterwards: a following .rn op rounds to nearest
  EXPECT_EQ(f32v("add.rz.f32 %fc, %fa, %fb; add.f32 %fd, %fa, %fb;", one, tiny),
            std::nextafter(one, 2.0f));
  const double dtiny = std::ldexp(1.0, -53) * 1.5;
  EXPECT_EQ(f64v("add.rz.f64 %dd, %da, %db;", 1.0, dtiny), 1.0);
  EXPECT_EQ(f64v("add.rp.f64 %dd, %da, %db;", 1.0, dtiny), std::nextafter(1.0, 2.0));
  EXPECT_EQ(f64v("mul.rm.f64 %dd, %da, %db;", 1.0 / 3.0, 3.0), std::nextafter(1.0, 0.0));
}

TEST(FloatOps, FusedMultiplyAddIsSingleRounding) {
  float a = 1.0f + std::ldexp(1.0f, -12), b = a, c = -(1.0f + std::ldexp(1.0f, -11));
  // a*b = 1 + 2^-11 + 2^-24 exactly; a separate mul rounds the 2^-24 away (tie to even) so the
  // add gives 0, while fma keeps it
  EXPECT_EQ(f32v("fma.rn.f32 %fd, %fa, %fb, %fc;", a, b, c), std::ldexp(1.0f, -24));
  EXPECT_EQ(f32v("mad.f32 %fd, %fa, %fb, %fc;", a, b, c), std::ldexp(1.0f, -24));
  EXPECT_EQ(f32v("fma.rz.f32 %fd, %fa, %fb, %fc;", a, b, c), std::ldexp(1.0f, -24));
  EXPECT_EQ(f32v("mul.rn.f32 %fd, %fa, %fb; add.rn.f32 %fd, %fd, %fc;", a, b, c), 0.0f);
  EXPECT_EQ(f64v("fma.rn.f64 %dd, %da, %db, %dc;", 2.0, 3.0, 1.0), 7.0);
}

TEST(FloatOps, NaNResultsAreCanonical) {
  std::uint32_t payload_nan = 0x7fc00123;
  float pn;
  std::memcpy(&pn, &payload_nan, 4);
  EXPECT_EQ(f32op("add.f32 %fd, %fa, %fb;", pn, 1.0f), 0x7fffffffu);
  EXPECT_EQ(f32op("sub.f32 %fd, %fa, %fb;", kInf, kInf), 0x7fffffffu);
  EXPECT_EQ(f32op("mul.f32 %fd, %fa, %fb;", 0.0f, kInf), 0x7fffffffu);
  EXPECT_EQ(f32op("sqrt.rn.f32 %fd, %fa;", -1.0f), 0x7fffffffu);
  EXPECT_EQ(f32op("div.rn.f32 %fd, %fa, %fb;", 0.0f, 0.0f), 0x7fffffffu);
}

TEST(FloatOps, FlushToZero) {
  EXPECT_EQ(f32v("add.f32 %fd, %fa, %fb;", kDenorm, 0.0f), kDenorm);
  EXPECT_EQ(f32op("add.ftz.f32 %fd, %fa, %fb;", kDenorm, 0.0f), 0u);
  EXPECT_EQ(f32op("add.ftz.f32 %fd, %fa, %fb;", -kDenorm, 0.0f), 0u);           // -0 + +0 = +0
  EXPECT_EQ(f32op("mul.ftz.f32 %fd, %fa, %fb;", -kDenorm, 1.0f), 0x80000000u);  // sign kept
  // result flushed: 2^-126 * 0.5 is subnormal
  EXPECT_EQ(f32op("mul.ftz.f32 %fd, %fa, %fb;", std::ldexp(1.0f, -126), 0.5f), 0u);
  EXPECT_EQ(f32v("mul.f32 %fd, %fa, %fb;", std::ldexp(1.0f, -126), 0.5f), std::ldexp(1.0f, -127));
  auto r = run_snippet("setp.gt.ftz.f32 %p1, %fa, 0f00000000; setp.gt.f32 %p2, %fa, 0f00000000;",
                       fbits(kDenorm));
  EXPECT_EQ(r.p, 0u);
  EXPECT_EQ(r.q, 1u);
}

TEST(FloatOps, Saturation) {
  EXPECT_EQ(f32v("add.sat.f32 %fd, %fa, %fb;", 0.75f, 0.5f), 1.0f);
  EXPECT_EQ(f32op("add.sat.f32 %fd, %fa, %fb;", -0.75f, 0.5f), 0u);
  EXPECT_EQ(f32op("mul.sat.f32 %fd, %fa, %fb;", kNaN, 1.0f), 0u);
  EXPECT_EQ(f32op("add.sat.f32 %fd, %fa, %fb;", -0.0f, -0.0f), 0u);  // -0 saturates to +0
  EXPECT_EQ(f32v("fma.rn.sat.f32 %fd, %fa, %fb, %fc;", 0.25f, 2.0f, 0.0f), 0.5f);
}

TEST(FloatOps, DivisionRcpSqrt) {
  EXPECT_EQ(f32v("div.rn.f32 %fd, %fa, %fb;", 1.0f, 3.0f), 1.0f / 3.0f);
  EXPECT_EQ(f32v("div.rz.f32 %fd, %fa, %fb;", 2.0f, 3.0f), std::nextafter(2.0f / 3.0f, 0.0f));
  EXPECT_EQ(f32v("div.rn.f32 %fd, %fa, %fb;", 1.0f, 0.0f), kInf);
  EXPECT_EQ(f32v("div.rn.f32 %fd, %fa, %fb;", -1.0f, 0.0f), -kInf);
  EXPECT_EQ(f32v("div.approx.f32 %fd, %fa, %fb;", 6.0f, 3.0f), 2.0f);
  EXPECT_EQ(f32v("div.full.f32 %fd, %fa, %fb;", 6.0f, 3.0f), 2.0f);
  EXPECT_EQ(f64v("div.rn.f64 %dd, %da, %db;", 1.0, 3.0), 1.0 / 3.0);
  EXPECT_EQ(f32v("rcp.rn.f32 %fd, %fa;", 4.0f), 0.25f);
  EXPECT_EQ(f32v("rcp.rn.f32 %fd, %fa;", -0.0f), -kInf);
  EXPECT_EQ(f32v("sqrt.rn.f32 %fd, %fa;", 2.0f), std::sqrt(2.0f));
  EXPECT_EQ(f32op("sqrt.rn.f32 %fd, %fa;", -0.0f), 0x80000000u);
  EXPECT_EQ(f32v("sqrt.rp.f32 %fd, %fa;", 2.0f), std::nextafter(std::sqrt(2.0f), 2.0f));
  EXPECT_EQ(f64v("sqrt.rn.f64 %dd, %da;", 2.0), std::sqrt(2.0));
  EXPECT_EQ(f32v("rsqrt.approx.f32 %fd, %fa;", 4.0f), 0.5f);
  EXPECT_EQ(f32v("rsqrt.approx.f32 %fd, %fa;", 0.0f), kInf);
}

TEST(FloatOps, Transcendentals) {
  EXPECT_EQ(f32v("ex2.approx.f32 %fd, %fa;", 3.0f), 8.0f);
  EXPECT_EQ(f32v("ex2.approx.f32 %fd, %fa;", -kInf), 0.0f);
  EXPECT_EQ(f32v("ex2.approx.ftz.f32 %fd, %fa;", -200.0f), 0.0f);  // subnormal result flushed
  EXPECT_EQ(f32v("lg2.approx.f32 %fd, %fa;", 8.0f), 3.0f);
  EXPECT_EQ(f32v("lg2.approx.f32 %fd, %fa;", 0.0f), -kInf);
  EXPECT_EQ(f32op("lg2.approx.f32 %fd, %fa;", -1.0f), 0x7fffffffu);
  EXPECT_EQ(f32v("sin.approx.f32 %fd, %fa;", 0.0f), 0.0f);
  EXPECT_EQ(f32v("cos.approx.f32 %fd, %fa;", 0.0f), 1.0f);
  EXPECT_NEAR(f32v("sin.approx.f32 %fd, %fa;", 1.0f), std::sin(1.0f), 1e-6f);
  EXPECT_EQ(f32op("sin.approx.f32 %fd, %fa;", kInf), 0x7fffffffu);
}

TEST(FloatOps, MinMaxNaNAndSignedZero) {
  EXPECT_EQ(f32v("min.f32 %fd, %fa, %fb;", kNaN, 2.0f), 2.0f);
  EXPECT_EQ(f32v("max.f32 %fd, %fa, %fb;", 2.0f, kNaN), 2.0f);
  EXPECT_EQ(f32op("min.f32 %fd, %fa, %fb;", kNaN, kNaN), 0x7fffffffu);
  EXPECT_EQ(f32op("min.NaN.f32 %fd, %fa, %fb;", kNaN, 2.0f), 0x7fffffffu);
  EXPECT_EQ(f32op("min.f32 %fd, %fa, %fb;", 0.0f, -0.0f), 0x80000000u);
  EXPECT_EQ(f32op("max.f32 %fd, %fa, %fb;", -0.0f, 0.0f), 0u);
  EXPECT_EQ(f32v("min.xorsign.abs.f32 %fd, %fa, %fb;", -3.0f, 2.0f), -2.0f);
  EXPECT_EQ(f32op("min.ftz.f32 %fd, %fa, %fb;", kDenorm, 1.0f), 0u);
  EXPECT_EQ(f64v("max.f64 %dd, %da, %db;", std::nan(""), -1.0), -1.0);
  EXPECT_EQ(f64v("min.f64 %dd, %da, %db;", 3.0, -1.0), -1.0);
}

TEST(FloatOps, AbsNegCopysignTestp) {
  EXPECT_EQ(f32op("abs.f32 %fd, %fa;", -0.0f), 0u);
  EXPECT_EQ(f32op("neg.f32 %fd, %fa;", 0.0f), 0x80000000u);
  EXPECT_EQ(f32op("abs.ftz.f32 %fd, %fa;", -kDenorm), 0u);
  EXPECT_EQ(f64v("neg.f64 %dd, %da;", 2.5), -2.5);
  EXPECT_EQ(f32v("copysign.f32 %fd, %fa, %fb;", -1.0f, 3.0f), -3.0f);
  EXPECT_EQ(f64v("copysign.f64 %dd, %da, %db;", 1.0, -3.0), 3.0);
  auto tp = [](const char* op, float x) {
    return run_snippet(std::string("testp.") + op + ".f32 %p1, %fa;", fbits(x)).p;
  };
  EXPECT_EQ(tp("finite", 1.0f), 1u);
  EXPECT_EQ(tp("finite", kInf), 0u);
  EXPECT_EQ(tp("infinite", -kInf), 1u);
  EXPECT_EQ(tp("number", kNaN), 0u);
  EXPECT_EQ(tp("notanumber", kNaN), 1u);
  EXPECT_EQ(tp("normal", 0.0f), 1u);  // zero counts as normal
  EXPECT_EQ(tp("normal", kDenorm), 0u);
  EXPECT_EQ(tp("subnormal", kDenorm), 1u);
}

}  // namespace
}  // namespace wf::ptx::test
