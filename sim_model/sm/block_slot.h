// A scheduling block as the SM calls it: its golden model or, under `warpforge sim --rtl`, a
// stand-in with the same In/Out contract (the block's Verilated RTL, harness/rtl_block.h),
// plus the optional trace recorder of `--record-blocks`. Every call site goes through step(),
// so the model, its stand-in and the recording see exactly the same calls.
#pragma once

#include <memory>
#include <utility>

#include "sim_model/trace/block_recorder.h"

namespace wf::sm {

// Implemented outside sim_model (the Verilated RTL); the SM only knows this contract.
template <class Block>
class ExternalBlock {
 public:
  using In = typename Block::In;
  using Out = typename Block::Out;
  virtual ~ExternalBlock() = default;
  // The outputs with `in` applied, no clock edge.
  virtual Out eval(const In& in) = 0;
  // eval(in), then one clock edge; returns the outputs before the edge (as Block::eval).
  virtual Out step(const In& in) = 0;
  virtual void reset() = 0;
};

template <class B>
class BlockSlot {
 public:
  using Block = B;
  using Params = typename Block::Params;
  using In = typename Block::In;
  using Out = typename Block::Out;

  explicit BlockSlot(const Params& p) : model_(p) {}

  const Params& params() const { return model_.params(); }

  // The block is called this cycle and clocked at its end.
  Out step(const In& in) {
    Out out;
    if (external_) [[unlikely]] {
      out = external_->step(in);
    } else {
      out = model_.eval(in);
      if constexpr (requires { model_.tick(in, out); }) {
        model_.tick(in, out);  // without evaluating the block a second time
      } else {
        model_.tick(in);
      }
    }
    if (recorder_) [[unlikely]]
      recorder_->record(in, out);
    return out;
  }
  // The outputs without a clock edge (registered outputs read between calls).
  Out eval(const In& in) const { return external_ ? external_->eval(in) : model_.eval(in); }
  void reset() {
    if (external_) {
      external_->reset();
    } else {
      model_.reset();
    }
    if (recorder_) recorder_->reset();
  }

  void record_to(trace::BlockRecorder* recorder) { recorder_ = recorder; }
  // From now on `external` answers in place of the model; it starts from reset.
  void substitute(std::unique_ptr<ExternalBlock<Block>> external) {
    external_ = std::move(external);
    external_->reset();
  }

 private:
  Block model_;
  std::unique_ptr<ExternalBlock<Block>> external_;
  trace::BlockRecorder* recorder_ = nullptr;
};

}  // namespace wf::sm
