// Effective addresses of every address form in every state space: [reg+imm] with 32- and 64-bit
// registers and negative immediates, sums that wrap in a 32-bit space, mov of a variable's
// address, cvta both ways, generic addresses into the shared, local and parameter windows,
// vector accesses and atomics. The step record (what the cycle model's banks and coalescer
// read) carries the wrapped address, and out-of-range addresses are still kernel faults.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "sim_model/common/error.h"
#include "sim_model/gpu/runtime.h"
#include "sim_model/gpu/timing_session.h"
#include "sim_model/presets/machine.h"
#include "sim_model/ptx/cta.h"
#include "sim_model/ptx/executor.h"
#include "sim_model/ptx/parser.h"
#include "sim_model/sm/timing_config.h"
#include "tests/ptx/ptx_test_util.h"

namespace wf::ptx::test {
namespace {

// Entry `k(out, in, pa, pb)` around `body`: %rd30 is `out` (where the body stores its results,
// one 32-bit word each), %rd31 is `in` (words 10, 11, 12, ...). `decls` go before the body
// (kernel-level .shared/.local variables); `module` before the entry.
std::string kernel(const std::string& body, const std::string& decls = "",
                   const std::string& module = "") {
  return std::string(kHeader) + module + R"(
.visible .entry k(.param .u64 out, .param .u64 in, .param .u32 pa, .param .u32 pb)
{
)" + decls +
         R"(
  .reg .b32 %r<32>;
  .reg .b64 %rd<32>;
  .reg .pred %p<4>;
  ld.param.u64 %rd30, [out];
  ld.param.u64 %rd31, [in];
)" + body +
         R"(
  ret;
}
)";
}

struct Outcome {
  std::vector<std::uint32_t> out;
  std::vector<std::uint32_t> in;  // after the kernel
};

Outcome run(const std::string& ptx, unsigned words,
            std::shared_ptr<gpu::TimingSession> timing = {}) {
  gpu::RuntimeOptions o;
  o.timing = std::move(timing);
  gpu::Runtime rt(o);
  rt.load_ptx(ptx, "forms.ptx");
  std::vector<std::uint32_t> init(8);
  for (unsigned i = 0; i < init.size(); ++i) init[i] = 10 + i;
  const gpu::DevPtr in = rt.upload(init);
  const gpu::DevPtr out = rt.malloc(words * 4);
  rt.memset(out, 0, words * 4);
  rt.launch("k", {1, 1, 1}, {1, 1, 1},
            {gpu::KernelArg::of(out), gpu::KernelArg::of(in), gpu::KernelArg::of(std::uint32_t{7}),
             gpu::KernelArg::of(std::uint32_t{8})});
  return {rt.download<std::uint32_t>(out, words), rt.download<std::uint32_t>(in, init.size())};
}

std::string fault_of(const std::string& ptx) {
  return error_of([&] { run(ptx, 1); });
}

const char* kSmem = "  .shared .align 16 .b8 smem[256];\n";

// The pattern nvcc 13 emits for Rodinia's nw (-arch=sm_75): a 32-bit register holding
// smem - 64, which is below zero with smem at offset 0, plus an immediate 68.
const char* kNvccPattern = R"(
  mov.u32 %r1, smem;
  add.s32 %r2, %r1, -64;
  mov.u32 %r3, 77;
  st.shared.u32 [smem+4], %r3;
  ld.shared.u32 %r4, [%r2+68];
  mov.u32 %r5, 99;
  st.shared.u32 [%r2+72], %r5;
  ld.shared.u32 %r6, [smem+8];
  st.global.u32 [%rd30], %r1;
  st.global.u32 [%rd30+4], %r4;
  st.global.u32 [%rd30+8], %r6;
)";

TEST(AddressForms, NvccSharedRegisterBelowZeroPlusImmediate) {
  // smem is the kernel's only shared variable: offset 0, so smem - 64 wraps below zero
  EXPECT_EQ(run(kernel(kNvccPattern, kSmem), 3).out, (std::vector<std::uint32_t>{0, 77, 99}));
}

