// The row_buffer memory model: row hit and conflict latencies, banks in parallel, first come
// first served per bank, one data bus, atomics through the hook, back-pressure, and the
// registry choosing it from the preset.
#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "sim_model/common/error.h"
#include "sim_model/mem/gpu_memory.h"
#include "sim_model/mem/memory_model.h"
#include "sim_model/mem/row_buffer_dram.h"
#include "sim_model/presets/machine.h"

namespace wf::mem {
namespace {

// LWM's Table 1, as lwm-core states it: 8 banks of 2 KB rows, hit 100, conflict 300, 8 bus
// cycles per 128-byte line.
RowBufferConfig lwm() {
  return load_row_buffer_config(load_machine("lwm-core"));
}

constexpr std::uint64_t kRow = 2048;
// A line in `bank` and `row`: the inverse of the map, written out for 8 banks (the bank bits are
// XORed with each 3-bit group of the row number).
std::uint64_t at(unsigned bank, std::uint64_t row, unsigned line = 0) {
  std::uint64_t low = bank;
  for (std::uint64_t r = row; r != 0; r >>= 3) low ^= r & 7;
  return (row * 8 + low) * kRow + line * 128;
}

LineRequest request(std::uint64_t id, std::uint64_t addr, RequestKind kind = RequestKind::kRead) {
  return LineRequest{id, 0, addr, 128, kind, 0, {}, 0, 0};
}

// Ticks until every reply is taken and every write is through; returns each reply's id with the
// cycle it became takeable, counted from `start`.
std::map<std::uint64_t, std::uint64_t> drain(RowBufferDram& m, std::uint64_t start) {
  std::map<std::uint64_t, std::uint64_t> done;
  for (int i = 0; i < 100000 && !m.idle(); ++i) {
    m.tick();
    while (m.has_response(0)) done[m.take_response(0).id] = m.now() - start;
  }
  EXPECT_TRUE(m.idle());
  return done;
}

std::uint64_t round_trip(RowBufferDram& m, std::uint64_t addr) {
  const std::uint64_t start = m.now();
  m.send(request(99, addr));
  return drain(m, start).at(99);
}

TEST(RowBufferDram, PresetNumbersAndAddressMap) {
  const RowBufferConfig c = lwm();
  EXPECT_EQ(c.banks, 8u);
  EXPECT_EQ(c.row_bytes, 2048u);
  EXPECT_EQ(c.row_hit_latency, 100u);
  EXPECT_EQ(c.row_conflict_latency, 300u);
  EXPECT_EQ(c.line_transfer_cycles, 8u);
  // Row 0: a bank per 2 KB chunk.
  EXPECT_EQ(c.bank(0), 0u);
  EXPECT_EQ(c.bank(2047), 0u);
  EXPECT_EQ(c.bank(2048), 1u);
  EXPECT_EQ(c.bank(7 * 2048), 7u);
  EXPECT_EQ(c.row(8 * 2048 - 1), 0u);
  // Row 1 starts at 16 KB, its chunks permuted by 1.
  EXPECT_EQ(c.row(8 * 2048), 1u);
  EXPECT_EQ(c.bank(8 * 2048), 1u);
  EXPECT_EQ(c.bank(9 * 2048), 0u);
  // Row 9 = 001 001: permuted by 1 ^ 1 = 0; row 12 = 001 100: by 5.
  EXPECT_EQ(c.bank(9 * 8 * 2048), 0u);
  EXPECT_EQ(c.bank(12 * 8 * 2048 + 3 * 2048), 6u);
  // Five 512 KB arrays one after the other (rows 32 apart): their first lines in five banks.
  const unsigned array_banks[] = {0, 4, 1, 5, 2};
  for (unsigned i = 0; i < 5; ++i) EXPECT_EQ(c.bank(i * 512 * 1024), array_banks[i]) << i;
  // Every row's chunks cover every bank once.
  for (std::uint64_t row = 0; row < 600; ++row) {
    unsigned seen = 0;
    for (unsigned k = 0; k < 8; ++k) seen |= 1u << c.bank((row * 8 + k) * 2048);
    EXPECT_EQ(seen, 0xffu) << row;
  }
  EXPECT_EQ(c.bank(at(5, 3, 7)), 5u);
  EXPECT_EQ(c.row(at(5, 3, 7)), 3u);
  EXPECT_EQ(c.bank(at(2, 100)), 2u);
}

TEST(RowBufferDram, ClosedBankThenHitThenConflict) {
  RowBufferDram m(lwm(), 1);
  EXPECT_EQ(round_trip(m, at(2, 4)), 300u);     // no row open yet: an activation
  EXPECT_EQ(round_trip(m, at(2, 4, 9)), 100u);  // same row, another line
  EXPECT_EQ(round_trip(m, at(2, 5)), 300u);     // another row: precharge and activate
  EXPECT_EQ(round_trip(m, at(3, 5)), 300u);     // rows are per bank
  const MemoryStats& s = m.stats();
  EXPECT_EQ(s.dram_row_hits, 1u);
  EXPECT_EQ(s.dram_row_misses, 3u);
  EXPECT_EQ(s.dram_row_conflicts, 1u);
  EXPECT_EQ(s.dram_reads, 4u);
  EXPECT_EQ(s.responses, 4u);
  EXPECT_EQ(s.round_trip_cycles, 1000u);
  EXPECT_EQ(s.dram_data_cycles, 32u);
  EXPECT_EQ(s.dram_queue_cycles, 0u);
  EXPECT_EQ(s.dram_cycles, m.now());
}

TEST(RowBufferDram, BanksWorkInParallel) {
  // Eight activations in eight banks overlap; only their transfers queue for the bus.
  RowBufferDram spread(lwm(), 1);
  for (unsigned b = 0; b < 8; ++b) spread.send(request(b, at(b, 1)));
  const auto parallel = drain(spread, 0);
  for (unsigned b = 0; b < 8; ++b) EXPECT_EQ(parallel.at(b), 300u + 8 * b) << b;
  EXPECT_EQ(spread.stats().dram_bus_wait_cycles, 8u * (0 + 1 + 2 + 3 + 4 + 5 + 6 + 7));
  EXPECT_EQ(spread.stats().dram_queue_cycles, 0u);

  // Eight rows of one bank: each waits for the one before to precharge and activate (200) and
  // transfer (8).
  RowBufferDram one(lwm(), 1);
  for (unsigned r = 0; r < 8; ++r) one.send(request(r, at(4, r)));
  const auto serial = drain(one, 0);
  for (unsigned r = 0; r < 8; ++r) EXPECT_EQ(serial.at(r), 300u + 208 * r) << r;
  EXPECT_EQ(one.stats().dram_queue_cycles, 208u * (0 + 1 + 2 + 3 + 4 + 5 + 6 + 7));
  EXPECT_EQ(one.stats().dram_row_conflicts, 7u);
}

TEST(RowBufferDram, EachBankServesInArrivalOrder) {
  RowBufferDram m(lwm(), 1);
  m.send(request(0, at(6, 1)));  // opens row 1
  m.send(request(1, at(6, 2)));  // conflict: row 2
  m.send(request(2, at(6, 1)));  // row 1 again: FR-FCFS would serve it before 1, as a hit
  const auto done = drain(m, 0);
  EXPECT_EQ(done.at(0), 300u);
  EXPECT_EQ(done.at(1), 208u + 300u);
  EXPECT_EQ(done.at(2), 416u + 300u);  // waited for 1, then found row 2 open
  EXPECT_EQ(m.stats().dram_row_hits, 0u);
  EXPECT_EQ(m.stats().dram_row_conflicts, 2u);
}

TEST(RowBufferDram, HitsOfOneRowFollowAtTheBusRate) {
  RowBufferDram m(lwm(), 1);
  round_trip(m, at(0, 0));
  const std::uint64_t start = m.now();
  for (unsigned i = 0; i < 4; ++i) m.send(request(i, at(0, 0, i + 1)));
  const auto done = drain(m, start);
  for (unsigned i = 0; i < 4; ++i) EXPECT_EQ(done.at(i), 100u + 8 * i) << i;
  EXPECT_EQ(m.stats().dram_row_hits, 4u);
}

TEST(RowBufferDram, TheDataBusIsShared) {
  RowBufferDram m(lwm(), 1);
  for (unsigned b = 0; b < 4; ++b) round_trip(m, at(b, 0));  // open a row in banks 0..3
  const std::uint64_t waited = m.stats().dram_bus_wait_cycles;
  const std::uint64_t start = m.now();
  // Four hits in four banks: ready together, carried one after another, oldest first.
  for (unsigned b = 0; b < 4; ++b) m.send(request(3 - b, at(3 - b, 0, 1)));
  const auto done = drain(m, start);
  for (unsigned b = 0; b < 4; ++b) EXPECT_EQ(done.at(3 - b), 100u + 8 * b) << b;
  EXPECT_EQ(m.stats().dram_bus_wait_cycles - waited, 8u * (0 + 1 + 2 + 3));
  EXPECT_EQ(m.stats().dram_data_cycles, 8u * 8);
}

TEST(RowBufferDram, WritesUseBankAndBusWithoutReplies) {
  RowBufferDram m(lwm(), 1);
  m.send(request(0, at(0, 0), RequestKind::kWrite));
  m.send(request(1, at(1, 0)));
  const auto done = drain(m, 0);
  EXPECT_EQ(done.size(), 1u);
  EXPECT_EQ(done.at(1), 308u);  // the write had the bus first
  EXPECT_EQ(m.stats().dram_writes, 1u);
  EXPECT_EQ(m.stats().dram_reads, 1u);
  EXPECT_EQ(m.stats().responses, 1u);
  EXPECT_EQ(round_trip(m, at(0, 0, 3)), 100u);  // the write left its row open
}

TEST(RowBufferDram, AtomicsArePerformedOnArrivalInOrderAndRepliedAfterTheirAccess) {
  RowBufferDram m(lwm(), 1);
  std::vector<std::uint64_t> performed;
  std::vector<std::uint64_t> performed_at;
  m.set_atomic_hook([&](const LineRequest& r) {
    performed.push_back(r.id);
    performed_at.push_back(m.now());
    EXPECT_EQ(r.addr % 128, 0u);  // the line, as the L1 sent it
  });
  m.send(request(7, at(3, 1) + 4, RequestKind::kAtomic));
  m.send(request(5, at(0, 1) + 8, RequestKind::kAtomic));
  m.send(request(6, at(3, 1) + 4, RequestKind::kAtomic));
  EXPECT_TRUE(performed.empty());  // not from inside send
  m.tick();
  EXPECT_EQ(performed, (std::vector<std::uint64_t>{7, 5, 6}));
  EXPECT_EQ(performed_at, (std::vector<std::uint64_t>{0, 0, 0}));
  EXPECT_FALSE(m.has_response(0));
  const auto done = drain(m, 0);
  EXPECT_EQ(done.at(7), 300u);
  EXPECT_EQ(done.at(5), 308u);
  EXPECT_EQ(done.at(6), 308u + 8);  // bank 3's second access, a hit, behind 5 on the bus
  EXPECT_EQ(m.stats().atomics, 3u);
  EXPECT_EQ(m.stats().dram_reads, 3u);
}

TEST(RowBufferDram, AFullQueueRefusesAndCountsTheCycle) {
  RowBufferConfig c = lwm();
  c.queue = 4;
  RowBufferDram m(c, 1);
  for (unsigned i = 0; i < 4; ++i) {
    ASSERT_TRUE(m.can_send(0));
    m.send(request(i, at(i, 0)));
  }
  EXPECT_EQ(m.held(), 4u);
  EXPECT_FALSE(m.can_send(0));
  EXPECT_FALSE(m.can_send(0));  // the same cycle again
  m.tick();
  EXPECT_FALSE(m.can_send(0));
  EXPECT_EQ(m.stats().dram_queue_full_cycles, 2u);
  // A slot frees when the first transfer ends.
  while (!m.has_response(0)) m.tick();
  EXPECT_EQ(m.now(), 300u);
  EXPECT_TRUE(m.can_send(0));
}

TEST(RowBufferDram, SkippingIdleCyclesKeepsRowsOpen) {
  RowBufferDram m(lwm(), 1);
  round_trip(m, at(1, 2));
  m.skip_idle(1000);
  EXPECT_EQ(round_trip(m, at(1, 2, 5)), 100u);
}

// Random traffic, the same in the reference mode (every cycle worked through) and with the
// skips: every reply at the same cycle and the same statistics.
TEST(RowBufferDram, ReferenceModeGivesTheSameTiming) {
  RowBufferConfig fast = lwm(), reference = lwm();
  fast.queue = reference.queue = 12;
  reference.reference = true;
  RowBufferDram a(fast, 2), b(reference, 2);
  std::mt19937 rng(11);
  std::vector<std::pair<std::uint64_t, std::uint64_t>> got_a, got_b;
  std::uint64_t id = 0;
  for (int cycle = 0; cycle < 20000; ++cycle) {
    const auto sm = static_cast<std::uint32_t>(id % 2);
    if (rng() % 3 == 0 && a.can_send(sm)) {
      ASSERT_TRUE(b.can_send(sm));
      const auto kind = static_cast<RequestKind>(rng() % 3);
      const std::uint64_t addr = at(rng() % 8, rng() % 3, rng() % 16);
      const LineRequest r{id, sm, addr, 128, kind, 0, {}, 0, 0};
      a.send(r);
      b.send(r);
      ++id;
    }
    if (!b.can_send(sm)) {
      ASSERT_FALSE(a.can_send(sm));  // both count this cycle's refusal
    }
    a.tick();
    b.tick();
    for (std::uint32_t sm = 0; sm < 2; ++sm) {
      if (a.has_response(sm)) got_a.emplace_back(a.take_response(sm).id, a.now());
      if (b.has_response(sm)) got_b.emplace_back(b.take_response(sm).id, b.now());
    }
  }
  EXPECT_GT(got_a.size(), 300u);
  EXPECT_EQ(got_a, got_b);
  EXPECT_EQ(a.stats(), b.stats());
  EXPECT_GT(a.stats().dram_queue_full_cycles, 0u);
}

TEST(MemoryModels, ThePresetChoosesTheModel) {
  EXPECT_EQ(memory_model_names(), "gddr, row_buffer");
  const auto lwm_memory = make_memory_system(load_machine("lwm-core"), 1);
  EXPECT_NE(dynamic_cast<RowBufferDram*>(lwm_memory.get()), nullptr);
  const auto gtx_memory = make_memory_system(load_machine("gtx480"), 15);
  EXPECT_NE(dynamic_cast<GpuMemory*>(gtx_memory.get()), nullptr);
}

TEST(MemoryModels, AnUnknownModelIsRefusedWhereItIsNamed) {
  const std::string text =
      "name = \"x\"\n[sm]\nwarp_size = 32\nmax_warps = 8\nmax_ctas = 2\n"
      "max_warps_per_cta = 8\nschedulers = 1\n[memory]\nmodel = \"hbm\"\n";
  try {
    parse_machine(text, "x.toml");
    ADD_FAILURE() << "accepted an unknown memory model";
  } catch (const UsageError& e) {
    EXPECT_STREQ(e.what(),
                 "x.toml:9: [memory] model: unknown memory model \"hbm\"; expected one of gddr, "
                 "row_buffer");
  }
}

}  // namespace
}  // namespace wf::mem
