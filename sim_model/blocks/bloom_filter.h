// AWG's bank of counting Bloom filters (Dutu et al., ISCA 2020, sec. IV-A and V-C): one filter
// per monitored address, counting the unique values written to it, so that the SyncMon can
// tell barriers (more than two unique updates: resume all waiters) from locks and flags (at
// most two: resume one at a time). The paper's filters hold 24 bits with 6 hash functions,
// 512 of them (12288 bits), at a false-positive rate it quotes as 2.1 %.
//
// Operations, one at a time over a valid/ready request interface (req_ready = the block idle),
// on filter `req_filter`:
// - query (req_insert = 0, req_clear = 0): is `req_value` in the filter?
// - insert (req_insert = 1): an update writing `req_value`. A value the filter does not hold
//   (not every one of its K bits set) is a unique update: its bits are set and the count goes
//   up by one, saturating at 2^count_bits - 1 (then the count stays and the bits are still
//   set). A value it holds (inserted before, or a false positive) changes nothing.
// - clear (req_clear = 1, whatever req_insert): empty the filter (bits and count), when its
//   address stops being monitored.
// The response, one cycle after the request: resp_present (every bit of the value was set
// before the operation: inserted before, or a false positive; 0 for a clear) and resp_count
// (the unique count after the operation; 0 for a clear).
//
// Timing (the RTL's exactly): the filters are one RAM of `bloom_filters` words of
// {count, bits} with one registered read port and one write port. Cycle 0: the request is
// accepted (idle, req_valid), the value hashed into its K-bit mask and the filter's word read.
// Cycle 1: resp_valid with the answer; an insert writes the word back (bits | mask, the new
// count), a clear clears the filter's valid bit. Idle again in cycle 2: every operation takes
// 2 cycles. An input arriving while busy is ignored (req_ready = 0); a busy block still
// answers, so its caller clocks it until req_ready.
//
// Decisions the paper leaves open:
// - Hashes: K universal hashes of the H3 class (Carter & Wegman) with an offset: hash i maps
//   the value to b = log2(M) + 4 bits, bit j = parity(value & Q_ij) ^ c_ij, rows Q and offsets
//   c fixed by `hash_seed`; then the multiply-shift range reduction index = (h x M) >> b, a
//   constant multiply, near-uniform over the M bits (each bit is hit by 2^b / M +- 1 of the
//   2^b hash values) also when M is not a power of two. The offset keeps value 0 from mapping
//   every hash to bit 0, as pure (linear) H3 would. Two hashes of one value may name the same
//   bit; the value then sets fewer than K bits.
// - Not partitioned: every hash ranges over all M bits (a partitioned filter, M/K bits per hash,
//   has a higher false-positive rate: 3.7 % against 2.1 % at 3 values for 24/6).
// - The paper's 2.1 % is (1 - e^(-kn/m))^k = 2.15 % at n = 3 inserted values, m = 24, k = 6
//   (0.37 % at n = 2): the rate at its decision threshold, "more than two unique updates".
// - Count: count_bits bits (2 by default: saturates at 3, all the "> 2 unique updates" rule
//   needs); saturating, as the issue asks; at saturation inserts still set bits.
// - Empty filters: a valid flip-flop per filter, cleared by reset and by clear; a filter whose
//   valid bit is clear reads as zero, so neither reset nor clear touches the RAM (one cycle).
//   The RAM is not reset.
// - A filter index at or beyond bloom_filters (possible when it is not a power of two) names no
//   filter: the answer is not present, count 0, and nothing is stored.
// - The idle input (no request) keeps every filter of an idle block.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sim_model/blocks/bitvec.h"
#include "sim_model/blocks/params.h"
#include "sim_model/presets/machine.h"

