// Which blocks of every SM answer from outside the golden model (`warpforge sim --rtl`): one
// factory per block type, empty for the blocks that stay on their model. The factory gets the
// parameters of each instance (the SM's issue and fetch two-level arbiters differ, for one).
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include "sim_model/blocks/cff_fetch_arbiter.h"
#include "sim_model/blocks/fef_fetch_arbiter.h"
#include "sim_model/blocks/gto_arbiter.h"
#include "sim_model/blocks/lrr_arbiter.h"
#include "sim_model/blocks/mwf_arbiter.h"
#include "sim_model/blocks/saws_arbiter.h"
#include "sim_model/blocks/two_level_arbiter.h"
#include "sim_model/blocks/warp_priority_table.h"
#include "sim_model/sm/block_slot.h"

namespace wf::sm {

template <class Block>
using ExternalFactory =
    std::function<std::unique_ptr<ExternalBlock<Block>>(const typename Block::Params&)>;

template <class... Blocks>
struct ExternalBlockSet {
  // Calls f.template operator()<Block>() for every block type the SM can hold.
  template <class F>
  static void for_each_type(F&& f) {
    (f.template operator()<Blocks>(), ...);
  }

  template <class Block>
  ExternalFactory<Block>& factory() {
    return std::get<ExternalFactory<Block>>(factories);
  }
  template <class Block>
  const ExternalFactory<Block>& factory() const {
    return std::get<ExternalFactory<Block>>(factories);
  }
  // Hands `slot` its stand-in when this block type has one; returns the block's name then,
  // else null.
  template <class Block>
  const char* attach(BlockSlot<Block>& slot) const {
    const auto& make = factory<Block>();
    if (!make) return nullptr;
    slot.substitute(make(slot.params()));
    return Block::kName;
  }

  std::tuple<ExternalFactory<Blocks>...> factories;
};

using ExternalBlocks =
    ExternalBlockSet<blocks::LrrArbiter, blocks::GtoArbiter, blocks::MwfArbiter,
                     blocks::SawsArbiter, blocks::TwoLevelArbiter, blocks::CffFetchArbiter,
                     blocks::FefFetchArbiter, blocks::WarpPriorityTable>;

struct TimingConfig;
// Builds the blocks of one SM of `c` and attaches `external` to them, outside any run, so that
// a stand-in that cannot serve the configuration fails before a simulation starts (its factory
// throws). Returns the names of the blocks that got a stand-in (block_hooks.cpp).
std::vector<std::string> probe_external(const TimingConfig& c, const ExternalBlocks& external);

}  // namespace wf::sm
