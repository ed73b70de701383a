// bfind, fns, shf, lop3 and the SIMD video instructions: edge cases of the ISA pseudocode, on the
// pure functions and through the decoder and executor.
#include <gtest/gtest.h>

#include "sim_model/common/error.h"
#include "sim_model/ptx/int_extra.h"
#include "tests/ptx/ptx_test_util.h"

namespace wf::ptx::test {
namespace {

using intx::bfind;
using intx::fns;
using intx::lop3;
using intx::shf;

TEST(Bfind, MostSignificantNonSignBit) {
  EXPECT_EQ(bfind(0, 32, false, false), 0xffffffffu);
  EXPECT_EQ(bfind(0, 32, false, true), 0xffffffffu);  // not found stays all ones with .shiftamt
  EXPECT_EQ(bfind(1, 32, false, false), 0u);
  EXPECT_EQ(bfind(1, 32, false, true), 31u);
  EXPECT_EQ(bfind(0x80000000u, 32, false, false), 31u);
  EXPECT_EQ(bfind(0x80000000u, 32, true, false), 30u);          // ~a = 0x7fffffff
  EXPECT_EQ(bfind(0xffffffffu, 32, true, false), 0xffffffffu);  // -1 has no non-sign bit
  EXPECT_EQ(bfind(0xfffffff0u, 32, true, false), 3u);
  EXPECT_EQ(bfind(0x12345678u, 32, false, true), 3u);
  EXPECT_EQ(bfind(0xffffffffull, 64, false, false), 31u);  // a u64 source: no sign extension
  EXPECT_EQ(bfind(1ull << 63, 64, false, false), 63u);
  EXPECT_EQ(bfind(1ull << 63, 64, false, true), 0u);
  EXPECT_EQ(bfind(~0ull, 64, true, false), 0xffffffffu);
  EXPECT_EQ(bfind(~0ull << 40, 64, true, false), 39u);
}

TEST(Fns, IsaExamplesAndEdges) {
  EXPECT_EQ(fns(0xaaaaaaaau, 3, 1), 3u);
  EXPECT_EQ(fns(0xaaaaaaaau, 3, -1), 3u);
  EXPECT_EQ(fns(0xaaaaaaaau, 2, 1), 3u);
  EXPECT_EQ(fns(0xaaaaaaaau, 2, -1), 1u);
  EXPECT_EQ(fns(0xaaaaaaaau, 2, 0), 0xffffffffu);  // offset 0 tests base itself
  EXPECT_EQ(fns(0xaaaaaaaau, 3, 0), 3u);
  EXPECT_EQ(fns(0xaaaaaaaau, 0, 16), 31u);
  EXPECT_EQ(fns(0xaaaaaaaau, 0, 17), 0xffffffffu);
  EXPECT_EQ(fns(0xffffffffu, 31, -32), 0u);
  EXPECT_EQ(fns(0xffffffffu, 31, INT32_MIN), 0xffffffffu);
  EXPECT_EQ(fns(0, 5, 1), 0xffffffffu);
}

TEST(Shf, WrapAndClamp) {
  const std::uint32_t lo = 0x89abcdefu, hi = 0x01234567u;
  EXPECT_EQ(shf(lo, hi, 0, true, false), hi);
  EXPECT_EQ(shf(lo, hi, 0, false, false), lo);
  EXPECT_EQ(shf(lo, hi, 8, true, false), 0x23456789u);
  EXPECT_EQ(shf(lo, hi, 8, false, false), 0x6789abcdu);
  EXPECT_EQ(shf(lo, hi, 40, true, false), 0x23456789u);  // wrap: 40 & 31 = 8
  EXPECT_EQ(shf(lo, hi, 40, true, true), lo);            // clamp: 32
  EXPECT_EQ(shf(lo, hi, 32, false, true), hi);
  EXPECT_EQ(shf(lo, hi, 0xffffffffu, false, true), hi);
}

TEST(Lop3, LookupTables) {
  const std::uint32_t a = 0xf0f0f0f0u, b = 0xccccccccu, c = 0xaaaaaaaau;
  EXPECT_EQ(lop3(a, b, c, 0xf0), a);
  EXPECT_EQ(lop3(a, b, c, 0xcc), b);
  EXPECT_EQ(lop3(a, b, c, 0xaa), c);
  EXPECT_EQ(lop3(a, b, c, 0x96), a ^ b ^ c);
  EXPECT_EQ(lop3(a, b, c, 0xe8), (a & b) | (b & c) | (a & c));  // majority
  EXPECT_EQ(lop3(0x12345678u, 0x0f0f0f0fu, 0xffff0000u, 0xb2),
            lop3(0x12345678u, 0x0f0f0f0fu, 0xffff0000u, 0xb2));
  EXPECT_EQ(lop3(1, 2, 4, 0), 0u);
  EXPECT_EQ(lop3(1, 2, 4, 0xff), 0xffffffffu);
}

TEST(Video, LaneArithmeticSaturationAndAccumulate) {
  intx::VideoForm f;
  f.op = VideoOp::Absdiff;
  EXPECT_EQ(intx::video(f, 0x00ff1080u, 0xff001080u, 0), 0xffff0000u);
  f.add = true;
  EXPECT_EQ(intx::video(f, 0x00ff1080u, 0xff001080u, 5), 5u + 255 + 255);
  f = {};
  f.op = VideoOp::Add;
  f.dsigned = f.asigned = f.bsigned = true;
  f.sat = true;
  EXPECT_EQ(intx::video(f, 0x7f80017fu, 0x01ff0101u, 0), 0x7f80027fu);
  f.lanes = 2;
  EXPECT_EQ(intx::video(f, 0x7fff8000u, 0x0001ffffu, 0), 0x7fff8000u);
  f = {};
  f.op = VideoOp::Avrg;
  f.asigned = f.bsigned = f.dsigned = true;
  EXPECT_EQ(intx::video(f, 0x00ff0001u, 0x00fe0000u, 0), 0x00fe0001u);  // -1.5 → -2, 0.5 → 1
  f = {};
  f.op = VideoOp::Sub;
  f.sat = true;  // unsigned saturation floors at 0
  EXPECT_EQ(intx::video(f, 0x10203040u, 0x20102050u, 0), 0x00101000u);
  f.op = VideoOp::Max;
  f.sat = false;
  EXPECT_EQ(intx::video(f, 0x10203040u, 0x20102050u, 0), 0x20203050u);
  f.op = VideoOp::Min;
  EXPECT_EQ(intx::video(f, 0x10203040u, 0x20102050u, 0), 0x10102040u);
}

TEST(BitInstructions, DecodeAndExecute) {
  EXPECT_EQ(run_snippet("bfind.u32 %rd, %ra;", 0x00010000).r, 16u);
  EXPECT_EQ(run_snippet("bfind.shiftamt.u32 %rd, %ra;", 0x00010000).r, 15u);
  EXPECT_EQ(run_snippet("bfind.s64 %rd, %la;", 0xffffffff00000000ull).r, 31u);
  EXPECT_EQ(run_snippet("fns.b32 %rd, %ra, %rb, %rc;", 0xaaaaaaaa, 2, 0xffffffff).r, 1u);
  EXPECT_EQ(run_snippet("shf.l.wrap.b32 %rd, %ra, %rb, %rc;", 0x89abcdef, 0x01234567, 8).r,
            0x23456789u);
  EXPECT_EQ(run_snippet("shf.r.clamp.b32 %rd, %ra, %rb, %rc;", 0x89abcdef, 0x01234567, 99).r,
            0x01234567u);
  EXPECT_EQ(run_snippet("lop3.b32 %rd, %ra, %rb, %rc, 0x96;", 0xf0, 0xcc, 0xaa).r, 0x96u);
  EXPECT_EQ(run_snippet("vabsdiff4.u32.u32.u32 %rd, %ra, %rb, %rc;", 0x00ff1080, 0xff001080, 0).r,
            0xffff0000u);
  EXPECT_EQ(
      run_snippet("vabsdiff2.u32.u32.u32.add %rd, %ra, %rb, %rc;", 0x00010005, 0x00030001, 10).r,
      16u);
  EXPECT_EQ(run_snippet("vmax2.s32.s32.s32 %rd, %ra, %rb, %rc;", 0xffff0001, 0x00010000, 0).r,
            0x00010001u);
  EXPECT_THROW(run_snippet("shf.l.b32 %rd, %ra, %rb, %rc;"), UsageError);
  EXPECT_THROW(run_snippet("vadd4.u32.u32.u32.sat.add %rd, %ra, %rb, %rc;"), UsageError);
  EXPECT_THROW(run_snippet("lop3.b32 %rd, %ra, %rb, %rc, %rc;"), UsageError);
  EXPECT_THROW(run_snippet("bfind.b32 %rd, %ra;"), UsageError);
}

}  // namespace
}  // namespace wf::ptx::test