TEST(AddressForms, NvccPatternInTimingMode) {
  // the cycle model's shared-memory banks take the executor's (wrapped) addresses
  auto s = std::make_shared<gpu::TimingSession>(sm::load_timing_config(load_machine("gtx480")));
  EXPECT_EQ(run(kernel(kNvccPattern, kSmem), 3, s).out, (std::vector<std::uint32_t>{0, 77, 99}));
}

// Rodinia needle's block sweep as nvcc 13 compiles it (data/needle_block.cu), against the same
// recurrence on the host, functionally and on the cycle model.
std::vector<int> needle_block(std::shared_ptr<gpu::TimingSession> timing) {
  gpu::RuntimeOptions o;
  o.timing = std::move(timing);
  gpu::Runtime rt(o);
  rt.load_ptx_file(std::string(WF_PTX_TEST_DATA "/needle_block.ptx"));
  std::vector<int> ref(256);
  for (int i = 0; i < 256; ++i) ref[i] = (i * 37) % 23 - 11;
  const gpu::DevPtr r = rt.upload(ref);
  const gpu::DevPtr out = rt.malloc(256 * 4);
  rt.launch("needle_block", {1, 1, 1}, {16, 1, 1},
            {gpu::KernelArg::of(r), gpu::KernelArg::of(out), gpu::KernelArg::of(10)});
  return rt.download<int>(out, 256);
}

TEST(AddressForms, NvccNeedleBlock) {
  const int penalty = 10;
  int t[17][17];
  for (int i = 0; i <= 16; ++i) t[i][0] = t[0][i] = -i * penalty;
  for (int y = 1; y <= 16; ++y) {
    for (int x = 1; x <= 16; ++x) {
      const int ref = ((y - 1) * 16 + x - 1) * 37 % 23 - 11;
      t[y][x] = std::max({t[y - 1][x - 1] + ref, t[y][x - 1] - penalty, t[y - 1][x] - penalty});
    }
  }
  std::vector<int> want;
  for (int y = 1; y <= 16; ++y) want.insert(want.end(), &t[y][1], &t[y][17]);
  EXPECT_EQ(needle_block(nullptr), want);
  EXPECT_EQ(needle_block(std::make_shared<gpu::TimingSession>(
                sm::load_timing_config(load_machine("gtx480")))),
            want);
}

TEST(AddressForms, Shared32BitRegisterForms) {
  const char* body = R"(
  mov.u32 %r1, smem;
  mov.u32 %r9, 5;
  st.shared.u32 [smem+8], %r9;
  mov.u32 %r9, 6;
  st.shared.u32 [smem+12], %r9;
  add.s32 %r2, %r1, 16;
  ld.shared.u32 %r3, [%r2+-8];
  ld.shared.u32 %r4, [%r2-4];
  add.s32 %r5, %r1, -4;
  ld.shared.u32 %r6, [%r5+16];
  mov.u32 %r7, -2147483648;
  add.s32 %r8, %r1, %r7;
  ld.shared.u32 %r10, [%r8+-2147483640];
  st.global.u32 [%rd30], %r3;
  st.global.u32 [%rd30+4], %r4;
  st.global.u32 [%rd30+8], %r6;
  st.global.u32 [%rd30+12], %r10;
)";
  // [+8] negative immediate, [-4] spelling, wrap above 2^32 (0xfffffffc + 16), and a sum of
  // 0x80000000 and -0x7ffffff8 that is 8 only in 32-bit arithmetic
  EXPECT_EQ(run(kernel(body, kSmem), 4).out, (std::vector<std::uint32_t>{5, 6, 6, 5}));
}

