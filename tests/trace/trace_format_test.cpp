// The block trace format: what the recorder writes is what the reader returns, runs of equal
// calls cost one entry, and every defect of a file is a UsageError naming it.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "sim_model/blocks/lrr_arbiter.h"
#include "sim_model/common/atomic_file.h"
#include "sim_model/common/error.h"
#include "sim_model/trace/block_trace_set.h"
#include "sim_model/trace/trace_header.h"
#include "sim_model/trace/trace_reader.h"

namespace wf::trace {
namespace {

using blocks::LrrArbiter;

class TraceFormat : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("wf-trace-test-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  struct Call {
    std::uint64_t cycle;
    std::uint64_t ready;  // 0 with reset: a reset at that cycle instead of a call
    bool reset = false;
  };
  // Runs an 8-warp LRR arbiter through `calls` with a recorder and returns the trace's path
  // and the (In, Out) port values of every call.
  std::filesystem::path record(const std::vector<Call>& calls, std::uint64_t end,
                               std::vector<std::vector<blocks::PortValue>>* ports = nullptr) {
    LrrArbiter::Params p;
    p.num_warps = 8;
    LrrArbiter arb(p);
    BlockTraceSet set(dir_);
    BlockRecorder* rec = set.open("sm00_issue0", p);
    for (const Call& c : calls) {
      set.set_cycle(c.cycle);
      if (c.reset) {
        arb.reset();
        rec->reset();
        continue;
      }
      LrrArbiter::In in;
      in.ready = c.ready;
      const auto out = arb.eval(in);
      arb.tick(in);
      rec->record(in, out);
      if (ports) {
        auto all = LrrArbiter::in_ports(p, in);
        for (auto& o : LrrArbiter::out_ports(p, out)) all.push_back(o);
        ports->push_back(all);
      }
    }
    const auto files = set.close(end);
    EXPECT_EQ(files.size(), 1u);
    return files.at(0).path;
  }

