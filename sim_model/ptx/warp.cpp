#include "sim_model/ptx/warp.h"

#include <algorithm>
#include <cstring>

#include "sim_model/ptx/cta.h"

namespace wf::ptx {
namespace {
std::uint32_t align16(std::uint32_t v) {
  return (v + 15) & ~15u;
}

std::uint64_t low_lanes(std::uint64_t n) {
  return n >= 64 ? ~0ull : (1ull << n) - 1;
}
}  // namespace

Warp::Warp(const Module& m, std::uint32_t kernel, unsigned warp_size, unsigned rows,
           std::uint64_t threads, std::uint32_t cta, std::uint32_t warp_in_cta) {
  restart(m, kernel, warp_size, rows, threads, cta, warp_in_cta);
}

void Warp::restart(const Module& m, std::uint32_t kernel, unsigned warp_size, unsigned rows,
                   std::uint64_t threads, std::uint32_t cta, std::uint32_t warp_in_cta) {
  carry = 0;
  instructions = 0;
  bar_dest = kNoReg;
  bar_lanes = 0;
  bar_type = Type::None;
  bar_dest_is_and = false;
  module_ = &m;
  size_ = warp_size;
  rows_ = rows;
  row_ = 0;
  stride_ = rows * warp_size;
  lanes_ = low_lanes(threads);
  cta_ = cta;
  warp_in_cta_ = warp_in_cta;
  exited_ = 0;
  barrier_ = -1;
  const Function& f = m.functions[kernel];
  regs_.assign(std::size_t{f.reg_types.size()} * stride_, 0);
  row_regs_ = regs_.data();
  reg_base_ = 0;
  // Storage of the earlier warp's calls is not kept: a fresh warp's starts at the kernel's size.
  local_cap_ = align16(f.local_bytes);
  param_cap_ = align16(f.frame_bytes);
  local_.assign(std::size_t{local_cap_} * stride_, 0);
  param_.assign(std::size_t{param_cap_} * stride_, 0);
  stack_.clear();
  frames_.clear();
  frames_.push_back({kernel, 0, 0, 0, 0, kNoPc});
  function_ = kernel;
  if (rows == 1) {
    stack_.push_back({0, kNoPc, lanes_});
    row_masks_.clear();
    row_state_.clear();
    return;
  }
  row_state_.assign(rows, RowState{});
  row_masks_.assign(rows, 0);
  std::uint64_t summary = 0;
  for (unsigned r = 0; r < rows; ++r) {
    const std::uint64_t first = std::uint64_t{r} * warp_size;
    row_state_[r].lanes =
        low_lanes(threads > first ? std::min<std::uint64_t>(threads - first, warp_size) : 0);
    row_masks_[r] = row_state_[r].lanes;
    if (row_masks_[r]) summary |= 1ull << r;
  }
  lanes_ = row_state_[0].lanes;
  stack_.push_back({0, kNoPc, summary});
}

void Warp::switch_row(unsigned r) {
  row_state_[row_] = {lanes_, exited_, carry, bar_lanes};
  const RowState& s = row_state_[r];
  lanes_ = s.lanes;
  exited_ = s.exited;
  carry = s.carry;
  bar_lanes = s.bar_lanes;
  row_ = r;
  row_regs_ = regs_.data() + std::size_t{r} * size_;
}

void Warp::push_rows(std::uint32_t pc, std::uint32_t rpc, const std::uint64_t* row_masks) {
  std::uint64_t summary = 0;
  for (unsigned r = 0; r < rows_; ++r) {
    row_masks_.push_back(row_masks[r]);
    if (row_masks[r]) summary |= 1ull << r;
  }
  stack_.push_back({pc, rpc, summary});
}

const Instr* Warp::next_instr() const {
  if (stack_.empty()) return nullptr;
  return &module_->functions[function_].code[stack_.back().pc];
}

void Warp::grow_local(std::uint32_t bytes) {
  if (bytes <= local_cap_) return;
  std::uint32_t cap = std::max(bytes, local_cap_ * 2);
  std::vector<std::uint8_t> n(std::size_t{cap} * stride_, 0);
  for (unsigned l = 0; l < stride_ && local_cap_; ++l) {
    std::memcpy(n.data() + std::size_t{l} * cap, local_.data() + std::size_t{l} * local_cap_,
                local_cap_);
  }
  local_.swap(n);
  local_cap_ = cap;
}

void Warp::grow_param(std::uint32_t bytes) {
  if (bytes <= param_cap_) return;
  std::uint32_t cap = std::max(bytes, param_cap_ * 2);
  std::vector<std::uint8_t> n(std::size_t{cap} * stride_, 0);
  for (unsigned l = 0; l < stride_ && param_cap_; ++l) {
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
  std::size_t need = (std::size_t{fr.reg_base} + f.reg_types.size()) * stride_;
  if (regs_.size() < need) regs_.resize(need, 0);
  row_regs_ = regs_.data() + std::size_t{row_} * size_;
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
    if (rows_ > 1) row_masks_.resize(stack_.size() * rows_);
    while (frames_.size() > 1 && stack_.size() <= frames_.back().stack_base) pop_frame();
  }
}

void Warp::exit_lanes(std::uint64_t mask) {
  exited_ |= mask;
  if (rows_ == 1) {
    for (auto& e : stack_) e.mask &= ~mask;
    return;
  }
  for (std::size_t i = 0; i < stack_.size(); ++i) {
    std::uint64_t& m = row_masks_[i * rows_ + row_];
    m &= ~mask;
    if (m == 0) stack_[i].mask &= ~(1ull << row_);
  }
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
  const unsigned ws = ctx.warp_size, rows = ctx.large_warp_rows;
  const std::uint64_t per_warp = std::uint64_t{ws} * rows;
  std::uint32_t nwarps = static_cast<std::uint32_t>((threads + per_warp - 1) / per_warp);
  if (warps.size() > nwarps) warps.erase(warps.begin() + nwarps, warps.end());
  warps.reserve(nwarps);
  for (std::uint32_t w = 0; w < nwarps; ++w) {
    std::uint64_t n = std::min<std::uint64_t>(per_warp, threads - std::uint64_t{w} * per_warp);
    if (w < warps.size()) {
      warps[w].restart(*ctx.module, ctx.kernel, ws, rows, n, linear_id, w);
    } else {
      warps.emplace_back(*ctx.module, ctx.kernel, ws, rows, n, linear_id, w);
    }
  }
  bars = {};
  live_warps = nwarps;
}

}  // namespace wf::ptx