namespace wf::blocks {

class BloomFilter;

struct BloomFilterParams {
  using Block = BloomFilter;
  unsigned bloom_filters = 512;  // the paper's 512 filters of 24 bits with 6 hash functions
  unsigned bloom_bits = 24;
  unsigned bloom_hashes = 6;
  unsigned value_bits = 32;  // the value written to a monitored address
  unsigned count_bits = 2;   // saturates at 3: "more than two unique updates"
  unsigned hash_seed = 1;

  std::string validate() const;
  static const std::vector<ParamDesc>& describe();
  // None when the machine has no SyncMon (syncmon.cache_sets = 0); else the machine's
  // [syncmon] bloom_filters / bloom_bits / bloom_hashes.
  static std::vector<BloomFilterParams> for_machine(const Machine& m);

  unsigned filter_bits() const { return clog2(bloom_filters); }
  unsigned index_bits() const { return clog2(bloom_bits); }
  unsigned hash_bits() const { return index_bits() + 4; }  // b: before the range reduction
  unsigned word_bits() const { return bloom_bits + count_bits; }
  unsigned count_max() const { return (1u << count_bits) - 1; }
  std::uint64_t hash_row(unsigned hash, unsigned bit) const;      // Q_ij, value_bits wide
  unsigned hash_offset(unsigned hash) const;                      // c_i, hash_bits wide
  unsigned hash_index(unsigned hash, std::uint64_t value) const;  // in [0, bloom_bits)
  std::uint64_t mask(std::uint64_t value) const;  // the bits of a value: one per hash
  // Storage: the RAM, the valid flip-flops and the paper's reading.
  std::uint64_t ram_bits() const { return std::uint64_t{bloom_filters} * word_bits(); }
  std::uint64_t valid_bits() const { return bloom_filters; }
  std::uint64_t paper_bits() const { return std::uint64_t{bloom_filters} * bloom_bits; }
};

class BloomFilter {
 public:
  using Params = BloomFilterParams;
  static constexpr const char* kName = "bloom_filter";

  struct In {
    bool req_valid = false;
    bool req_insert = false;  // 1: insert (an update), 0: query
    bool req_clear = false;   // 1: clear (wins over req_insert)
    std::uint32_t req_filter = 0;
    std::uint64_t req_value = 0;
  };
  struct Out {
    bool req_ready = false;
    bool resp_valid = false;
    bool resp_present = false;
    std::uint32_t resp_count = 0;
    bool operator==(const Out&) const = default;
  };

  explicit BloomFilter(const Params& p);
  const Params& params() const { return p_; }

  Out eval(const In&) const;
  void tick(const In& in);
  void reset();

  // Read-only state for the coverage model and the tests.
  bool busy() const { return busy_; }
  bool op_insert() const { return insert_ && !clear_; }
  bool op_clear() const { return clear_; }
  unsigned filter() const { return filter_; }
  bool in_range() const { return filter_ < p_.bloom_filters; }
  std::uint64_t op_mask() const { return mask_; }
  bool held(unsigned f) const { return valid_[f]; }  // the filter holds a value
  std::uint64_t bits(unsigned f) const { return valid_[f] ? bits_[f] : 0; }
  unsigned count(unsigned f) const { return valid_[f] ? count_[f] : 0; }
  unsigned filters_held() const { return held_; }
  bool lookup_present() const;  // busy: every bit of the value is set in the filter

  static std::vector<PortValue> in_ports(const Params& p, const In& in);
  static std::vector<PortValue> out_ports(const Params& p, const Out& out);

 private:
  Params p_;
  // The RAM (not reset) and its read register.
  std::vector<std::uint64_t> bits_;
  std::vector<unsigned> count_;
  std::uint64_t rd_bits_ = 0;
  unsigned rd_count_ = 0;
  // Registers.
  bool busy_ = false, insert_ = false, clear_ = false;
  unsigned filter_ = 0;
  std::uint64_t mask_ = 0;
  std::vector<bool> valid_;
  unsigned held_ = 0;  // filters whose valid bit is set (for the coverage model)
};

}  // namespace wf::blocks
