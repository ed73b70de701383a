// SyncMon condition cache with its waiting-WG list (AWG, Dutu et al., ISCA 2020, sec. IV-V):
// one per L2 bank. A waiting condition is (monitored address, awaited value); the cache holds
// the conditions that have waiters, set-associative (cache_sets x cache_ways), indexed by a
// universal hash of (address << (log2(entries) - log2(line size))) | value. Each condition
// holds the head and tail pointers of its FIFO of waiting WGs in the WG list (wg_entries
// entries, a WG id and a next pointer each); the free entries form the free list.
//
// Operations, one at a time over a valid/ready request interface (req_ready = the block idle):
// - wait (req_update = 0): register WG `req_wg` as a waiter for (req_addr, req_value). If the
//   condition is cached the WG joins the tail of its list (resp_hit = 1), else a way of its set
//   is allocated (resp_hit = 0). resp_full = 1 refuses the waiter, storing nothing: no WG-list
//   entry is free, or the condition is new and every way of its set holds a condition with
//   waiters. The caller then spills the waiter to the Monitor Log.
// - update (req_update = 1): a write of req_value to req_addr. resp_hit = 1 when it meets a
//   cached condition; the block then pops its waiters from the head, one per cycle on
//   wg_valid / wg: one waiter (req_all = 0: resume one) or all of them (req_all = 1). A
//   condition whose last waiter is popped is freed (its way invalid).
//
// Timing (the RTL's exactly): the condition cache is a RAM with one registered read port whose
// word is a whole set (the ways side by side), so one read returns every way of the set; the
// WG list is two RAMs (WG ids, next pointers), each with one registered read port and one
// write port. Cycle 0: the request is accepted (idle, req_valid) and the set read. Cycle 1
// (lookup): resp_valid with resp_hit / resp_full; a wait writes its WG-list entry, the tail's
// next pointer and the set back, and the block is idle again in cycle 2. An update that hits
// pops a waiter in each following cycle (pop), idle again the cycle after the last. So a wait
// or a missing update takes 2 cycles, an update that resumes n waiters 2 + n.
//
// Decisions the paper leaves open:
// - Replacement: a new condition takes the lowest-numbered free way of its set. A way is freed
//   only when its last waiter is popped; nothing with waiters is evicted: a full set refuses.
// - Ties: at most one way of a set holds a condition (a wait for a cached condition appends);
//   the lowest matching way is taken regardless.
// - Order: a condition's waiters resume in arrival order (FIFO: push at the tail, pop at the
//   head). A WG registered twice waits twice.
// - Valid bits are flip-flops (cache_sets x cache_ways), cleared by reset; the RAMs are not
//   reset. The free list is a never-used counter (entries [bump, wg_entries) are free) plus a
//   linked list of returned entries (length bump - used), so reset needs no RAM clearing.
// - Hash: H3 (Carter & Wegman's class of XOR hashes): set index bit i = parity(key & Q_i), the
//   rows Q_i fixed by `hash_seed`. Line size 64 bytes (kLineBits).
// - Widths: addr_bits of word address are kept whole as the tag (the hash is not invertible),
//   value_bits of awaited value (32), wg_bits of WG id (for a machine: its SMs x CTA slots).
// - An input arriving while the block is busy is ignored (req_ready = 0). The idle input (no
//   request) keeps every condition and waiter of an idle block; a busy block still answers and
//   pops, so its caller clocks it every cycle until req_ready.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "sim_model/blocks/bitvec.h"
#include "sim_model/blocks/params.h"
#include "sim_model/presets/machine.h"

namespace wf::blocks {

class SyncmonCache;

struct SyncmonCacheParams {
  using Block = SyncmonCache;
  unsigned cache_sets = 256;  // the paper's 4-way x 256 sets, 512-entry WG list
  unsigned cache_ways = 4;
  unsigned wg_entries = 512;
  unsigned addr_bits = 32;  // word address bits kept as the tag
  unsigned value_bits = 32;
  unsigned wg_bits = 6;  // the paper's reading 15 - 9 bits per WG-list entry
  unsigned hash_seed = 1;

  std::string validate() const;
  static const std::vector<ParamDesc>& describe();
  // None when the machine has no SyncMon (syncmon.cache_sets = 0); else one per L2 bank, all
  // alike.
  static std::vector<SyncmonCacheParams> for_machine(const Machine& m);

