// Coverage of bloom_filter: a new value counted, a value inserted twice, a false positive (a
// value never inserted since the last clear answered present), the count saturating, two hashes
// of one value naming the same bit, a query of a value not held, a clear of a filter holding
// values, an insert right after a clear of its filter, requests back to back and while busy, a
// filter index naming no filter, two filters holding values at once, and a reset mid-operation.
#pragma once

#include <algorithm>
#include <bit>
#include <vector>

#include "harness/coverage/block_coverage.h"
#include "sim_model/blocks/bloom_filter.h"

namespace wf::harness {

class BloomFilterCoverage : public BlockCoverage<blocks::BloomFilter> {
 public:
  explicit BloomFilterCoverage(const Params& p)
      : BlockCoverage(p),
        new_(cases_.add("an insert of a value the filter does not hold is counted")),
        twice_(cases_.add("a value inserted twice: present the second time")),
        false_positive_(
            cases_.add("a false positive: a value not inserted since the clear is present")),
        saturate_(cases_.add("a new value at the saturated count: the count stays")),
        collision_(cases_.add("two hashes of one value name the same bit", p.bloom_hashes >= 2)),
        absent_(cases_.add("a query of a value the filter does not hold")),
        clear_held_(cases_.add("a clear of a filter holding values")),
        after_clear_(cases_.add("an insert right after a clear of its filter")),
        back_to_back_(cases_.add("a request taken in the cycle after an answer")),
        busy_(cases_.add("a request waits while the block is busy")),
        out_of_range_(cases_.add("a filter index that names no filter",
                                 !std::has_single_bit(p.bloom_filters))),
        two_held_(cases_.add("two filters hold values at once")),
        reset_(cases_.add("reset in the middle of an operation")),
        inserted_(p.bloom_filters) {}

  void sample(const blocks::BloomFilter& model, const In& in, const Out& out) {
    sample_outputs(out);
    cases_.hit(busy_, in.req_valid && !out.req_ready);
    cases_.hit(two_held_, model.filters_held() >= 2);
    busy_seen_ = model.busy();
    if (!model.busy()) {
      cases_.hit(back_to_back_, in.req_valid && answered_);
      answered_ = false;
      // The value of the request taken at this edge: the filter keeps only its bits.
      if (in.req_valid) value_ = in.req_value & low_mask(p_.value_bits);
      return;
    }
    answered_ = true;
    const unsigned f = model.filter();
    const bool clear = model.op_clear(), insert = model.op_insert();
    cases_.hit(collision_, static_cast<unsigned>(std::popcount(model.op_mask())) < p_.bloom_hashes);
    if (!model.in_range()) {
      cases_.hit(out_of_range_, true);
      last_clear_ = false;
      return;
    }
    auto& values = inserted_[f];
    const bool was_inserted = std::find(values.begin(), values.end(), value_) != values.end();
    const bool present = model.lookup_present();
    if (clear) {
      cases_.hit(clear_held_, model.held(f));
      values.clear();
    } else {
      cases_.hit(false_positive_, present && !was_inserted && values.size() < kTracked);
      cases_.hit(absent_, !insert && !present);
      if (insert) {
        cases_.hit(new_, !present && model.count(f) < p_.count_max());
        cases_.hit(saturate_, !present && model.count(f) == p_.count_max());
        cases_.hit(twice_, was_inserted);
        cases_.hit(after_clear_, last_clear_ && last_filter_ == f);
        // Ground truth the filter itself does not keep: the exact values inserted since the
        // clear (bounded; a filter with this many values answers present to nearly anything).
        if (!was_inserted && values.size() < kTracked) values.push_back(value_);
      }
    }
    last_clear_ = clear;
    last_filter_ = f;
  }
  void reset() {
    cases_.hit(reset_, busy_seen_);
    for (auto& v : inserted_) v.clear();
    answered_ = last_clear_ = busy_seen_ = false;
  }

 private:
  static constexpr std::size_t kTracked = 64;
  static std::uint64_t low_mask(unsigned bits) {
    return bits >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1;
  }
  CoverageTable::Id new_, twice_, false_positive_, saturate_, collision_, absent_, clear_held_,
      after_clear_, back_to_back_, busy_, out_of_range_, two_held_, reset_;
  std::vector<std::vector<std::uint64_t>> inserted_;
  std::uint64_t value_ = 0;  // the value of the request being served
  bool answered_ = false, last_clear_ = false, busy_seen_ = false;
  unsigned last_filter_ = 0;
};

}  // namespace wf::harness
