// The RTL side of an equivalence run: a block's Verilated model behind the same In/Out view
// as its golden model. Linked-in models (the checked-in rtl/ for the presets) and models
// verilated at run time both end up as a VerilatedDut.
#pragma once

#include <memory>
#include <string>

#include <verilated.h>
#include <verilated_fst_c.h>

namespace wf::harness {

template <class Block>
class RtlDut {
 public:
  using In = typename Block::In;
  using Out = typename Block::Out;
  virtual ~RtlDut() = default;
  // Applies `in` with the clock low and returns the settled outputs.
  virtual Out eval(const In& in) = 0;
  // One rising clock edge with rst_ni = !reset, then the clock low again.
  virtual void posedge(bool reset) = 0;
  // Starts an FST waveform; samples before `from_cycle` are not written.
  virtual void trace(const std::string& fst_path, std::uint64_t from_cycle) = 0;
};

// H is the block's harness adapter (drive/read), V the Verilated top class.
template <class H, class V>
class VerilatedDut final : public RtlDut<typename H::Block> {
 public:
  using Block = typename H::Block;
  using In = typename Block::In;
  using Out = typename Block::Out;

  explicit VerilatedDut(const typename Block::Params& p) : params_(p) {
    context_.traceEverOn(true);
    top_ = std::make_unique<V>(&context_);
    top_->clk_i = 0;
    top_->rst_ni = 1;
    // Settle once with the clock low: Verilator detects edges against the previous evaluation,
    // so without this the first (reset) edge would go unseen.
    top_->eval();
  }
  ~VerilatedDut() override {
    if (fst_) fst_->close();
    top_->final();
  }

  Out eval(const In& in) override {
    top_->clk_i = 0;
    H::drive(*top_, params_, in);
    top_->eval();
    dump(0);
    return H::read(*top_, params_);
  }

  void posedge(bool reset) override {
    top_->rst_ni = reset ? 0 : 1;
    top_->clk_i = 1;
    top_->eval();
    dump(5);
    top_->clk_i = 0;
    top_->rst_ni = 1;
    ++cycle_;
  }

  void trace(const std::string& fst_path, std::uint64_t from_cycle) override {
    fst_ = std::make_unique<VerilatedFstC>();
    top_->trace(fst_.get(), 99);
    fst_->open(fst_path.c_str());
    trace_from_ = from_cycle;
  }

 private:
  void dump(std::uint64_t offset) {
    if (fst_ && cycle_ >= trace_from_) fst_->dump(cycle_ * 10 + offset);
  }

  typename Block::Params params_;
  VerilatedContext context_;
  std::unique_ptr<V> top_;
  std::unique_ptr<VerilatedFstC> fst_;
  std::uint64_t cycle_ = 0;
  std::uint64_t trace_from_ = 0;
};

}  // namespace wf::harness
