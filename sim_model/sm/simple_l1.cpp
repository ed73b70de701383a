#include "sim_model/sm/simple_l1.h"

#include <algorithm>
#include <bit>

namespace wf::sm {
namespace {

// Distinct lines touched by the active lanes, in lane order (a thread's access may straddle
// two lines).
unsigned coalesce(const ptx::MemAccess& m, unsigned line_bytes,
                  std::array<std::uint64_t, 512>& out) {
  unsigned n = 0;
  auto add = [&](std::uint64_t line) {
    if (n && out[n - 1] == line) return;  // neighbouring lanes mostly share the line
    if (std::find(out.begin(), out.begin() + n, line) == out.begin() + n) out[n++] = line;
  };
  std::uint64_t lanes = m.lanes;
  const std::uint64_t mask = ~std::uint64_t{line_bytes - 1};
  while (lanes) {
    const unsigned l = static_cast<unsigned>(std::countr_zero(lanes));
    lanes &= lanes - 1;
    add(m.addr[l] & mask);
    add((m.addr[l] + std::max<unsigned>(m.bytes, 1) - 1) & mask);
  }
  // A texture fetch's further texels: aligned texels of at most 16 bytes, one line each.
  for (std::uint32_t i = 0; i < m.texel_count; ++i) add(m.texels[i].addr & mask);
  return n;
}

}  // namespace

SimpleL1::SimpleL1(const TimingConfig& c, mem::MemorySystem& memory, std::uint32_t sm)
    : c_(c), memory_(memory), sm_(sm), ways_(std::size_t{c.l1d_sets} * c.l1d_ways) {}

bool SimpleL1::can_accept(unsigned lines) const {
  // Every line could miss; refuse rather than overflow the MSHRs.
  return mshr_.size() + in_flight_.size() + lines <= 2 * std::size_t{c_.l1d_mshrs} &&
         outbox_.size() < 4 * std::size_t{c_.l1d_mshrs};
}

bool SimpleL1::lookup(std::uint64_t line, std::uint64_t now) {
  Way* set = &ways_[(line / c_.l1d_line_bytes % c_.l1d_sets) * c_.l1d_ways];
  for (unsigned w = 0; w < c_.l1d_ways; ++w) {
    if (set[w].tag == line) {
      set[w].last_use = now + 1;
      return true;
    }
  }
  return false;
}

void SimpleL1::fill(std::uint64_t line, std::uint64_t now) {
  Way* set = &ways_[(line / c_.l1d_line_bytes % c_.l1d_sets) * c_.l1d_ways];
  Way* victim = set;
  for (unsigned w = 0; w < c_.l1d_ways; ++w)
    if (set[w].last_use < victim->last_use) victim = &set[w];
  victim->tag = line;
  victim->last_use = now + 1;
}

void SimpleL1::invalidate(std::uint64_t line) {
  Way* set = &ways_[(line / c_.l1d_line_bytes % c_.l1d_sets) * c_.l1d_ways];
  for (unsigned w = 0; w < c_.l1d_ways; ++w)
    if (set[w].tag == line) set[w] = Way{};
}

unsigned SimpleL1::access(std::uint64_t token, std::uint32_t, mem::RequestKind kind,
                          const ptx::MemAccess& m, std::uint64_t now) {
  std::array<std::uint64_t, 512> lines;
  const unsigned n = coalesce(m, c_.l1d_line_bytes, lines);
  mem::LineRequest r;
  r.sm = sm_;
  r.kind = kind;
  r.issue_cycle = now;
  r.bytes = c_.l1d_line_bytes;
  if (kind == mem::RequestKind::kWrite) {
    for (unsigned i = 0; i < n; ++i) {
      ++stats_.stores;
      invalidate(lines[i]);
      r.id = next_id_++;
      r.addr = lines[i];
      outbox_.push_back(r);
    }
    return n;
  }
  remaining_[token] = n;
  for (unsigned i = 0; i < n; ++i) {
    r.id = next_id_++;
    r.addr = lines[i];
    if (kind == mem::RequestKind::kAtomic) {
      ++stats_.atomics;
      in_flight_[r.id] = {true, token};
      outbox_.push_back(r);
      continue;
    }
    ++stats_.accesses;
    if (lookup(lines[i], now)) {
      ++stats_.hits;
      hits_.emplace(now + c_.l1d_hit_latency, token);
      continue;
    }
    auto [it, fresh] = mshr_.try_emplace(lines[i]);
    it->second.push_back(token);
    if (!fresh) {
      ++stats_.mshr_merges;
      continue;
    }
    in_flight_[r.id] = {false, lines[i]};
    outbox_.push_back(r);
  }
  return n;
}

bool SimpleL1::fetch_instruction(std::uint64_t line_addr, std::uint64_t now) {
  const mem::LineRequest r{
      next_id_++, sm_, line_addr, c_.l1i_line_bytes, mem::RequestKind::kRead, now, {}, 0, 0};
  in_flight_[r.id] = {false, kInstructionFill | line_addr};
  outbox_.push_back(r);
  return true;
}

void SimpleL1::line_done(std::uint64_t token) {
  auto it = remaining_.find(token);
  if (--it->second == 0) {
    remaining_.erase(it);
    done_.push_back(token);
  }
}

bool SimpleL1::cycle(std::uint64_t now) {
  exchange(now);
  return done_head_ != done_.size();
}

void SimpleL1::exchange(std::uint64_t now) {
  if (done_head_ == done_.size()) {
    done_.clear();
    done_head_ = 0;
  }
  while (!hits_.empty() && hits_.front().first <= now) {
    line_done(hits_.front().second);
    hits_.pop();
  }
  if (!outbox_.empty() && memory_.can_send(sm_)) {
    outbox_.front().issue_cycle = now;
    memory_.send(outbox_.front());
    outbox_.pop_front();
  }
  if (memory_.has_response(sm_)) {
    const mem::LineResponse resp = memory_.take_response(sm_);
    auto it = in_flight_.find(resp.id);
    if (it == in_flight_.end()) return;  // a store's (the contract sends none; be lenient)
    const auto [atomic, value] = it->second;
    in_flight_.erase(it);
    if (value & kInstructionFill) {
      done_.push_back(value);
      return;
    }
    if (atomic) {
      line_done(value);
      return;
    }
    fill(value, now);
    auto m = mshr_.find(value);
    for (std::uint64_t token : m->second) line_done(token);
    mshr_.erase(m);
  }
}

bool SimpleL1::atomic_token(std::uint64_t request_id, std::uint64_t& token) const {
  const auto it = in_flight_.find(request_id);
  if (it == in_flight_.end() || !it->second.first) return false;
  token = it->second.second;
  return true;
}

bool SimpleL1::pop_completion(std::uint64_t& token) {
  if (done_head_ == done_.size()) return false;
  token = done_[done_head_++];
  return true;
}

}  // namespace wf::sm
