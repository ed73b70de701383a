// Coverage of syncmon_cache: a waiter registering a new condition and joining a cached one, a
// set filling up (a new condition refused for want of a way), the WG list running out, two
// different conditions in one set (hash collisions), an update meeting no condition, resuming
// one of several waiters and all of them, a condition freed by its last waiter, a returned
// WG-list entry reused, a request held while busy, and a reset with waiters.
#pragma once

#include "harness/coverage/block_coverage.h"
#include "sim_model/blocks/syncmon_cache.h"

namespace wf::harness {

class SyncmonCacheCoverage : public BlockCoverage<blocks::SyncmonCache> {
 public:
  explicit SyncmonCacheCoverage(const Params& p)
      : BlockCoverage(p),
        new_cond_(cases_.add("a waiter registers a new condition")),
        joins_(cases_.add("a waiter joins the list of a cached condition")),
        set_full_(cases_.add("a set fills up: a new condition is refused for want of a way")),
        list_full_(cases_.add("the WG list runs out: a waiter is refused for want of an entry")),
        collision_(
            cases_.add("a lookup finds two different conditions in one set", p.cache_ways >= 2)),
        miss_(cases_.add("an update meets no condition")),
        one_(cases_.add("an update resumes one waiter of several")),
        all_(cases_.add("an update resumes every waiter of several")),
        freed_(cases_.add("the last waiter resumes: its condition is freed")),
        reuse_(cases_.add("a waiter takes a WG-list entry returned by a resume")),
        busy_(cases_.add("a request waits while the block is busy")),
        reset_(cases_.add("reset empties a cache with waiters")) {}

  void sample(const blocks::SyncmonCache& model, const In& in, const Out& out) {
    using S = blocks::SyncmonCache::State;
    sample_outputs(out);
    waiting_ = model.used() != 0;
    cases_.hit(busy_, in.req_valid && !out.req_ready);
    if (model.state() == S::kLookup) {
      const bool hit = model.lookup_hit();
      const bool full = model.lookup_full();
      cases_.hit(collision_, model.valid_in_set(model.set_index()) >= 2);
      if (model.op_update()) {
        cases_.hit(miss_, !hit);
      } else {
        cases_.hit(new_cond_, !full && !hit);
        cases_.hit(joins_, !full && hit);
        cases_.hit(list_full_, model.used() == p_.wg_entries);
        cases_.hit(set_full_, full && model.used() < p_.wg_entries);
        cases_.hit(reuse_, !full && model.from_free_list());
      }
    }
    if (model.state() == S::kPop) {
      const bool last = model.pop_last();
      cases_.hit(one_, !model.op_all() && !last);
      cases_.hit(all_, model.op_all() && !last);
      cases_.hit(freed_, last);
    }
  }
  void reset() { cases_.hit(reset_, waiting_); }

 private:
  CoverageTable::Id new_cond_, joins_, set_full_, list_full_, collision_, miss_, one_, all_, freed_,
      reuse_, busy_, reset_;
  bool waiting_ = false;  // some waiter was registered in the last cycle sampled
};

}  // namespace wf::harness
