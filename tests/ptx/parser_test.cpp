// Parser: what nvcc emits is accepted; malformed or unsupported input is rejected with
// file:line:column and what was expected.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "sim_model/common/error.h"
#include "sim_model/ptx/parser.h"
#include "tests/ptx/ptx_test_util.h"

namespace wf::ptx::test {
namespace {

std::string parse_error(const std::string& text) {
  try {
    parse_module(text, "bad.ptx");
  } catch (const UsageError& e) {
    return e.what();
  }
  return "(no error)";
}

std::string kernel(const std::string& body) {
  return std::string(kHeader) +
         ".visible .entry k(.param .u64 p)\n{\n.reg .b32 %r<4>;\n.reg .pred %p1;\n" + body +
         "\n}\n";
}

TEST(Parser, AcceptsNvccOutput) {
  std::ifstream in(std::string(WF_PTX_TEST_DATA "/kernels.ptx"));
  std::stringstream ss;
  ss << in.rdbuf();
  Module m = parse_module(ss.str(), "kernels.ptx");
  const Function* f = m.find_function("control");
  ASSERT_NE(f, nullptr);
  EXPECT_TRUE(f->is_entry);
  EXPECT_EQ(f->params.size(), 2u);
  const Function* fact = m.find_function("_Z4facti");
  ASSERT_NE(fact, nullptr);
  EXPECT_FALSE(fact->is_entry);
  EXPECT_EQ(fact->rets.size(), 1u);
  const Function* af = m.find_function("__assertfail");
  ASSERT_NE(af, nullptr);
  EXPECT_TRUE(af->is_declaration);
}

TEST(Parser, DeclarationsDirectivesAndOperandForms) {
  const char* text = R"(
//
// header comment
//
.version 9.0
.target sm_75
.address_size 64
.global .align 8 .b8 table[16] = {1, 2, 3, 4};
.shared .align 4 .b8 common_buf[64];
.extern .shared .align 16 .b8 dyn[];
.func (.param .b32 rv) f(.param .b32 a)
{
  .reg .b32 %r<3>;
  ld.param.b32 %r1, [a];
  st.param.b32 [rv+0], %r1;
  ret;
}
.visible .entry k(.param .u64 .ptr .global .align 8 p, .param .align 8 .b8 s[16])
.maxntid 256, 1, 1
.minnctapersm 2
{
  .local .align 4 .b8 __local_depot0[32];
  .reg .b64 %SP, %SPL;
  .reg .b32 %r<10>;
  .reg .b64 %rd<10>;
  .reg .pred %p<3>;
  .shared .align 4 .b8 mine[128];
  .loc 1 2 3
  mov.u64 %SPL, __local_depot0;
  ld.param.u64 %rd1, [k_param_unused_is_not_here_so_use_p];
}
)";
  std::string e = parse_error(text);
  EXPECT_EQ(e,
            "bad.ptx:30:23: expected a register or a declared variable in the address, found "
            "'k_param_unused_is_not_here_so_use_p'");
  std::string good = std::string(text);
  good.replace(good.find("[k_param_unused_is_not_here_so_use_p]"), 37, "[p]");
  good.replace(good.rfind("}"), 1, R"(
  ld.param.b32 %r1, [s+8];
  ld.shared.v2.u32 {%r2, %r3}, [mine+8];
  st.shared.u32 [common_buf], %r1;
  mov.u32 %r4, dyn;
  @!%p1 bra $L__BB0_2;
  { .reg .b32 tmp; mov.u32 tmp, 1; }
$L__BB0_2:
  .pragma "nounroll";
  mov.u32 %r5, %tid.x;
  mov.u32 %r6, %lanemask_lt;
  add.f32 %r7, %r7, 0f3F800000;
  bra.uni $L__BB0_3;
$L__BB0_3:
  ret;
}
  .file 1 "x.cu"
  .section .debug_str
  {
$L__info_string0:
.b8 95,90,0
  }
)");
  Module m = parse_module(good, "good.ptx");
  const Function* k = m.find_function("k");
  ASSERT_NE(k, nullptr);
  EXPECT_EQ(k->params[1].size, 16u);
  EXPECT_EQ(k->params[1].offset, 8u);
  EXPECT_EQ(k->local_bytes, 32u);
  EXPECT_EQ(k->shared_bytes, 64u + 128u);  // module-level then the kernel's own
  EXPECT_EQ(m.dynamic_shared_base, 192u);
  EXPECT_EQ(m.variables[0].init.size(), 16u);
  EXPECT_EQ(m.variables[0].init[3], 4u);
}

