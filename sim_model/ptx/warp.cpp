#include "sim_model/ptx/warp.h"

#include <algorithm>
#include <cstring>

#include "sim_model/ptx/cta.h"

namespace wf::ptx {
namespace {
std::uint32_t align16(std::uint32_t v) {
  return (v + 15) & ~15u;
}
}  // namespace

Warp::Warp(const Module& m, std::uint32_t kernel, unsigned warp_size, std::uint64_t lanes,
           std::uint32_t cta, std::uint32_t warp_in_cta) {
  restart(m, kernel, warp_size, lanes, cta, warp_in_cta);
}

void Warp::restart(const Module& m, std::uint32_t kernel, unsigned warp_size, std::uint64_t lanes,
                   std::uint32_t cta, std::uint32_t warp_in_cta) {
  carry = 0;
  instructions = 0;
  bar_dest = kNoReg;
  bar_lanes = 0;
  bar_type = Type::None;
  bar_dest_is_and = false;
  module_ = &m;
  size_ = warp_size;
  lanes_ = lanes;
  cta_ = cta;
  warp_in_cta_ = warp_in_cta;
  exited_ = 0;
  barrier_ = -1;
  const Function& f = m.functions[kernel];
  regs_.assign(std::size_t{f.reg_types.size()} * size_, 0);
  reg_base_ = 0;
  // Storage of the earlier warp's calls is not kept: a fresh warp's starts at the kernel's size.
  local_cap_ = align16(f.local_bytes);
  param_cap_ = align16(f.frame_bytes);
  local_.assign(std::size_t{local_cap_} * size_, 0);
  param_.assign(std::size_t{param_cap_} * size_, 0);
  stack_.clear();
  frames_.clear();
  frames_.push_back({kernel, 0, 0, 0, 0, kNoPc});
  function_ = kernel;
  stack_.push_back({0, kNoPc, lanes});
}

const Instr* Warp::next_instr() const {
  if (stack_.empty()) return nullptr;
  return &module_->functions[function_].code[stack_.back().pc];
}

void Warp::grow_local(std::uint32_t bytes) {
  if (bytes <= local_cap_) return;
  std::uint32_t cap = std::max(bytes, local_cap_ * 2);
  std::vector<std::uint8_t> n(std::size_t{cap} * size_, 0);
  for (unsigned l = 0; l < size_ && local_cap_; ++l) {
    std::memcpy(n.data() + std::size_t{l} * cap, local_.data() + std::size_t{l} * local_cap_,
                local_cap_);
  }
  local_.swap(n);
  local_cap_ = cap;
}

void Warp::grow_param(std::uint32_t bytes) {
  if (bytes <= param_cap_) return;
  std::uint32_t cap = std::max(bytes, param_cap_ * 2);
  std::vector<std::uint8_t> n(std::size_t{cap} * size_, 0);
  for (unsigned l = 0; l < size_ && param_cap_; ++l) {
    std::memcpy(n.data() + std::size_t{l} * cap, param_.data() + std::size_t{l} * param_cap_,
                param_cap_);
  }
  param_.swap(n);
  param_cap_ = cap;
}

void Warp::push_frame(std::uint32_t function, std::uint32_t call_pc, std::uint64_t mask) {
  const CallFrame& caller = frames_.back();
  const Function& cf = module_->functions[caller.function];
  const Function& f = module_->functions[function];
  CallFrame fr;
  fr.function = function;
  fr.reg_base = caller.reg_base + static_cast<std::uint32_t>(cf.reg_types.size());
  fr.param_base = align16(caller.param_base + cf.frame_bytes);
  fr.local_base = align16(caller.local_base + cf.local_bytes);
  fr.call_pc = call_pc;
  fr.stack_base = static_cast<std::uint32_t>(stack_.size());
  std::size_t need = (std::size_t{fr.reg_base} + f.reg_types.size()) * size_;
  if (regs_.size() < need) regs_.resize(need, 0);
  grow_param(align16(fr.param_base + f.frame_bytes));
  grow_local(align16(fr.local_base + f.local_bytes));
  frames_.push_back(fr);
  function_ = function;
  reg_base_ = fr.reg_base;
  stack_.push_back({0, kNoPc, mask});
}

void Warp::pop_frame() {
  frames_.pop_back();
  function_ = frames_.back().function;
  reg_base_ = frames_.back().reg_base;
}

void Warp::settle() {
  while (!stack_.empty()) {
    const SimtEntry& t = stack_.back();
    if (t.mask != 0 && t.pc != t.rpc) break;
    stack_.pop_back();
    while (frames_.size() > 1 && stack_.size() <= frames_.back().stack_base) pop_frame();
  }
}

void Warp::exit_lanes(std::uint64_t mask) {
  exited_ |= mask;
  for (auto& e : stack_) e.mask &= ~mask;
}

void Warp::return_lanes(std::uint64_t mask) {
  for (std::size_t i = frames_.back().stack_base; i < stack_.size(); ++i) stack_[i].mask &= ~mask;
}

Cta::Cta(const LaunchContext& ctx, std::uint32_t linear_id) {
  restart(ctx, linear_id);
}

void Cta::restart(const LaunchContext& ctx, std::uint32_t linear_id) {
  id = linear_id;
  ctaid.x = linear_id % ctx.grid.x;
  ctaid.y = (linear_id / ctx.grid.x) % ctx.grid.y;
  ctaid.z = static_cast<std::uint32_t>(linear_id / (std::uint64_t{ctx.grid.x} * ctx.grid.y));
  sm = linear_id % std::max(1u, ctx.num_sms);
  shared.assign(ctx.shared_bytes, 0);
  std::uint64_t threads = ctx.block.count();
  unsigned ws = ctx.warp_size;
  std::uint32_t nwarps = static_cast<std::uint32_t>((threads + ws - 1) / ws);
  if (warps.size() > nwarps) warps.erase(warps.begin() + nwarps, warps.end());
  warps.reserve(nwarps);
  for (std::uint32_t w = 0; w < nwarps; ++w) {
    std::uint64_t n = std::min<std::uint64_t>(ws, threads - std::uint64_t{w} * ws);
    std::uint64_t lanes = n >= 64 ? ~0ull : ((1ull << n) - 1);
    if (w < warps.size()) {
      warps[w].restart(*ctx.module, ctx.kernel, ws, lanes, linear_id, w);
    } else {
      warps.emplace_back(*ctx.module, ctx.kernel, ws, lanes, linear_id, w);
    }
  }
  bars = {};
  live_warps = nwarps;
}

}  // namespace wf::ptx
