// Barriers across many warps, atomics, cross-CTA synchronisation, warp-wide instructions and
// kernel errors (assert, trap, misaligned and out-of-bounds access, runaway kernels).
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "sim_model/common/error.h"
#include "sim_model/ptx/cta.h"
#include "sim_model/ptx/executor.h"
#include "sim_model/ptx/parser.h"
#include "tests/ptx/ptx_test_util.h"

namespace wf::ptx::test {
namespace {

std::unique_ptr<gpu::Runtime> runtime(gpu::RuntimeOptions o = {}) {
  auto rt = std::make_unique<gpu::Runtime>(o);
  rt->load_ptx_file(std::string(WF_PTX_TEST_DATA "/kernels.ptx"));
  return rt;
}

TEST(Barriers, ManyWarpsPerBlockAndBarRedPopc) {
  auto rt = runtime();
  const int block = 1024, grid = 2;
  gpu::DevPtr out = rt->malloc(block * grid * 4);
  rt->launch("barrier_kernel", {grid, 1, 1}, {block, 1, 1}, {gpu::KernelArg::of(out)});
  auto got = rt->download<int>(out, block * grid);
  std::vector<int> buf(block);
  for (int t = 0; t < block; ++t) buf[t] = ((t + 33) % block) * 2 + 1;
  int cnt = 0;
  for (int t = 0; t < block; ++t) cnt += buf[t] % 4 == 1;
  for (int b = 0; b < grid; ++b) {
    for (int t = 0; t < block; ++t)
      ASSERT_EQ(got[b * block + t], buf[(t + 1) % block] + cnt * 10000) << t;
  }
}

TEST(Atomics, GlobalAndSharedOperations) {
  auto rt = runtime();
  gpu::DevPtr counters = rt->upload(std::vector<int>{0, 0});
  gpu::DevPtr wrap = rt->upload(std::vector<unsigned>{0});
  gpu::DevPtr fsum = rt->upload(std::vector<float>{0.0f});
  gpu::DevPtr mm = rt->upload(std::vector<int>{0, 0, 0, 0});
  const unsigned blocks = 3, threads = 200;
  rt->launch("atomics", {blocks, 1, 1}, {threads, 1, 1},
             {gpu::KernelArg::of(counters), gpu::KernelArg::of(wrap), gpu::KernelArg::of(fsum),
              gpu::KernelArg::of(mm)});
  auto c = rt->download<int>(counters, 2);
  EXPECT_EQ(c[0], static_cast<int>(blocks * threads));
  EXPECT_EQ(c[1], static_cast<int>(blocks * threads * 2));  // shared sums added once per block
  EXPECT_EQ(rt->download<unsigned>(wrap, 1)[0], (blocks * threads) % 10);  // inc wraps at 9
  EXPECT_EQ(rt->download<float>(fsum, 1)[0], 0.5f * blocks * threads);
  auto m = rt->download<int>(mm, 4);
  EXPECT_EQ(m[0], -static_cast<int>(threads - 1));
  EXPECT_EQ(m[1], static_cast<int>(threads - 1));
  EXPECT_EQ(static_cast<unsigned>(m[2]), 0xffffffffu);
  // CAS chain: thread i replaces i by i+1, in lane order within each warp and warps in order
  EXPECT_GT(m[3], 0);
}

TEST(Atomics, IncDecExchAndCmpWaitFlag) {
  const char* k = R"(
.visible .entry a(.param .u64 p)
{
  .reg .b32 %r<8>;
  .reg .b64 %rd<3>;
  ld.param.u64 %rd1, [p];
  atom.global.inc.u32 %r1, [%rd1], 3;
  atom.global.dec.u32 %r2, [%rd1+4], 5;
  atom.global.exch.b32 %r3, [%rd1+8], 42;
  atom.global.cmpwait.b32 %r4, [%rd1+12], 7;
  red.global.add.u32 [%rd1+16], 1;
  atom.global.max.s32 %r5, [%rd1+20], -1;
  ret;
}
)";
  Module m = parse_module(std::string(kHeader) + k, "a.ptx");
  GlobalMemory mem;
  std::uint64_t p = mem.allocate(24);
  std::vector<std::uint32_t> init{3, 0, 9, 7, 0, static_cast<std::uint32_t>(-5)};
  mem.write(p, init.data(), 24);
  LaunchContext ctx;
  ctx.module = &m;
  ctx.block = {4, 1, 1};
  ctx.params.resize(8);
  std::memcpy(ctx.params.data(), &p, 8);
  ctx.memory = &mem;
  Cta cta(ctx, 0);
  Executor ex(ctx);
  Warp& w = cta.warps[0];
  std::uint64_t cmpwait_mask = 0;
  bool saw_atomic = false;
  while (!w.finished()) {
    StepRecord r = ex.step(w, cta);
    if (r.instr->op == Op::Atom && static_cast<AtomOp>(r.instr->sub) == AtomOp::CmpWait)
      cmpwait_mask = r.cmpwait_equal;
    saw_atomic |= r.is_atomic;
  }
  EXPECT_TRUE(saw_atomic);
  EXPECT_EQ(cmpwait_mask, 0xfull);  // every lane saw the expected 7
  std::vector<std::uint32_t> got(6);
  mem.read(p, got.data(), 24);
  EXPECT_EQ(got[0], 3u);  // 3 → 0 → 1 → 2 → 3 (wraps at 3)
  EXPECT_EQ(got[1], 2u);  // 0 → 5 → 4 → 3 → 2 (0 wraps to 5)
  EXPECT_EQ(got[2], 42u);
  EXPECT_EQ(got[3], 7u);  // cmpwait does not modify memory
  EXPECT_EQ(got[4], 4u);
  EXPECT_EQ(got[5], static_cast<std::uint32_t>(-1));
  EXPECT_EQ(w.reg(1, 0), 3u);  // %r1 of lane 0: its inc saw the initial value
  EXPECT_EQ(w.reg(1, 3), 2u);  // lane 3 ran last
}

TEST(Scheduling, CrossBlockSpinBarrierFinishes) {
  auto rt = runtime();
  gpu::DevPtr flag = rt->upload(std::vector<int>{0});
  const unsigned blocks = 40, threads = 64;
  gpu::DevPtr out = rt->malloc(blocks * threads * 4);
  rt->launch("grid_barrier", {blocks, 1, 1}, {threads, 1, 1},
             {gpu::KernelArg::of(flag), gpu::KernelArg::of(out)});
  auto got = rt->download<int>(out, blocks * threads);
  for (int v : got) ASSERT_EQ(v, static_cast<int>(blocks));
}

TEST(Scheduling, InstructionLimitStopsRunawayKernel) {
  gpu::RuntimeOptions o;
  o.instruction_limit = 100000;
  auto rt = runtime(o);
  gpu::DevPtr p = rt->upload(std::vector<int>{0});
  std::string e = error_of([&] {
    rt->launch("spin_forever", {2, 1, 1}, {32, 1, 1}, {gpu::KernelArg::of(p)});
  });
  EXPECT_NE(e.find("kernel 'spin_forever' exceeded the instruction limit of 100000"),
            std::string::npos)
      << e;
}

TEST(Scheduling, DynamicSharedMemory) {
  auto rt = runtime();
  gpu::DevPtr out = rt->malloc(256 * 4);
  rt->launch("dyn_shared", {1, 1, 1}, {256, 1, 1}, {gpu::KernelArg::of(out)}, 256 * 4);
  auto got = rt->download<int>(out, 256);
  for (int t = 0; t < 256; ++t) ASSERT_EQ(got[t], 255 - t);
  // without the dynamic allocation the access is out of bounds
  std::string e = error_of([&] {
    rt->launch("dyn_shared", {1, 1, 1}, {256, 1, 1}, {gpu::KernelArg::of(out)});
  });
  EXPECT_NE(e.find("out-of-bounds write access of 4 bytes at shared address"), std::string::npos)
      << e;
}

TEST(WarpOps, VoteShuffleActivemask) {
  auto rt = runtime();
  gpu::DevPtr out = rt->malloc(32 * 8 * 4);
  rt->launch("warp_ops", {1, 1, 1}, {32, 1, 1}, {gpu::KernelArg::of(out)});
  auto got = rt->download<unsigned>(out, 32 * 8);
  unsigned ball = 0;
  for (unsigned t = 0; t < 32; t += 3) ball |= 1u << t;
  for (unsigned t = 0; t < 32; ++t) {
    const unsigned* o = &got[t * 8];
    EXPECT_EQ(o[0], ball);
    EXPECT_EQ(o[1], 1u);
    EXPECT_EQ(o[2], 0u);
    EXPECT_EQ(o[3], (t + 3 < 32 ? t + 3 : t) * 10) << t;  // out of range: own value
    EXPECT_EQ(o[4], (t >= 2 ? t - 2 : t) * 10) << t;
    EXPECT_EQ(o[5], (t ^ 5) * 10) << t;
    EXPECT_EQ(o[6], ((t & ~7u) + 7) * 10) << t;  // width 8: lane 7 of each segment
    EXPECT_EQ(o[7], (t & 1) ? 0xaaaaaaaau : 0u) << t;
  }
}

TEST(WarpOps, ShflPredicateOutput) {
  auto r = run_snippet("shfl.sync.down.b32 %rd|%p1, %ra, 1, 31, -1;", 5);
  // single-thread launch: lane 0 reads lane 1, which is in range (the register value of an
  // inactive lane is undefined in the ISA; here it is 0)
  EXPECT_EQ(r.p, 1u);
  r = run_snippet("shfl.sync.up.b32 %rd|%p1, %ra, 1, 0, -1;", 5);
  EXPECT_EQ(r.p, 0u);
  EXPECT_EQ(r.r, 5u);
}

// CUDA samples' reduction kernel 7 reduces its last warp with __shfl_down_sync(0xff, ...): lane
// 0 reads lanes 16 and 8, which hold stale sums but do not execute the shuffle. GPUs return 0
// for such lanes, so the sum is right; returning their registers doubled it.
TEST(WarpOps, ShflFromALaneThatDoesNotExecuteItReadsZero) {
  gpu::Runtime rt;
  rt.load_ptx(R"(
.version 7.0
.target sm_75
.address_size 64
.visible .entry partial_shfl(.param .u64 out) {
  .reg .pred %p<3>;
  .reg .b32 %r<8>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  add.s32 %r2, %r1, 100;
  setp.ge.u32 %p1, %r1, 8;
  @%p1 bra DONE;
  shfl.sync.down.b32 %r3|%p2, %r2, 16, 31, 255;
  shfl.sync.down.b32 %r4, %r2, 4, 31, 255;
  add.s32 %r2, %r3, %r4;
DONE:
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r2;
  ret;
}
)",
              "partial_shfl");
  const gpu::DevPtr out = rt.malloc(32 * 4);
  rt.launch("partial_shfl", {1, 1, 1}, {32, 1, 1}, {gpu::KernelArg::of(out)});
  const auto got = rt.download<std::uint32_t>(out, 32);
  for (unsigned l = 0; l < 8; ++l) {
    // lane l+16 is in range but idle: 0; lane l+4 executes for l < 4, else it is idle too
    EXPECT_EQ(got[l], l < 4 ? 100 + l + 4 : 0u) << "lane " << l;
  }
  for (unsigned l = 8; l < 32; ++l) EXPECT_EQ(got[l], 100 + l) << "lane " << l;
}

