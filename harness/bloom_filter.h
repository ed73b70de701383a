// Harness adapter for bloom_filter: port copy and constrained-random stimulus.
#pragma once

#include <fmt/format.h>

#include "gen/bloom_filter.h"
#include "gen/properties/bloom_filter.h"
#include "harness/corner.h"
#include "harness/coverage/bloom_filter.h"
#include "harness/stimulus.h"
#include "harness/verilator_ports.h"
#include "sim_model/blocks/bloom_filter.h"

namespace wf::harness {

struct BloomFilterHarness {
  using Block = blocks::BloomFilter;
  using Params = Block::Params;
  // Functional coverage (harness/coverage/bloom_filter.h).
  using Coverage = BloomFilterCoverage;
  static constexpr const char* kHeader = "harness/bloom_filter.h";
  static constexpr const char* kType = "wf::harness::BloomFilterHarness";

  static std::string emit(const Params& p) { return gen::emit(p); }
  static gen::PropertySet emit_properties(const Params& p) { return gen::emit_properties(p); }
  // The ctest corners (harness/corner.h). `tiny`: 2 filters of 8 bits with 2 hashes and 4-bit
  // values, which fill and saturate within a few inserts. `large`: 4096 filters of 64 bits with
  // 16 hashes and a 3-bit count. `odd`: 3 filters of 13 bits with 3 hashes (an index can name
  // no filter; the range reduction is not a shift). `odd_small`: one hash and a one-bit count
  // over 3 filters of 3 bits; 2-bit values, so that two of the four share a bit (with one value
  // bit the two values may take different bits, and no false positive could happen).
  static std::vector<Corner> corners() {
    return {
        {"tiny",
         {{"bloom_filters", "2"}, {"bloom_bits", "8"}, {"bloom_hashes", "2"}, {"value_bits", "4"}}},
        {"large",
         {{"bloom_filters", "4096"},
          {"bloom_bits", "64"},
          {"bloom_hashes", "16"},
          {"count_bits", "3"}}},
        {"odd",
         {{"bloom_filters", "3"},
          {"bloom_bits", "13"},
          {"bloom_hashes", "3"},
          {"value_bits", "5"},
          {"count_bits", "3"}}},
        {"odd_small",
         {{"bloom_filters", "3"},
          {"bloom_bits", "3"},
          {"bloom_hashes", "1"},
          {"value_bits", "2"},
          {"count_bits", "1"}}}};
  }

  // For `warpforge area`: the block's storage beside the paper's 12288 bits.
  static std::string paper_storage(const Params& p) {
    return fmt::format(
        "AWG (sec. V-C) gives the Bloom filters 12288 bits: {} filters x {} bits = {} at these "
        "parameters; the block stores {} bits: filter RAM {} ({} x ({} bits + {}-bit count)), "
        "valid flip-flops {}; the paper leaves out the unique-update counts and the valid bits",
        p.bloom_filters, p.bloom_bits, p.paper_bits(), p.ram_bits() + p.valid_bits(), p.ram_bits(),
        p.bloom_filters, p.bloom_bits, p.count_bits, p.valid_bits());
  }

  template <class V>
  static void drive(V& v, const Params& p, const Block::In& in) {
    const auto ports = Block::in_ports(p, in);
    set_port(v.req_valid_i, ports[0].value);
    set_port(v.req_insert_i, ports[1].value);
    set_port(v.req_clear_i, ports[2].value);
    set_port(v.req_filter_i, ports[3].value);
    set_port(v.req_value_i, ports[4].value);
  }
  // Replay of a block trace (harness/TRACE_FORMAT.md): a record's In ports back to In, and
  // the input of the cycles in which the cycle model did not call the block: no request, the
  // request fields held as wires would.
  static Block::In decode(const Params& p, const std::vector<blocks::PortValue>& ports) {
    Block::In in;
    in.req_valid = ports[0].value.bit(0);
    in.req_insert = ports[1].value.bit(0);
    in.req_clear = ports[2].value.bit(0);
    in.req_filter = static_cast<std::uint32_t>(ports[3].value.get_field(0, p.filter_bits()));
    in.req_value = ports[4].value.get_field(0, p.value_bits);
    return in;
  }
  static Block::In idle(Block::In held) {
    held.req_valid = false;
    return held;
  }

  template <class V>
  static Block::Out read(const V& v, const Params& p) {
    Block::Out o;
    o.req_ready = get_port(v.req_ready_o, 1).bit(0);
    o.resp_valid = get_port(v.resp_valid_o, 1).bit(0);
    o.resp_present = get_port(v.resp_present_o, 1).bit(0);
    o.resp_count = static_cast<std::uint32_t>(
        get_port(v.resp_count_o, p.count_bits).get_field(0, p.count_bits));
    return o;
  }

  // Phases pick a few filters (so that values pile up in them, counts saturate and false
  // positives appear) or any index; values as the synchronisation workloads write them
  // (counters counting up from a base, 0/1 flags, a few owner ids) or random ones; and a mix of
  // inserts, queries and clears.
  class Stimulus {
   public:
    Stimulus(const Params& p, std::uint64_t seed) : p_(p), s_(seed) {}
    Block::In next() {
      auto& r = s_.rng();
      if (s_.advance()) {
        static constexpr unsigned kFilters[] = {1, 2, 4, 0};  // 0: any index
        filters_ = kFilters[r.below(4)];
        filter_base_ = static_cast<unsigned>(r.below(p_.bloom_filters));
        kind_ = r.below(4);
        value_base_ = r.bits(p_.value_bits);
        static constexpr unsigned kPools[] = {2, 4, 8, 32};
        pool_ = kPools[r.below(4)];
        static constexpr double kInserts[] = {0.9, 0.6, 0.3};
        insert_ = kInserts[r.below(3)];
        static constexpr double kClears[] = {0.01, 0.05, 0.2};
        clear_ = kClears[r.below(3)];
        valid_ = r.chance(0.2) ? 0.3 : 1.0;
      }
      Block::In in;
      in.req_valid = r.chance(valid_);
      in.req_clear = r.chance(clear_);
      in.req_insert = r.chance(insert_);
      in.req_filter = static_cast<std::uint32_t>(filters_ ? (filter_base_ + r.below(filters_)) %
                                                                p_.bloom_filters
                                                          : r.bits(p_.filter_bits()));
      switch (kind_) {
        case 0:  // a counter (barrier, ticket) counting up from its base
          in.req_value = value_base_ + r.below(pool_);
          break;
        case 1:  // a flag or sense: 0 or 1
          in.req_value = r.below(2);
          break;
        case 2:  // a lock: free (0) or an owner id
          in.req_value = r.chance(0.5) ? 0 : 1 + r.below(pool_);
          break;
        default:
          in.req_value = r.bits(p_.value_bits);
      }
      in.req_value &= mask(p_.value_bits);
      return in;
    }
    bool reset_now() { return s_.reset_now(); }

   private:
    static std::uint64_t mask(unsigned bits) {
      return bits >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1;
    }
    Params p_;
    PhasedStimulus s_;
    unsigned filters_ = 1, filter_base_ = 0, kind_ = 0, pool_ = 4;
    std::uint64_t value_base_ = 0;
    double insert_ = 0.6, clear_ = 0.05, valid_ = 1.0;
  };
};

}  // namespace wf::harness
