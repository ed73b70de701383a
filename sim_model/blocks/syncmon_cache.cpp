#include "sim_model/blocks/syncmon_cache.h"

#include <bit>

#include "sim_model/blocks/hash_rows.h"
#include "sim_model/blocks/warp_select.h"

namespace wf::blocks {

std::string SyncmonCacheParams::validate() const {
  if (cache_sets < 2 || !std::has_single_bit(cache_sets))
    return "cache_sets must be a power of two, at least 2";
  // A WG-list pointer then names an entry whatever its bits: none points outside the list.
  if (!std::has_single_bit(wg_entries)) return "wg_entries must be a power of two";
  if (key_bits() > 64) return "addr_bits + log2(sets x ways) - 6 must be at most 64";
  return {};
}

const std::vector<ParamDesc>& SyncmonCacheParams::describe() {
  using P = SyncmonCacheParams;
  static const std::vector<ParamDesc> table = {
      uint_param<P>("cache_sets", "s", "sets of the condition cache (a power of two)",
                    &P::cache_sets, 2, 4096),
      uint_param<P>("cache_ways", "w", "ways per set: conditions of one set", &P::cache_ways, 1,
                    16),
      uint_param<P>("wg_entries", "e", "entries of the waiting-WG list", &P::wg_entries, 2, 4096),
      uint_param<P>("addr_bits", "a", "monitored word address bits (kept whole as the tag)",
                    &P::addr_bits, 1, 48),
      uint_param<P>("value_bits", "v", "awaited value bits", &P::value_bits, 1, 32),
      uint_param<P>("wg_bits", "g", "WG id bits", &P::wg_bits, 1, 16),
      uint_param<P>("hash_seed", "h", "seed of the H3 hash rows", &P::hash_seed, 0, 65535),
  };
  return table;
}

// Read from the values map, not Machine::value: that function's object brings the TOML parser
// into every Verilated runner that links this library, which does not link the parser.
static unsigned syncmon_machine_value(const Machine& m, std::string_view key) {
  const auto it = m.values.find(key);
  return it == m.values.end() ? 0 : static_cast<unsigned>(it->second.value);
}

std::vector<SyncmonCacheParams> SyncmonCacheParams::for_machine(const Machine& m) {
  const unsigned sets = syncmon_machine_value(m, "syncmon.cache_sets");
  if (sets == 0) return {};
  SyncmonCacheParams p;
  p.cache_sets = sets;
  p.cache_ways = syncmon_machine_value(m, "syncmon.cache_ways");
  p.wg_entries = syncmon_machine_value(m, "syncmon.wg_entries");
  // Every WG slot of the GPU can wait: an id per SM and CTA slot.
  p.wg_bits = clog2(syncmon_machine_value(m, "gpu.num_sms") * m.max_ctas);
  return {p};
}

unsigned SyncmonCacheParams::set_bits() const {
  return static_cast<unsigned>(std::countr_zero(cache_sets));
}

unsigned SyncmonCacheParams::shift() const {
  const unsigned entries = static_cast<unsigned>(std::bit_width(cache_sets * cache_ways - 1));
  return entries > SyncmonCache::kLineBits ? entries - SyncmonCache::kLineBits : 0;
}

unsigned SyncmonCacheParams::key_bits() const {
  return std::max(addr_bits + shift(), value_bits);
}

std::uint64_t SyncmonCacheParams::hash_row(unsigned bit) const {
  return hash_row_mix((std::uint64_t{hash_seed} << 16) | bit) & low_mask(key_bits());
}

unsigned SyncmonCacheParams::hash(std::uint64_t addr, std::uint64_t value) const {
  const std::uint64_t key =
      ((addr & low_mask(addr_bits)) << shift()) | (value & low_mask(value_bits));
  unsigned set = 0;
  for (unsigned i = 0; i < set_bits(); ++i)
    set |= static_cast<unsigned>(std::popcount(key & hash_row(i)) & 1) << i;
  return set;
}

SyncmonCache::SyncmonCache(const Params& p)
    : p_(p),
      cache_(p.cache_sets, std::vector<Way>(p.cache_ways)),
      wg_id_(p.wg_entries, 0),
      next_(p.wg_entries, 0),
      row_(p.cache_ways),
      valid_(std::size_t{p.cache_sets} * p.cache_ways, false) {
  reset();
}

void SyncmonCache::reset() {
  state_ = State::kIdle;
  update_ = all_ = false;
  addr_ = value_ = 0;
  wg_ = 0;
  set_ = way_ = head_ = 0;
  used_ = bump_ = free_head_ = 0;
  valid_.assign(valid_.size(), false);
}

unsigned SyncmonCache::valid_in_set(unsigned set) const {
  unsigned n = 0;
  for (unsigned w = 0; w < p_.cache_ways; ++w) n += valid(set, w);
  return n;
}

std::pair<bool, unsigned> SyncmonCache::match() const {
  for (unsigned w = 0; w < p_.cache_ways; ++w)
    if (valid(set_, w) && row_[w].addr == addr_ && row_[w].value == value_) return {true, w};
  return {false, 0};
}

bool SyncmonCache::lookup_full() const {
  return used_ == p_.wg_entries || (!match().first && valid_in_set(set_) == p_.cache_ways);
}

SyncmonCache::Out SyncmonCache::eval(const In&) const {
  Out o;
  o.req_ready = state_ == State::kIdle;
  if (state_ == State::kLookup) {
    o.resp_valid = true;
    o.resp_hit = match().first;
    o.resp_full = !update_ && lookup_full();
  }
  if (state_ == State::kPop) {
    o.wg_valid = true;
    o.wg = wg_rd_;
  }
  return o;
}

void SyncmonCache::tick(const In& in) {
  switch (state_) {
    case State::kIdle:
      if (!in.req_valid) break;
      update_ = in.req_update;
      all_ = in.req_all;
      addr_ = in.req_addr & low_mask(p_.addr_bits);
      value_ = in.req_value & low_mask(p_.value_bits);
      wg_ = in.req_wg & static_cast<std::uint32_t>(low_mask(p_.wg_bits));
      set_ = p_.hash(addr_, value_);
      row_ = cache_[set_];
      next_rd_ = next_[free_head_];
      state_ = State::kLookup;
      break;
    case State::kLookup: {
      const auto [hit, way] = match();
      state_ = State::kIdle;
      if (update_) {
        if (!hit) break;
        way_ = way;
        head_ = row_[way].head;
        wg_rd_ = wg_id_[head_];
        next_rd_ = next_[head_];
        state_ = State::kPop;
        break;
      }
      if (lookup_full()) break;
      const bool linked = bump_ != used_;
      const unsigned entry = linked ? free_head_ : bump_;
      if (linked) {
        free_head_ = next_rd_;
      } else {
        ++bump_;
      }
      wg_id_[entry] = wg_;
      // The set goes back whole (one word); row_ is the read register and keeps what it read.
      std::vector<Way> row = row_;
      if (hit) {
        next_[row_[way].tail] = entry;
        row[way].tail = entry;
      } else {
        unsigned free_way = 0;
        while (valid(set_, free_way)) ++free_way;
        row[free_way] = Way{addr_, value_, entry, entry};
        valid_[set_ * p_.cache_ways + free_way] = true;
      }
      cache_[set_] = row;
      ++used_;
      break;
    }
    case State::kPop: {
      const unsigned popped = head_;
      const bool last = popped == row_[way_].tail;
      const unsigned new_head = next_rd_;
      // Read before write: the reads of the next head see the RAMs before this edge's write.
      if (!last && all_) {
        wg_rd_ = wg_id_[new_head];
        next_rd_ = next_[new_head];
      }
      next_[popped] = free_head_;
      free_head_ = popped;
      --used_;
      if (last) {
        valid_[set_ * p_.cache_ways + way_] = false;
        state_ = State::kIdle;
      } else {
        head_ = new_head;
        // Resume one writes the new head back; resume all pops on to the tail, which frees
        // the way, so the set is not written.
        if (!all_) {
          std::vector<Way> row = row_;
          row[way_].head = new_head;
          cache_[set_] = row;
          state_ = State::kIdle;
        }
      }
      break;
    }
  }
}

unsigned SyncmonCache::waiters(std::uint64_t addr, std::uint64_t value) const {
  const unsigned set = p_.hash(addr, value);
  for (unsigned w = 0; w < p_.cache_ways; ++w) {
    const Way& e = cache_[set][w];
    if (!valid(set, w) || e.addr != addr || e.value != value) continue;
    unsigned n = 1;
    for (unsigned i = e.head; i != e.tail && n <= p_.wg_entries; i = next_[i]) ++n;
    return n;
  }
  return 0;
}

std::vector<PortValue> SyncmonCache::in_ports(const Params& p, const In& in) {
  return {{"req_valid_i", BitVec(1, in.req_valid)},
          {"req_update_i", BitVec(1, in.req_update)},
          {"req_all_i", BitVec(1, in.req_all)},
          {"req_addr_i", BitVec(p.addr_bits, in.req_addr)},
          {"req_value_i", BitVec(p.value_bits, in.req_value)},
          {"req_wg_i", BitVec(p.wg_bits, in.req_wg)}};
}

std::vector<PortValue> SyncmonCache::out_ports(const Params& p, const Out& out) {
  return {{"req_ready_o", BitVec(1, out.req_ready)}, {"resp_valid_o", BitVec(1, out.resp_valid)},
          {"resp_hit_o", BitVec(1, out.resp_hit)},   {"resp_full_o", BitVec(1, out.resp_full)},
          {"wg_valid_o", BitVec(1, out.wg_valid)},   {"wg_o", BitVec(p.wg_bits, out.wg)}};
}

}  // namespace wf::blocks
