// The memory system below the L1s: request crossbar -> L2 sub-partitions -> DRAM channels ->
// L2 fill -> reply crossbar. Order of one tick (core cycle `now`): DRAM cycles due this core
// cycle (a fractional accumulator at dram_mhz/core_mhz), DRAM returns queued for their fills,
// the sub-partitions, the request crossbar, the reply crossbar. Replies granted in cycle `now`
// become takeable at now + icnt_latency + flits - 1; an unloaded L2 hit sent in cycle s is
// takeable at s + MemConfig::l2_hit_round_trip().
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "sim_model/mem/address_map.h"
#include "sim_model/mem/crossbar.h"
#include "sim_model/mem/dram_channel.h"
#include "sim_model/mem/l2_partition.h"
#include "sim_model/mem/mem_config.h"
#include "sim_model/mem/memory_model.h"
#include "sim_model/mem/memory_system.h"

namespace wf::mem {

class GpuMemory final : public MemorySystem {
 public:
  static constexpr std::string_view kName = kGddrMemoryModel;
  static constexpr std::string_view kHelp =
      "crossbar, L2 sub-partitions and GDDR channels with FR-FCFS scheduling (GPGPU-Sim-like)";
  static std::unique_ptr<MemorySystem> create(const Machine& machine, unsigned num_sms,
                                              bool reference);

  GpuMemory(const MemConfig& config, unsigned num_sms);

  bool can_send(std::uint32_t sm) const override { return requests_.can_push(sm); }
  void send(const LineRequest& request) override;
  bool has_response(std::uint32_t sm) const override {
    return (ready_words_[sm / 64] >> (sm % 64)) & 1;
  }
  LineResponse take_response(std::uint32_t sm) override;
  const std::uint64_t* responses_ready() const override { return ready_words_.data(); }
  void tick() override;
  bool idle() const override { return shared_.inflight == 0; }
  void set_atomic_hook(AtomicHook hook) override { shared_.hook = std::move(hook); }
  const MemoryStats& stats() const override;
  void skip_idle(std::uint64_t cycles) override;
  void host_wrote(std::uint64_t addr, std::uint64_t bytes) override;

  const MemConfig& config() const { return c_; }
  const AddressMap& address_map() const { return map_; }
  std::uint64_t now() const { return now_; }
  const DramChannel& channel(unsigned i) const { return *channels_[i]; }

 private:
  void advance_dram(std::uint64_t core_cycles);
  // Reference mode, at the end of every tick (and before the first): the next tick visits
  // every channel, sub-partition, crossbar source and reply buffer as if due.
  void forget_skips();
  void note_response_ready(std::uint32_t sm) {
    const std::uint64_t bit = std::uint64_t{1} << (sm % 64);
    if (replies_.has_ready(sm, now_)) {
      ready_words_[sm / 64] |= bit;
    } else {
      ready_words_[sm / 64] &= ~bit;
      replies_due_ = std::min(replies_due_, replies_.front_ready(sm));
    }
  }

  MemConfig c_;
  AddressMap map_;
  MemShared shared_;
  Crossbar requests_;  // SMs -> sub-partitions
  Crossbar replies_;   // sub-partitions -> SMs
  std::vector<std::unique_ptr<DramChannel>> channels_;
  std::vector<std::unique_ptr<L2Partition>> subs_;
  // Channel i's next_event(), dense: every core cycle asks it of every channel, and the
  // channels themselves are cache lines apart (a request's arrival zeroes its channel's word).
  std::vector<std::uint64_t> dram_due_;
  // Sub-partition s has work in its tick() from this cycle on (L2Partition::next_work, or
  // earlier where a DRAM return or a request arrived since); dense, because every cycle asks
  // it of every sub-partition.
  std::vector<std::uint64_t> sub_due_;
  // No sub-partition has work before this cycle, counting requests waiting in the crossbar.
  std::uint64_t first_sub_due_ = 0;
  // Bit s: replies_.has_ready(s, now_). Changes only when a reply is taken or now_ advances
  // (a reply granted in a tick is not takeable in the same cycle).
  std::vector<std::uint64_t> ready_words_;
  // No reply buffer whose bit is clear has its front ready before this cycle: until now_
  // reaches it the bits need no update but for grants and takes.
  std::uint64_t replies_due_ = Crossbar::kNever;
  std::uint32_t num_sms_;
  bool reference_;  // MemConfig::reference, beside what every tick reads
  std::uint64_t now_ = 0;
  std::uint64_t dram_now_ = 0;
  std::uint64_t dram_acc_ = 0;  // in units of 1/core_mhz DRAM cycles
  mutable MemoryStats view_;
};

WF_REGISTER_MEMORY_MODEL(GpuMemory);

}  // namespace wf::mem
