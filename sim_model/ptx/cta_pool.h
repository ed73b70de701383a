// CTAs whose run ended, kept for the next ones: a CTA's warps hold kilobytes of registers each,
// and a kernel like bfs starts thousands of short CTAs, so allocating and freeing them for every
// one is a measurable share of a simulation (bfs: 0.8 % of its time in malloc and free). A
// restart still zero-fills the registers, as a new warp's are.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "sim_model/ptx/cta.h"

namespace wf::ptx {

class CtaPool {
 public:
  // CTA `linear_id` of ctx's launch, as new as `std::make_unique<Cta>(ctx, linear_id)`.
  std::unique_ptr<Cta> make(const LaunchContext& ctx, std::uint32_t linear_id) {
    if (spare_.empty()) return std::make_unique<Cta>(ctx, linear_id);
    std::unique_ptr<Cta> cta = std::move(spare_.back());
    spare_.pop_back();
    cta->restart(ctx, linear_id);
    return cta;
  }
  // Nothing may refer to `cta` or its warps any more.
  void recycle(std::unique_ptr<Cta> cta) {
    if (cta) spare_.push_back(std::move(cta));
  }
  std::size_t spare() const { return spare_.size(); }

 private:
  std::vector<std::unique_ptr<Cta>> spare_;
};

}  // namespace wf::ptx
