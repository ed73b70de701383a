// Livelock detection through the runtime, on the functional executor and on the cycle model:
// what counts as progress (a store or atomic that changes global or shared memory, a CTA
// finishing) and what does not (storing the value already there, atomics that change nothing,
// local memory), and the report a LivelockError carries.
#include <gtest/gtest.h>

#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "sim_model/gpu/runtime.h"
#include "sim_model/gpu/timing_session.h"
#include "sim_model/presets/machine.h"
#include "sim_model/sm/timing_config.h"

namespace wf::gpu {
namespace {

// Every kernel loops forever.
const char* kPtx = R"(.version 7.5
.target sm_75
.address_size 64
.visible .entry store_same(.param .u64 pp)
{
  .reg .b64 %rd<2>;
  ld.param.u64 %rd1, [pp];
$spin:
  st.global.u32 [%rd1], 1;
  bra $spin;
}
.visible .entry count_global(.param .u64 pp)
{
  .reg .b32 %r<2>;
  .reg .b64 %rd<2>;
  ld.param.u64 %rd1, [pp];
$loop:
  ld.global.u32 %r1, [%rd1];
  add.u32 %r1, %r1, 1;
  st.global.u32 [%rd1], %r1;
  bra $loop;
}
.visible .entry count_shared(.param .u64 pp)
{
  .reg .b32 %r<2>;
  .shared .align 4 .u32 counter;
$loop:
  ld.shared.u32 %r1, [counter];
  add.u32 %r1, %r1, 1;
  st.shared.u32 [counter], %r1;
  bra $loop;
}
.visible .entry count_local(.param .u64 pp)
{
  .reg .b32 %r<2>;
  .local .align 4 .u32 counter;
$loop:
  ld.local.u32 %r1, [counter];
  add.u32 %r1, %r1, 1;
  st.local.u32 [counter], %r1;
  bra $loop;
}
.visible .entry atom_same(.param .u64 pp)
{
  .reg .b32 %r<3>;
  .reg .b64 %rd<2>;
  ld.param.u64 %rd1, [pp];
$loop:
  atom.global.add.u32 %r1, [%rd1], 0;
  atom.global.cas.b32 %r2, [%rd1], 5, 6;
  red.global.or.b32 [%rd1], 0;
  bra $loop;
}
.visible .entry atom_count(.param .u64 pp)
{
  .reg .b64 %rd<2>;
  ld.param.u64 %rd1, [pp];
$loop:
  red.global.add.u32 [%rd1], 1;
  bra $loop;
}
)";

enum class Outcome { kLivelock, kLimit };

struct Ending {
  Outcome outcome = Outcome::kLimit;
  std::string what;
  LivelockReport report;
  std::string status;  // the timing session's, "" on the functional executor
};

// Functional: a 20000-instruction window, stopped at 400000 instructions otherwise. Timing (a
// one-SM gtx480): a 20000-cycle window, stopped at 100000 cycles otherwise.
Ending run(const char* kernel, bool timing, Dim3 grid = {1}, Dim3 block = {32},
           std::uint64_t max_resident_threads = 1u << 18) {
  RuntimeOptions o;
  o.livelock_window = 20000;
  o.instruction_limit = 400000;
  o.max_resident_threads = max_resident_threads;
  if (timing) {
    sm::TimingConfig c = sm::load_timing_config(load_machine("gtx480"));
    sm::set_timing_param(c, "num_sms", "1");
    c.livelock_cycles = 20000;
    c.max_cycles = 100000;
    o.timing = std::make_shared<TimingSession>(c);
    o.instruction_limit = RuntimeOptions::kUnlimited;
  }
  Runtime rt(o);
  rt.load_ptx(kPtx, "livelock.ptx");
  const DevPtr p = rt.upload(std::vector<std::uint32_t>{0});
  Ending r;
  try {
    rt.launch(kernel, grid, block, {KernelArg::of(p)});
    ADD_FAILURE() << kernel << " finished";
  } catch (const LivelockError& e) {
    r.outcome = Outcome::kLivelock;
    r.what = e.what();
    r.report = e.report();
  } catch (const KernelError& e) {
    r.what = e.what();
  }
  if (o.timing) r.status = o.timing->results().status;
  return r;
}

TEST(Livelock, StoresOfTheSameValueAreNotProgress) {
  for (bool timing : {false, true}) {
    const Ending r = run("store_same", timing);
    EXPECT_EQ(r.outcome, Outcome::kLivelock) << r.what;
    EXPECT_NE(r.what.find("kernel 'store_same' livelocked"), std::string::npos) << r.what;
    if (timing) {
      EXPECT_EQ(r.status, "livelock");
    }
  }
}

TEST(Livelock, ChangingGlobalOrSharedMemoryIsProgress) {
  for (bool timing : {false, true}) {
    for (const char* k : {"count_global", "count_shared", "atom_count"}) {
      const Ending r = run(k, timing);
      EXPECT_EQ(r.outcome, Outcome::kLimit) << k << ": " << r.what;
      EXPECT_NE(r.what.find(timing ? "cycle limit" : "instruction limit"), std::string::npos)
          << r.what;
      if (timing) {
        EXPECT_EQ(r.status, "error");
      }
    }
  }
}

TEST(Livelock, AtomicsThatChangeNothingAndLocalMemoryAreNotProgress) {
  for (bool timing : {false, true}) {
    for (const char* k : {"atom_same", "count_local"}) {
      const Ending r = run(k, timing);
      EXPECT_EQ(r.outcome, Outcome::kLivelock) << k << ": " << r.what;
    }
  }
}

TEST(Livelock, FunctionalReportCountsCtasAndDumpsSpinLoops) {
  // 64 resident threads: two of the three CTAs.
  const Ending r = run("store_same", false, {3}, {32}, 64);
  ASSERT_EQ(r.outcome, Outcome::kLivelock) << r.what;
  EXPECT_EQ(r.report.unit, "warp instructions");
  EXPECT_EQ(r.report.window, 20000u);
  EXPECT_GE(r.report.at, 20000u);
  EXPECT_EQ(r.report.ctas_launched, 3u);
  EXPECT_EQ(r.report.ctas_resident, 2u);
  EXPECT_EQ(r.report.ctas_waiting, 1u);
  EXPECT_EQ(r.report.ctas_finished, 0u);
  EXPECT_EQ(r.report.cause(),
            "3 CTAs launched, 2 resident, 1 waiting for a slot: a grid-wide barrier or lock "
            "cannot finish");
  // The loop is the store (pc 1) and the branch back (pc 2); each warp's turns of 64
  // instructions end after a branch.
  EXPECT_EQ(r.report.warp_dump,
            "  cta 0 warp  0: pc 2 (bra $spin;), barrier -1, spin pcs 1..2\n"
            "  cta 1 warp  0: pc 2 (bra $spin;), barrier -1, spin pcs 1..2\n");
}

TEST(Livelock, TimingReportCountsCtasAndDumpsSpinLoops) {
  // A gtx480 SM holds 8 CTAs: 8 resident, 2 waiting.
  const Ending r = run("store_same", true, {10}, {32});
  ASSERT_EQ(r.outcome, Outcome::kLivelock) << r.what;
  EXPECT_EQ(r.report.unit, "cycles");
  EXPECT_EQ(r.report.window, 20000u);
  EXPECT_EQ(r.report.ctas_launched, 10u);
  EXPECT_EQ(r.report.ctas_resident, 8u);
  EXPECT_EQ(r.report.ctas_waiting, 2u);
  // Every warp is in the loop. The stores saturate the SM's one load/store unit, which the
  // first scheduler (even warp slots) wins whenever it frees, so the second scheduler's warps
  // may not issue at all while watched: they stay at the store.
  std::istringstream dump(r.report.warp_dump);
  unsigned lines = 0;
  for (std::string line; std::getline(dump, line); ++lines) {
    const std::string slot = std::to_string(lines);
    EXPECT_TRUE(line.starts_with("  sm 0 warp  " + slot + " cta " + slot + " ")) << line;
    EXPECT_TRUE(line.ends_with("spin pcs 1..2") ||
                (lines % 2 == 1 && line.ends_with("spin pcs 1..1")))
        << line;
  }
  EXPECT_EQ(lines, 8u) << r.report.warp_dump;
}

TEST(Livelock, WindowZeroTurnsDetectionOff) {
  RuntimeOptions o;
  o.livelock_window = 0;
  o.instruction_limit = 100000;
  Runtime rt(o);
  rt.load_ptx(kPtx, "livelock.ptx");
  const DevPtr p = rt.upload(std::vector<std::uint32_t>{0});
  try {
    rt.launch("store_same", {1}, {32}, {KernelArg::of(p)});
    ADD_FAILURE() << "finished";
  } catch (const LivelockError& e) {
    ADD_FAILURE() << e.what();
  } catch (const KernelError& e) {
    EXPECT_NE(std::string(e.what()).find("instruction limit"), std::string::npos) << e.what();
  }
}

// RuntimeOptions::terminal_progress: the progress line of a long launch on stderr, erased when
// the launch ends (here by the instruction or cycle limit).
std::string progress_line_of(bool timing) {
  RuntimeOptions o;
  o.terminal_progress = true;
  o.livelock_window = 0;
  o.progress_every = 1u << 16;
  o.instruction_limit = (1u << 16) + 1000;  // one line at 2^16 warp instructions
  std::shared_ptr<TimingSession> session;
  if (timing) {
    sm::TimingConfig c = sm::load_timing_config(load_machine("gtx480"));
    sm::set_timing_param(c, "num_sms", "1");
    c.max_cycles = 70000;  // one line at cycle 65536
    session = std::make_shared<TimingSession>(c);
    o.timing = session;
  }
  Runtime rt(o);
  rt.load_ptx(kPtx, "livelock.ptx");
  const DevPtr p = rt.upload(std::vector<std::uint32_t>{0});
  testing::internal::CaptureStderr();
  EXPECT_THROW(rt.launch("count_global", {1}, {32}, {KernelArg::of(p)}), KernelError);
  std::string err = testing::internal::GetCapturedStderr();
  if (session) {
    EXPECT_FALSE(session->progress) << "the borrowed callback is given back";
  }
  return err;
}

TEST(Livelock, TerminalProgressShowsALineAndErasesIt) {
  const std::string erase = "\r" + std::string(78, ' ') + "\r";
  const std::string functional = progress_line_of(false);
  EXPECT_TRUE(functional.starts_with("\r  count_global              warp instr          65536"))
      << functional;
  EXPECT_TRUE(functional.ends_with(erase)) << functional;
  const std::string timing = progress_line_of(true);
  EXPECT_TRUE(timing.starts_with("\r  cycle        65536  IPC")) << timing;
  EXPECT_TRUE(timing.ends_with(erase)) << timing;
}

}  // namespace
}  // namespace wf::gpu
