// Tags of a set-associative cache with true LRU. Used by the L1 (no reservations: loads
// allocate on fill) and the L2 (a miss reserves its way until the fill, GPGPU-Sim's
// allocate-on-miss; a write miss keeps only the bytes written, a partial line).
#pragma once

#include <cstdint>
#include <vector>

namespace wf::mem {

class TagArray {
 public:
  enum class State : std::uint8_t { kInvalid, kValid, kReserved, kPartial };
  static constexpr int kNone = -1;

  TagArray(unsigned sets, unsigned ways) : sets_(sets), ways_(ways), lines_(sets * ways) {}

  unsigned sets() const { return sets_; }
  unsigned ways() const { return ways_; }

  // `index` picks the set (index mod sets); `tag` identifies the line within all of memory.
  int find(std::uint64_t index, std::uint64_t tag) const {
    const unsigned base = set_base(index);
    for (unsigned w = 0; w < ways_; ++w) {
      const Line& l = lines_[base + w];
      if (l.state != State::kInvalid && l.tag == tag) return static_cast<int>(base + w);
    }
    return kNone;
  }

  // An invalid way if any, else the least recently used valid or partial one; kNone when every
  // way is reserved.
  int victim(std::uint64_t index) const {
    const unsigned base = set_base(index);
    int best = kNone;
    for (unsigned w = 0; w < ways_; ++w) {
      const Line& l = lines_[base + w];
      if (l.state == State::kInvalid) return static_cast<int>(base + w);
      if (l.state != State::kReserved && (best == kNone || l.last_use < lines_[best].last_use)) {
        best = static_cast<int>(base + w);
      }
    }
    return best;
  }

  void touch(int way) { lines_[way].last_use = ++clock_; }
  void install(int way, std::uint64_t tag, State state, bool dirty) {
    lines_[way] = Line{tag, ++clock_, state, dirty};
  }

  State state(int way) const { return lines_[way].state; }
  std::uint64_t tag(int way) const { return lines_[way].tag; }
  bool dirty(int way) const { return lines_[way].dirty; }
  void set_state(int way, State s) { lines_[way].state = s; }
  void set_dirty(int way, bool d) { lines_[way].dirty = d; }

 private:
  struct Line {
    std::uint64_t tag = 0;
    std::uint64_t last_use = 0;
    State state = State::kInvalid;
    bool dirty = false;
  };

  unsigned set_base(std::uint64_t index) const {
    return static_cast<unsigned>(index % sets_) * ways_;
  }

  unsigned sets_, ways_;
  std::vector<Line> lines_;
  std::uint64_t clock_ = 0;
};

}  // namespace wf::mem