TEST(Parser, ErrorsCarryFileLineColumn) {
  EXPECT_EQ(parse_error(kernel("mov.u32 %r1, 5")),
            "bad.ptx:9:1: expected ';' or ',' after the operand, found '}'");
  EXPECT_EQ(parse_error(kernel("  frobnicate.u32 %r1, %r2;")),
            "bad.ptx:8:3: unsupported instruction 'frobnicate'");
  EXPECT_EQ(parse_error(kernel("mov.u32 %r9, 1;")),
            "bad.ptx:8:9: expected a declared register or a special register, found '%r9'");
  EXPECT_EQ(parse_error(kernel("bra NOWHERE;")),
            "bad.ptx:8:5: expected a label defined in function 'k', found 'NOWHERE'");
  EXPECT_EQ(parse_error(kernel("add.u32.bogus %r1, %r2, %r3;")),
            "bad.ptx:8:8: unsupported modifier '.bogus' for instruction 'add'");
  EXPECT_EQ(parse_error(kernel("add.u32 %r1, %r2;")),
            "bad.ptx:8:1: expected 3 operands for 'add', found 2");
  EXPECT_EQ(parse_error(kernel("add %r1, %r2, %r3;")),
            "bad.ptx:8:1: expected a type modifier (such as .u32) on 'add'");
  EXPECT_EQ(parse_error(kernel("ld.global.u32 %r1, %r2;")),
            "bad.ptx:8:20: expected an address '[...]' as operand 2 of 'ld'");
  EXPECT_EQ(parse_error(kernel("fma.f32 %r1, %r2, %r3, %r1;")),
            "bad.ptx:8:1: expected a rounding modifier (.rn, .rz, .rm, .rp) on 'fma'");
  EXPECT_EQ(parse_error(std::string(kHeader) + ".entry k(\n"),
            "bad.ptx:5:1: expected '.param', found end of file");
  EXPECT_EQ(parse_error(".version 9.0\n.target sm_75\n.address_size 32\n"),
            "bad.ptx:3:15: expected address size 64, found '32'");
  EXPECT_EQ(parse_error("# stray\n"), "bad.ptx:1:1: expected a PTX token, found character '#'");
  EXPECT_EQ(parse_error(kernel("/* never closed")),
            "bad.ptx:8:1: expected '*/' to close this comment");
  EXPECT_EQ(parse_error(kernel("@%r1 bra L;\nL: ret;")),
            "bad.ptx:8:2: expected a predicate register after '@', found '%r1'");
  EXPECT_EQ(parse_error(kernel(".reg .b32 %r1;")),
            "bad.ptx:8:11: expected a new name, found '%r1' already declared in this scope");
}

TEST(Parser, UnsupportedConstructsAreNamed) {
  EXPECT_NE(parse_error(kernel("txq.width.b32 %r1, [%r2];")).find("unsupported instruction 'txq'"),
            std::string::npos);
  EXPECT_NE(
      parse_error(kernel("cvt.rn.f16x2.f32 %r1, %r2, %r3;")).find("unsupported type '.f16x2'"),
      std::string::npos);
  EXPECT_NE(parse_error(kernel("wmma.load.a.sync.aligned.row.m16n16k16.f16 {%r1}, [%r2];"))
                .find("unsupported instruction 'wmma'"),
            std::string::npos);
}

TEST(Parser, InlineAsmCmpWaitPassesThrough) {
  Module m = parse_module(
      kernel("// begin inline asm\natom.global.cmpwait.b32 %r1, [%r2], %r3;\n// end inline asm"),
      "x.ptx");
  const Instr& in = m.functions[0].code[0];
  EXPECT_EQ(in.op, Op::Atom);
  EXPECT_EQ(static_cast<AtomOp>(in.sub), AtomOp::CmpWait);
  EXPECT_EQ(in.cls, OpClass::Atomic);
}

}  // namespace
}  // namespace wf::ptx::test
