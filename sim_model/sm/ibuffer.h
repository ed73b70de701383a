// A warp's instruction buffer: the decoded instructions fetched ahead of issue, in program
// order. Entries remember their pc so that issue can tell when the SIMT stack moved the warp
// somewhere else (reconvergence) and the buffer must be flushed.
#pragma once

#include <array>
#include <cstdint>

namespace wf::ptx {
struct Instr;
}

namespace wf::sm {

class IBuffer {
 public:
  static constexpr unsigned kMaxEntries = 8;

  struct Entry {
    std::uint32_t function = 0;
    std::uint32_t pc = 0;
    // The decoded instruction, kept from fetch (which reads it anyway) so that issue does not
    // walk from the warp through its call frame and SIMT stack to the code again.
    const ptx::Instr* instr = nullptr;
  };

  bool empty() const { return count_ == 0; }
  unsigned size() const { return count_; }
  const Entry& front() const { return entries_[head_]; }
  const Entry& back() const { return entries_[(head_ + count_ - 1) % kMaxEntries]; }
  void push(Entry e) { entries_[(head_ + count_++) % kMaxEntries] = e; }
  // An emptied buffer starts again at the first entry: fetch fills only empty buffers (except
  // under fef), so a buffer of depth d then uses only its first d entries and the host's cache
  // sees one or two lines of it, not all eight entries in turn.
  void pop() { head_ = --count_ == 0 ? 0 : (head_ + 1) % kMaxEntries; }
  void flush() { head_ = count_ = 0; }

 private:
  unsigned head_ = 0, count_ = 0;  // first: read with the warp's first entries
  std::array<Entry, kMaxEntries> entries_{};
};

}  // namespace wf::sm