TEST(AddressForms, Shared64BitRegisterForms) {
  const char* body = R"(
  mov.u32 %r9, 41;
  st.shared.u32 [smem+4], %r9;
  mov.u64 %rd1, smem;
  add.s64 %rd2, %rd1, -64;
  ld.shared.u32 %r1, [%rd2+68];
  mov.u32 %r2, smem;
  add.s32 %r3, %r2, -64;
  cvt.u64.u32 %rd3, %r3;
  ld.shared.u32 %r4, [%rd3+68];
  st.global.u32 [%rd30], %r1;
  st.global.u32 [%rd30+4], %r4;
  st.global.u64 [%rd30+8], %rd1;
)";
  // 64-bit arithmetic wraps by itself; a zero-extended 32-bit 0xffffffc0 plus 68 is truncated
  // to the 32-bit shared address (PTX ISA, "Addresses as Operands")
  EXPECT_EQ(run(kernel(body, kSmem), 4).out, (std::vector<std::uint32_t>{41, 41, 0, 0}));
}

TEST(AddressForms, SharedCtaVectorsAndAtomics) {
  const char* body = R"(
  mov.u32 %r1, smem;
  add.s32 %r2, %r1, -64;
  mov.u32 %r3, 3;
  mov.u32 %r4, 4;
  mov.u32 %r5, 5;
  mov.u32 %r6, 6;
  st.shared::cta.v4.u32 [%r2+80], {%r3, %r4, %r5, %r6};
  ld.shared::cta.v2.u32 {%r7, %r8}, [%r2+88];
  atom.shared::cta.add.u32 %r9, [%r2+68], 10;
  red.shared.add.u32 [%r2+68], 100;
  atom.shared.cas.b32 %r10, [%r2+72], 0, 9;
  ld.shared::cta.u32 %r11, [smem+4];
  ld.shared.u32 %r12, [smem+8];
  ld.shared.u32 %r13, [smem+16];
  st.global.u32 [%rd30], %r7;
  st.global.u32 [%rd30+4], %r8;
  st.global.u32 [%rd30+8], %r9;
  st.global.u32 [%rd30+12], %r11;
  st.global.u32 [%rd30+16], %r12;
  st.global.u32 [%rd30+20], %r13;
)";
  EXPECT_EQ(run(kernel(body, kSmem), 6).out, (std::vector<std::uint32_t>{5, 6, 0, 110, 9, 3}));
}

TEST(AddressForms, GenericIntoTheSharedWindow) {
  const char* body = R"(
  mov.u32 %r9, 23;
  st.shared.u32 [smem+4], %r9;
  mov.u64 %rd1, smem;
  cvta.shared.u64 %rd2, %rd1;
  ld.u32 %r1, [%rd2+4];
  add.s64 %rd3, %rd2, 16;
  mov.u32 %r9, 24;
  st.u32 [%rd3+-8], %r9;
  ld.shared.u32 %r2, [smem+8];
  atom.add.u32 %r3, [%rd3+-12], 1;
  ld.shared.u32 %r4, [smem+4];
  cvta.to.shared.u64 %rd4, %rd3;
  ld.shared.u32 %r5, [%rd4+-12];
  cvt.u32.u64 %r6, %rd4;
  add.s32 %r7, %r6, -80;
  ld.shared.u32 %r8, [%r7+72];
  isspacep.shared %p1, %rd3;
  selp.u32 %r10, 1, 0, %p1;
  isspacep.global %p2, %rd3;
  selp.u32 %r11, 1, 0, %p2;
  st.global.u32 [%rd30], %r1;
  st.global.u32 [%rd30+4], %r2;
  st.global.u32 [%rd30+8], %r3;
  st.global.u32 [%rd30+12], %r4;
  st.global.u32 [%rd30+16], %r5;
  st.global.u32 [%rd30+20], %r8;
  st.global.u32 [%rd30+24], %r10;
  st.global.u32 [%rd30+28], %r11;
)";
  EXPECT_EQ(run(kernel(body, kSmem), 8).out,
            (std::vector<std::uint32_t>{23, 24, 23, 24, 24, 24, 1, 0}));
}

