#include "sim_model/sm/instruction_cache.h"

#include <algorithm>

namespace wf::sm {

InstructionCache::InstructionCache(const TimingConfig& c)
    : ways_(c.l1i_ways), line_bytes_(c.l1i_line_bytes), miss_latency_(c.l1i_miss_latency) {
  sets_ = std::max(1u, c.l1i_bytes / (c.l1i_line_bytes * c.l1i_ways));
  lines_.resize(std::size_t{sets_} * ways_);
}

std::uint64_t InstructionCache::access(std::uint64_t addr, std::uint64_t now) {
  ++accesses_;
  const std::uint64_t line = addr / line_bytes_;
  Line* set = &lines_[(line % sets_) * ways_];
  Line* victim = set;
  for (unsigned w = 0; w < ways_; ++w) {
    if (set[w].tag == line) {
      set[w].last_use = now + 1;
      return std::max(now, set[w].ready);
    }
    if (set[w].last_use < victim->last_use) victim = &set[w];
  }
  ++misses_;
  victim->tag = line;
  victim->ready = now + miss_latency_;
  victim->last_use = now + 1;
  return victim->ready;
}

}  // namespace wf::sm
