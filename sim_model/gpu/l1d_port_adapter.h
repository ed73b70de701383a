// The memory system's L1 data cache (sim_model/mem/l1d.h) behind the SM's L1DataPort. The
// cache answers a hit after its tag lookup ([l1d] hit_latency); the rest of the load path to
// the register file ([pipeline] l1d_hit_latency in all) is a fixed delay that every returning
// instruction, hit or miss, goes through, so it is applied here to completions in order.
#pragma once

#include <cstdint>
#include <vector>

#include "sim_model/mem/l1d.h"
#include "sim_model/sm/l1_data_port.h"

namespace wf::gpu {

class alignas(64) L1dPortAdapter final : public sm::L1DataPort {
 public:
  // The cache of SM `sm` in front of `lower`. `data_path_cycles`: core cycles from the cache's
  // completion to the data being usable.
  L1dPortAdapter(const mem::L1Config& config, std::uint32_t sm, mem::MemorySystem& lower,
                 unsigned data_path_cycles);

  bool can_accept(unsigned) const override { return cache_.can_accept(); }
  unsigned access(std::uint64_t token, std::uint32_t warp, mem::RequestKind kind,
                  const ptx::MemAccess& m, std::uint64_t now) override;
  bool cycle(std::uint64_t now) override;
  bool pop_completion(std::uint64_t& token) override;
  bool fetch_instruction(std::uint64_t line_addr, std::uint64_t now) override {
    return cache_.fetch_instruction(line_addr, kInstructionFill | line_addr, now);
  }
  bool quiet() const override { return cache_.waiting_only() && delayed_.empty(); }
  const sm::L1Stats& stats() const override;
  bool atomic_token(std::uint64_t request_id, std::uint64_t& token) const override {
    return cache_.atomic_token(request_id, token);
  }

  ReplyFlag reply_flag() const override { return {cache_.reply_word(), cache_.reply_bit()}; }

  const mem::L1DataCache& cache() const { return cache_; }

 private:
  struct Delayed {
    std::uint64_t ready = 0, token = 0;
  };

  // The cache inline, right after the fields every cycle reads: the SM's L1 exchange then
  // touches one run of host cache lines rather than two objects apart.
  unsigned delay_;
  std::size_t delayed_head_ = 0;
  std::vector<Delayed> delayed_;  // FIFO: one delay for all, so ready times only grow
  std::uint64_t now_ = 0;
  mem::L1DataCache cache_;
  mutable sm::L1Stats view_;
};

}  // namespace wf::gpu
