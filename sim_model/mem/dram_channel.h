// One GDDR channel controller: a bounded request queue shared by the channel's L2
// sub-partitions, banks with row buffers, FR-FCFS scheduling (the oldest request whose row is
// open goes first; otherwise the oldest request's bank gets a PRE or ACT, and an open row is
// kept while any queued request still hits it). One command per DRAM cycle. Writes use the
// read timing (tCL); no refresh, tWTR or tFAW.
#pragma once

#include <cstdint>
#include <vector>

#include "sim_model/mem/address_map.h"
#include "sim_model/mem/mem_config.h"
#include "sim_model/mem/ring.h"

namespace wf::mem {

struct DramRequest {
  std::uint64_t addr = 0;  // byte address within the channel
  std::uint32_t sub = 0;   // sub-partition to return a read to
  std::uint32_t tag = 0;   // the sub-partition's MSHR
  bool write = false;
};

struct DramCompletion {
  std::uint64_t done = 0;  // DRAM cycle the last data beat is on the bus
  std::uint32_t sub = 0, tag = 0;
};

struct DramStats {
  std::uint64_t reads = 0, writes = 0;
  std::uint64_t row_hits = 0, row_misses = 0;  // a miss is the first access after an ACT
  std::uint64_t activates = 0, precharges = 0;
  std::uint64_t data_cycles = 0;        // DRAM cycles the data bus carried data
  std::uint64_t queue_full_cycles = 0;  // core cycles a request was refused
};

class DramChannel {
 public:
  DramChannel(const MemConfig& c, const AddressMap& map);

  bool can_accept(unsigned n = 1) const { return queue_.size() + n <= capacity_; }
  void push(const DramRequest& r);
  // A sub-partition found the queue full in core cycle `core_now`; counted once per cycle
  // however many sub-partitions were refused.
  void note_refused(std::uint64_t core_now) {
    if (refused_cycle_ != core_now) ++stats_.queue_full_cycles;
    refused_cycle_ = core_now;
  }

  // Advances one DRAM cycle numbered `now`; cycles must increase. Inline: an idle channel,
  // the common case, returns at once.
  void cycle(std::uint64_t now) {
    if (!queue_.empty()) schedule(now);
  }

  // Reads whose data is complete by DRAM cycle `now`, oldest first.
  bool has_completion(std::uint64_t now) const {
    return !done_.empty() && done_.front().done <= now;
  }
  DramCompletion pop_completion() { return done_.pop(); }

  // Writes whose column command issued (they need no reply); the owner collects and resets.
  std::uint64_t take_finished_writes() {
    const std::uint64_t n = finished_writes_;
    finished_writes_ = 0;
    return n;
  }

  bool busy() const { return !queue_.empty() || !done_.empty(); }
  std::size_t queued() const { return queue_.size(); }
  const DramStats& stats() const { return stats_; }

 private:
  struct Entry {
    DramRequest req;
    std::uint32_t bank = 0, row = 0;
  };
  struct Bank {
    bool open = false;
    bool accessed = false;  // a column access happened since the last ACT
    std::uint32_t row = 0;
    std::uint64_t ready_col = 0, ready_act = 0, ready_pre = 0;
  };

  // One cycle's command with requests queued: a column command if one is ready, else a row one.
  void schedule(std::uint64_t now);
  bool try_column(std::uint64_t now);
  bool try_row_command(std::uint64_t now);

  DramConfig t_;
  const AddressMap& map_;
  std::size_t capacity_;
  std::vector<Entry> queue_;  // oldest first; at most capacity_ entries (reserved up front)
  std::vector<Bank> banks_;
  Ring<DramCompletion> done_;
  std::uint64_t bus_free_ = 0;  // first DRAM cycle the data bus is free
  std::uint64_t last_act_ = 0;
  bool any_act_ = false;
  unsigned line_cycles_;  // data-bus cycles per line
  std::uint64_t finished_writes_ = 0;
  std::uint64_t refused_cycle_ = ~0ull;
  DramStats stats_;
};

}  // namespace wf::mem
