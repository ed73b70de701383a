#include "sim_model/trace/trace_reader.h"

#include <algorithm>
#include <cstring>

#include <fmt/format.h>

#include "sim_model/common/atomic_file.h"
#include "sim_model/common/error.h"

namespace wf::trace {

namespace {

std::string read_trace(const std::filesystem::path& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw UsageError(path.string() + ": expected a block trace file, found a directory");
  return read_file(path);
}

}  // namespace

TraceReader::TraceReader(std::filesystem::path path) : TraceReader(read_trace(path), path) {}

TraceReader::TraceReader(std::string bytes, std::filesystem::path path)
    : path_(std::move(path)), data_(std::move(bytes)) {
  max_cycles_ = static_cast<std::uint64_t>(data_.size()) * kCyclesPerByte;
  parse_header();
}

void TraceReader::fail(const std::string& what) const {
  throw UsageError(fmt::format("block trace {}: {}", path_.string(), what));
}

void TraceReader::need(std::size_t n, const char* what) const {
  if (n > data_.size() - pos_)
    fail(fmt::format("truncated ({} bytes, ends inside {}{})", data_.size(), what,
                     records_ ? fmt::format(" after {} records", records_) : std::string()));
}

void TraceReader::bound(std::uint64_t cycles, std::uint64_t claim, const char* field,
                        std::uint64_t value) const {
  if (claim <= max_cycles_ - std::min(cycles, max_cycles_)) return;
  fail(
      fmt::format("corrupt: {} of {} claims more cycles than a file of {} bytes may cover ({} "
                  "per byte, {} in all)",
                  field, value, data_.size(), kCyclesPerByte, max_cycles_));
}

std::uint8_t TraceReader::byte(const char* what) {
  need(1, what);
  return static_cast<std::uint8_t>(data_[pos_++]);
}

std::uint64_t TraceReader::varint(const char* what) {
  std::uint64_t v = 0;
  for (unsigned shift = 0;; shift += 7) {
    const std::uint8_t b = byte(what);
    if (shift == 63 && b > 1) fail(fmt::format("corrupt: {} does not fit 64 bits", what));
    v |= std::uint64_t{b & 0x7fu} << shift;
    if (!(b & 0x80)) return v;
  }
}

std::uint64_t TraceReader::u64(const char* what) {
  std::uint64_t v = 0;
  for (unsigned i = 0; i < 8; ++i) v |= std::uint64_t{byte(what)} << (8 * i);
  return v;
}

std::string TraceReader::string(const char* what) {
  const std::uint64_t n = varint(what);
  if (n > 4096) fail(fmt::format("corrupt: {} of {} bytes", what, n));
  need(n, what);
  std::string s = data_.substr(pos_, n);
  pos_ += n;
  return s;
}

void TraceReader::parse_header() {
  if (data_.size() < sizeof kMagic || std::memcmp(data_.data(), kMagic, sizeof kMagic) != 0) {
    fail(
        "not a warpforge block trace (it does not start with the WFTRACE magic; write one with "
        "warpforge sim --record-blocks DIR)");
  }
  pos_ = sizeof kMagic;
  const unsigned version = byte("the header");
  const unsigned version_hi = byte("the header");
  if (version + 256 * version_hi != kVersion) {
    fail(fmt::format("format version {}, expected {} (written by another warpforge version)",
                     version + 256 * version_hi, kVersion));
  }
  header_.block = string("the block name");
  header_.instance = string("the instance name");
  const std::uint64_t nparams = varint("the parameter list");
  if (nparams > 64) fail(fmt::format("corrupt: {} parameters", nparams));
  for (std::uint64_t i = 0; i < nparams; ++i) {
    std::string key = string("the parameter list");
    std::string value = string("the parameter list");
    header_.params.emplace_back(std::move(key), std::move(value));
  }
  for (auto* ports : {&header_.in_ports, &header_.out_ports}) {
    const std::uint64_t n = varint("the port list");
    if (n > 64) fail(fmt::format("corrupt: {} ports", n));
    for (std::uint64_t i = 0; i < n; ++i) {
      PortLayout p;
      p.name = string("the port list");
      const std::uint64_t width = varint("the port list");
      if (width == 0 || width > 4096)
        fail(fmt::format("corrupt: port {} of {} bits", p.name, width));
      p.width = static_cast<unsigned>(width);
      ports->push_back(std::move(p));
    }
  }
  header_.base_cycle = u64("the header");
  record_bits_ = header_.in_bits() + header_.out_bits();
  record_.assign(header_.record_bytes(), 0);
}

void TraceReader::read_record_change() {
  const std::size_t mask_bytes = (record_.size() + 7) / 8;
  need(mask_bytes, "a record");
  const std::size_t mask_at = pos_;
  pos_ += mask_bytes;
  if (record_.size() % 8 &&
      static_cast<std::uint8_t>(data_[mask_at + mask_bytes - 1]) >> (record_.size() % 8))
    fail(fmt::format("corrupt: record {} changes bytes past its {}", records_ + 1, record_.size()));
  for (std::size_t i = 0; i < record_.size(); ++i) {
    if ((static_cast<std::uint8_t>(data_[mask_at + i / 8]) >> (i % 8)) & 1)
      record_[i] ^= byte("a record");
  }
  // Bits past the last port are always zero.
  if (record_bits_ % 8 && record_.back() >> (record_bits_ % 8))
    fail(fmt::format("corrupt: record {} sets bits past its {} port bits", records_ + 1,
                     record_bits_));
}

TraceEntry TraceReader::next() {
  if (ended_) return {TraceEntry::Kind::kEnd, end_cycle_};
  if (repeats_left_ > 0) {
    --repeats_left_;
    ++records_;
    prev_end_ += last_delta_;
    return {TraceEntry::Kind::kRecord, prev_end_ - 1};
  }
  const std::uint64_t head = varint("an entry");
  const std::uint64_t value = head >> 2;
  switch (static_cast<EntryTag>(head & 3)) {
    case EntryTag::kRecord: {
      if (value == 0) fail("corrupt: a record in the cycle of the entry before it");
      bound(prev_end_, value, "a record's cycle delta", value);
      read_record_change();
      ++records_;
      prev_end_ += value;
      last_delta_ = value;
      last_ = Last::kRecord;
      repeat_allowed_ = true;
      return {TraceEntry::Kind::kRecord, prev_end_ - 1};
    }
    case EntryTag::kRepeat:
      if (!repeat_allowed_ || value == 0) fail("corrupt: a repeat that follows no record");
      bound(prev_end_, value > max_cycles_ / last_delta_ ? max_cycles_ + 1 : value * last_delta_,
            "a repeat count", value);
      repeats_left_ = value;
      repeat_allowed_ = false;
      return next();
    case EntryTag::kReset:
      // Delta 0: the edge of the cycle whose record came just before.
      if (value == 0 && last_ != Last::kRecord) fail("corrupt: a reset that follows no record");
      bound(prev_end_, value, "a reset's cycle delta", value);
      prev_end_ += value;
      last_ = Last::kReset;
      repeat_allowed_ = false;
      return {TraceEntry::Kind::kReset, prev_end_ - 1};
    case EntryTag::kEnd: {
      if (value != 0) fail("corrupt: an end entry with a value");
      end_cycle_ = u64("the end entry");
      bound(0, end_cycle_, "the end cycle", end_cycle_);
      const std::uint64_t records = u64("the end entry");
      const std::uint64_t body_hash =
          fnv1a(reinterpret_cast<const std::uint8_t*>(data_.data()), pos_);
      const std::uint64_t hash = u64("the end entry");
      if (hash != body_hash) fail("corrupt: the checksum does not match the contents");
      if (records != records_)
        fail(fmt::format("corrupt: {} records read, the end entry says {}", records_, records));
      if (end_cycle_ < prev_end_)
        fail(fmt::format("corrupt: ends at cycle {} before its last entry", end_cycle_));
      if (pos_ != data_.size())
        fail(fmt::format("corrupt: {} bytes after the end entry", data_.size() - pos_));
      ended_ = true;
      return {TraceEntry::Kind::kEnd, end_cycle_};
    }
  }
  return {};
}

TraceSummary TraceReader::scan() {
  TraceSummary s;
  for (;;) {
    const TraceEntry e = next();
    if (e.kind == TraceEntry::Kind::kReset) ++s.resets;
    if (e.kind == TraceEntry::Kind::kEnd) break;
  }
  s.records = records_;
  s.end_cycle = end_cycle_;
  return s;
}

}  // namespace wf::trace
