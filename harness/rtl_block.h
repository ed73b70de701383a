// A block's Verilated RTL standing in for its golden model inside the cycle model
// (`warpforge sim --rtl`): the SM calls it through the same In/Out contract.
#pragma once

#include <memory>
#include <utility>

#include "harness/rtl_dut.h"
#include "sim_model/sm/block_slot.h"

namespace wf::harness {

template <class Block>
class RtlBlock final : public sm::ExternalBlock<Block> {
 public:
  using In = typename Block::In;
  using Out = typename Block::Out;

  explicit RtlBlock(std::unique_ptr<RtlDut<Block>> dut) : dut_(std::move(dut)) {}

  Out eval(const In& in) override { return dut_->eval(in); }
  Out step(const In& in) override {
    const Out out = dut_->eval(in);
    dut_->posedge(false);
    return out;
  }
  void reset() override { dut_->posedge(true); }

 private:
  std::unique_ptr<RtlDut<Block>> dut_;
};

}  // namespace wf::harness
