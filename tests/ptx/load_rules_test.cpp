// What a PTX module must satisfy to load: .version and .target first, declared sizes within what
// their state space can hold, register operands of the types the PTX ISA allows. Each rule
// refuses a malformed module with FILE:line; every checked-in PTX file still loads.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "sim_model/common/error.h"
#include "sim_model/ptx/parser.h"
#include "tests/ptx/ptx_test_util.h"

namespace wf::ptx::test {
namespace {

namespace fs = std::filesystem;

std::string parse_error(const std::string& text) {
  try {
    parse_module(text, "bad.ptx");
  } catch (const UsageError& e) {
    return e.what();
  }
  return "(no error)";
}

std::string module_with(const std::string& decls, const std::string& body = "") {
  return std::string(kHeader) + decls +
         "\n.visible .entry k(.param .u64 p)\n{\n.reg .b32 %r<4>;\n.reg .f32 %f<4>;\n"
         ".reg .b64 %rd<4>;\n.reg .b16 %rs<4>;\n.reg .pred %p1;\n" +
         body + "\nret;\n}\n";
}

TEST(PtxLoadRules, EveryCheckedInPtxFileLoads) {
  int files = 0;
  for (const char* dir : {"workloads", "tests"}) {
    for (const auto& e : fs::recursive_directory_iterator(fs::path(WF_SOURCE_DIR) / dir)) {
      if (e.path().extension() != ".ptx") continue;
      std::ifstream in(e.path(), std::ios::binary);
      std::stringstream ss;
      ss << in.rdbuf();
      EXPECT_NO_THROW(parse_module(ss.str(), e.path().string())) << e.path();
      ++files;
    }
  }
  EXPECT_GE(files, 30);  // 33 when this was written: the count guards against a wrong root
}

TEST(PtxLoadRules, VersionAndTargetComeFirst) {
  EXPECT_EQ(parse_error(".visible .entry k()\n{\nret;\n}\n"),
            "bad.ptx:1:1: expected a .version directive (every PTX module starts with .version "
            "and .target), found '.visible'");
  EXPECT_EQ(parse_error(".version 9.0\n.visible .entry k()\n{\nret;\n}\n"),
            "bad.ptx:2:1: expected a .target directive after .version, found '.visible'");
  EXPECT_NE(parse_error("// nothing\n").find("bad.ptx:2:1: expected a .version directive"),
            std::string::npos);
  EXPECT_NE(parse_error(".version 9.0\n").find("bad.ptx:2:1: expected a .target directive"),
            std::string::npos);
  EXPECT_NE(parse_error(std::string(kHeader) + ".version 9.0\n")
                .find("bad.ptx:4:1: expected one .version directive per module"),
            std::string::npos);
  EXPECT_EQ(parse_error(module_with("")), "(no error)");
}

TEST(PtxLoadRules, NegativeArraySizesAreRefused) {
  EXPECT_EQ(parse_error(module_with(".shared .align 4 .b8 s[-16];")),
            "bad.ptx:4:24: expected a non-negative array size, found '-'");
  EXPECT_NE(parse_error(module_with("", ".local .b8 l[-16];"))
                .find("bad.ptx:12:14: expected a "
                      "non-negative array size"),
            std::string::npos);
  EXPECT_NE(parse_error(module_with(".global .u32 g[4][-1];")).find("non-negative array size"),
            std::string::npos);
}

TEST(PtxLoadRules, SizesAreBoundedByTheirStateSpace) {
  EXPECT_EQ(parse_error(module_with(".shared .b8 s[233473];")),
            "bad.ptx:4:13: expected variable 's' of at most 233472 bytes (228 KiB, the largest "
            "shared memory of any GPU, per CTA), found 233473 bytes");
  EXPECT_EQ(parse_error(module_with(".shared .b8 s[233472];")), "(no error)");
  // two that fit alone but not together, module-level and in a kernel
  EXPECT_NE(parse_error(module_with(".shared .b8 a[200000];\n.shared .b8 b[200000];"))
                .find("bad.ptx:5:13: expected the module's shared variables of at most 233472"),
            std::string::npos);
  EXPECT_NE(parse_error(module_with("", ".shared .b8 a[200000];\n.shared .b8 b[200000];"))
                .find("bad.ptx:5: expected the static shared memory of kernel 'k' to be at most "
                      "233472 bytes"),
            std::string::npos);
  EXPECT_NE(parse_error(module_with("", ".local .b8 l[524289];"))
                .find("bad.ptx:12:12: expected variable 'l' of at most 524288 bytes (CUDA's 512 "
                      "KiB of local memory per thread)"),
            std::string::npos);
  EXPECT_NE(parse_error(module_with("", ".local .b8 a[300000];\n.local .b8 b[300000];"))
                .find("expected the local variables of 'k' of at most 524288 bytes"),
            std::string::npos);
  EXPECT_EQ(parse_error(module_with(".global .b8 g[1099511627776];")),
            "bad.ptx:4:13: expected variable 'g' of at most 4294967296 bytes (4 GiB per .global "
            "variable), found 1099511627776 bytes");
  EXPECT_NE(parse_error(module_with(".global .u64 g[65536][65536][65536];"))
                .find("expected variable 'g' of at most 4294967296 bytes"),
            std::string::npos);
  EXPECT_NE(parse_error(module_with(".const .b8 c[65537];"))
                .find("bad.ptx:4:12: expected variable 'c' of at most 65536 bytes (the 64 KiB "
                      "constant bank of a module)"),
            std::string::npos);
  EXPECT_NE(parse_error(module_with(".const .b8 a[40000];\n.const .b8 b[40000];"))
                .find("bad.ptx:5:12: expected the module's .const variables of at most 65536"),
            std::string::npos);
  EXPECT_NE(parse_error(std::string(kHeader) + ".visible .entry k(.param .b8 p[40000])\n{\nret;\n}")
                .find("bad.ptx:4:19: expected a kernel parameter list of at most 32764 bytes"),
            std::string::npos);
  EXPECT_NE(parse_error(module_with(".global .align 3 .b8 g[4];"))
                .find("bad.ptx:4:22: expected an .align of a power of two up to 4096"),
            std::string::npos);
}

TEST(PtxLoadRules, InitializerErrorsNameTheLine) {
  EXPECT_EQ(parse_error(module_with(".global .u32 g[1] = {1, 2};")),
            "bad.ptx:4:14: expected at most 4 bytes of initializer for 'g', found 8");
}

TEST(PtxLoadRules, OperandTypesFollowTheIsaRules) {
  EXPECT_EQ(parse_error(module_with("", "add.s32 %f1, %f2, %f3;")),
            "bad.ptx:12:9: expected a .s32, .u32 or .b32 register as operand 1 of 'add.s32' (PTX "
            "ISA operand type rules), found '%f1' of type .f32");
  EXPECT_NE(parse_error(module_with("", ".reg .u32 %u1;\nadd.f32 %f1, %u1, %f3;"))
                .find("expected a .f32 or .b32 register as operand 2 of 'add.f32'"),
            std::string::npos);
  EXPECT_NE(parse_error(module_with("", "add.u32 %r1, %r2, %rd1;"))
                .find("expected a .s32, .u32 or .b32 register as operand 3 of 'add.u32'"),
            std::string::npos);
  EXPECT_NE(
      parse_error(module_with("", "shl.b64 %rd1, %rd2, %rd3;")).find("as operand 3 of 'shl.b64'"),
      std::string::npos);  // the shift amount is .u32
  EXPECT_NE(parse_error(module_with("", "mul.wide.s32 %r1, %r2, %r3;"))
                .find("expected a .s64, .u64 or .b64 register as operand 1 of 'mul.s32'"),
            std::string::npos);
  EXPECT_NE(
      parse_error(module_with("", "setp.lt.s32 %p1, %f1, %r2;")).find("as operand 2 of 'setp.s32'"),
      std::string::npos);
  EXPECT_NE(parse_error(module_with("", "ld.param.u64 %r1, [p];"))
                .find("expected a .s64, .u64 or .b64 register or wider as operand 1 of 'ld.u64'"),
            std::string::npos);
  EXPECT_NE(
      parse_error(module_with("", "cvt.rn.f32.s32 %f1, %f2;")).find("as operand 2 of 'cvt.f32'"),
      std::string::npos);
  // what the rules allow: bit-size registers for any type of their size, wider registers for
  // ld/st/cvt, the fixed-type operands
  EXPECT_EQ(parse_error(module_with("",
                                    "add.f32 %f1, %f2, %f3;\nmov.b32 %f1, %r1;\n"
                                    "add.s32 %r1, %r2, %r3;\nmul.wide.u32 %rd1, %r1, %r2;\n"
                                    "shl.b64 %rd1, %rd2, %r1;\nld.param.u32 %rd1, [p];\n"
                                    "ld.param.u8 %rs1, [p];\ncvt.u32.u16 %r1, %rs1;\n"
                                    "cvt.rn.f32.s64 %f1, %rd1;\nsetp.lt.f32 %p1, %f1, %f2;\n"
                                    "selp.f32 %f1, %f2, %f3, %p1;\npopc.b64 %r1, %rd1;\n"
                                    "add.f16 %rs1, %rs2, %rs3;\nadd.f16x2 %r1, %r2, %r3;")),
            "(no error)");
}

}  // namespace
}  // namespace wf::ptx::test