TEST(AddressForms, VariableAddressWithOffset) {
  const char* decls = "  .shared .align 16 .b8 first[16];\n  .shared .align 16 .b8 smem[64];\n";
  const char* module = ".const .align 4 .b32 cv[4] = {1, 2, 3, 4};\n";
  const char* body = R"(
  mov.u32 %r9, 31;
  st.shared.u32 [smem+8], %r9;
  mov.u32 %r1, smem+8;
  ld.shared.u32 %r2, [%r1];
  mov.u64 %rd1, smem+4;
  ld.shared.u32 %r3, [%rd1+4];
  cvta.shared.u64 %rd2, smem+8;
  ld.u32 %r4, [%rd2];
  mov.u64 %rd3, cv+12;
  ld.const.u32 %r5, [%rd3];
  mov.u32 %r6, smem;
  st.global.u32 [%rd30], %r1;
  st.global.u32 [%rd30+4], %r2;
  st.global.u32 [%rd30+8], %r3;
  st.global.u32 [%rd30+12], %r4;
  st.global.u32 [%rd30+16], %r5;
  st.global.u32 [%rd30+20], %r6;
)";
  // smem follows another variable, so its offset (16) and the written one (+8) both count
  EXPECT_EQ(run(kernel(body, decls, module), 6).out,
            (std::vector<std::uint32_t>{24, 31, 31, 31, 4, 16}));
}

TEST(AddressForms, Local) {
  const char* decls = "  .local .align 8 .b8 loc[64];\n";
  const char* body = R"(
  mov.u64 %rd1, loc;
  cvt.u32.u64 %r1, %rd1;
  add.s32 %r2, %r1, -64;
  mov.u32 %r3, 55;
  st.local.u32 [%r2+68], %r3;
  ld.local.u32 %r4, [%rd1+4];
  mov.u32 %r10, loc;
  add.s32 %r11, %r10, -16;
  ld.local.u32 %r5, [%r11+20];
  cvta.local.u64 %rd2, %rd1;
  ld.u32 %r6, [%rd2+4];
  add.s64 %rd3, %rd2, 16;
  mov.u32 %r3, 56;
  st.u32 [%rd3+-8], %r3;
  ld.local.u32 %r7, [loc+8];
  cvta.to.local.u64 %rd4, %rd3;
  ld.local.u32 %r8, [%rd4+-12];
  isspacep.local %p1, %rd3;
  selp.u32 %r9, 1, 0, %p1;
  st.global.u32 [%rd30], %r1;
  st.global.u32 [%rd30+4], %r4;
  st.global.u32 [%rd30+8], %r5;
  st.global.u32 [%rd30+12], %r6;
  st.global.u32 [%rd30+16], %r7;
  st.global.u32 [%rd30+20], %r8;
  st.global.u32 [%rd30+24], %r9;
)";
  // loc is the kernel frame's first local variable: offset 0, so the 32-bit sum wraps
  EXPECT_EQ(run(kernel(body, decls), 7).out,
            (std::vector<std::uint32_t>{0, 55, 55, 55, 56, 55, 1}));
}

TEST(AddressForms, ConstIs64Bit) {
  const char* module = ".const .align 4 .b32 cv[4] = {1, 2, 3, 4};\n";
  const char* body = R"(
  mov.u64 %rd1, cv;
  ld.const.u32 %r1, [%rd1+8];
  add.s64 %rd2, %rd1, 16;
  ld.const.u32 %r2, [%rd2+-4];
  cvta.const.u64 %rd3, %rd1;
  ld.u32 %r3, [%rd3+4];
  ld.const.u32 %r4, [cv];
  cvta.to.const.u64 %rd4, %rd3;
  ld.const.v2.u32 {%r5, %r6}, [%rd4+8];
  st.global.u32 [%rd30], %r1;
  st.global.u32 [%rd30+4], %r2;
  st.global.u32 [%rd30+8], %r3;
  st.global.u32 [%rd30+12], %r4;
  st.global.u32 [%rd30+16], %r5;
  st.global.u32 [%rd30+20], %r6;
  st.global.u64 [%rd30+24], %rd1;
)";
  Outcome r = run(kernel(body, "", module), 8);
  EXPECT_EQ(std::vector<std::uint32_t>(r.out.begin(), r.out.begin() + 6),
            (std::vector<std::uint32_t>{3, 4, 2, 1, 3, 4}));
  // .const lives in device memory above 4 GiB here: a 32-bit truncation would lose it
  EXPECT_NE(r.out[7], 0u);
}

