// Reads a block trace file (harness/TRACE_FORMAT.md) entry by entry. Every defect -- not a
// trace, another format version, a truncated or corrupted file -- is a UsageError of one line
// that names the file.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "sim_model/trace/trace_header.h"

namespace wf::trace {

// The most cycles a trace may cover per byte of its file. Replay steps through every cycle, so
// a header or entry that claims more (an end cycle of 10^10, a repeat count of 2^40 in a file of
// a few hundred bytes) is refused as corrupt instead of replaying for hours. A recording reaches
// it only when its block is idle for nearly all of a very long run.
inline constexpr std::uint64_t kCyclesPerByte = 65536;

struct TraceEntry {
  enum class Kind { kRecord, kReset, kEnd };
  Kind kind = Kind::kEnd;
  // Record: the cycle the block was called in. Reset: the cycle whose closing clock edge
  // resets the block. End: the number of cycles the trace covers.
  std::uint64_t cycle = 0;
};

// What a whole file holds, from TraceReader::scan.
struct TraceSummary {
  std::uint64_t records = 0, resets = 0, end_cycle = 0;
};

class TraceReader {
 public:
  // Reads the file and its header.
  explicit TraceReader(std::filesystem::path path);
  // The same from the bytes of a file already in memory; `path` names it in messages.
  TraceReader(std::string bytes, std::filesystem::path path);

  const TraceHeader& header() const { return header_; }
  const std::filesystem::path& path() const { return path_; }

  // The next entry; after kEnd, kEnd again. A record's bytes are in record().
  TraceEntry next();
  const std::vector<std::uint8_t>& record() const { return record_; }
  // Reads every entry from here to the end and checks the footer, so that a defect surfaces
  // before a replay starts.
  TraceSummary scan();

 private:
  [[noreturn]] void fail(const std::string& what) const;
  // Fails unless `claim` more cycles after `cycles` stay within max_cycles_, naming `field` and
  // the `value` it holds.
  void bound(std::uint64_t cycles, std::uint64_t claim, const char* field,
             std::uint64_t value) const;
  // Fails as truncated unless `n` more bytes follow.
  void need(std::size_t n, const char* what) const;
  std::uint8_t byte(const char* what);
  std::uint64_t varint(const char* what);
  std::uint64_t u64(const char* what);
  std::string string(const char* what);
  void parse_header();
  void read_record_change();

  std::filesystem::path path_;
  std::string data_;
  std::size_t pos_ = 0;
  TraceHeader header_;
  std::vector<std::uint8_t> record_;
  unsigned record_bits_ = 0;
  std::uint64_t prev_end_ = 0;  // the previous entry's cycle + 1 (see TraceWriter)
  enum class Last { kNone, kRecord, kReset } last_ = Last::kNone;
  bool repeat_allowed_ = false;  // a repeat follows a record entry, never another repeat
  std::uint64_t last_delta_ = 0;
  std::uint64_t repeats_left_ = 0;
  std::uint64_t records_ = 0;
  bool ended_ = false;
  std::uint64_t end_cycle_ = 0;
  std::uint64_t max_cycles_ = 0;  // file size * kCyclesPerByte
};

}  // namespace wf::trace
