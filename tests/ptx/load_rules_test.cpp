// What a PTX module must satisfy to load: .version and .target first, declared sizes within what
// their state space can hold, register operands of the types the PTX ISA allows. Each rule
// refuses a malformed module with FILE:line; every checked-in PTX file still loads.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <utility>
#include <vector>

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

// Warp-level, bit-manipulation, video and barrier instructions: each operand against the type
// the PTX ISA gives it.
TEST(PtxLoadRules, WarpBitVideoAndBarrierOperandTypes) {
  auto where = [](const std::string& body) { return parse_error(module_with("", body)); };
  const std::vector<std::pair<std::string, std::string>> refused = {
      {"shfl.sync.idx.b32 %r1, %rd1, %r2, 31, -1;", "as operand 2 of 'shfl.b32'"},
      {"shfl.sync.down.b32 %r1|%p1, %r1, %rd1, 31, -1;", "as operand 3 of 'shfl.b32'"},
      {"shfl.sync.bfly.b32 %r1, %r1, 1, 31, %rd1;", "as operand 5 of 'shfl.b32'"},
      {"vote.sync.ballot.b32 %r1, %r2, -1;", "expected a .pred register as operand 2"},
      {"vote.sync.all.pred %r1, %p1, -1;", "expected a .pred register as operand 1"},
      {"vote.sync.any.pred %p1, %p1, %f1;", "expected a .s32, .u32 or .b32 register as operand 3"},
      {"vote.sync.any.pred %p1, %p1, %p1;", "as operand 3 of 'vote.pred'"},
      {"match.any.sync.b64 %r1, %r2, -1;", "as operand 2 of 'match.b64'"},
      {"match.any.sync.b32 %rd1, %r2, -1;", "as operand 1 of 'match.b32'"},
      {"activemask.b32 %rd1;", "as operand 1 of 'activemask.b32'"},
      {"bfind.u64 %r1, %r2;", "as operand 2 of 'bfind.u64'"},
      {"bfind.s32 %rd1, %r2;", "expected a .s32, .u32 or .b32 register as operand 1"},
      {"fns.b32 %r1, %r2, %f1, 1;", "expected a .s32, .u32 or .b32 register as operand 3"},
      {"fns.b32 %r1, %rd2, %r1, 1;", "as operand 2 of 'fns.b32'"},
      {"shf.l.wrap.b32 %r1, %r2, %r3, %f1;", "as operand 4 of 'shf.b32'"},
      {"shf.r.clamp.b32 %r1, %rd2, %r3, %r1;", "as operand 2 of 'shf.b32'"},
      {"lop3.b32 %r1, %r2, %rd3, %r1, 0x96;", "as operand 3 of 'lop3.b32'"},
      {"prmt.b32 %r1, %r2, %r3, %rd1;", "as operand 4 of 'prmt.b32'"},
      {"clz.b64 %rd1, %rd2;", "as operand 1 of 'clz.b64'"},
      {"brev.b32 %r1, %rd1;", "as operand 2 of 'brev.b32'"},
      {"bfe.u32 %r1, %r2, %rd1, 8;", "as operand 3 of 'bfe.u32'"},
      {"vadd4.u32.u32.u32 %r1, %f1, %r3, %r1;", "as operand 2 of 'vadd4.u32'"},
      {"vabsdiff2.s32.s32.s32 %r1, %r2, %r3, %rd1;", "as operand 4 of 'vabsdiff2.s32'"},
      {"bar.sync %f1;", "expected a .s32, .u32 or .b32 register as operand 1 of 'bar'"},
      {"bar.sync 0, %rd1;", "as operand 2 of 'bar'"},
      {"barrier.sync %p1;", "as operand 1 of 'barrier'"},
      {"bar.arrive 1, %f1;", "as operand 2 of 'bar'"},
      {"bar.red.popc.u32 %rd1, 0, %p1;", "as operand 1 of 'bar.u32'"},
      {"bar.red.and.pred %p1, 0, %r1;", "expected a .pred register as operand 3"},
      {"bar.red.or.pred %p1, %p1, %p1;", "as operand 2 of 'bar.pred'"},
      {"bar.warp.sync %rd1;", "as operand 1 of 'bar'"},
  };
  for (const auto& [body, needle] : refused)
    EXPECT_NE(where(body).find(needle), std::string::npos) << body << ": " << where(body);
  // What the ISA allows: .b32 operands of any 32-bit type, predicates where it names them.
  EXPECT_EQ(where("shfl.sync.idx.b32 %f1, %f2, %r1, 31, -1;\n"
                  "shfl.sync.down.b32 %r1|%p1, %r1, 1, 31, %r2;\nshfl.up.b32 %r1, %r1, 1, 0;\n"
                  "vote.sync.ballot.b32 %r1, !%p1, -1;\nvote.sync.all.pred %p1, %p1, %r2;\n"
                  "vote.any.pred %p1, %p1;\nmatch.any.sync.b64 %r1, %rd1, -1;\n"
                  "match.all.sync.b32 %r1|%p1, %r2, %r3;\nactivemask.b32 %r1;\n"
                  "bfind.u64 %r1, %rd1;\nbfind.shiftamt.s32 %r1, %r2;\n"
                  "fns.b32 %r1, %r2, %r3, -1;\nshf.l.wrap.b32 %r1, %r2, %r3, %r1;\n"
                  "lop3.b32 %r1, %r2, %r3, %r1, 0x96;\nprmt.b32 %r1, %r2, %r3, 0x3210;\n"
                  "clz.b64 %r1, %rd2;\nbrev.b64 %rd1, %rd2;\nbfe.s64 %rd1, %rd2, %r1, 8;\n"
                  "bfi.b32 %r1, %r2, %r3, 0, 8;\nvadd4.u32.u32.u32 %r1, %r2, %r3, %r1;\n"
                  "vmax2.s32.s32.s32 %r1, %r2, %r3, 0;\nbar.sync 0;\nbar.sync %r1, %r2;\n"
                  "barrier.sync 0, 64;\nbar.arrive 1, 64;\nbar.red.popc.u32 %r1, 0, %p1;\n"
                  "bar.red.and.pred %p1, 0, !%p1;\nbar.red.or.pred %p1, 0, 64, %p1;\n"
                  "bar.warp.sync -1;"),
            "(no error)");
}

}  // namespace
}  // namespace wf::ptx::test
