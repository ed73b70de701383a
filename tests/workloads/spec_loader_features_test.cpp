// The loader's side of structs, buffer references, module variables, steps and loops, argument
// expressions and [machine]: what it keeps, and one message per mistake.
#include <gtest/gtest.h>

#include "tests/workloads/spec_fixture.h"
#include "workloads/spec/spec_loader.h"

namespace wf::workloads::spec {
namespace {

const std::string kPtx = "ptx = \"k.ptx\"\n";
const std::string kLaunch = "[[launch]]\nkernel = \"k\"\ngrid = 1\nblock = 1\n";

TEST(StructLayout, FollowsCAlignmentRules) {
  const StructType job = StructType::layout("Job",
                                            {{"dst", ElementType::u64, nullptr, 0, 0},
                                             {"src", ElementType::u64, nullptr, 0, 0},
                                             {"n", ElementType::u32, nullptr, 0, 0}},
                                            0);
  EXPECT_EQ(job.fields[2].offset, 16u);
  EXPECT_EQ(job.size, 24u);  // padded to its 8-byte alignment
  EXPECT_EQ(job.align, 8u);
  auto inner = std::make_shared<const StructType>(job);
  const StructType outer = StructType::layout("Outer",
                                              {{"c", ElementType::u8, nullptr, 0, 0},
                                               {"v", ElementType::u16, nullptr, 3, 0},
                                               {"job", std::nullopt, inner, 0, 0},
                                               {"f", ElementType::f32, nullptr, 0, 0}},
                                              0);
  EXPECT_EQ(outer.fields[1].offset, 2u);   // u16 v[3] at 2..7
  EXPECT_EQ(outer.fields[2].offset, 8u);   // Job at 8..31
  EXPECT_EQ(outer.fields[3].offset, 32u);  // f32 at 32
  EXPECT_EQ(outer.size, 40u);
  const StructType aligned =
      StructType::layout("V", {{"x", ElementType::f32, nullptr, 3, 0}}, 16);  // __align__(16)
  EXPECT_EQ(aligned.size, 16u);
  EXPECT_EQ(aligned.align, 16u);
}

TEST(StructLayout, ParsesFieldDeclarations) {
  auto d = parse_field_decl("  f32 v[4] ");
  ASSERT_TRUE(d);
  EXPECT_EQ(d->type, "f32");
  EXPECT_EQ(d->name, "v");
  EXPECT_EQ(d->array_length, 4u);
  for (const auto* bad : {"u32", "u32 a b", "u32 a[0]", "u32 a[x]", "u32 a[2", "u32 1a"})
    EXPECT_FALSE(parse_field_decl(bad)) << bad;
}

TEST(BufferRefText, ParsesNameAndElementOffset) {
  auto r = parse_buffer_ref("J + 0x40");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->buffer, "J");
  EXPECT_EQ(r->offset, 64u);
  EXPECT_EQ(parse_buffer_ref("J")->offset, 0u);
  for (const auto* bad : {"", "+4", "J+", "J+-1", "J+4x", "1J", "J-4"})
    EXPECT_FALSE(parse_buffer_ref(bad)) << bad;
}

TEST_F(SpecTest, LoadsStructBuffersWithAddressesInTheirFields) {
  const LaunchSpec s = load(kPtx + R"(
[[struct]]
name = "Pair"
fields = ["u64 a", "u64 b", "u32 n"]
[[struct]]
name = "Outer"
fields = ["Pair p", "u32 tags[2]"]
align = 16
[[buffer]]
name = "S"
type = "Outer"
count = 2
init = [{ p = { a = "A", b = "B+3", n = 7 }, tags = [1] }]
[[buffer]]
name = "A"
type = "f32"
count = 4
[[buffer]]
name = "B"
type = "u16"
count = 4
[[buffer]]
name = "P"
type = "u64"
count = 3
init = ["A+4", 5]
)" + kLaunch);
  ASSERT_EQ(s.structs.size(), 2u);
  EXPECT_EQ(s.structs[1]->size, 32u);  // Pair (24) + 2 x u32, rounded up to 16
  const BufferSpec& b = s.buffers[0];
  ASSERT_TRUE(b.struct_type);
  EXPECT_EQ(b.bytes(), 64u);
  EXPECT_EQ(b.init.kind, BufferInit::Kind::values);
  ASSERT_EQ(b.init.slots.size(), 4u);
  EXPECT_EQ(b.init.slots[0].address->buffer, "A");
  EXPECT_EQ(b.init.slots[1].offset, 8u);
  EXPECT_EQ(b.init.slots[1].address->offset, 3u);
  EXPECT_EQ(b.init.slots[2].offset, 16u);
  EXPECT_EQ(b.init.slots[2].value.i, 7);
  EXPECT_EQ(b.init.slots[3].offset, 24u);
  EXPECT_EQ(b.init.slots[3].type, ElementType::u32);
  const BufferSpec& p = s.buffers[3];
  ASSERT_EQ(p.init.slots.size(), 2u);
  EXPECT_EQ(p.init.slots[0].address->offset, 4u);  // one past the end is a valid address
  EXPECT_FALSE(p.init.slots[1].address);
  EXPECT_EQ(p.init.slots[1].offset, 8u);
}

TEST_F(SpecTest, StructErrors) {
  auto spec = [&](const std::string& structs, const std::string& init = "") {
    return error(kPtx + structs + "[[buffer]]\nname = \"s\"\ntype = \"T\"\ncount = 2\n" + init +
                 "[[buffer]]\nname = \"a\"\ntype = \"u32\"\ncount = 2\n" + kLaunch);
  };
  const std::string t = "[[struct]]\nname = \"T\"\nfields = [\"u64 p\", \"u32 v[2]\"]\n";
  EXPECT_EQ(spec("[[struct]]\nname = \"T\"\nfields = [\"u64\"]\n"),
            ": struct[0].fields[0]: expected a declaration \"TYPE NAME\" or \"TYPE NAME[N]\", "
            "got the string \"u64\"");
  EXPECT_EQ(spec("[[struct]]\nname = \"T\"\nfields = [\"i32 x\"]\n"),
            ": struct[0].fields[0]: unknown type \"i32\"; expected one of u8, u16, u32, u64, "
            "s32, s64, f32, f64 or a struct declared before this one");
  EXPECT_EQ(spec("[[struct]]\nname = \"T\"\nfields = [\"u8 x\", \"u8 x\"]\n"),
            ": struct[0].fields[1]: a second field named \"x\"");
  EXPECT_EQ(spec("[[struct]]\nname = \"u32\"\nfields = [\"u8 x\"]\n"),
            ": struct[0].name: expected an identifier other than u8, u16, u32, u64, s32, s64, "
            "f32, f64, got \"u32\"");
  EXPECT_EQ(spec(t + t), ": struct[1].name: a second struct named \"T\"; names must be unique");
  EXPECT_EQ(spec(t + "align = 12\n"),
            ": struct[0].align: expected a power of two from 1 to 4096, got the integer 12");
  EXPECT_EQ(spec(t, "init = [{ q = 1 }]\n"),
            ": buffer[0].init[0].q: struct T has no such field; expected one of p, v");
  EXPECT_EQ(spec(t, "init = [{ v = [\"a\"] }]\n"),
            ": buffer[0].init[0].v[0]: a buffer address is 64-bit; the element is u32");
  EXPECT_EQ(spec(t, "init = [{ v = [1, 2, 3] }]\n"),
            ": buffer[0].init[0].v: expected an array of at most 2 values (field u32 v[2]), got "
            "an array");
  EXPECT_EQ(spec(t, "init = [{ p = \"a+3\" }]\n"),
            ": buffer[0].init[0].p: offset 3 is past the end of \"a\" (2 elements)");
  EXPECT_EQ(spec(t, "init = [{ p = \"b\" }]\n"),
            ": buffer[0].init[0].p: unknown buffer \"b\"; expected one of s, a");
  EXPECT_EQ(spec(t, "init = [1]\n"),
            ": buffer[0].init[0]: expected a table of T field values like { p = ... }, got the "
            "integer 1");
  EXPECT_EQ(spec(t, "init = \"iota\"\n"),
            ": buffer[0].init: expected for a buffer of struct T: \"zeros\", a file, or an array "
            "of tables of field values, got the string \"iota\"");
  EXPECT_EQ(spec(t, "init = [{}, {}, {}]\n"),
            ": buffer[0].init: expected at most 2 values (the count of \"s\"), got 3");
  EXPECT_EQ(spec(t, "[[check]]\nbuffer = \"s\"\nsum = 0\n"),
            ": check[0].buffer: \"s\" holds structs (T); only an fnv1a check applies");
  EXPECT_EQ(spec(t, "[[check]]\nbuffer = \"a\"\nexpr = \"s[i] == 0\"\n"),
            ": check[0].expr: \"s\" holds structs (T); expressions read scalar buffers only");
  EXPECT_EQ(spec(t, "[[check]]\nbuffer = \"s\"\nfnv1a = 0\n").substr(0, 8), "(loaded)");
}

// A field's bytes and a struct's size are bounded like a buffer's (1 GiB): a fuzzer's finding
// was "u64 a[2305843009213693952]", whose 2^64 bytes wrapped to a struct of size 0 and divided
// by zero.
TEST_F(SpecTest, StructSizeIsBounded) {
  auto spec = [&](const std::string& fields) {
    return error(kPtx + "[[struct]]\nname = \"T\"\nfields = [" + fields +
                 "]\n[[buffer]]\nname = \"s\"\ntype = \"T\"\ncount = 1\n" + kLaunch);
  };
  EXPECT_EQ(spec("\"u64 a[2305843009213693952]\""),
            ": struct[0].fields[0]: expected an array length from 1 to 134217728 (1 GiB of u64), "
            "got 2305843009213693952");
  EXPECT_EQ(spec("\"u8 a[1073741825]\""),
            ": struct[0].fields[0]: expected an array length from 1 to 1073741824 (1 GiB of u8), "
            "got 1073741825");
  EXPECT_EQ(spec("\"u8 a[1073741824]\", \"u8 b\""),
            ": struct[0].fields: expected fields of at most 1 GiB in all, got 1073741825 bytes");
  EXPECT_EQ(spec("\"u8 a[1073741824]\""), "(loaded)");
  // A nested struct counts with its whole size.
  EXPECT_EQ(error(kPtx +
                  "[[struct]]\nname = \"U\"\nfields = [\"u32 x[1024]\"]\n"
                  "[[struct]]\nname = \"T\"\nfields = [\"U u[262145]\"]\n" +
                  "[[buffer]]\nname = \"s\"\ntype = \"U\"\ncount = 1\n" + kLaunch),
            ": struct[1].fields[0]: expected an array length from 1 to 262144 (1 GiB of U), got "
            "262145");
}

TEST_F(SpecTest, LoadsStepsLoopsAndArgumentExpressions) {
  const LaunchSpec s = load(kPtx + R"(
[machine]
regs_per_thread = 24
[[buffer]]
name = "a"
type = "u32"
count = 8
symbol = "d_a"
[[buffer]]
name = "b"
type = "u16"
count = 8
[[launch]]
kernel = "k"
grid = 1
block = 1
repeat = 4
regs_per_thread = 40
args = [{ u32 = "2 * i + n" }, { u64 = "18446744073709551615" }, "a+2"]
[[launch]]
until = "a[0] == 0"
max_iterations = 9
[[launch.body]]
memset = "a+1"
count = 2
value = 255
[[launch.body]]
copy = { from = "b+2", to = "a" }
)");
  EXPECT_EQ(s.regs_per_thread, 24u);
  EXPECT_EQ(s.buffers[0].symbol, "d_a");
  ASSERT_EQ(s.steps.size(), 2u);
  const Step& k = s.steps[0];
  EXPECT_EQ(k.repeat, 4u);
  EXPECT_EQ(k.launch.regs_per_thread, 40u);
  const auto& expr = std::get<ScalarArg>(k.launch.args[0]);
  ASSERT_TRUE(expr.expr);
  EXPECT_EQ(expr.expr->text(), "2 * i + n");
  EXPECT_FALSE(std::get<ScalarArg>(k.launch.args[1]).expr);
  EXPECT_EQ(std::get<ScalarArg>(k.launch.args[1]).value.i, -1);
  EXPECT_EQ(std::get<BufferRef>(k.launch.args[2]).offset, 2u);

  const Step& loop = s.steps[1];
  EXPECT_EQ(loop.kind, Step::Kind::group);
  ASSERT_TRUE(loop.until);
  EXPECT_EQ(loop.max_iterations, 9u);
  EXPECT_EQ(loop.iteration_bound(), 9u);
  ASSERT_EQ(loop.body.size(), 2u);
  EXPECT_EQ(loop.body[0].key, "launch[1].body[0]");
  EXPECT_EQ(loop.body[0].memset.buffer.offset, 1u);
  EXPECT_EQ(loop.body[0].memset.count, 2u);
  EXPECT_EQ(loop.body[0].memset.value, 255u);
  EXPECT_EQ(loop.body[1].copy.count, 6u);  // the rest of b, 12 bytes into a's 32
}

TEST_F(SpecTest, StepErrors) {
  auto step = [&](const std::string& body) {
    return error(kPtx +
                 "[[buffer]]\nname = \"a\"\ntype = \"u32\"\ncount = 4\n[[buffer]]\n"
                 "name = \"s\"\ntype = \"u8\"\ncount = 4\n[[launch]]\n" +
                 body);
  };
  EXPECT_EQ(step("memset = \"a\"\ncopy = { from = \"a\", to = \"a\" }\n"),
            ": launch[0]: expected one of kernel, memset, copy, body, found 2");
  EXPECT_EQ(step("memset = \"a+1\"\ncount = 4\n"),
            ": launch[0].count: expected an element count from 1 to 3 (\"a\" from element 1 on), "
            "got the integer 4");
  EXPECT_EQ(step("memset = \"a\"\nvalue = 256\n"),
            ": launch[0].value: expected a byte value from 0 to 255, got the integer 256");
  EXPECT_EQ(step("memset = \"a x\"\n"),
            ": launch[0].memset: expected a buffer name with an optional element offset like "
            "\"a+64\", got \"a x\"");
  EXPECT_EQ(step("copy = { from = \"a\", to = \"s+1\" }\n"),
            ": launch[0].copy: 16 bytes from \"a\" do not fit the 3 bytes of \"s+1\"");
  EXPECT_EQ(step("copy = { from = \"a\" }\n"),
            ": launch[0].copy.to: missing; expected the destination buffer");
  EXPECT_EQ(step("copy = \"a\"\n"),
            ": launch[0].copy: expected a table { from = \"a\", to = \"b\", count = N }, got the "
            "string \"a\"");
  EXPECT_EQ(step("memset = \"a\"\nrepeat = 2\nuntil = \"a[0]\"\nmax_iterations = 2\n"),
            ": launch[0].until: expected either repeat or until, not both");
  EXPECT_EQ(step("memset = \"a\"\nmax_iterations = 2\n"),
            ": launch[0].max_iterations: applies to until only (repeat gives a fixed count)");
  EXPECT_EQ(step("memset = \"a\"\nuntil = \"a[0] == 0\"\n"),
            ": launch[0].max_iterations: missing; expected a positive bound on the runs of an "
            "until loop");
  EXPECT_EQ(step("memset = \"a\"\nuntil = \"b[0] == 0\"\nmax_iterations = 2\n"),
            ": launch[0].until: unknown buffer \"b\"; expected one of a, s");
  EXPECT_EQ(step("memset = \"a\"\nuntil = \"a[0] ==\"\nmax_iterations = 2\n").substr(0, 19),
            ": launch[0].until: ");
  EXPECT_EQ(step("memset = \"a\"\nrepeat = 0\n"),
            ": launch[0].repeat: expected a positive number of runs, got the integer 0");
  EXPECT_EQ(step("repeat = 2\n[[launch.body]]\nmemset = \"a\"\nbogus = 1\n"),
            ": launch[0].body[0].bogus: unknown key; expected one of memset, value, count, "
            "repeat, until, max_iterations");
  EXPECT_EQ(step("kernel = \"k\"\ngrid = 1\nblock = 1\nargs = [{ u32 = \"a[i]\" }]\n"),
            ": launch[0].args[0].u32: an argument expression may use i and n only; it reads "
            "\"a\"");
  EXPECT_EQ(step("kernel = \"k\"\ngrid = 1\nblock = 1\nargs = [{ u32 = \"i +\" }]\n").substr(0, 25),
            ": launch[0].args[0].u32: ");
  EXPECT_EQ(step("kernel = \"k\"\ngrid = 1\nblock = 1\nargs = [\"a+5\"]\n"),
            ": launch[0].args[0]: offset 5 is past the end of \"a\" (4 elements)");
  EXPECT_EQ(step("kernel = \"k\"\ngrid = 1\nblock = 1\nregs_per_thread = 256\n"),
            ": launch[0].regs_per_thread: expected registers per thread, from 1 to 255, got the "
            "integer 256");
}

TEST_F(SpecTest, MachineErrors) {
  EXPECT_EQ(error(kPtx + "[machine]\nregs_per_thread = 0\n" + kLaunch),
            ": machine.regs_per_thread: expected registers per thread, from 1 to 255, got the "
            "integer 0");
  EXPECT_EQ(error(kPtx + "[machine]\nnum_sms = 4\n" + kLaunch),
            ": machine.num_sms: unknown key; expected one of regs_per_thread");
  EXPECT_EQ(error(kPtx + "machine = 4\n" + kLaunch),
            ": machine: expected a table [machine], got the integer 4");
}

TEST_F(SpecTest, InitValuesAreCInitializers) {
  const LaunchSpec s = load(kPtx +
                            "[[buffer]]\nname = \"a\"\ntype = \"s32\"\ncount = 4\n"
                            "init = [-1, 2]\n" +
                            kLaunch);
  HostBuffer h("a", ElementType::s32, 4);
  fill(h, s.buffers[0].init);
  EXPECT_EQ(h.get(0).i, -1);
  EXPECT_EQ(h.get(1).i, 2);
  EXPECT_EQ(h.get(3).i, 0);  // the rest is zero
  EXPECT_EQ(error(kPtx +
                  "[[buffer]]\nname = \"a\"\ntype = \"u32\"\ncount = 2\n"
                  "init = [\"a\"]\n" +
                  kLaunch),
            ": buffer[0].init[0]: a buffer address is 64-bit; the element is u32");
}

}  // namespace
}  // namespace wf::workloads::spec
