// Integer instruction semantics, edge cases included (overflow, shifts >= width, division by
// zero, carry chains).
#include <gtest/gtest.h>

#include <climits>

#include "tests/ptx/ptx_test_util.h"

namespace wf::ptx::test {
namespace {

std::uint32_t r32(const std::string& body, std::uint64_t a = 0, std::uint64_t b = 0,
                  std::uint64_t c = 0) {
  return run_snippet(body, a, b, c).r;
}
std::uint64_t r64(const std::string& body, std::uint64_t a = 0, std::uint64_t b = 0,
                  std::uint64_t c = 0) {
  return run_snippet(body, a, b, c).l;
}

TEST(IntOps, AddWrapsAndSaturates) {
  EXPECT_EQ(r32("add.s32 %rd, %ra, %rb;", 0x7fffffff, 1), 0x80000000u);
  EXPECT_EQ(r32("add.sat.s32 %rd, %ra, %rb;", 0x7fffffff, 1), 0x7fffffffu);
  EXPECT_EQ(r32("add.sat.s32 %rd, %ra, %rb;", 0x80000000, 0xffffffff), 0x80000000u);
  EXPECT_EQ(r32("sub.sat.s32 %rd, %ra, %rb;", 0x80000000, 1), 0x80000000u);
  EXPECT_EQ(r32("sub.u32 %rd, %ra, %rb;", 0, 1), 0xffffffffu);
  EXPECT_EQ(r32("add.u32 %rd, %ra, -3;", 5), 2u);
}

TEST(IntOps, MultiplyModes) {
  EXPECT_EQ(r32("mul.lo.s32 %rd, %ra, %rb;", 0x10000, 0x10000), 0u);
  EXPECT_EQ(r32("mul.hi.u32 %rd, %ra, %rb;", 0xffffffff, 0xffffffff), 0xfffffffeu);
  EXPECT_EQ(r32("mul.hi.s32 %rd, %ra, %rb;", 0xffffffff, 0xffffffff), 0u);  // (-1)*(-1)
  EXPECT_EQ(r64("mul.wide.s32 %ld, %ra, %rb;", 0xfffffffe, 3), static_cast<std::uint64_t>(-6LL));
  EXPECT_EQ(r64("mul.wide.u32 %ld, %ra, %rb;", 0xffffffff, 2), 0x1fffffffeull);
  EXPECT_EQ(r64("mul.hi.u64 %ld, %la, %lb;", ~0ull, ~0ull), ~0ull - 1);
  EXPECT_EQ(r64("mul.hi.s64 %ld, %la, %lb;", static_cast<std::uint64_t>(LLONG_MIN), 2), ~0ull);
  EXPECT_EQ(r32("mad.lo.s32 %rd, %ra, %rb, %rc;", 3, 4, 5), 17u);
  EXPECT_EQ(r32("mad.hi.u32 %rd, %ra, %rb, %rc;", 0x80000000, 4, 1), 3u);
  EXPECT_EQ(r64("mad.wide.u32 %ld, %ra, %rb, %lc;", 0xffffffff, 0xffffffff, 1),
            0xfffffffe00000002ull);
  EXPECT_EQ(r32("mul24.lo.u32 %rd, %ra, %rb;", 0x1ffffff, 2), 0x1fffffeu);  // bit 24 ignored
  EXPECT_EQ(r32("mul24.hi.u32 %rd, %ra, %rb;", 0xffffff, 0xffffff), 0xfffffe00u);
  EXPECT_EQ(r32("mul24.lo.s32 %rd, %ra, %rb;", 0xffffff, 2), 0xfffffffeu);  // 24-bit -1
  EXPECT_EQ(r32("mad24.lo.u32 %rd, %ra, %rb, %rc;", 3, 5, 7), 22u);
  EXPECT_EQ(r32("sad.u32 %rd, %ra, %rb, %rc;", 3, 10, 100), 107u);
}

TEST(IntOps, DivisionIncludingByZero) {
  EXPECT_EQ(r32("div.u32 %rd, %ra, %rb;", 7, 2), 3u);
  EXPECT_EQ(r32("div.s32 %rd, %ra, %rb;", static_cast<std::uint32_t>(-7), 2),
            static_cast<std::uint32_t>(-3));
  EXPECT_EQ(r32("rem.s32 %rd, %ra, %rb;", static_cast<std::uint32_t>(-7), 2),
            static_cast<std::uint32_t>(-1));
  EXPECT_EQ(r32("div.u32 %rd, %ra, %rb;", 7, 0), 0xffffffffu);
  EXPECT_EQ(r32("rem.u32 %rd, %ra, %rb;", 7, 0), 7u);
  EXPECT_EQ(r32("div.s32 %rd, %ra, %rb;", 5, 0), 0xffffffffu);
  EXPECT_EQ(r32("div.s32 %rd, %ra, %rb;", 0x80000000, 0xffffffff), 0x80000000u);
  EXPECT_EQ(r32("rem.s32 %rd, %ra, %rb;", 0x80000000, 0xffffffff), 0u);
  EXPECT_EQ(r64("div.u64 %ld, %la, %lb;", ~0ull, 0), ~0ull);
  EXPECT_EQ(r64("rem.s64 %ld, %la, %lb;", static_cast<std::uint64_t>(-9), 4),
            static_cast<std::uint64_t>(-1));
}

TEST(IntOps, AbsNegMinMax) {
  EXPECT_EQ(r32("abs.s32 %rd, %ra;", 0x80000000), 0x80000000u);
  EXPECT_EQ(r32("abs.s32 %rd, %ra;", static_cast<std::uint32_t>(-5)), 5u);
  EXPECT_EQ(r32("neg.s32 %rd, %ra;", 5), static_cast<std::uint32_t>(-5));
  EXPECT_EQ(r32("min.s32 %rd, %ra, %rb;", static_cast<std::uint32_t>(-1), 1), 0xffffffffu);
  EXPECT_EQ(r32("min.u32 %rd, %ra, %rb;", static_cast<std::uint32_t>(-1), 1), 1u);
  EXPECT_EQ(r32("max.s32 %rd, %ra, %rb;", static_cast<std::uint32_t>(-1), 1), 1u);
  EXPECT_EQ(r32("max.u32 %rd, %ra, %rb;", static_cast<std::uint32_t>(-1), 1), 0xffffffffu);
  EXPECT_EQ(r64("min.s64 %ld, %la, %lb;", static_cast<std::uint64_t>(LLONG_MIN), 0),
            static_cast<std::uint64_t>(LLONG_MIN));
}

TEST(IntOps, BitCounting) {
  EXPECT_EQ(r32("popc.b32 %rd, %ra;", 0xf0f0f0f1), 17u);
  EXPECT_EQ(r32("popc.b64 %rd, %la;", ~0ull), 64u);
  EXPECT_EQ(r32("clz.b32 %rd, %ra;", 0), 32u);
  EXPECT_EQ(r32("clz.b32 %rd, %ra;", 1), 31u);
  EXPECT_EQ(r32("clz.b64 %rd, %la;", 0), 64u);
  EXPECT_EQ(r32("brev.b32 %rd, %ra;", 1), 0x80000000u);
  EXPECT_EQ(r64("brev.b64 %ld, %la;", 0x3), 0xc000000000000000ull);
}

TEST(IntOps, BitFieldExtractAndInsert) {
  EXPECT_EQ(r32("bfe.u32 %rd, %ra, 4, 8;", 0xabcd), 0xbcu);
  EXPECT_EQ(r32("bfe.s32 %rd, %ra, 4, 8;", 0xabcd), 0xffffffbcu);  // field msb set → sign fill
  EXPECT_EQ(r32("bfe.s32 %rd, %ra, 4, 0;", 0xabcd), 0u);           // len 0 → 0
  EXPECT_EQ(r32("bfe.u32 %rd, %ra, 40, 8;", 0xffffffff), 0u);      // start beyond msb
  EXPECT_EQ(r32("bfe.s32 %rd, %ra, 40, 8;", 0x80000000), 0xffffffffu);  // replicated sign bit
  EXPECT_EQ(r32("bfe.u32 %rd, %ra, 28, 8;", 0xf0000000), 0xfu);         // field truncated at msb
  EXPECT_EQ(r32("bfe.u32 %rd, %ra, 0x104, 8;", 0xabcd), 0xbcu);         // only b[7:0] counts
  EXPECT_EQ(r32("bfi.b32 %rd, %ra, %rb, 8, 8;", 0x12, 0xffffffff), 0xffff12ffu);
  EXPECT_EQ(r32("bfi.b32 %rd, %ra, %rb, 8, 0;", 0x12, 0xabcdef01), 0xabcdef01u);
  EXPECT_EQ(r32("bfi.b32 %rd, %ra, %rb, 32, 8;", 0x12, 0xabcdef01), 0xabcdef01u);
  EXPECT_EQ(r32("bfi.b32 %rd, %ra, %rb, 28, 8;", 0xff, 0), 0xf0000000u);
  EXPECT_EQ(r64("bfi.b64 %ld, %la, %lb, 32, 32;", 0x11223344, 0x55667788), 0x1122334455667788ull);
}

TEST(IntOps, Permute) {
  EXPECT_EQ(r32("prmt.b32 %rd, %ra, %rb, 0x3210;", 0x44332211, 0x88776655), 0x44332211u);
  EXPECT_EQ(r32("prmt.b32 %rd, %ra, %rb, 0x7654;", 0x44332211, 0x88776655), 0x88776655u);
  EXPECT_EQ(r32("prmt.b32 %rd, %ra, %rb, 0x0123;", 0x44332211, 0x88776655), 0x11223344u);
  EXPECT_EQ(r32("prmt.b32 %rd, %ra, %rb, 0x8888;", 0x00000080, 0), 0xffffffffu);  // sign replicate
  EXPECT_EQ(r32("prmt.b32 %rd, %ra, %rb, 0x9999;", 0x00007f00, 0), 0u);
  EXPECT_EQ(r32("prmt.b32.f4e %rd, %ra, %rb, 1;", 0x44332211, 0x88776655), 0x55443322u);
  EXPECT_EQ(r32("prmt.b32.rc8 %rd, %ra, %rb, 2;", 0x44332211, 0x88776655), 0x33333333u);
  EXPECT_EQ(r32("prmt.b32.ecl %rd, %ra, %rb, 1;", 0x44332211, 0x88776655), 0x44332222u);
  EXPECT_EQ(r32("prmt.b32.ecr %rd, %ra, %rb, 1;", 0x44332211, 0x88776655), 0x22222211u);
  EXPECT_EQ(r32("prmt.b32.rc16 %rd, %ra, %rb, 1;", 0x44332211, 0x88776655), 0x44334433u);
  EXPECT_EQ(r32("prmt.b32.b4e %rd, %ra, %rb, 0;", 0x44332211, 0x88776655), 0x66778811u);
}

TEST(IntOps, ShiftsAtAndBeyondWidth) {
  EXPECT_EQ(r32("shl.b32 %rd, %ra, %rb;", 1, 31), 0x80000000u);
  EXPECT_EQ(r32("shl.b32 %rd, %ra, %rb;", 1, 32), 0u);
  EXPECT_EQ(r32("shl.b32 %rd, %ra, %rb;", 1, 0xffffffff), 0u);
  EXPECT_EQ(r32("shr.u32 %rd, %ra, %rb;", 0x80000000, 40), 0u);
  EXPECT_EQ(r32("shr.s32 %rd, %ra, %rb;", 0x80000000, 40), 0xffffffffu);
  EXPECT_EQ(r32("shr.s32 %rd, %ra, %rb;", 0x40000000, 40), 0u);
  EXPECT_EQ(r32("shr.s32 %rd, %ra, 4;", 0xfffffff0), 0xffffffffu);
  EXPECT_EQ(r64("shl.b64 %ld, %la, %rb;", 1, 64), 0u);
  EXPECT_EQ(r64("shr.s64 %ld, %la, %rb;", 1ull << 63, 100), ~0ull);
  EXPECT_EQ(
      r32("{ .reg .b16 %h<2>; cvt.u16.u32 %h0, %ra; shr.u16 %h1, %h0, 4; cvt.u32.u16 %rd, %h1; }",
          0xffff8000),
      0x800u);  // only the low 16 bits exist
}

TEST(IntOps, Logic) {
  EXPECT_EQ(r32("and.b32 %rd, %ra, %rb;", 0xf0f0, 0xff00), 0xf000u);
  EXPECT_EQ(r32("or.b32 %rd, %ra, %rb;", 0xf0f0, 0xff00), 0xfff0u);
  EXPECT_EQ(r32("xor.b32 %rd, %ra, %rb;", 0xf0f0, 0xff00), 0x0ff0u);
  EXPECT_EQ(r32("not.b32 %rd, %ra;", 0xf0f0), 0xffff0f0fu);
  EXPECT_EQ(r32("cnot.b32 %rd, %ra;", 0), 1u);
  EXPECT_EQ(r32("cnot.b32 %rd, %ra;", 7), 0u);
  auto r = run_snippet(
      "setp.eq.u32 %p2, %ra, 1; setp.eq.u32 %p3, %rb, 1; xor.pred %p1, %p2, %p3; not.pred %p2, "
      "%p1;",
      1, 0);
  EXPECT_EQ(r.p, 1u);
  EXPECT_EQ(r.q, 0u);
}

TEST(IntOps, CarryChains) {
  // 128-bit add: (2^64-1) + 1 = 2^64
  auto r = run_snippet("add.cc.u32 %rd, %ra, %rb; addc.u32 %re, 0, 0; cvt.u64.u32 %ld, %re;",
                       0xffffffff, 1);
  EXPECT_EQ(r.r, 0u);
  EXPECT_EQ(r.l, 1u);
  r = run_snippet(
      "add.cc.u64 %ld, %la, %lb; addc.cc.u32 %rd, 5, 0; addc.u32 %re, 0, 0; cvt.u64.u32 %ld, %re;",
      ~0ull, 1);
  EXPECT_EQ(r.r, 6u);
  EXPECT_EQ(r.l, 0u);  // 5 + 0 + 1 produced no second carry
  // borrow: 0 - 1 borrows, then 10 - 0 - borrow = 9
  r = run_snippet("sub.cc.u32 %rd, %ra, %rb; subc.u32 %re, 10, 0; cvt.u64.u32 %ld, %re;", 0, 1);
  EXPECT_EQ(r.r, 0xffffffffu);
  EXPECT_EQ(r.l, 9u);
  r = run_snippet("sub.cc.u32 %rd, %ra, %rb; subc.u32 %re, 10, 0; cvt.u64.u32 %ld, %re;", 5, 1);
  EXPECT_EQ(r.l, 10u);
  // mad.lo.cc + madc.hi: 64-bit product of 32-bit numbers plus a 64-bit addend via carries
  r = run_snippet(
      "mad.lo.cc.u32 %rd, %ra, %rb, %rc; madc.hi.u32 %re, %ra, %rb, 0; cvt.u64.u32 %ld, %re;",
      0xffffffff, 0xffffffff, 0xffffffff);
  // 0xffffffff^2 = 0xfffffffe00000001; + 0xffffffff = 0xffffffff00000000
  EXPECT_EQ(r.r, 0u);
  EXPECT_EQ(r.l, 0xffffffffu);
}

TEST(IntOps, CvtIntegerConversions) {
  EXPECT_EQ(r32("cvt.s32.s8 %rd, %ra;", 0x80), 0xffffff80u);
  EXPECT_EQ(r32("cvt.u32.u8 %rd, %ra;", 0x1ff), 0xffu);
  EXPECT_EQ(r32("cvt.sat.u8.s32 %rd, %ra;", 300), 255u);
  EXPECT_EQ(r32("cvt.sat.u8.s32 %rd, %ra;", static_cast<std::uint32_t>(-5)), 0u);
  EXPECT_EQ(r32("cvt.sat.s8.s32 %rd, %ra;", static_cast<std::uint32_t>(-300)), 0xffffff80u);
  EXPECT_EQ(r32("cvt.sat.s32.u32 %rd, %ra;", 0x80000000), 0x7fffffffu);
  EXPECT_EQ(r32("cvt.u16.u32 %rd, %ra;", 0x12345678), 0x5678u);
  EXPECT_EQ(r64("cvt.s64.s32 %ld, %ra;", 0xfffffffe), static_cast<std::uint64_t>(-2));
  EXPECT_EQ(r64("cvt.u64.u32 %ld, %ra;", 0xfffffffe), 0xfffffffeull);
  EXPECT_EQ(r32("cvt.sat.u32.s64 %rd, %la;", static_cast<std::uint64_t>(-1)), 0u);
}

TEST(IntOps, MovPackUnpack) {
  auto r = run_snippet("mov.b64 %ld, {%ra, %rb};", 0x11111111, 0x22222222);
  EXPECT_EQ(r.l, 0x2222222211111111ull);
  r = run_snippet("mov.b64 {%rd, %re}, %la; cvt.u64.u32 %ld, %re;", 0xaaaabbbbccccddddull);
  EXPECT_EQ(r.r, 0xccccddddu);
  EXPECT_EQ(r.l, 0xaaaabbbbu);
}

}  // namespace
}  // namespace wf::ptx::test