TEST(AddressForms, KernelParameters) {
  // out at 0, in at 8, pa (7) at 16, pb (8) at 20
  const char* body = R"(
  mov.u64 %rd1, pa;
  ld.param.u32 %r1, [%rd1];
  ld.param.u32 %r2, [%rd1+4];
  mov.u32 %r3, pb;
  add.s32 %r4, %r3, -64;
  ld.param.u32 %r5, [%r4+64];
  ld.param.u32 %r6, [pb+-4];
  cvta.param.u64 %rd2, %rd1;
  ld.u32 %r7, [%rd2+4];
  isspacep.param %p1, %rd2;
  selp.u32 %r8, 1, 0, %p1;
  cvta.to.param.u64 %rd3, %rd2;
  ld.param.v2.u32 {%r9, %r10}, [%rd3];
  st.global.u32 [%rd30], %r1;
  st.global.u32 [%rd30+4], %r2;
  st.global.u32 [%rd30+8], %r3;
  st.global.u32 [%rd30+12], %r5;
  st.global.u32 [%rd30+16], %r6;
  st.global.u32 [%rd30+20], %r7;
  st.global.u32 [%rd30+24], %r8;
  st.global.u32 [%rd30+28], %r9;
  st.global.u32 [%rd30+32], %r10;
)";
  EXPECT_EQ(run(kernel(body), 9).out, (std::vector<std::uint32_t>{7, 8, 20, 8, 7, 8, 1, 7, 8}));
}

TEST(AddressForms, CallFrameParameters) {
  const char* module = R"(
.func (.param .b32 rv) second(.param .b32 a, .param .b32 b)
{
  .reg .b32 %r<6>;
  mov.u32 %r1, b;
  add.s32 %r2, %r1, -64;
  ld.param.u32 %r3, [%r2+64];
  ld.param.u32 %r4, [b+-4];
  add.s32 %r5, %r3, %r4;
  st.param.b32 [rv], %r5;
  ret;
}
)";
  const char* body = R"(
  {
  .param .b32 p0;
  .param .b32 p1;
  .param .b32 rv;
  mov.u32 %r1, 300;
  st.param.b32 [p0], %r1;
  mov.u32 %r1, 20;
  st.param.b32 [p1], %r1;
  call.uni (rv), second, (p0, p1);
  ld.param.b32 %r2, [rv];
  }
  st.global.u32 [%rd30], %r2;
)";
  EXPECT_EQ(run(kernel(body, "", module), 1).out, (std::vector<std::uint32_t>{320}));
}

TEST(AddressForms, GlobalIs64Bit) {
  const char* body = R"(
  add.s64 %rd1, %rd31, 8;
  ld.global.u32 %r1, [%rd1+-4];
  ld.global.v2.u32 {%r2, %r3}, [%rd1+-8];
  atom.global.add.u32 %r4, [%rd1+-8], 100;
  red.global.add.u32 [%rd1+4], 1000;
  ld.u32 %r5, [%rd1+8];
  st.global.u32 [%rd30], %r1;
  st.global.u32 [%rd30+4], %r2;
  st.global.u32 [%rd30+8], %r3;
  st.global.u32 [%rd30+12], %r4;
  st.global.u32 [%rd30+16], %r5;
)";
  Outcome r = run(kernel(body), 5);
  EXPECT_EQ(r.out, (std::vector<std::uint32_t>{11, 10, 11, 10, 14}));
  EXPECT_EQ(r.in[0], 110u);
  EXPECT_EQ(r.in[3], 1013u);
}

