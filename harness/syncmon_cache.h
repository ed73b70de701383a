// Harness adapter for syncmon_cache: port copy and constrained-random stimulus.
#pragma once

#include <fmt/format.h>

#include "gen/properties/syncmon_cache.h"
#include "gen/syncmon_cache.h"
#include "harness/corner.h"
#include "harness/coverage/syncmon_cache.h"
#include "harness/stimulus.h"
#include "harness/verilator_ports.h"
#include "sim_model/blocks/syncmon_cache.h"

namespace wf::harness {

struct SyncmonCacheHarness {
  using Block = blocks::SyncmonCache;
  using Params = Block::Params;
  // Functional coverage (harness/coverage/syncmon_cache.h).
  using Coverage = SyncmonCacheCoverage;
  static constexpr const char* kHeader = "harness/syncmon_cache.h";
  static constexpr const char* kType = "wf::harness::SyncmonCacheHarness";

  static std::string emit(const Params& p) { return gen::emit(p); }
  static gen::PropertySet emit_properties(const Params& p) { return gen::emit_properties(p); }
  // The ctest corners (harness/corner.h). `tiny` is the tiny cache, full most of the
  // time: 2 sets x 2 ways, 4 WG-list entries, narrow fields so that conditions collide.
  // `large` has the widest sets, tags and WG ids (16 ways of 48-bit addresses, 16-bit ids) and
  // the paper's 512-entry list; 16 sets, so that the stimulus fills a set before the list.
  static std::vector<Corner> corners() {
    return {{"tiny",
             {{"cache_sets", "2"},
              {"cache_ways", "2"},
              {"wg_entries", "4"},
              {"addr_bits", "3"},
              {"value_bits", "2"},
              {"wg_bits", "2"}}},
            {"large",
             {{"cache_sets", "16"}, {"cache_ways", "16"}, {"addr_bits", "48"}, {"wg_bits", "16"}}},
            {"odd",
             {{"cache_sets", "4"},
              {"cache_ways", "3"},
              {"wg_entries", "8"},
              {"addr_bits", "5"},
              {"value_bits", "3"},
              {"wg_bits", "3"}}},
            {"odd_small",
             {{"cache_sets", "2"},
              {"cache_ways", "1"},
              {"wg_entries", "2"},
              {"addr_bits", "1"},
              {"value_bits", "1"},
              {"wg_bits", "1"}}}};
  }

  // For `warpforge area`: the block's storage beside the paper's 26112 bits.
  static std::string paper_storage(const Params& p) {
    return fmt::format(
        "AWG (sec. V) gives the condition cache and WG list 26112 bits: {} conditions x 2 "
        "pointers of {} bits + {} list entries x ({} WG id + {} next) = {} at these "
        "parameters; the block stores {} bits: cache RAM {} ({} x ({} address tag + {} value + "
        "2 x {} pointers)), WG-list RAMs {}, valid flip-flops {}; the paper leaves out the "
        "tags, values and valid bits",
        p.cache_sets * p.cache_ways, p.ptr_bits(), p.wg_entries, p.wg_bits, p.ptr_bits(),
        p.paper_bits(), p.cache_ram_bits() + p.wg_ram_bits() + p.valid_bits(), p.cache_ram_bits(),
        p.cache_sets * p.cache_ways, p.addr_bits, p.value_bits, p.ptr_bits(), p.wg_ram_bits(),
        p.valid_bits());
  }

  template <class V>
  static void drive(V& v, const Params& p, const Block::In& in) {
    const auto ports = Block::in_ports(p, in);
    set_port(v.req_valid_i, ports[0].value);
    set_port(v.req_update_i, ports[1].value);
    set_port(v.req_all_i, ports[2].value);
    set_port(v.req_addr_i, ports[3].value);
    set_port(v.req_value_i, ports[4].value);
    set_port(v.req_wg_i, ports[5].value);
  }
  // Replay of a block trace (harness/TRACE_FORMAT.md): a record's In ports back to In, and
  // the input of the cycles in which the cycle model did not call the block: no request, the
  // request fields held as wires would.
  static Block::In decode(const Params& p, const std::vector<blocks::PortValue>& ports) {
    Block::In in;
    in.req_valid = ports[0].value.bit(0);
    in.req_update = ports[1].value.bit(0);
    in.req_all = ports[2].value.bit(0);
    in.req_addr = ports[3].value.get_field(0, p.addr_bits);
    in.req_value = ports[4].value.get_field(0, p.value_bits);
    in.req_wg = static_cast<std::uint32_t>(ports[5].value.get_field(0, p.wg_bits));
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
    o.resp_hit = get_port(v.resp_hit_o, 1).bit(0);
    o.resp_full = get_port(v.resp_full_o, 1).bit(0);
    o.wg_valid = get_port(v.wg_valid_o, 1).bit(0);
    o.wg = static_cast<std::uint32_t>(get_port(v.wg_o, p.wg_bits).get_field(0, p.wg_bits));
    return o;
  }

  // Phases pick a pool of conditions (a few, so that waits join and updates meet them; or
  // many, so that sets fill up), a mix of waits and updates (waits only fill the WG list),
  // and how often updates resume all.
  class Stimulus {
   public:
    Stimulus(const Params& p, std::uint64_t seed) : p_(p), s_(seed) {}
    Block::In next() {
      auto& r = s_.rng();
      if (s_.advance()) {
        static constexpr unsigned kPools[] = {1, 2, 4, 16, 256, 4096};
        pool_ = kPools[r.below(6)];
        values_ = 1u << r.below(3);
        base_ = r.bits(p_.addr_bits);
        static constexpr double kWaits[] = {1.0, 0.9, 0.6, 0.4, 0.1};
        wait_ = kWaits[r.below(5)];
        all_ = r.chance(0.5) ? 0.5 : (r.chance(0.5) ? 0.0 : 1.0);
        valid_ = r.chance(0.2) ? 0.3 : 1.0;
      }
      Block::In in;
      in.req_valid = r.chance(valid_);
      in.req_update = !r.chance(wait_);
      in.req_all = r.chance(all_);
      in.req_addr = (base_ + r.below(pool_)) & mask(p_.addr_bits);
      in.req_value = r.below(values_) & mask(p_.value_bits);
      in.req_wg = static_cast<std::uint32_t>(r.bits(p_.wg_bits));
      return in;
    }
    bool reset_now() { return s_.reset_now(); }

   private:
    static std::uint64_t mask(unsigned bits) {
      return bits >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1;
    }
    Params p_;
    PhasedStimulus s_;
    unsigned pool_ = 4, values_ = 2;
    std::uint64_t base_ = 0;
    double wait_ = 0.6, all_ = 0.5, valid_ = 1.0;
  };
};

}  // namespace wf::harness
