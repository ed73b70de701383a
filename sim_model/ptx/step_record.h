// What one warp-instruction did: everything the timing model needs to account for it without
// re-decoding (unit class, registers, per-thread addresses, control effects).
#pragma once

#include <array>
#include <cstdint>

#include "sim_model/ptx/instr.h"

namespace wf::ptx {

enum class StepStatus : std::uint8_t {
  Executed,   // one instruction ran
  AtBarrier,  // the warp waits at a CTA barrier; nothing ran
  Finished,   // the warp has exited; nothing ran
};

// A texel a texture fetch reads beyond the first one of its thread (MemAccess::texels).
struct TexelAddress {
  std::uint64_t addr;
  std::uint32_t lane;
};

struct MemAccess {
  Space space = Space::Generic;  // resolved space (generic addresses already decoded)
  std::uint8_t bytes = 0;        // per thread, all vector elements together
  bool is_store = false;
  std::uint64_t lanes = 0;  // threads that accessed memory
  // Per lane, in the resolved space; only the lanes in `lanes` are written (left uninitialised
  // on purpose: zeroing 512 bytes per executed instruction was a visible share of simulation).
  std::array<std::uint64_t, 64> addr;
  // A texture fetch's further texels (up to 7 per thread: a trilinear footprint), each `bytes`
  // long; the executor owns them until its next step. Null for every other instruction.
  const TexelAddress* texels = nullptr;
  std::uint32_t texel_count = 0;
};

// StepRecord::deferred_atomic when the instruction performed everything at issue.
constexpr std::uint32_t kNoDeferredAtomic = ~0u;

struct StepRecord {
  StepStatus status = StepStatus::Executed;
  const Instr* instr = nullptr;
  std::uint32_t function = 0;  // index into Module::functions
  std::uint32_t pc = 0;
  std::uint32_t next_pc = 0;   // of the warp's new top-of-stack entry (kNoPc when done)
  std::uint32_t reg_base = 0;  // add to Instr::reads/writes for warp-absolute register ids
  OpClass cls = OpClass::Nop;
  std::uint64_t active = 0;    // lanes active at issue (SIMT stack top)
  std::uint64_t executed = 0;  // active lanes whose guard predicate was true
  bool is_branch = false;
  bool diverged = false;    // a branch split the warp
  bool is_barrier = false;  // bar.sync/arrive/red; the warp may now be waiting
  bool is_call = false, is_ret = false;
  bool is_exit = false;  // the warp finished with this instruction
  bool is_atomic = false;
  std::uint64_t cmpwait_equal = 0;  // atom.cmpwait: lanes whose loaded value equalled expected
  MemAccess mem;                    // mem.lanes == 0 when no memory was touched
  // A global atomic left for the memory system to perform (Executor::perform_atomic).
  std::uint32_t deferred_atomic = kNoDeferredAtomic;
};

}  // namespace wf::ptx
