// The row_buffer memory model: one DRAM controller right below the L1s, with no L2 and no
// interconnect, as in the single GPU core of the LWM paper (Narasiman et al., MICRO 2011,
// Table 1: open-row, first-come first-serve scheduling, 8 banks with a 2 KB row buffer each,
// 100-cycle row-hit and 300-cycle row-conflict latency). Everything is in core cycles; the
// address map is RowBufferConfig's (row:bank:column).
//
// First-come first-serve, per bank: each bank serves its own requests in arrival order and the
// banks work in parallel. That is the paper's contrast with FR-FCFS, which lets a younger row
// hit overtake an older conflict to the same bank; a single global order would instead make a
// request to an idle bank wait behind one whose bank is busy, and 8 banks would then rarely
// overlap. The data bus, shared by the banks, carries the oldest (first arrived) line whose data
// is ready. With T = line_transfer_cycles, a request that starts at its bank in cycle s
//   row hit:       has its data ready for the bus at s + row_hit_latency - T, and the bank
//                  takes its next request at s + T (column accesses to an open row pipeline);
//   row conflict:  (another row open; a bank with no row open yet counts as one too, so the
//                  first access to each bank costs a full activation) ready for the bus at
//                  s + row_conflict_latency - T; the bank is busy with the precharge and
//                  activate until s + (row_conflict_latency - row_hit_latency) + T.
// The reply is takeable when its T bus cycles end: an unloaded row hit sent in cycle s is
// takeable at s + row_hit_latency, a conflict at s + row_conflict_latency.
//
// Writes occupy bank and bus like reads and get no reply. Atomics are performed through the
// hook when they reach the controller, in arrival order (as GpuMemory does when they reach the
// L2), and replied to after their access; the read-modify-write is one access (the write-back
// hits the row the read opened, and is not modelled).
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <string_view>
#include <utility>
#include <vector>

#include "sim_model/mem/memory_model.h"
#include "sim_model/mem/memory_system.h"
#include "sim_model/mem/ring.h"
#include "sim_model/mem/row_buffer_config.h"

namespace wf::mem {

class RowBufferDram final : public MemorySystem {
 public:
  static constexpr std::string_view kName = "row_buffer";
  static constexpr std::string_view kHelp =
      "one DRAM controller, no L2: open-row FCFS banks with row hit and conflict latencies and a "
      "shared data bus (the LWM paper's core)";
  static std::unique_ptr<MemorySystem> create(const Machine& machine, unsigned num_sms,
                                              bool reference);

  RowBufferDram(const RowBufferConfig& config, unsigned num_sms);

  bool can_send(std::uint32_t sm) const override;
  void send(const LineRequest& request) override;
  bool has_response(std::uint32_t sm) const override { return !replies_[sm].empty(); }
  LineResponse take_response(std::uint32_t sm) override;
  void tick() override;
  bool idle() const override { return inflight_ == 0; }
  void set_atomic_hook(AtomicHook hook) override { hook_ = std::move(hook); }
  const MemoryStats& stats() const override;
  void skip_idle(std::uint64_t cycles) override;

  const RowBufferConfig& config() const { return c_; }
  std::uint64_t now() const { return now_; }
  // Requests the controller holds (arrived, not yet through the bus), against config().queue.
  unsigned held() const { return held_; }

  static constexpr std::uint64_t kNever = ~std::uint64_t{0};

 private:
  struct Access {
    LineRequest req;
    std::uint64_t seq = 0;        // arrival order: the FCFS order of banks and bus
    std::uint64_t arrived = 0;    // core cycle it reached the controller
    std::uint64_t bus_ready = 0;  // first cycle its data may take the bus
    std::uint64_t row = 0;
    std::uint32_t bank = 0;
  };
  struct Bank {
    bool open = false;
    std::uint64_t row = 0;
    std::uint64_t free_at = 0;  // first cycle it may start its next request
    Ring<Access> queue;         // waiting, oldest first
  };
  struct Reply {
    LineResponse response;
    std::uint64_t sent = 0;
  };

  // The parts of one cycle `c` (now), in this order.
  void accept_arrivals();
  void start_banks(std::uint64_t c);
  void grant_bus(std::uint64_t c);
  void finish_transfer();
  // After cycle `c`: the first cycle in which a bank can start or the bus can be granted.
  std::uint64_t next_event(std::uint64_t c) const;

  RowBufferConfig c_;
  std::vector<Bank> banks_;
  std::vector<Access> arrivals_;    // sent since the last cycle, in order
  std::vector<Access> in_service_;  // started at their bank, waiting for (or at) the bus
  bool transferring_ = false;
  Access transfer_;
  std::uint64_t transfer_done_ = 0;
  std::uint64_t bus_free_ = 0;
  std::vector<std::deque<Reply>> replies_;  // per SM, takeable, oldest first
  std::uint64_t now_ = 0, seq_ = 0;
  // Nothing can start or take the bus before this cycle (arrivals reset it to now).
  std::uint64_t next_event_ = 0;
  unsigned held_ = 0;
  std::uint64_t inflight_ = 0;  // sent, and not yet finished (writes) or taken (replies)
  AtomicHook hook_;
  MemoryStats stats_;
  // can_send is const; a refusal is counted once per cycle however often it is asked.
  mutable std::uint64_t refused_cycle_ = kNever;
  mutable std::uint64_t refused_cycles_ = 0;
  mutable MemoryStats view_;
};

WF_REGISTER_MEMORY_MODEL(RowBufferDram);

}  // namespace wf::mem