  std::filesystem::path dir_;
};

TEST_F(TraceFormat, ReadsBackWhatWasRecorded) {
  std::vector<std::vector<blocks::PortValue>> ports;
  const auto path = record({{0, 0x0f}, {1, 0x0f}, {5, 0x81}, {6, 0}, {100, 0xff}}, 120, &ports);
  EXPECT_EQ(path, dir_ / "sm00_issue0.wftrace");
  TraceReader r(path);
  EXPECT_EQ(r.header().block, "lrr_arbiter");
  EXPECT_EQ(r.header().instance, "sm00_issue0");
  EXPECT_EQ(r.header().params, (blocks::ParamList{{"num_warps", "8"}}));
  EXPECT_EQ(r.header().in_bits(), 8u);
  EXPECT_EQ(r.header().out_bits(), 1u + 3u + 8u);
  const std::uint64_t cycles[] = {0, 1, 5, 6, 100};
  for (std::size_t i = 0; i < 5; ++i) {
    const TraceEntry e = r.next();
    ASSERT_EQ(e.kind, TraceEntry::Kind::kRecord);
    EXPECT_EQ(e.cycle, cycles[i]);
    auto got = unpack_ports(r.header().in_ports, r.record(), 0);
    for (auto& o : unpack_ports(r.header().out_ports, r.record(), r.header().in_bits()))
      got.push_back(o);
    ASSERT_EQ(got.size(), ports[i].size());
    for (std::size_t k = 0; k < got.size(); ++k) {
      EXPECT_EQ(got[k].name, ports[i][k].name);
      EXPECT_EQ(got[k].value, ports[i][k].value) << "call " << i << " port " << got[k].name;
    }
  }
  const TraceEntry end = r.next();
  EXPECT_EQ(end.kind, TraceEntry::Kind::kEnd);
  EXPECT_EQ(end.cycle, 120u);
}

TEST_F(TraceFormat, RunsOfEqualCallsCostOneEntry) {
  // One ready warp: LRR grants it every cycle, so every record is the same.
  std::vector<Call> calls;
  for (std::uint64_t c = 0; c < 100000; ++c) calls.push_back({c, 0x04});
  // A trace of the first call alone; not named .wftrace, which the next close() would remove.
  const auto one = dir_ / "one.bin";
  std::filesystem::rename(record({{0, 0x04}}, 100000), one);
  const auto path = record(calls, 100000);
  // The 99999 calls after the first: one repeat entry of a head with a 3-byte varint.
  EXPECT_EQ(std::filesystem::file_size(path), std::filesystem::file_size(one) + 3);
  TraceReader r(path);
  const TraceSummary s = r.scan();
  EXPECT_EQ(s.records, 100000u);
  EXPECT_EQ(s.end_cycle, 100000u);
}

TEST_F(TraceFormat, ResetTakesTheEdgeOfItsCycleOrThePreviousOne) {
  // A reset after the call in cycle 3 is that cycle's edge; one in cycle 10 before any call
  // (no call in 9 either) takes the edge of cycle 9; one in cycle 0 before any call is none.
  const auto path =
      record({{0, 0, true}, {0, 1}, {3, 2}, {3, 0, true}, {10, 0, true}, {11, 4}}, 12);
  TraceReader r(path);
  std::vector<std::pair<TraceEntry::Kind, std::uint64_t>> got;
  for (TraceEntry e = r.next(); e.kind != TraceEntry::Kind::kEnd; e = r.next())
    got.emplace_back(e.kind, e.cycle);
  using K = TraceEntry::Kind;
  EXPECT_EQ(
      got,
      (std::vector<std::pair<K, std::uint64_t>>{
          {K::kRecord, 0}, {K::kRecord, 3}, {K::kReset, 3}, {K::kReset, 9}, {K::kRecord, 11}}));
}

std::string bytes_of(const std::filesystem::path& p) {
  return read_file(p);
}
void write_bytes(const std::filesystem::path& p, const std::string& s) {
  std::ofstream(p, std::ios::binary | std::ios::trunc) << s;
}
// The UsageError's message from reading `path` to its end, "" when it reads fine.
std::string read_error(const std::filesystem::path& path) {
  try {
    TraceReader r(path);
    r.scan();
  } catch (const UsageError& e) {
    return e.what();
  }
  return {};
}

// The bytes of a file already in memory (the fuzz target's way in) read as the file does, and
// their defects name the path given.
TEST_F(TraceFormat, ReadsFromMemoryAsFromTheFile) {
  const auto path = record({{0, 0x0f}, {1, 0x0f}, {5, 0x81}, {9, 0}}, 12);
  const std::string bytes = bytes_of(path);
  TraceReader file(path);
  TraceReader memory(bytes, "in-memory.wftrace");
  EXPECT_EQ(memory.path(), "in-memory.wftrace");
  EXPECT_EQ(memory.header().params, file.header().params);
  EXPECT_EQ(memory.header().in_ports, file.header().in_ports);
  for (;;) {
    const TraceEntry a = file.next(), b = memory.next();
    ASSERT_EQ(a.kind, b.kind);
    ASSERT_EQ(a.cycle, b.cycle);
    if (a.kind == TraceEntry::Kind::kEnd) break;
    EXPECT_EQ(file.record(), memory.record());
  }
  try {
    TraceReader(bytes.substr(0, bytes.size() - 1), "cut.wftrace").scan();
    ADD_FAILURE() << "a truncated trace read fine";
  } catch (const UsageError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("block trace cut.wftrace: truncated", 0), 0u) << e.what();
  }
}

TEST_F(TraceFormat, EveryTruncationIsReported) {
  const auto path = record({{0, 0x0f}, {1, 0x0f}, {2, 0x0f}, {7, 0x30}, {8, 0x31}}, 10);
  const std::string full = bytes_of(path);
  ASSERT_EQ(read_error(path), "");
  const auto cut = dir_ / "cut.wftrace";
  for (std::size_t n = 0; n < full.size(); ++n) {
    write_bytes(cut, full.substr(0, n));
    const std::string e = read_error(cut);
    EXPECT_NE(e, "") << "prefix of " << n << " bytes read as a whole trace";
    EXPECT_NE(e.find(cut.string()), std::string::npos) << e;
    EXPECT_EQ(e.find('\n'), std::string::npos) << e;
  }
  write_bytes(cut, full.substr(0, full.size() - 3));
  EXPECT_NE(read_error(cut).find("truncated"), std::string::npos) << read_error(cut);
}

TEST_F(TraceFormat, EveryFlippedByteIsReported) {
  const auto path = record({{0, 0x0f}, {1, 0x0f}, {2, 0x0f}, {7, 0x30}, {8, 0x31}}, 10);
  const std::string full = bytes_of(path);
  const auto bad = dir_ / "bad.wftrace";
  for (std::size_t i = 0; i < full.size(); ++i) {
    std::string s = full;
    s[i] = static_cast<char>(s[i] ^ 0x10);
    write_bytes(bad, s);
    EXPECT_NE(read_error(bad), "") << "byte " << i << " flipped went unnoticed";
  }
  write_bytes(bad, full + "x");
  EXPECT_NE(read_error(bad).find("after the end entry"), std::string::npos) << read_error(bad);
}