// One thread of the module's only kernel stepped by hand, with 64 bytes of device memory at
// 0x2fffffff0 and `param` as its one parameter; returns the step records that touched memory.
std::vector<StepRecord> step_kernel(const std::string& ptx, std::uint64_t param) {
  Module m = parse_module(ptx, "forms.ptx");
  GlobalMemory mem;
  mem.reserve(0x2'ffff'fff0ull, 64);
  const std::uint32_t init[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  mem.write(0x2'ffff'fff0ull, init, sizeof init);
  LaunchContext ctx;
  ctx.module = &m;
  ctx.block = {1, 1, 1};
  ctx.params.resize(8);
  std::memcpy(ctx.params.data(), &param, 8);
  ctx.memory = &mem;
  ctx.shared_bytes = m.functions[0].shared_bytes;
  Cta cta(ctx, 0);
  Executor ex(ctx);
  Warp& w = cta.warps[0];
  std::vector<StepRecord> recs;
  while (!w.finished()) {
    StepRecord r = ex.step(w, cta);
    if (r.mem.lanes != 0) recs.push_back(r);
  }
  return recs;
}

TEST(AddressForms, StepRecordsCarryTheEffectiveAddress) {
  const std::string ptx = std::string(kHeader) + R"(
.visible .entry s(.param .u64 p)
{
  .shared .align 16 .b8 smem[256];
  .reg .b32 %r<8>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [p];
  mov.u32 %r1, smem;
  add.s32 %r2, %r1, -64;
  ld.shared.u32 %r3, [%r2+68];
  ld.global.u32 %r4, [%rd1+20];
  ld.global.v2.u32 {%r5, %r6}, [%rd1+24];
  ret;
}
)";
  // %rd1 = 0x2fffffff0, 16 bytes below a multiple of 2^32: the global sums carry into bit 32,
  // which a 32-bit wrap would drop
  std::vector<StepRecord> recs = step_kernel(ptx, 0x2'ffff'fff0ull);
  ASSERT_EQ(recs.size(), 4u);
  EXPECT_EQ(recs[1].mem.space, Space::Shared);
  EXPECT_EQ(recs[1].mem.addr[0], 4u);
  EXPECT_EQ(recs[2].mem.space, Space::Global);
  EXPECT_EQ(recs[2].mem.addr[0], 0x3'0000'0004ull);
  EXPECT_EQ(recs[3].mem.addr[0], 0x3'0000'0008ull);
}

TEST(AddressForms, OutOfRangeIsStillAFault) {
  // 4 + -8 wraps to 0xfffffffc in the 32-bit shared space: far outside the 256 bytes
  std::string e = fault_of(kernel(R"(
  mov.u32 %r1, smem;
  add.s32 %r2, %r1, 4;
  ld.shared.u32 %r3, [%r2+-8];
)",
                                  kSmem));
  EXPECT_NE(e.find("out-of-bounds read access of 4 bytes at shared address 0xfffffffc"),
            std::string::npos)
      << e;
  EXPECT_NE(e.find("kernel 'k'"), std::string::npos) << e;
  e = fault_of(kernel("  mov.u32 %r1, smem;\n  st.shared.u32 [%r1+256], %r1;\n", kSmem));
  EXPECT_NE(e.find("out-of-bounds write access of 4 bytes at shared address 0x100"),
            std::string::npos)
      << e;
  e = fault_of(
      kernel("  mov.u64 %rd1, pa;\n  cvta.param.u64 %rd2, %rd1;\n  st.u32 [%rd2], %r1;\n"));
  EXPECT_NE(e.find("illegal write access of 4 bytes at param address 0x10"), std::string::npos)
      << e;
  e = fault_of(kernel("  ld.global.u32 %r1, [%rd31+-4];\n"));
  EXPECT_NE(e.find("outside every allocation"), std::string::npos) << e;
}

TEST(AddressForms, UnsupportedFormsAreRejected) {
  std::string e = error_of([&] {
    gpu::Runtime rt;
    rt.load_ptx(kernel("  ld.shared::cluster.u32 %r1, [smem];\n", kSmem), "forms.ptx");
  });
  EXPECT_NE(e.find("unsupported state space '.shared::cluster' for 'ld'"), std::string::npos) << e;
  e = error_of([&] {
    gpu::Runtime rt;
    rt.load_ptx(kernel("  mov.u32 %r1, smem;\n  cvta.shared.u32 %r2, %r1;\n", kSmem), "forms.ptx");
  });
  EXPECT_NE(e.find("expected .u64 on 'cvta'"), std::string::npos) << e;
}

}  // namespace
}  // namespace wf::ptx::test
