#include "sim_model/sm/instruction_cache.h"

#include <algorithm>

namespace wf::sm {

InstructionCache::InstructionCache(const TimingConfig& c)
    : line_bytes_(c.l1i_line_bytes),
      miss_latency_(c.l1i_miss_latency),
      from_memory_(c.l1i_from_memory != 0) {
  l1_.ways = c.l1i_ways;
  l1_.sets = std::max(1u, c.l1i_bytes / (c.l1i_line_bytes * c.l1i_ways));
  l1_.lines.resize(std::size_t{l1_.sets} * l1_.ways);
  if (from_memory_ && c.l1i_near_bytes != 0) {
    near_.ways = c.l1i_ways;
    near_.sets = std::max(1u, c.l1i_near_bytes / (c.l1i_line_bytes * c.l1i_ways));
    near_.lines.resize(std::size_t{near_.sets} * near_.ways);
  }
}

InstructionCache::Line* InstructionCache::Tags::find(std::uint64_t line) {
  Line* set = &lines[(line % sets) * ways];
  for (unsigned w = 0; w < ways; ++w)
    if (set[w].tag == line) return &set[w];
  return nullptr;
}

InstructionCache::Line& InstructionCache::Tags::victim(std::uint64_t line) {
  Line* set = &lines[(line % sets) * ways];
  Line* victim = set;
  for (unsigned w = 1; w < ways; ++w)
    if (set[w].last_use < victim->last_use) victim = &set[w];
  return *victim;
}

std::uint64_t InstructionCache::access(std::uint64_t addr, std::uint64_t now, bool& started) {
  ++accesses_;
  started = false;
  const std::uint64_t line = addr / line_bytes_;
  if (Line* hit = l1_.find(line)) {
    hit->last_use = now + 1;
    return std::max(now, hit->ready);
  }
  ++misses_;
  started = true;
  Line& v = l1_.victim(line);
  v.tag = line;
  v.last_use = now + 1;
  v.ready = now + miss_latency_;
  if (!from_memory_) return v.ready;
  if (!near_.lines.empty()) {
    if (Line* near = near_.find(line)) {
      near->last_use = now + 1;
      // A line the nearby cache still reads from memory arrives with that read.
      v.ready = near->ready == kPending ? kPending : std::max(v.ready, near->ready);
      started = v.ready != kPending;
      return v.ready;
    }
    Line& n = near_.victim(line);
    n.tag = line;
    n.last_use = now + 1;
    n.ready = kPending;
  }
  ++memory_reads_;
  v.ready = kPending;
  return v.ready;
}

void InstructionCache::fill(std::uint64_t line, std::uint64_t now) {
  for (Tags* t : {&l1_, &near_}) {
    if (t->lines.empty()) continue;
    if (Line* l = t->find(line); l && l->ready == kPending) l->ready = now;
  }
}

}  // namespace wf::sm