  unsigned set_bits() const;  // log2(cache_sets), 0 for one set
  unsigned ptr_bits() const { return clog2(wg_entries); }
  unsigned used_bits() const { return count_width(wg_entries); }
  unsigned way_bits() const { return clog2(cache_ways); }
  unsigned shift() const;     // log2(entries) - log2(line size), at least 0
  unsigned key_bits() const;  // width of (addr << shift) | value
  // One way of a set in the cache RAM: {tail, head, value, addr}, addr in the low bits.
  unsigned entry_bits() const { return addr_bits + value_bits + 2 * ptr_bits(); }
  std::uint64_t hash_row(unsigned bit) const;  // Q_bit, key_bits() wide
  unsigned hash(std::uint64_t addr, std::uint64_t value) const;
  // Storage: what the block holds (RAMs and valid flip-flops) and the paper's reading.
  std::uint64_t cache_ram_bits() const {
    return std::uint64_t{cache_sets} * cache_ways * entry_bits();
  }
  std::uint64_t wg_ram_bits() const { return std::uint64_t{wg_entries} * (wg_bits + ptr_bits()); }
  std::uint64_t valid_bits() const { return std::uint64_t{cache_sets} * cache_ways; }
  std::uint64_t paper_bits() const {
    return std::uint64_t{cache_sets} * cache_ways * 2 * ptr_bits() + wg_ram_bits();
  }
};

class SyncmonCache {
 public:
  using Params = SyncmonCacheParams;
  static constexpr const char* kName = "syncmon_cache";
  static constexpr unsigned kLineBits = 6;  // 64-byte L2 lines
  enum class State : std::uint8_t { kIdle = 0, kLookup = 1, kPop = 2 };

  struct In {
    bool req_valid = false;
    bool req_update = false;  // 0: wait, 1: update
    bool req_all = false;     // update: resume all waiters (else one)
    std::uint64_t req_addr = 0;
    std::uint64_t req_value = 0;
    std::uint32_t req_wg = 0;
  };
  struct Out {
    bool req_ready = false;
    bool resp_valid = false;
    bool resp_hit = false;
    bool resp_full = false;
    bool wg_valid = false;
    std::uint32_t wg = 0;
    bool operator==(const Out&) const = default;
  };
  struct Way {
    std::uint64_t addr = 0, value = 0;
    unsigned head = 0, tail = 0;
  };

  explicit SyncmonCache(const Params& p);
  const Params& params() const { return p_; }

  Out eval(const In&) const;
  void tick(const In& in);
  void reset();

  // Read-only state for the coverage model and the tests.
  State state() const { return state_; }
  unsigned used() const { return used_; }
  unsigned set_index() const { return set_; }
  bool valid(unsigned set, unsigned way) const { return valid_[set * p_.cache_ways + way]; }
  unsigned valid_in_set(unsigned set) const;
  bool op_update() const { return update_; }
  bool op_all() const { return all_; }
  bool from_free_list() const { return bump_ != used_; }
  bool lookup_hit() const { return match().first; }
  bool lookup_full() const;  // a wait at this lookup is refused
  bool pop_last() const { return state_ == State::kPop && head_ == row_[way_].tail; }
  unsigned waiters(std::uint64_t addr, std::uint64_t value) const;  // walks the list (tests)

  static std::vector<PortValue> in_ports(const Params& p, const In& in);
  static std::vector<PortValue> out_ports(const Params& p, const Out& out);

 private:
  std::pair<bool, unsigned> match() const;  // lookup: (hit, way) over the set read

  Params p_;
  // RAMs (not reset) and their read registers.
  std::vector<std::vector<Way>> cache_;
  std::vector<std::uint32_t> wg_id_;
  std::vector<unsigned> next_;
  std::vector<Way> row_;
  std::uint32_t wg_rd_ = 0;
  unsigned next_rd_ = 0;
  // Registers.
  State state_ = State::kIdle;
  bool update_ = false, all_ = false;
  std::uint64_t addr_ = 0, value_ = 0;
  std::uint32_t wg_ = 0;
  unsigned set_ = 0, way_ = 0, head_ = 0;
  unsigned used_ = 0, bump_ = 0, free_head_ = 0;
  std::vector<bool> valid_;
};

}  // namespace wf::blocks
