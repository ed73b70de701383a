// The golden model standing in for the RTL in the equivalence engine: a run then measures what
// the block's stimulus reaches (its functional coverage) without Verilator
// (BlockConfig::stimulus_coverage, and the coverage unit tests).
#pragma once

#include <string>

#include "harness/rtl_dut.h"

namespace wf::harness {

template <class Block>
class ModelDut final : public RtlDut<Block> {
 public:
  explicit ModelDut(const typename Block::Params& p) : model_(p) {}
  typename Block::Out eval(const typename Block::In& in) override {
    in_ = in;
    return model_.eval(in);
  }
  void posedge(bool reset) override {
    if (reset) {
      model_.reset();
    } else {
      model_.tick(in_);
    }
  }
  void trace(const std::string&, std::uint64_t) override {}

 private:
  Block model_;
  typename Block::In in_{};
};

}  // namespace wf::harness
