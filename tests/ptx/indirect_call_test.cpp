// Calls through function pointers: vtables (function symbols in a global initializer), `mov` of
// a function's address, lanes of one warp calling different functions, and the calls that must
// fail (null, not a function, a prototype the callee does not match).
#include <gtest/gtest.h>

#include "sim_model/common/error.h"
#include "sim_model/gpu/runtime.h"
#include "sim_model/ptx/function_address.h"
#include "sim_model/ptx/parser.h"
#include "tests/ptx/ptx_test_util.h"

namespace wf::ptx::test {
namespace {

// out[t] = table[t % 3](t) + pick(t), where table = {twice, thrice, square} in a .global
// initializer and pick is `twice` or `thrice` by mov of the function's address; `bad` replaces
// the table's pointer with one more kind of target before the call (0: none).
std::string module_text(const std::string& bad = "") {
  return std::string(kHeader) + R"(
.func (.param .b32 r) twice(.param .b32 x);
.func (.param .b32 r) thrice(.param .b32 x);
.func (.param .b32 r) square(.param .b32 x);
.func (.param .b64 r) wide(.param .b32 x);
.global .align 8 .u64 table[3] = {twice, thrice, square};
.global .align 8 .u64 wide_ptr = wide;
.func (.param .b32 r) twice(.param .b32 x)
{
  .reg .b32 %a;
  ld.param.b32 %a, [x];
  add.s32 %a, %a, %a;
  st.param.b32 [r], %a;
  ret;
}
.func (.param .b32 r) thrice(.param .b32 x)
{
  .reg .b32 %a;
  ld.param.b32 %a, [x];
  mul.lo.s32 %a, %a, 3;
  st.param.b32 [r], %a;
  ret;
}
.func (.param .b32 r) square(.param .b32 x)
{
  .reg .b32 %a;
  ld.param.b32 %a, [x];
  mul.lo.s32 %a, %a, %a;
  st.param.b32 [r], %a;
  ret;
}
.func (.param .b64 r) wide(.param .b32 x)
{
  .reg .b64 %a;
  mov.u64 %a, 0;
  st.param.b64 [r], %a;
  ret;
}
.visible .entry k(.param .u64 out)
{
  .reg .b32 %t, %m, %v, %w;
  .reg .b64 %o, %f, %g, %i, %p;
  ld.param.u64 %o, [out];
  mov.u32 %t, %tid.x;
  rem.u32 %m, %t, 3;
  mul.wide.u32 %i, %m, 8;
  mov.u64 %p, table;
  add.u64 %p, %p, %i;
  ld.global.u64 %f, [%p];
)" + bad +
         R"(
  mov.u64 %g, thrice;
  {
  .param .b32 a;
  .param .b32 r;
  st.param.b32 [a], %t;
  proto : .callprototype (.param .b32 _) _ (.param .b32 _);
  call (r), %f, (a), proto;
  ld.param.b32 %v, [r];
  call (r), %g, (a), proto;
  ld.param.b32 %w, [r];
  }
  add.s32 %v, %v, %w;
  mul.wide.u32 %i, %t, 4;
  add.u64 %o, %o, %i;
  st.global.u32 [%o], %v;
  ret;
}
)";
}

std::vector<std::int32_t> run(const std::string& text, unsigned threads) {
  gpu::Runtime rt;
  rt.load_ptx(text, "indirect.ptx");
  const gpu::DevPtr out = rt.malloc(threads * 4);
  rt.launch("k", {1, 1, 1}, {threads, 1, 1}, {gpu::KernelArg::of(out)});
  return rt.download<std::int32_t>(out, threads);
}

std::string kernel_error(const std::string& text) {
  try {
    run(text, 32);
  } catch (const gpu::KernelError& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(IndirectCall, VtableAndPointersDivergeWithinAWarp) {
  const std::vector<std::int32_t> got = run(module_text(), 40);
  for (std::int32_t t = 0; t < 40; ++t) {
    const std::int32_t first = t % 3 == 0 ? 2 * t : t % 3 == 1 ? 3 * t : t * t;
    EXPECT_EQ(got[t], first + 3 * t) << "thread " << t;
  }
}

TEST(IndirectCall, FunctionAddressesAreDistinctAndNotData) {
  Module m = parse_module(module_text(), "indirect.ptx");
  const std::uint32_t twice = m.function_index.at("twice");
  const Variable* table = nullptr;
  for (const Variable& v : m.variables)
    if (v.name == "table") table = &v;
  ASSERT_NE(table, nullptr);
  std::uint64_t first = 0;
  std::memcpy(&first, table->init.data(), 8);
  EXPECT_EQ(first, function_address(m.function_base, twice));
  EXPECT_EQ(function_at(m, first), twice);
  EXPECT_FALSE(function_at(m, first + 8).has_value());
  EXPECT_FALSE(function_at(m, 0).has_value());
}

TEST(IndirectCall, BadTargetsAreKernelErrors) {
  EXPECT_NE(kernel_error(module_text("  mov.u64 %f, 0;")).find("null function pointer"),
            std::string::npos);
  EXPECT_NE(kernel_error(module_text("  mov.u64 %f, table;"))
                .find("not the address of a device "
                      "function"),
            std::string::npos);
  EXPECT_NE(kernel_error(module_text("  ld.global.u64 %f, [wide_ptr];")).find("'wide'"),
            std::string::npos);
}

TEST(IndirectCall, ParseErrors) {
  std::string text = module_text();
  const std::string no_proto = "call (r), %f, (a), proto;";
  text.replace(text.find(no_proto), no_proto.size(), "call (r), %f, (a), nothing;");
  EXPECT_NE(error_of([&] { parse_module(text, "x.ptx"); }).find("a .callprototype declared"),
            std::string::npos);
}

}  // namespace
}  // namespace wf::ptx::test
