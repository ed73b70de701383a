#include "sim_model/blocks/bloom_filter.h"

#include <bit>

#include "sim_model/blocks/hash_rows.h"
#include "sim_model/blocks/warp_select.h"

namespace wf::blocks {

std::string BloomFilterParams::validate() const {
  if (bloom_hashes > bloom_bits) return "bloom_hashes must be at most bloom_bits";
  return {};
}

const std::vector<ParamDesc>& BloomFilterParams::describe() {
  using P = BloomFilterParams;
  static const std::vector<ParamDesc> table = {
      uint_param<P>("bloom_filters", "f", "Bloom filters: one per monitored address",
                    &P::bloom_filters, 2, 4096),
      uint_param<P>("bloom_bits", "m", "bits per filter", &P::bloom_bits, 2, 64),
      uint_param<P>("bloom_hashes", "k", "hash functions per filter (bits set per value)",
                    &P::bloom_hashes, 1, 16),
      uint_param<P>("value_bits", "v", "bits of the value written (hashed whole)", &P::value_bits,
                    1, 32),
      uint_param<P>("count_bits", "c", "bits of the saturating unique-update count", &P::count_bits,
                    1, 8),
      uint_param<P>("hash_seed", "h", "seed of the H3 hash rows", &P::hash_seed, 0, 65535),
  };
  return table;
}

// Read from the values map, not Machine::value: that function's object brings the TOML parser
// into every Verilated runner that links this library, which does not link the parser.
static unsigned bloom_machine_value(const Machine& m, std::string_view key) {
  const auto it = m.values.find(key);
  return it == m.values.end() ? 0 : static_cast<unsigned>(it->second.value);
}

std::vector<BloomFilterParams> BloomFilterParams::for_machine(const Machine& m) {
  // The filters belong to the SyncMon: none on a machine without one.
  if (bloom_machine_value(m, "syncmon.cache_sets") == 0) return {};
  BloomFilterParams p;
  p.bloom_filters = bloom_machine_value(m, "syncmon.bloom_filters");
  p.bloom_bits = bloom_machine_value(m, "syncmon.bloom_bits");
  p.bloom_hashes = bloom_machine_value(m, "syncmon.bloom_hashes");
  return {p};
}

std::uint64_t BloomFilterParams::hash_row(unsigned hash, unsigned bit) const {
  return hash_row_mix((std::uint64_t{hash_seed} << 16) | (hash << 8) | bit) & low_mask(value_bits);
}

unsigned BloomFilterParams::hash_offset(unsigned hash) const {
  return static_cast<unsigned>(hash_row_mix((std::uint64_t{hash_seed} << 16) | (hash << 8) | 0xFF) &
                               low_mask(hash_bits()));
}

unsigned BloomFilterParams::hash_index(unsigned hash, std::uint64_t value) const {
  const std::uint64_t v = value & low_mask(value_bits);
  std::uint64_t h = hash_offset(hash);
  for (unsigned j = 0; j < hash_bits(); ++j)
    h ^= static_cast<std::uint64_t>(std::popcount(v & hash_row(hash, j)) & 1) << j;
  return static_cast<unsigned>((h * bloom_bits) >> hash_bits());
}

std::uint64_t BloomFilterParams::mask(std::uint64_t value) const {
  std::uint64_t m = 0;
  for (unsigned i = 0; i < bloom_hashes; ++i) m |= std::uint64_t{1} << hash_index(i, value);
  return m;
}

BloomFilter::BloomFilter(const Params& p)
    : p_(p), bits_(p.bloom_filters, 0), count_(p.bloom_filters, 0), valid_(p.bloom_filters) {
  reset();
}

void BloomFilter::reset() {
  busy_ = insert_ = clear_ = false;
  filter_ = 0;
  mask_ = 0;
  valid_.assign(valid_.size(), false);
  held_ = 0;
}

bool BloomFilter::lookup_present() const {
  if (!busy_ || clear_ || !in_range()) return false;
  const std::uint64_t old = valid_[filter_] ? rd_bits_ : 0;
  return (old & mask_) == mask_;
}

BloomFilter::Out BloomFilter::eval(const In&) const {
  Out o;
  o.req_ready = !busy_;
  if (!busy_) return o;
  o.resp_valid = true;
  if (clear_ || !in_range()) return o;
  const unsigned old = valid_[filter_] ? rd_count_ : 0;
  o.resp_present = lookup_present();
  o.resp_count = old + (insert_ && !o.resp_present && old != p_.count_max());
  return o;
}

void BloomFilter::tick(const In& in) {
  if (!busy_) {
    if (!in.req_valid) return;
    busy_ = true;
    insert_ = in.req_insert;
    clear_ = in.req_clear;
    filter_ = in.req_filter & static_cast<unsigned>(low_mask(p_.filter_bits()));
    mask_ = p_.mask(in.req_value);
    // The registered read port; an index beyond the RAM reads nothing the answer uses.
    if (in_range()) {
      rd_bits_ = bits_[filter_];
      rd_count_ = count_[filter_];
    }
    return;
  }
  const Out o = eval(In{});
  busy_ = false;
  if (!in_range()) return;
  if (clear_) {
    held_ -= valid_[filter_];
    valid_[filter_] = false;
  } else if (insert_) {
    bits_[filter_] = (valid_[filter_] ? rd_bits_ : 0) | mask_;
    count_[filter_] = o.resp_count;
    held_ += !valid_[filter_];
    valid_[filter_] = true;
  }
}

std::vector<PortValue> BloomFilter::in_ports(const Params& p, const In& in) {
  return {{"req_valid_i", BitVec(1, in.req_valid)},
          {"req_insert_i", BitVec(1, in.req_insert)},
          {"req_clear_i", BitVec(1, in.req_clear)},
          {"req_filter_i", BitVec(p.filter_bits(), in.req_filter)},
          {"req_value_i", BitVec(p.value_bits, in.req_value)}};
}

std::vector<PortValue> BloomFilter::out_ports(const Params& p, const Out& out) {
  return {{"req_ready_o", BitVec(1, out.req_ready)},
          {"resp_valid_o", BitVec(1, out.resp_valid)},
          {"resp_present_o", BitVec(1, out.resp_present)},
          {"resp_count_o", BitVec(p.count_bits, out.resp_count)}};
}

}  // namespace wf::blocks
