#include "sim_model/trace/trace_writer.h"

#include <algorithm>
#include <stdexcept>

#include "sim_model/common/error.h"

namespace wf::trace {
namespace {
constexpr std::size_t kBufferBytes = 1 << 16;
}

TraceWriter::TraceWriter(std::filesystem::path path, const TraceHeader& header)
    : path_(std::move(path)), hash_(fnv1a(nullptr, 0)) {
  file_ = std::fopen(path_.c_str(), "wb");
  if (!file_) throw UsageError(path_.string() + ": cannot create the block trace file");
  buffer_.reserve(kBufferBytes + 64);
  record_bytes_ = header.record_bytes();
  last_.assign(record_bytes_, 0);
  mask_.assign((record_bytes_ + 7) / 8, 0);
  changed_.assign(record_bytes_, 0);
  put(reinterpret_cast<const std::uint8_t*>(kMagic), sizeof kMagic);
  const std::uint8_t version[2] = {kVersion & 0xff, kVersion >> 8};
  put(version, 2);
  put_string(header.block);
  put_string(header.instance);
  put_varint(header.params.size());
  for (const auto& [k, v] : header.params) {
    put_string(k);
    put_string(v);
  }
  for (const auto* ports : {&header.in_ports, &header.out_ports}) {
    put_varint(ports->size());
    for (const auto& p : *ports) {
      put_string(p.name);
      put_varint(p.width);
    }
  }
  put_u64(header.base_cycle);
}

TraceWriter::~TraceWriter() {
  if (file_) std::fclose(file_);
}

void TraceWriter::put(const std::uint8_t* data, std::size_t n) {
  hash_ = fnv1a(data, n, hash_);
  buffer_.insert(buffer_.end(), data, data + n);
  if (buffer_.size() >= kBufferBytes) flush_buffer();
}

void TraceWriter::put_varint(std::uint64_t v) {
  std::uint8_t b[10];
  std::size_t n = 0;
  do {
    b[n] = static_cast<std::uint8_t>(v & 0x7f);
    v >>= 7;
    if (v) b[n] |= 0x80;
    ++n;
  } while (v);
  put(b, n);
}

void TraceWriter::put_u64(std::uint64_t v) {
  std::uint8_t b[8];
  for (unsigned i = 0; i < 8; ++i) b[i] = static_cast<std::uint8_t>(v >> (8 * i));
  put(b, 8);
}

void TraceWriter::put_string(const std::string& s) {
  put_varint(s.size());
  put(reinterpret_cast<const std::uint8_t*>(s.data()), s.size());
}

void TraceWriter::flush_buffer() {
  if (!file_ || buffer_.empty()) return;
  if (std::fwrite(buffer_.data(), 1, buffer_.size(), file_) != buffer_.size())
    throw UsageError(path_.string() + ": cannot write the block trace (disk full?)");
  written_ += buffer_.size();
  buffer_.clear();
}

void TraceWriter::flush_repeats() {
  if (pending_repeats_ == 0) return;
  put_varint(pending_repeats_ << 2 | static_cast<unsigned>(EntryTag::kRepeat));
  pending_repeats_ = 0;
}

void TraceWriter::record(std::uint64_t cycle, const std::vector<std::uint8_t>& bytes) {
  if (cycle < prev_end_ || bytes.size() != record_bytes_)
    throw std::logic_error(path_.string() + ": block trace record out of cycle order");
  const std::uint64_t delta = cycle + 1 - prev_end_;
  ++records_;
  prev_end_ = cycle + 1;
  if (last_is_record_ && delta == last_delta_ && bytes == last_) {
    ++pending_repeats_;
    return;
  }
  flush_repeats();
  put_varint(delta << 2 | static_cast<unsigned>(EntryTag::kRecord));
  // The change against the previous record: a bitmap of the bytes that differ, then each of
  // them XOR its previous value.
  std::fill(mask_.begin(), mask_.end(), 0);
  std::size_t nchanged = 0;
  for (std::size_t i = 0; i < record_bytes_; ++i) {
    const std::uint8_t x = bytes[i] ^ last_[i];
    if (!x) continue;
    mask_[i / 8] |= static_cast<std::uint8_t>(1u << (i % 8));
    changed_[nchanged++] = x;
  }
  put(mask_.data(), mask_.size());
  put(changed_.data(), nchanged);
  last_ = bytes;
  last_delta_ = delta;
  last_is_record_ = true;
  last_is_reset_ = false;
}

void TraceWriter::reset(std::uint64_t cycle) {
  if (cycle + 1 < prev_end_)
    throw std::logic_error(path_.string() + ": block trace reset out of cycle order");
  if (last_is_reset_ && cycle + 1 == prev_end_) return;
  flush_repeats();
  put_varint((cycle + 1 - prev_end_) << 2 | static_cast<unsigned>(EntryTag::kReset));
  prev_end_ = cycle + 1;
  last_is_record_ = false;
  last_is_reset_ = true;
}

void TraceWriter::finish(std::uint64_t end_cycle) {
  flush_repeats();
  if (end_cycle < prev_end_)
    throw std::logic_error(path_.string() + ": block trace ends before its last entry");
  put_varint(static_cast<unsigned>(EntryTag::kEnd));
  put_u64(end_cycle);
  put_u64(records_);
  put_u64(hash_);  // of every byte before it
  flush_buffer();
  const bool ok = std::fflush(file_) == 0;
  std::fclose(file_);
  file_ = nullptr;
  if (!ok) throw UsageError(path_.string() + ": cannot write the block trace (disk full?)");
}

}  // namespace wf::trace
