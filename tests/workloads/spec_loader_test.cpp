#include <gtest/gtest.h>

#include "tests/workloads/spec_fixture.h"
#include "workloads/spec/spec_loader.h"

namespace wf::workloads::spec {
namespace {

TEST_F(SpecTest, LoadsEveryPart) {
  write_values<std::uint16_t>("in.bin", {1, 2, 3});
  write_values<float>("want.bin", {1, 2, 3, 4});
  const LaunchSpec s = load(R"(
name = "demo"
description = "all the parts"
ptx = "k.ptx"
[[buffer]]
name = "x"
type = "u16"
count = 3
init = { kind = "file", path = "in.bin" }
[[buffer]]
name = "y"
type = "f32"
count = 4
init = { kind = "random", seed = 9, min = -1.5, max = 2 }
[[buffer]]
name = "big"
type = "u64"
count = 2
init = { kind = "constant", value = "0xffffffffffffffff" }
[[launch]]
kernel = "first"
grid = [4, 2]
block = [32, 1, 2]
shared = 1024
args = ["x", { u32 = 7 }, { f32 = 0.5 }, { s64 = -3 }, "y"]
[[launch]]
kernel = "second"
grid = 1
block = 1
[[check]]
buffer = "y"
file = "want.bin"
tolerance = 0.001
[[check]]
buffer = "x"
equals = [1, 2, 3]
[[check]]
buffer = "x"
sum = 6
[[check]]
buffer = "big"
fnv1a = "0x1234"
[[check]]
buffer = "y"
expr = "y[i] >= -1.5 && y[i] < 2 && x[0] == 1"
)");
  EXPECT_EQ(s.name, "demo");
  EXPECT_EQ(s.description, "all the parts");
  EXPECT_EQ(s.ptx_text, ".version 9.0\n");
  EXPECT_EQ(s.ptx_path, dir_ / "k.ptx");
  ASSERT_EQ(s.buffers.size(), 3u);
  EXPECT_EQ(s.buffers[0].type, ElementType::u16);
  EXPECT_EQ(s.buffers[0].init.kind, BufferInit::Kind::file);
  EXPECT_EQ(s.buffers[0].init.file_bytes.size(), 6u);
  EXPECT_EQ(s.buffers[1].init.kind, BufferInit::Kind::random);
  EXPECT_EQ(s.buffers[1].init.seed, 9u);
  EXPECT_EQ(s.buffers[2].init.value.i, -1);  // all 64 bits set

  ASSERT_EQ(s.steps.size(), 2u);
  EXPECT_EQ(s.steps[0].kind, Step::Kind::launch);
  EXPECT_EQ(s.steps[0].key, "launch[0]");
  EXPECT_EQ(s.steps[0].repeat, 1u);
  const KernelLaunch& l = s.steps[0].launch;
  EXPECT_EQ(l.kernel, "first");
  EXPECT_EQ(l.grid.x, 4u);
  EXPECT_EQ(l.grid.y, 2u);
  EXPECT_EQ(l.grid.z, 1u);
  EXPECT_EQ(l.block.z, 2u);
  EXPECT_EQ(l.dynamic_shared_bytes, 1024u);
  ASSERT_EQ(l.args.size(), 5u);
  EXPECT_EQ(std::get<BufferRef>(l.args[0]).buffer, "x");
  EXPECT_EQ(std::get<BufferRef>(l.args[0]).offset, 0u);
  EXPECT_EQ(std::get<ScalarArg>(l.args[1]).type, ElementType::u32);
  EXPECT_EQ(std::get<ScalarArg>(l.args[1]).value.i, 7);
  EXPECT_EQ(std::get<ScalarArg>(l.args[2]).value.f, 0.5);
  EXPECT_EQ(std::get<ScalarArg>(l.args[3]).value.i, -3);
  EXPECT_EQ(s.steps[1].launch.args.size(), 0u);

  ASSERT_EQ(s.checks.size(), 5u);
  EXPECT_EQ(s.checks[0].key, "check[0]");
  EXPECT_EQ(s.checks[0].kind, CheckSpec::Kind::equals);
  EXPECT_TRUE(s.checks[0].expected.empty());
  EXPECT_EQ(s.checks[0].expected_file.size(), 16u);  // the file's bytes, 4 x f32
  EXPECT_DOUBLE_EQ(s.checks[0].tolerance, 0.001);
  EXPECT_EQ(s.checks[2].kind, CheckSpec::Kind::sum);
  EXPECT_EQ(s.checks[3].checksum.i, 0x1234);
  EXPECT_EQ(s.checks[4].kind, CheckSpec::Kind::expr);
  EXPECT_EQ(s.checks[4].expr->buffers(), (std::vector<std::string>{"y", "x"}));
}

TEST_F(SpecTest, DefaultsNameToTheFileStemAndInitToZeros) {
  const LaunchSpec s = load(kHeader);
  EXPECT_EQ(s.name, "spec");
  EXPECT_EQ(s.buffers[0].init.kind, BufferInit::Kind::zeros);
  EXPECT_EQ(s.steps[0].launch.block.x, 4u);
}

// One value, kept once rather than once per element: a fuzzer's finding was equals = 0 for a
// buffer of 2^30 elements, which asked for 24 GiB. (CheckTest.Equals shows it applies to all.)
TEST_F(SpecTest, EqualsWithOneValueIsKeptOnce) {
  const LaunchSpec s = load(kHeader + "[[check]]\nbuffer = \"a\"\nequals = 5\n");
  ASSERT_EQ(s.checks[0].expected.size(), 1u);
  EXPECT_EQ(s.checks[0].expected[0].i, 5);
  const LaunchSpec big = load(
      "ptx = \"k.ptx\"\n[[buffer]]\nname = \"a\"\ntype = \"u8\"\ncount = 1073741824\n"
      "[[launch]]\nmemset = \"a\"\n[[check]]\nbuffer = \"a\"\nequals = 0\n");
  EXPECT_EQ(big.checks[0].expected.size(), 1u);
}

TEST_F(SpecTest, FileNamesWithNulAreRefused) {
  EXPECT_EQ(error(std::string("ptx = \"k.ptx\\u0000x\"\n")),
            ": ptx: expected a file name without NUL characters");
}

TEST_F(SpecTest, TomlSyntaxErrorNamesLineAndColumn) {
  EXPECT_EQ(error("ptx = \"k.ptx\"\ngrid = [1,\n"),
            ":2:12: Error while parsing array: encountered end-of-file");
}

TEST_F(SpecTest, TopLevelErrors) {
  EXPECT_EQ(error("[[launch]]\nkernel = \"k\"\ngrid = 1\nblock = 1\n"),
            ": ptx: missing; expected the path of a .ptx file, relative to the spec");
  EXPECT_EQ(error("ptx = 3\n"),
            ": ptx: expected the path of a .ptx file, relative to the spec, got the integer 3");
  EXPECT_EQ(error("ptx = \"nope.ptx\"\n"), ": ptx: cannot read \"nope.ptx\"");
  EXPECT_EQ(error("ptx = \"k.ptx\"\n"),
            ": launch: missing; expected one or more [[launch]] tables");
  EXPECT_EQ(
      error("bogus = 1\n" + kHeader),
      ": bogus: unknown key; expected one of name, description, ptx, machine, struct, buffer, "
      "launch, check");
  EXPECT_EQ(error("ptx = \"k.ptx\"\nlaunch = 1\n"),
            ": launch: expected one or more [[launch]] tables, got the integer 1");
}

TEST_F(SpecTest, BufferErrors) {
  const std::string launch = "[[launch]]\nkernel = \"k\"\ngrid = 1\nblock = 1\n";
  auto buffer = [&](const std::string& body) {
    return error("ptx = \"k.ptx\"\n[[buffer]]\n" + body + launch);
  };
  EXPECT_EQ(buffer("name = \"a\"\ntype = \"i32\"\ncount = 1\n"),
            ": buffer[0].type: expected one of u8, u16, u32, u64, s32, s64, f32, f64, got the "
            "string \"i32\"");
  EXPECT_EQ(buffer("name = \"a\"\ntype = \"u32\"\n"),
            ": buffer[0].count: missing; expected an element count in [1, 268435456] (1 GiB)");
  EXPECT_EQ(buffer("name = \"a\"\ntype = \"u8\"\ncount = 0\n"),
            ": buffer[0].count: expected an element count in [1, 1073741824] (1 GiB), got the "
            "integer 0");
  EXPECT_EQ(buffer("name = \"a b\"\ntype = \"u8\"\ncount = 1\n"),
            ": buffer[0].name: expected an identifier other than i, n, abs, min, max, got \"a b\"");
  EXPECT_EQ(buffer("name = \"n\"\ntype = \"u8\"\ncount = 1\n"),
            ": buffer[0].name: expected an identifier other than i, n, abs, min, max, got \"n\"");
  EXPECT_EQ(buffer("name = \"a\"\ntype = \"u8\"\ncount = 1\nsize = 4\n"),
            ": buffer[0].size: unknown key; expected one of name, type, count, init, symbol");
  EXPECT_EQ(error("ptx = \"k.ptx\"\n[[buffer]]\nname = \"a\"\ntype = \"u8\"\ncount = 1\n"
                  "[[buffer]]\nname = \"a\"\ntype = \"u8\"\ncount = 1\n" +
                  launch),
            ": buffer[1].name: a second buffer named \"a\"; names must be unique");
}

TEST_F(SpecTest, InitErrors) {
  auto init = [&](const std::string& type, const std::string& value) {
    return error("ptx = \"k.ptx\"\n[[buffer]]\nname = \"a\"\ntype = \"" + type +
                 "\"\ncount = 4\ninit = " + value +
                 "\n[[launch]]\nkernel = \"k\"\ngrid = 1\nblock = 1\n");
  };
  EXPECT_EQ(init("u32", "\"ones\""),
            ": buffer[0].init: expected \"zeros\", \"iota\", an array of values, or a table "
            "with kind = zeros | constant | iota | random | file, got the string \"ones\"");
  EXPECT_EQ(init("u32", "{ kind = \"gauss\" }"),
            ": buffer[0].init.kind: expected one of zeros, constant, iota, random, file, got the "
            "string \"gauss\"");
  EXPECT_EQ(init("u8", "{ kind = \"constant\", value = 256 }"),
            ": buffer[0].init.value: expected a value that fits u8, got the integer 256");
  EXPECT_EQ(init("u32", "{ kind = \"constant\", value = 1.5 }"),
            ": buffer[0].init.value: expected a value that fits u32, got the float 1.5");
  EXPECT_EQ(init("u32", "{ kind = \"constant\" }"),
            ": buffer[0].init.value: missing; expected a u32 value");
  EXPECT_EQ(init("s32", "{ kind = \"iota\", step = 0.5 }"),
            ": buffer[0].init.step: expected an integer (the buffer is s32), got the float 0.5");
  EXPECT_EQ(init("u32", "{ kind = \"random\", min = 0, max = 9 }"),
            ": buffer[0].init.seed: missing; expected a non-negative integer");
  EXPECT_EQ(init("u32", "{ kind = \"random\", seed = 1, min = 9, max = 2 }"),
            ": buffer[0].init.max: expected max >= min (9)");
  EXPECT_EQ(init("u32", "{ kind = \"random\", seed = 1, min = 0, max = 9, mean = 3 }"),
            ": buffer[0].init.mean: unknown key; expected one of kind, seed, min, max");
  EXPECT_EQ(init("u32", "{ kind = \"file\", path = \"missing.bin\" }"),
            ": buffer[0].init.path: cannot read \"missing.bin\"");
  write("short.bin", "abc");
  EXPECT_EQ(init("u32", "{ kind = \"file\", path = \"short.bin\" }"),
            ": buffer[0].init.path: expected 16 bytes (4 x u32), \"short.bin\" has 3");
}

TEST_F(SpecTest, LaunchErrors) {
  auto launch = [&](const std::string& body) {
    return error(
        "ptx = \"k.ptx\"\n[[buffer]]\nname = \"a\"\ntype = \"u8\"\ncount = 1\n"
        "[[launch]]\n" +
        body);
  };
  EXPECT_EQ(launch("grid = 1\nblock = 1\n"),
            ": launch[0].kernel: missing; expected the name of a kernel (.entry) in the PTX");
  EXPECT_EQ(launch("kernel = \"k\"\ngrid = [1, 2, 3, 4]\nblock = 1\n"),
            ": launch[0].grid: expected a positive integer or an array of 1 to 3 positive "
            "integers, got an array");
  EXPECT_EQ(launch("kernel = \"k\"\ngrid = 1\nblock = 0\n"),
            ": launch[0].block: expected a positive integer or an array of 1 to 3 positive "
            "integers, got the integer 0");
  EXPECT_EQ(launch("kernel = \"k\"\ngrid = 1\nblock = 1\nshared = -1\n"),
            ": launch[0].shared: expected a dynamic shared-memory size in bytes, got the integer "
            "-1");
  EXPECT_EQ(launch("kernel = \"k\"\ngrid = 1\nblock = 1\nargs = [\"b\"]\n"),
            ": launch[0].args[0]: unknown buffer \"b\"; expected one of a");
  EXPECT_EQ(launch("kernel = \"k\"\ngrid = 1\nblock = 1\nargs = [\"a\", 5]\n"),
            ": launch[0].args[1]: expected a buffer name or a typed scalar like { u32 = 5 }, got "
            "the integer 5");
  EXPECT_EQ(launch("kernel = \"k\"\ngrid = 1\nblock = 1\nargs = [{ i32 = 5 }]\n"),
            ": launch[0].args[0].i32: unknown type; expected one of u8, u16, u32, u64, s32, s64, "
            "f32, f64");
  EXPECT_EQ(launch("kernel = \"k\"\ngrid = 1\nblock = 1\nargs = [{ u32 = -1 }]\n"),
            ": launch[0].args[0].u32: expected a value that fits u32, got the integer -1");
  EXPECT_EQ(launch("kernel = \"k\"\ngrid = 1\nblock = 1\nthreads = 5\n"),
            ": launch[0].threads: unknown key; expected one of kernel, grid, block, shared, args, "
            "regs_per_thread, repeat, until, max_iterations");
}

TEST_F(SpecTest, CheckErrors) {
  auto check = [&](const std::string& body) { return error(kHeader + "[[check]]\n" + body); };
  EXPECT_EQ(check("buffer = \"z\"\nsum = 1\n"),
            ": check[0].buffer: unknown buffer \"z\"; expected one of a, f");
  EXPECT_EQ(check("buffer = \"a\"\n"),
            ": check[0]: expected exactly one of equals, file, sum, xor, fnv1a, expr, found 0");
  EXPECT_EQ(check("buffer = \"a\"\nsum = 1\nxor = 2\n"),
            ": check[0]: expected exactly one of equals, file, sum, xor, fnv1a, expr, found 2");
  EXPECT_EQ(check("buffer = \"a\"\nequals = [1, 2]\n"),
            ": check[0].equals: expected 4 values (the count of \"a\") or a single value, got 2");
  EXPECT_EQ(check("buffer = \"a\"\nequals = [1, 2, -3, 4]\n"),
            ": check[0].equals[2]: expected a value that fits u32, got the integer -3");
  EXPECT_EQ(check("buffer = \"a\"\nsum = 1\ntolerance = 0.5\n"),
            ": check[0].tolerance: applies to f32 and f64 buffers only; \"a\" is u32");
  EXPECT_EQ(check("buffer = \"f\"\nsum = 1\ntolerance = -0.5\n"),
            ": check[0].tolerance: expected a non-negative number, got the float -0.5");
  EXPECT_EQ(check("buffer = \"a\"\nexpr = \"a[i] == \"\n"),
            ": check[0].expr: column 9: expected an operand, found the end");
  EXPECT_EQ(check("buffer = \"a\"\nexpr = \"a[i] == q[i]\"\n"),
            ": check[0].expr: unknown buffer \"q\"; expected one of a, f");
  EXPECT_EQ(check("buffer = \"a\"\nfnv1a = \"0xZZ\"\n"),
            ": check[0].fnv1a: expected a decimal or 0x-hex u64 in a string, got the string "
            "\"0xZZ\"");
  EXPECT_EQ(check("buffer = \"a\"\nfile = \"none.bin\"\n"),
            ": check[0].file: cannot read \"none.bin\"");
}

TEST(SpecFile, UnreadableSpecNamesTheFile) {
  try {
    load_spec_file("no/such/spec.toml");
    FAIL() << "loaded a missing file";
  } catch (const UsageError& e) {
    EXPECT_STREQ(e.what(), "no/such/spec.toml: cannot read the launch spec");
  }
}

}  // namespace
}  // namespace wf::workloads::spec
