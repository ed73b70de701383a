#include "sim_model/ptx/cfg.h"

#include <algorithm>

namespace wf::ptx {
namespace {

bool ends_block(const Instr& in) {
  return in.op == Op::Bra || in.op == Op::Ret || in.op == Op::Exit || in.op == Op::Trap;
}

}  // namespace

Cfg::Cfg(const Function& f) {
  const std::uint32_t n = static_cast<std::uint32_t>(f.code.size());
  std::vector<bool> leader(n + 1, false);
  if (n) leader[0] = true;
  for (std::uint32_t pc = 0; pc < n; ++pc) {
    const Instr& in = f.code[pc];
    if (in.op == Op::Bra) leader[std::min(in.target, n)] = true;
    if (ends_block(in)) leader[pc + 1] = true;
  }
  block_of_.assign(n, 0);
  for (std::uint32_t pc = 0; pc < n;) {
    BasicBlock b;
    b.begin = pc;
    do {
      block_of_[pc] = static_cast<std::uint32_t>(blocks_.size());
      ++pc;
    } while (pc < n && !leader[pc]);
    b.end = pc;
    blocks_.push_back(b);
  }
  const std::uint32_t nb = static_cast<std::uint32_t>(blocks_.size());
  for (auto& b : blocks_) {
    const Instr& last = f.code[b.end - 1];
    auto fall = [&]() { b.succs.push_back(b.end < n ? block_of_[b.end] : kExitBlock); };
    if (last.op == Op::Bra) {
      b.succs.push_back(last.target < n ? block_of_[last.target] : kExitBlock);
      if (last.guard != kNoReg) fall();
    } else if (last.op == Op::Ret || last.op == Op::Exit || last.op == Op::Trap) {
      b.succs.push_back(kExitBlock);
    } else {
      fall();
    }
  }
  // Cooper-Harvey-Kennedy dominators on the reverse graph, rooted at the virtual exit (node nb).
  std::vector<std::vector<std::uint32_t>> preds(nb + 1);  // forward predecessors
  for (std::uint32_t i = 0; i < nb; ++i) {
    for (std::uint32_t s : blocks_[i].succs) preds[s == kExitBlock ? nb : s].push_back(i);
  }
  std::vector<std::uint32_t> order;  // postorder of the reverse graph
  std::vector<std::uint32_t> po_index(nb + 1, kExitBlock);
  {
    std::vector<std::pair<std::uint32_t, std::size_t>> stack{{nb, 0}};
    std::vector<bool> seen(nb + 1, false);
    seen[nb] = true;
    while (!stack.empty()) {
      auto& [node, i] = stack.back();
      if (i < preds[node].size()) {
        std::uint32_t p = preds[node][i++];
        if (!seen[p]) {
          seen[p] = true;
          stack.push_back({p, 0});
        }
      } else {
        po_index[node] = static_cast<std::uint32_t>(order.size());
        order.push_back(node);
        stack.pop_back();
      }
    }
  }
  const std::uint32_t undef = kExitBlock;
  std::vector<std::uint32_t> idom(nb + 1, undef);
  idom[nb] = nb;
  auto succ_node = [&](std::uint32_t s) { return s == kExitBlock ? nb : s; };
  auto intersect = [&](std::uint32_t a, std::uint32_t b) {
    while (a != b) {
      while (po_index[a] < po_index[b]) a = idom[a];
      while (po_index[b] < po_index[a]) b = idom[b];
    }
    return a;
  };
  bool changed = true;
  while (changed) {
    changed = false;
    for (auto it = order.rbegin(); it != order.rend(); ++it) {
      std::uint32_t b = *it;
      if (b == nb) continue;
      std::uint32_t nd = undef;
      for (std::uint32_t s0 : blocks_[b].succs) {
        std::uint32_t s = succ_node(s0);
        if (idom[s] == undef) continue;
        nd = nd == undef ? s : intersect(s, nd);
      }
      if (nd != idom[b]) {
        idom[b] = nd;
        changed = true;
      }
    }
  }
  ipdom_.assign(nb, kExitBlock);
  for (std::uint32_t b = 0; b < nb; ++b) {
    if (idom[b] != undef && idom[b] != nb) ipdom_[b] = idom[b];
  }
}

void compute_reconvergence(Function& f) {
  if (f.code.empty()) return;
  Cfg cfg(f);
  for (std::uint32_t pc = 0; pc < f.code.size(); ++pc) {
    Instr& in = f.code[pc];
    if (in.op != Op::Bra) continue;
    std::uint32_t ip = cfg.ipdom(cfg.block_of(pc));
    in.reconverge = ip == Cfg::kExitBlock ? kNoPc : cfg.blocks()[ip].begin;
  }
}

}  // namespace wf::ptx