// `body` (everything before the end entry) closed with an end entry of `end` cycles and
// `records` records and a checksum that matches: a file only its claims can fault.
std::string closed(std::string body, std::uint64_t end, std::uint64_t records) {
  body += '\x03';
  for (std::uint64_t v : {end, records})
    for (int i = 0; i < 8; ++i) body += static_cast<char>(v >> (8 * i));
  const std::uint64_t h = fnv1a(reinterpret_cast<const std::uint8_t*>(body.data()), body.size());
  for (int i = 0; i < 8; ++i) body += static_cast<char>(h >> (8 * i));
  return body;
}
std::string varint(std::uint64_t v) {
  std::string s;
  for (; v >= 0x80; v >>= 7) s += static_cast<char>(0x80 | (v & 0x7f));
  return s + static_cast<char>(v);
}

TEST_F(TraceFormat, ClaimsBeyondTheFileSizeAreRefused) {
  const std::string one = bytes_of(record({{0, 1}}, 1));
  const std::string body = one.substr(0, one.size() - 25);  // without its end entry
  const auto bad = dir_ / "absurd.wftrace";
  write_bytes(bad, closed(body, 1, 1));
  ASSERT_EQ(read_error(bad), "");  // the rebuilt file itself is fine
  const std::uint64_t limit = (body.size() + 25) * kCyclesPerByte;

  write_bytes(bad, closed(body, 10'000'000'000ull, 1));
  EXPECT_EQ(read_error(bad),
            fmt::format("block trace {}: corrupt: the end cycle of 10000000000 claims more cycles "
                        "than a file of {} bytes may cover (65536 per byte, {} in all)",
                        bad.string(), body.size() + 25, limit));
  write_bytes(bad, closed(body, limit, 1));
  EXPECT_EQ(read_error(bad), "");  // exactly the bound is allowed

  const std::uint64_t n = std::uint64_t{1} << 40;
  const std::string repeated = body + varint(n << 2 | 1);
  write_bytes(bad, closed(repeated, n + 1, n + 1));
  EXPECT_NE(read_error(bad).find("corrupt: a repeat count of 1099511627776 claims more cycles"),
            std::string::npos)
      << read_error(bad);

  write_bytes(bad, closed(body + varint(n << 2), n + 1, 1));  // a record 2^40 cycles later
  EXPECT_NE(read_error(bad).find("corrupt: a record's cycle delta of 1099511627776"),
            std::string::npos)
      << read_error(bad);
  write_bytes(bad, closed(body + varint(n << 2 | 2), n + 1, 1));
  EXPECT_NE(read_error(bad).find("corrupt: a reset's cycle delta of 1099511627776"),
            std::string::npos)
      << read_error(bad);
}

TEST_F(TraceFormat, WrongMagicAndVersionAreNamed) {
  const auto path = record({{0, 1}}, 1);
  std::string s = bytes_of(path);
  s[8] = 7;  // version 7
  const auto bad = dir_ / "v7.wftrace";
  write_bytes(bad, s);
  EXPECT_NE(read_error(bad).find("format version 7, expected 1"), std::string::npos)
      << read_error(bad);
  write_bytes(bad, "module lrr_arbiter_w8; endmodule\n");
  EXPECT_NE(read_error(bad).find("not a warpforge block trace"), std::string::npos)
      << read_error(bad);
}

TEST_F(TraceFormat, CloseReplacesAnEarlierRunsTracesAndAnUnclosedSetLeavesNothing) {
  std::filesystem::create_directories(dir_);
  write_bytes(dir_ / "sm07_wpt.wftrace", "old");
  write_bytes(dir_ / "notes.txt", "kept");
  record({{0, 1}}, 1);
  EXPECT_FALSE(std::filesystem::exists(dir_ / "sm07_wpt.wftrace"));
  EXPECT_TRUE(std::filesystem::exists(dir_ / "notes.txt"));
  EXPECT_TRUE(std::filesystem::exists(dir_ / "sm00_issue0.wftrace"));
  {
    BlockTraceSet set(dir_);
    LrrArbiter::Params p;
    set.open("sm01_issue0", p)->record(LrrArbiter::In{}, LrrArbiter::Out{});
  }  // not closed: a failed run
  std::vector<std::string> names;
  for (const auto& e : std::filesystem::directory_iterator(dir_))
    names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  EXPECT_EQ(names, (std::vector<std::string>{"notes.txt", "sm00_issue0.wftrace"}));
}

}  // namespace
}  // namespace wf::trace
