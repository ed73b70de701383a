// Which blocks of every SM answer from outside the golden model (`warpforge sim --rtl`): a
// factory per block, by the block's name, for the blocks that get a stand-in; the others stay
// on their model. The factory gets the parameters of each instance (the SM's issue and fetch
// two-level arbiters differ, for one). Whoever fills it (the harness, from the block registry)
// and the SM that attaches it agree on the block's type through its name.
#pragma once

#include <any>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "sim_model/sm/block_slot.h"

namespace wf::sm {

template <class Block>
using ExternalFactory =
    std::function<std::unique_ptr<ExternalBlock<Block>>(const typename Block::Params&)>;

class ExternalBlocks {
 public:
  template <class Block>
  void set(ExternalFactory<Block> factory) {
    factories_[Block::kName] = std::move(factory);
  }
  // Hands `slot` its stand-in when this block has one; returns the block's name then, else
  // null.
  template <class Block>
  const char* attach(BlockSlot<Block>& slot) const {
    const auto it = factories_.find(Block::kName);
    if (it == factories_.end()) return nullptr;
    const auto& make = std::any_cast<const ExternalFactory<Block>&>(it->second);
    slot.substitute(make(slot.params()));
    return Block::kName;
  }

 private:
  std::map<std::string, std::any> factories_;
};

struct TimingConfig;
// Builds the blocks of one SM of `c` and attaches `external` to them, outside any run, so that
// a stand-in that cannot serve the configuration fails before a simulation starts (its factory
// throws; block_hooks.cpp). Which blocks a run uses is policies::blocks_of.
void probe_external(const TimingConfig& c, const ExternalBlocks& external);

}  // namespace wf::sm