TEST(KernelErrors, AssertNamesMessageAndThread) {
  auto rt = runtime();
  gpu::DevPtr p = rt->upload(std::vector<int>{0, 1, 2, 9});
  std::string e = error_of([&] {
    rt->launch("asserting", {1, 1, 1}, {4, 1, 1}, {gpu::KernelArg::of(p)});
  });
  EXPECT_NE(e.find("kernel 'asserting', block (0,0,0) thread (3,0,0)"), std::string::npos) << e;
  EXPECT_NE(e.find("device assertion 'p[threadIdx.x] < 5' failed"), std::string::npos) << e;
}

TEST(KernelErrors, TrapMisalignedOutOfBounds) {
  auto rt = runtime();
  gpu::DevPtr p = rt->malloc(64);
  std::string e = error_of([&] {
    rt->launch("trapping", {1, 1, 1}, {8, 1, 1}, {gpu::KernelArg::of(p)});
  });
  EXPECT_NE(e.find("thread (3,0,0)"), std::string::npos) << e;
  EXPECT_NE(e.find("trap instruction executed"), std::string::npos) << e;
  e = error_of([&] { rt->launch("misaligned", {1, 1, 1}, {1, 1, 1}, {gpu::KernelArg::of(p)}); });
  EXPECT_NE(e.find("misaligned write access of 4 bytes at global address"), std::string::npos) << e;
  EXPECT_NE(e.find("kernel 'misaligned'"), std::string::npos) << e;
  EXPECT_NE(e.find("pc "), std::string::npos) << e;
  e = error_of([&] { rt->launch("out_of_bounds", {1, 1, 1}, {2, 1, 1}, {gpu::KernelArg::of(p)}); });
  EXPECT_NE(e.find("out-of-bounds (outside every allocation) write access of 4 bytes"),
            std::string::npos)
      << e;
  EXPECT_NE(e.find("thread (1,0,0)"), std::string::npos) << e;
}

