// One GDDR channel controller: a bounded request queue shared by the channel's L2
// sub-partitions, banks with row buffers, FR-FCFS scheduling (the oldest request whose row is
// open goes first; otherwise the oldest request's bank gets a PRE or ACT, and an open row is
// kept while any queued request still hits it). One command per DRAM cycle. Writes use the
// read timing (tCL); no refresh, tWTR or tFAW.
#pragma once

#include <algorithm>
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
  std::uint8_t bursts = 0;  // writes: data bursts it moves (0: the whole line)
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
  // the common case, returns at once, and so does one whose last try found no command and
  // whose timing has not moved on since (see next_try_).
  void cycle(std::uint64_t now) {
    if (!queue_.empty() && now >= next_try_) schedule(now);
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

  // The first DRAM cycle at which cycle() may issue a command, a read completes or finished
  // writes wait to be taken (kNever: nothing queued). Until then the channel's owner need not
  // visit it.
  std::uint64_t next_event() const {
    if (finished_writes_) return 0;
    std::uint64_t t = queue_.empty() ? kNever : next_try_;
    if (!done_.empty()) t = std::min(t, done_.front().done);
    return t;
  }
  // A word the channel zeroes when a request arrives (its owner's copy of next_event()).
  void set_event_slot(std::uint64_t* slot) { event_slot_ = slot; }

  static constexpr std::uint64_t kNever = ~std::uint64_t{0};

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
  // After a cycle `now` found no command: the first later cycle at which one of the timing
  // limits those checks compare `now` with is reached (kNever: none ahead).
  std::uint64_t next_timing_limit(std::uint64_t now) const;

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
  // The first DRAM cycle worth scheduling in. A cycle that finds no command changes nothing,
  // and the next cycle's checks differ from its only where `now` passes a timing limit (bus,
  // tRRD, a queued request's bank's column, precharge or activate limit) or the queue grows;
  // until then every check fails the same way. Most cycles with requests queued are such
  // cycles (they wait for tRCD, tRP or the bus), so they cost a compare.
  std::uint64_t next_try_ = 0;
  bool reference_;  // MemConfig::reference: next_try_ stays 0, every cycle schedules
  std::uint64_t* event_slot_ = nullptr;
  DramStats stats_;
};

}  // namespace wf::mem
