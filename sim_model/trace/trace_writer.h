// Writes one block trace file: the header, then one entry per call of the block (cycle delta,
// and the record's bytes as a change against the previous record), runs of identical calls as
// one repeat entry, reset events, and at the end the end entry with a record count and a
// checksum. harness/TRACE_FORMAT.md has the byte layout.
#pragma once

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <vector>

#include "sim_model/trace/trace_header.h"

namespace wf::trace {

class TraceWriter {
 public:
  // Creates `path` and writes the header; throws UsageError naming the path when it cannot.
  TraceWriter(std::filesystem::path path, const TraceHeader& header);
  ~TraceWriter();
  TraceWriter(const TraceWriter&) = delete;
  TraceWriter& operator=(const TraceWriter&) = delete;

  // The block was called in trace cycle `cycle` (later than any entry before) and saw the
  // In ports / produced the Out ports packed in `bytes` (TraceHeader::record_bytes() long).
  void record(std::uint64_t cycle, const std::vector<std::uint8_t>& bytes);
  // The clock edge at the end of `cycle` resets the block (`cycle` is not earlier than the
  // last record's; a second reset at the same edge is dropped).
  void reset(std::uint64_t cycle);
  // Ends the trace: the run lasted `end_cycle` cycles (later than every entry). Closes the file.
  void finish(std::uint64_t end_cycle);

  std::uint64_t records() const { return records_; }
  std::uint64_t bytes_written() const { return written_; }

 private:
  void put(const std::uint8_t* data, std::size_t n);
  void put_varint(std::uint64_t v);
  void put_u64(std::uint64_t v);
  void put_string(const std::string& s);
  void flush_repeats();
  void flush_buffer();

  std::filesystem::path path_;
  std::FILE* file_ = nullptr;
  std::vector<std::uint8_t> buffer_;
  std::uint64_t hash_ = 0;
  std::uint64_t written_ = 0;
  std::uint64_t records_ = 0;
  unsigned record_bytes_ = 0;
  std::vector<std::uint8_t> last_;  // the previous record, the base of the next one's change
  std::vector<std::uint8_t> mask_, changed_;
  // The previous entry's cycle + 1; 0 before the first entry (the previous cycle is -1 then,
  // so that a record in cycle 0 has delta 1 and a record's delta is never 0).
  std::uint64_t prev_end_ = 0;
  bool last_is_record_ = false;  // the previous entry is a record (repeats may follow)
  bool last_is_reset_ = false;
  std::uint64_t last_delta_ = 0;
  std::uint64_t pending_repeats_ = 0;
};

}  // namespace wf::trace
