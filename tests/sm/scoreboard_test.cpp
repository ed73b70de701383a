// The scoreboard counts pending writes the same way for the registers it keeps inline and for
// those on the heap: a read or write of a pending register blocks, a register written twice by
// one instruction stays pending until both writes are back, and reset clears both parts.
#include "sim_model/sm/scoreboard.h"

#include <gtest/gtest.h>

#include <cstdint>

namespace wf::sm {
namespace {

ptx::Instr reading(std::uint16_t r) {
  ptx::Instr in;
  in.reads[0] = r;
  in.nreads = 1;
  return in;
}

ptx::Instr writing(std::uint16_t r) {
  ptx::Instr in;
  in.writes[0] = r;
  in.nwrites = 1;
  return in;
}

ptx::Instr guarded_by(std::uint16_t r) {
  ptx::Instr in;
  in.guard = r;
  return in;
}

// Registers on both sides of the inline boundary, and one far beyond it.
constexpr std::uint32_t kRegs[] = {0, Scoreboard::kInline - 1, Scoreboard::kInline, 300};

TEST(Scoreboard, BlocksReadsWritesAndGuardsOfPendingRegistersOnly) {
  for (std::uint32_t reg : kRegs) {
    Scoreboard s;
    s.reset(64);
    EXPECT_TRUE(s.idle());
    s.reserve(reg);
    EXPECT_FALSE(s.idle());
    const auto r = static_cast<std::uint16_t>(reg);
    EXPECT_TRUE(s.blocks(reading(r), 0)) << reg;
    EXPECT_TRUE(s.blocks(writing(r), 0)) << reg;
    EXPECT_TRUE(s.blocks(guarded_by(r), 0)) << reg;
    EXPECT_FALSE(s.blocks(reading(static_cast<std::uint16_t>(reg + 1)), 0)) << reg;
    // Warp-absolute: the instruction's register plus the window's base.
    EXPECT_TRUE(s.blocks(reading(0), reg)) << reg;
    s.release(reg);
    EXPECT_TRUE(s.idle());
    EXPECT_FALSE(s.blocks(reading(r), 0)) << reg;
  }
}

TEST(Scoreboard, ARegisterWrittenTwiceStaysPendingUntilBothWritesAreBack) {
  for (std::uint32_t reg : kRegs) {
    Scoreboard s;
    s.reset(8);
    s.reserve(reg);
    s.reserve(reg);
    s.release(reg);
    EXPECT_TRUE(s.blocks(reading(static_cast<std::uint16_t>(reg)), 0)) << reg;
    s.release(reg);
    EXPECT_FALSE(s.blocks(reading(static_cast<std::uint16_t>(reg)), 0)) << reg;
  }
}

TEST(Scoreboard, ResetClearsInlineAndHeapCounts) {
  Scoreboard s;
  s.reset(400);
  for (std::uint32_t reg : kRegs) s.reserve(reg);
  s.reset(400);  // a new CTA in the slot: nothing of the last one is pending
  EXPECT_TRUE(s.idle());
  for (std::uint32_t reg : kRegs) {
    s.reserve(reg + 1);  // in_flight_ nonzero, so blocks() looks at the counts
    EXPECT_FALSE(s.blocks(reading(static_cast<std::uint16_t>(reg)), 0)) << reg;
    s.release(reg + 1);
  }
}

}  // namespace
}  // namespace wf::sm
