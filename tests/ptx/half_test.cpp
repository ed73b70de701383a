// binary16: rounding of every mode at ties, overflow and subnormals, the fma residual, and the
// .f16/.f16x2 instructions through the decoder and executor.
#include <gtest/gtest.h>

#include <cmath>

#include "sim_model/common/error.h"
#include "sim_model/ptx/half.h"
#include "tests/ptx/ptx_test_util.h"

namespace wf::ptx::test {
namespace {

using half::from_double;
using half::to_double;

TEST(Half, WideningIsExact) {
  EXPECT_EQ(to_double(0x3c00), 1.0);
  EXPECT_EQ(to_double(0x7bff), 65504.0);
  EXPECT_EQ(to_double(0x0001), std::ldexp(1.0, -24));
  EXPECT_EQ(to_double(0x0400), std::ldexp(1.0, -14));
  EXPECT_TRUE(std::signbit(to_double(0x8000)));
  EXPECT_TRUE(std::isinf(to_double(0xfc00)));
  EXPECT_TRUE(std::isnan(to_double(0x7e00)));
}

TEST(Half, NarrowingRoundsInEveryMode) {
  const double tie = 1.0 + std::ldexp(1.0, -11);      // halfway between 1 and the next f16
  EXPECT_EQ(from_double(tie, Rounding::RN), 0x3c00);  // to even
  EXPECT_EQ(from_double(tie + std::ldexp(1.0, -30), Rounding::RN), 0x3c01);
  EXPECT_EQ(from_double(1.0 + 3 * std::ldexp(1.0, -11), Rounding::RN), 0x3c02);  // odd → up
  EXPECT_EQ(from_double(tie, Rounding::RZ), 0x3c00);
  EXPECT_EQ(from_double(tie, Rounding::RP), 0x3c01);
  EXPECT_EQ(from_double(tie, Rounding::RM), 0x3c00);
  EXPECT_EQ(from_double(-tie, Rounding::RM), 0xbc01);
  EXPECT_EQ(from_double(-tie, Rounding::RP), 0xbc00);
  // overflow: nearest goes to inf from 65520 on, truncation stays at the largest finite value
  EXPECT_EQ(from_double(65519.0, Rounding::RN), 0x7bff);
  EXPECT_EQ(from_double(65520.0, Rounding::RN), 0x7c00);
  EXPECT_EQ(from_double(1e9, Rounding::RZ), 0x7bff);
  EXPECT_EQ(from_double(-1e9, Rounding::RP), 0xfbff);
  EXPECT_EQ(from_double(-1e9, Rounding::RM), 0xfc00);
  EXPECT_EQ(from_double(INFINITY, Rounding::RZ), 0x7c00);
  // subnormals and underflow
  EXPECT_EQ(from_double(std::ldexp(1.0, -25), Rounding::RN), 0x0000);  // tie to even (0)
  EXPECT_EQ(from_double(std::ldexp(1.5, -25), Rounding::RN), 0x0001);
  EXPECT_EQ(from_double(std::ldexp(1.0, -30), Rounding::RP), 0x0001);
  EXPECT_EQ(from_double(-std::ldexp(1.0, -30), Rounding::RZ), 0x8000);
  EXPECT_EQ(from_double(std::ldexp(1023.5, -24), Rounding::RN), 0x0400);  // rounds up to normal
  EXPECT_EQ(from_double(std::nan(""), Rounding::RN), half::kCanonicalNaN);
}

TEST(Half, ResidualBreaksTiesAndExactValues) {
  const double tie = 1.0 + std::ldexp(1.0, -11);
  EXPECT_EQ(from_double(tie, Rounding::RN, +1), 0x3c01);
  EXPECT_EQ(from_double(tie, Rounding::RN, -1), 0x3c00);
  EXPECT_EQ(from_double(2.0, Rounding::RZ, -1), 0x3fff);  // just below 2: the binade beneath
  EXPECT_EQ(from_double(2.0, Rounding::RN, -1), 0x4000);
  EXPECT_EQ(from_double(2.0, Rounding::RP, +1), 0x4001);
  EXPECT_EQ(from_double(-2.0, Rounding::RM, -1), 0xc001);  // -2 - tiny rounds down to -2.002
  EXPECT_EQ(from_double(std::ldexp(1.0, -14), Rounding::RZ, -1), 0x03ff);
}

TEST(Half, FmaRoundsOnce) {
  Instr in;
  in.op = Op::Fma;
  in.type = Type::F16;
  in.rnd = Rounding::RN;
  // (1 + 2^-10)^2 - 3*2^-11 = 1 + 2^-11 + 2^-20: just above the tie between 1 and 1 + 2^-10.
  // Rounding the product to f16 first would give 1 + 2^-9, then the exact tie, then 1.
  EXPECT_EQ(half::arith(in, 0x3c01, 0x3c01, 0x9600), 0x3c01);
  EXPECT_EQ(half::arith(in, 0x3c00, 0x3c00, 0x0c00), 0x3c00);  // 1 + 2^-12 rounds to 1
  in.rnd = Rounding::RP;
  EXPECT_EQ(half::arith(in, 0x3c00, 0x3c00, 0x0001), 0x3c01);  // 1 + 2^-24 rounds up
  in.rnd = Rounding::RZ;
  EXPECT_EQ(half::arith(in, 0x3c00, 0x3c00, 0x8001), 0x3bff);  // 1 - 2^-24 truncates below 1
}

std::uint32_t f16x2(const std::string& body, std::uint32_t a, std::uint32_t b = 0,
                    std::uint32_t c = 0) {
  return run_snippet(body, a, b, c).r;
}

// A scalar .f16 body written on %ra, %rb, %rd, moved onto 16-bit registers: the PTX type rules
// want an .f16 instruction's registers to have 16 bits.
std::string on_halves(std::string body) {
  for (auto [from, to] : {std::pair{"%ra", "%ha"}, {"%rb", "%hb"}, {"%rd", "%hd"}}) {
    for (auto at = body.find(from); at != std::string::npos; at = body.find(from, at))
      body.replace(at, 3, to);
  }
  return "{ .reg .b16 %ha, %hb, %hd; mov.b16 %hd, 0; cvt.u16.u32 %ha, %ra; cvt.u16.u32 %hb, %rb; " +
         body + " cvt.u32.u16 %rd, %hd; }";
}

std::uint32_t f16(const std::string& body, std::uint32_t a, std::uint32_t b = 0) {
  return run_snippet(on_halves(body), a, b).r;
}

TEST(HalfInstructions, ScalarAndPairedArithmetic) {
  // 1.5 + 2.25 = 3.75 (0x4380); halves: (1, 2) + (0.5, -4) = (1.5, -2)
  EXPECT_EQ(f16("add.f16 %rd, %ra, %rb;", 0x3e00, 0x4080) & 0xffff, 0x4380u);
  EXPECT_EQ(f16x2("add.f16x2 %rd, %ra, %rb;", 0x40003c00, 0xc4003800), 0xc0003e00u);
  EXPECT_EQ(f16x2("mul.f16x2 %rd, %ra, %rb;", 0x40003c00, 0xc4003800), 0xc8003800u);
  EXPECT_EQ(f16("sub.f16 %rd, %ra, %rb;", 0x7c00, 0x7c00) & 0xffff, 0x7fffu);  // inf-inf
  EXPECT_EQ(f16x2("fma.rn.f16x2 %rd, %ra, %rb, %rc;", 0x40003c00, 0x40004000, 0x3c003c00),
            0x4500u << 16 | 0x4200u);
  EXPECT_EQ(f16("add.sat.f16 %rd, %ra, %rb;", 0x3c00, 0x3c00) & 0xffff, 0x3c00u);
  EXPECT_EQ(f16("mul.ftz.f16 %rd, %ra, %rb;", 0x0200, 0x3c00) & 0xffff, 0x0000u);
  EXPECT_EQ(f16x2("neg.f16x2 %rd, %ra;", 0x3c00bc00), 0xbc003c00u);
  EXPECT_EQ(f16("abs.f16 %rd, %ra;", 0xbc00) & 0xffff, 0x3c00u);
  EXPECT_EQ(f16("min.f16 %rd, %ra, %rb;", 0x8000, 0x0000) & 0xffff, 0x8000u);
  EXPECT_EQ(f16x2("max.f16x2 %rd, %ra, %rb;", 0x7e003c00, 0x4000bc00), 0x40003c00u);
  EXPECT_EQ(f16("max.NaN.f16 %rd, %ra, %rb;", 0x7e00, 0x4000) & 0xffff, 0x7fffu);
}

TEST(HalfInstructions, CompareAndConvert) {
  auto r = run_snippet(on_halves("setp.lt.f16 %p1, %ra, %rb;"), 0x3c00, 0x4000);
  EXPECT_EQ(r.p, 1u);
  r = run_snippet(on_halves("setp.lt.f16 %p1, %ra, %rb;"), 0xbc00, 0xc000);  // -1 < -2 is false
  EXPECT_EQ(r.p, 0u);
  r = run_snippet(on_halves("setp.gtu.f16 %p1, %ra, %rb;"), 0x7e00, 0x4000);
  EXPECT_EQ(r.p, 1u);
  r = run_snippet("setp.lt.f16x2 %p1|%p2, %ra, %rb;", 0x40003c00, 0x3c004000);
  EXPECT_EQ(r.p, 1u);  // low halves: 1 < 2
  EXPECT_EQ(r.q, 0u);  // high halves: 2 < 1
  EXPECT_EQ(run_snippet("set.lt.f16x2.f16x2 %rd, %ra, %rb;", 0x40003c00, 0x3c004000).r,
            0x00003c00u);
  auto cvt = [](const std::string& op, std::uint64_t a) {
    return run_snippet(".reg .b16 %h; " + op + " %h, %fa; cvt.u32.u16 %rd, %h;", a).r;
  };
  EXPECT_EQ(cvt("cvt.rn.f16.f32", fbits(1.0f + std::ldexp(1.0f, -11))), 0x3c00u);
  EXPECT_EQ(cvt("cvt.rp.f16.f32", fbits(1.0f + std::ldexp(1.0f, -11))), 0x3c01u);
  EXPECT_EQ(cvt("cvt.rz.f16.f32", fbits(70000.0f)), 0x7bffu);
  EXPECT_EQ(cvt("cvt.rn.f16.f32", fbits(70000.0f)), 0x7c00u);
  EXPECT_EQ(cvt("cvt.rn.sat.f16.f32", fbits(-3.0f)), 0x0000u);
  EXPECT_EQ(run_snippet(".reg .b16 %h; cvt.rn.f16.s32 %h, %ra; cvt.u32.u16 %rd, %h;", 2049).r,
            0x6800u);  // 2049 ties to 2048
  EXPECT_EQ(run_snippet(".reg .b16 %h; mov.b16 %h, 0x3e00; cvt.f32.f16 %fd, %h;").f, 1.5f);
  EXPECT_EQ(run_snippet(".reg .b16 %h; mov.b16 %h, 0xc0a0; cvt.rzi.s32.f16 %rd, %h;").r,
            static_cast<std::uint32_t>(-2));  // -2.3125 truncates to -2
  EXPECT_EQ(run_snippet(".reg .b16 %h; mov.b16 %h, 0x0001; cvt.f64.f16 %dd, %h;").d,
            std::ldexp(1.0, -24));
  EXPECT_THROW(run_snippet(".reg .b16 %h; cvt.f16.f32 %h, %fa;"), UsageError);
  EXPECT_THROW(run_snippet("rcp.approx.f16 %rd, %ra;"), UsageError);
}

}  // namespace
}  // namespace wf::ptx::test
