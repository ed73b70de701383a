// AWG's resume predictor (Dutu et al., ISCA 2020, sec. IV-E and V-A): when a waiting condition
// is met, resume all of its waiters or one, and repair a wrong "one" with a timeout. One per
// SyncMon, between the condition cache (the SyncMon cache block, which pops one or all waiters
// of a met condition on request) and the Bloom filters (which count the unique values written
// to the monitored address).
//
// The rule (sec. V-A): resume all waiters if there are more than one waiter and more than two
// unique updates to the address; one waiter at a time if more than one waiter and at most two
// unique updates. MonNR-One (sec. IV-E), whose "one" AWG inherits: the rest of the waiters
// resume when a different update meets the condition or after a fixed timeout interval.
//
// Inputs, all in one cycle (events: met_valid, cancel_valid, timeout_ack):
// - met: a condition was met. met_cond is its condition-cache entry (set x ways + way,
//   cond_bits = clog2(sets x ways)), met_waiters its waiter count before this resume (an exact
//   count, count_width(wg_entries) bits; only "> 1" matters, so a caller may saturate it at any
//   value >= 2), met_unique the Bloom filter's saturating unique-update count (count_bits).
//   resume_all (combinational, same cycle) = met && (waiters > 1 && unique > 2, or the fallback
//   below). With one waiter (or none) the output is resume one (resume_all = 0): one and all
//   are the same then, and the rule's "all" needs more than one.
// - A "one" guess with waiters > 1 leaves waiters behind: it arms a timer for the condition,
//   deadline = now + resume_timeout, in the condition's slot if it has one (a re-arm), else in
//   the lowest free slot. A met event that leaves no waiter (resume all, or one of at most one)
//   frees the condition's slot.
// - cancel: the condition's last waiter resumed or the condition was freed; frees its slot
//   (nothing when it has none).
// - Expiry: a slot whose deadline has come (now - deadline, modulo 2^time_bits, below
//   2^(time_bits-1)) shows on timeout_valid / timeout_cond (the lowest such slot, 0 when none)
//   until the caller takes it with timeout_ack in a cycle that shows it (valid/ready: taken
//   when both), which frees the slot; the caller then resumes all of that condition's waiters.
//   An ack in a cycle that shows nothing is ignored.
// - Order within a cycle: the ack frees the slot shown, then cancel frees its condition's slot,
//   then the met event looks up its condition and a free slot among the slots left: a slot
//   freed in the cycle is free for the met event of the same cycle.
//
// Decisions the paper leaves open:
// - Combinational decision: the condition cache answers a met update in its lookup cycle and
//   pops the next; a registered decision would put a bubble before every resume. The logic is a
//   few comparisons and a search of a few slots.
// - No free slot: a "one" guess whose condition has no slot and finds every slot busy predicts
//   "all" instead (fallback), so that no waiter is ever left without a repair; it costs the
//   contention MonNR-All has, only while the timers are exhausted.
// - Time: the caller supplies now (a wrapping cycle count, time_bits = bit_width(timeout) + 1
//   bits, held when the block is not called). A timer stores its deadline, not a countdown, so
//   idle input (no event) keeps the state: the outputs are a function of the state and now,
//   and a block not clocked in idle cycles is the same as one clocked with idle input. Since
//   timeout < 2^(time_bits-1), a deadline is compared modulo 2^time_bits: a slot shows for the
//   2^(time_bits-1) >= timeout + 1 cycles from its deadline on. The caller must take an expired
//   slot within that window; beyond it the slot reads as pending again until now wraps round
//   (it is not lost: it stays armed). At the paper's sizes the window is 2048 cycles, against
//   the few cycles a controller takes to queue the resume.
// - Storage: timer_slots x (valid, cond id, deadline) in flip-flops, not a RAM: every slot is
//   compared every cycle (the met and cancel ids, the deadline against now), a CAM.
// - Condition ids are not range-checked: with sets x ways not a power of two the unused codes
//   are ids like any other.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sim_model/blocks/bitvec.h"
#include "sim_model/blocks/params.h"
#include "sim_model/presets/machine.h"

namespace wf::blocks {

class ResumePredictor;

struct ResumePredictorParams {
  using Block = ResumePredictor;
  unsigned cache_sets = 256;  // the paper's condition cache: 4 ways x 256 sets, 512 WGs
  unsigned cache_ways = 4;
  unsigned wg_entries = 512;
  unsigned count_bits = 2;         // the Bloom filter's saturating count: 0..3
  unsigned resume_timeout = 2000;  // awg-apu's (the paper gives no number)
  unsigned resume_timers = 16;

  std::string validate() const;
  static const std::vector<ParamDesc>& describe();
  // None when the machine has no SyncMon (syncmon.cache_sets = 0); else one per SyncMon.
  static std::vector<ResumePredictorParams> for_machine(const Machine& m);

  unsigned conditions() const { return cache_sets * cache_ways; }
  unsigned cond_bits() const { return clog2(conditions()); }
  unsigned waiter_bits() const { return count_width(wg_entries); }
  unsigned time_bits() const;  // bit_width(resume_timeout) + 1
  unsigned slot_bits() const { return clog2(resume_timers); }
  // Flip-flops of the timer slots: a valid bit, a condition id and a deadline each.
  std::uint64_t timer_bits() const {
    return std::uint64_t{resume_timers} * (1 + cond_bits() + time_bits());
  }
};

class ResumePredictor {
 public:
  using Params = ResumePredictorParams;
  static constexpr const char* kName = "resume_predictor";

  struct In {
    bool met_valid = false;
    std::uint32_t met_cond = 0;
    std::uint32_t met_waiters = 0;
    std::uint32_t met_unique = 0;
    bool cancel_valid = false;
    std::uint32_t cancel_cond = 0;
    bool timeout_ack = false;
    std::uint32_t now = 0;
  };
  struct Out {
    bool resume_all = false;
    bool timeout_valid = false;
    std::uint32_t timeout_cond = 0;
    bool operator==(const Out&) const = default;
  };
  struct Slot {
    bool valid = false;
    std::uint32_t cond = 0;
    std::uint32_t deadline = 0;
  };
  // What a cycle's input does to the slots (read-only: eval, tick and the coverage use it).
  struct Step {
    std::optional<unsigned> shown;     // the lowest expired slot
    std::optional<unsigned> acked;     // freed by the ack
    std::optional<unsigned> canceled;  // freed by cancel
    std::optional<unsigned> hit;       // the met condition's slot, after ack and cancel
    std::optional<unsigned> free;      // the lowest free slot, after ack and cancel
    bool rule_all = false;             // met, waiters > 1 and unique > 2
    bool need_timer = false;           // met, waiters > 1 and unique <= 2: a "one" guess
    bool fallback = false;             // ... with no slot for it: resume all instead
    bool resume_all = false;
    std::optional<unsigned> armed;  // the slot armed (or re-armed) by the met event
    std::optional<unsigned> freed;  // the slot the met event frees (no waiter remains)
  };

  explicit ResumePredictor(const Params& p);
  const Params& params() const { return p_; }

  Out eval(const In& in) const;
  void tick(const In& in);
  void reset();

  // Read-only state for the coverage model and the tests.
  const Slot& slot(unsigned i) const { return slots_[i]; }
  bool expired(unsigned i, std::uint32_t now) const;
  unsigned armed() const;  // valid slots
  Step step(const In& in) const;

  static std::vector<PortValue> in_ports(const Params& p, const In& in);
  static std::vector<PortValue> out_ports(const Params& p, const Out& out);

 private:
  Params p_;
  std::vector<Slot> slots_;
};

}  // namespace wf::blocks
