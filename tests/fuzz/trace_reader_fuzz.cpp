// libFuzzer target for the block-trace reader: any input, read as a trace file, must either be
// read to its end or be rejected with a UsageError. Everything a trace yields is used the way
// replay uses it, within bounds: every entry is iterated (as far as kMaxEntries), the first
// records are split into their ports and packed back, and a second reader's scan() must agree
// with the first one's iteration. A broken promise of the reader (cycles that go backwards, an
// end before the last entry, a record that does not survive unpack and pack) is a trap.
// Mutations rarely keep the footer's checksum right, so each input is also read with its last
// 8 bytes replaced by the checksum of the bytes before them: that lets the fuzzer past the
// checksum to the checks after it.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "sim_model/common/error.h"
#include "sim_model/trace/trace_header.h"
#include "sim_model/trace/trace_reader.h"

namespace {

using namespace wf::trace;

// Repeat entries let a file of a few bytes yield millions of records (kCyclesPerByte each);
// iterating more than this per input would make the fuzzer crawl.
constexpr std::uint64_t kMaxEntries = std::uint64_t{1} << 20;
// Records split into ports and packed back per input: a record may have 64 ports of 4096 bits.
constexpr std::uint64_t kMaxUnpacked = 64;

void check(bool promise) {
  if (!promise) __builtin_trap();
}

// The record's ports, packed back into a record: must give the record's bytes.
void round_trip(const TraceHeader& h, const std::vector<std::uint8_t>& record) {
  check(record.size() == h.record_bytes());
  auto ports = unpack_ports(h.in_ports, record, 0);
  for (auto& p : unpack_ports(h.out_ports, record, h.in_bits())) ports.push_back(std::move(p));
  std::vector<std::uint8_t> packed(h.record_bytes(), 0);
  unsigned bit = 0;
  pack_ports(ports, bit, packed);
  check(bit == h.in_bits() + h.out_bits());
  check(packed == record);
}

void read_trace(const std::string& bytes) {
  TraceReader reader(bytes, "fuzz.wftrace");
  const TraceHeader& h = reader.header();
  const std::uint64_t max_cycles = bytes.size() * kCyclesPerByte;
  std::uint64_t records = 0, resets = 0, entries = 0;
  bool any = false, last_record = false;
  std::uint64_t last = 0;  // the cycle of the last record or reset
  for (;; ++entries) {
    if (entries == kMaxEntries) return;
    const TraceEntry e = reader.next();
    if (e.kind == TraceEntry::Kind::kEnd) {
      check(e.cycle <= max_cycles && (!any || e.cycle > last));
      const TraceEntry again = reader.next();
      check(again.kind == TraceEntry::Kind::kEnd && again.cycle == e.cycle);
      TraceReader second(bytes, "fuzz.wftrace");
      const TraceSummary s = second.scan();
      check(s.records == records && s.resets == resets && s.end_cycle == e.cycle);
      return;
    }
    check(e.cycle < max_cycles);
    if (e.kind == TraceEntry::Kind::kRecord) {
      // A record follows every earlier entry; a reset may share its record's cycle.
      check(!any || e.cycle > last);
      if (records++ < kMaxUnpacked) round_trip(h, reader.record());
    } else {
      // Only a reset right after a record may take that record's cycle.
      check(!any || e.cycle > last || (e.cycle == last && last_record));
      ++resets;
    }
    any = true;
    last_record = e.kind == TraceEntry::Kind::kRecord;
    last = e.cycle;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string bytes(reinterpret_cast<const char*>(data), size);
  try {
    read_trace(bytes);
  } catch (const wf::UsageError&) {
    // rejected with a message: fine
  }
  if (size < 8) return 0;
  const std::uint64_t hash = fnv1a(data, size - 8);
  for (std::size_t i = 0; i < 8; ++i) bytes[size - 8 + i] = static_cast<char>(hash >> (8 * i));
  try {
    read_trace(bytes);
  } catch (const wf::UsageError&) {
  }
  return 0;
}