TEST(KernelErrors, BarrierDeadlockIsReported) {
  const char* k = R"(
.visible .entry dl()
{
  .reg .b32 %r1;
  .reg .pred %p1;
  mov.u32 %r1, %tid.x;
  setp.lt.u32 %p1, %r1, 32;
  @%p1 bra WAIT;
  bar.sync 1;
WAIT:
  bar.sync 0;
  ret;
}
)";
  gpu::Runtime rt;
  rt.load_ptx(std::string(kHeader) + k, "dl.ptx");
  std::string e = error_of([&] { rt.launch("dl", {1, 1, 1}, {64, 1, 1}, {}); });
  EXPECT_NE(e.find("kernel 'dl' deadlocked"), std::string::npos) << e;
}

TEST(Printf, DevicePrintfFormatsArguments) {
  auto rt = runtime();
  testing::internal::CaptureStdout();
  rt->launch("printing", {1, 1, 1}, {4, 1, 1}, {gpu::KernelArg::of(255)});
  std::string out = testing::internal::GetCapturedStdout();
  EXPECT_EQ(out, "value=255 hex=ff f=1.50 s=ok\n");
}

TEST(Runtime, ArgumentAndMemoryChecks) {
  auto rt = runtime();
  gpu::DevPtr p = rt->malloc(16);
  EXPECT_NE(error_of([&] {
              rt->launch("nope", {1, 1, 1}, {1, 1, 1}, {});
            }).find("unknown kernel 'nope'"),
            std::string::npos);
  EXPECT_NE(error_of([&] {
              rt->launch("trapping", {1, 1, 1}, {1, 1, 1}, {});
            }).find("expected 1 arguments, got 0"),
            std::string::npos);
  EXPECT_NE(error_of([&] {
              rt->launch("trapping", {1, 1, 1}, {1, 1, 1}, {gpu::KernelArg::of(1)});
            }).find("takes 8 bytes, got 4"),
            std::string::npos);
  std::vector<char> big(32);
  EXPECT_NE(error_of([&] {
              rt->memcpy_to_device(p, big.data(), 32);
            }).find("not inside one device allocation"),
            std::string::npos);
  rt->free(p);
  EXPECT_NE(error_of([&] { rt->free(p); }).find("not the start of a live device allocation"),
            std::string::npos);
}

TEST(Runtime, ModuleVariablesAndConstInitializers) {
  const char* k = R"(
.global .align 4 .u32 counter = 5;
.const .align 4 .b8 coef[8] = {0, 0, 128, 63, 0, 0, 0, 64};
.visible .entry g(.param .u64 out)
{
  .reg .b32 %r<3>;
  .reg .f32 %f<3>;
  .reg .b64 %rd<3>;
  ld.param.u64 %rd1, [out];
  ld.const.f32 %f1, [coef+4];
  ld.global.u32 %r1, [counter];
  add.u32 %r1, %r1, 1;
  st.global.u32 [counter], %r1;
  st.global.f32 [%rd1], %f1;
  ret;
}
)";
  gpu::Runtime rt;
  rt.load_ptx(std::string(kHeader) + k, "g.ptx");
  gpu::DevPtr out = rt.malloc(4);
  rt.launch("g", {1, 1, 1}, {1, 1, 1}, {gpu::KernelArg::of(out)});
  EXPECT_EQ(rt.download<float>(out, 1)[0], 2.0f);
  EXPECT_EQ(rt.download<std::uint32_t>(rt.symbol_address("counter"), 1)[0], 6u);
}

}  // namespace
}  // namespace wf::ptx::test
