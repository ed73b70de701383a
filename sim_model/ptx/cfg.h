// Control-flow graph of one function and the immediate post-dominator of every branch: the
// reconvergence point of the SIMT stack (GPGPU-Sim's scheme).
#pragma once

#include <cstdint>
#include <vector>

#include "sim_model/ptx/module.h"

namespace wf::ptx {

struct BasicBlock {
  std::uint32_t begin = 0, end = 0;  // [begin, end) instruction indices
  std::vector<std::uint32_t> succs;  // block indices; kExitBlock for the virtual exit
};

class Cfg {
 public:
  static constexpr std::uint32_t kExitBlock = 0xffffffffu;
  explicit Cfg(const Function& f);

  const std::vector<BasicBlock>& blocks() const { return blocks_; }
  std::uint32_t block_of(std::uint32_t pc) const { return block_of_[pc]; }
  // Immediate post-dominator block, or kExitBlock (also for blocks that never reach the exit).
  std::uint32_t ipdom(std::uint32_t block) const { return ipdom_[block]; }

 private:
  std::vector<BasicBlock> blocks_;
  std::vector<std::uint32_t> block_of_;
  std::vector<std::uint32_t> ipdom_;
};

// Fills Instr::reconverge of every branch with the pc of its immediate post-dominator (kNoPc
// when the paths only meet at the function exit).
void compute_reconvergence(Function& f);

}  // namespace wf::ptx
