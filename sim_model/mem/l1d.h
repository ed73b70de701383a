// An SM's L1 data cache for global and local memory. The load/store unit hands it one warp
// memory instruction at a time; the cache coalesces it into lines and looks up one line per
// cycle. Loads: a hit completes hit_latency cycles after its lookup; a miss takes an MSHR (or
// merges into the one already fetching the line) and allocates the line when the fill returns.
// Stores write through without allocating (a hit updates the line). Atomics bypass the cache
// and are performed at the L2. When a line cannot proceed (MSHRs or miss queue full, merge
// limit reached) the instruction stays in the cache and can_accept() is false: that is the
// SM's structural stall.
//
// An instruction's token appears in completions once every line has returned (loads,
// atomics) or left for the interconnect (stores).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "sim_model/mem/coalescer.h"
#include "sim_model/mem/mem_config.h"
#include "sim_model/mem/memory_system.h"
#include "sim_model/mem/ring.h"
#include "sim_model/mem/tag_array.h"
#include "sim_model/ptx/step_record.h"

namespace wf::mem {

struct L1Stats {
  std::uint64_t load_lines = 0, hits = 0, misses = 0;  // misses include MSHR merges
  std::uint64_t mshr_merges = 0;
  std::uint64_t store_lines = 0, atomic_lines = 0;
  std::uint64_t instructions = 0;
  std::uint64_t stall_cycles = 0;  // a line could not proceed (MSHR / miss queue / merge)
  // The stall cycles by what refused the line (GPGPU-Sim's reservation failures).
  std::uint64_t mshr_full_cycles = 0, miss_queue_full_cycles = 0, merge_full_cycles = 0;

  double hit_rate() const { return load_lines ? double(hits) / load_lines : 0.0; }
  L1Stats& operator+=(const L1Stats& o);
};

enum class L1Status : std::uint8_t { kAccepted, kRetry };

class L1DataCache {
 public:
  L1DataCache(const L1Config& config, std::uint32_t sm, MemorySystem& lower);

  // The port is free: the previous instruction's lines have all been looked up.
  bool can_accept() const { return current_lines_ == 0; }
  // Lines of the accepted instruction not yet looked up (right after access(): all it touches).
  unsigned lines_to_look_up() const {
    return current_lines_ == 0 ? 0 : current_lines_ - current_next_;  // done: lines_ cleared
  }

  // `token` is the SM's name for the instruction; `warp` its warp slot (places local memory);
  // `atomic` marks atom/red (the executor's StepRecord::is_atomic). Returns kRetry, taking
  // nothing, when !can_accept(). The first line is looked up in the next tick().
  L1Status access(std::uint64_t token, std::uint32_t warp, const ptx::MemAccess& m, bool atomic);

  // One core cycle: take one reply from the lower memory, finish hits whose latency is over,
  // look up one line, send the oldest queued miss/store/atomic if the interconnect accepts it.
  void tick(std::uint64_t now);

  bool has_completion() const { return done_head_ < done_.size(); }
  std::uint64_t pop_completion();

  // Queues a read of the instruction line at `line_addr` (an SM's L1I miss goes through the
  // same port to the interconnect); false when the miss queue is full. Its reply appears in
  // completions as `fill_token`.
  bool fetch_instruction(std::uint64_t line_addr, std::uint64_t fill_token, std::uint64_t now);

  // Nothing looked up, waiting, queued or in flight for this cache.
  bool idle() const { return busy_slots_ == 0 && current_lines_ == 0 && instruction_fills_ == 0; }
  // Only replies from the lower memory are awaited: no line to look up, no hit in the pipeline,
  // nothing queued to send. The SM may stop ticking the cache until a reply arrives.
  bool waiting_only() const { return current_lines_ == 0 && hits_.empty() && miss_queue_.empty(); }
  const L1Stats& stats() const { return stats_; }
  // Where the lower memory flags a reply waiting for this cache: `*reply_word() & reply_bit()`
  // (null: nowhere). Without one, a cache that is waiting_only() has nothing to do in a tick.
  const std::uint64_t* reply_word() const { return ready_word_; }
  std::uint64_t reply_bit() const { return ready_bit_; }
  // The token of the instruction an atomic line request (as the lower memory's atomic hook
  // sees it) belongs to; false for any other request id. Valid until the reply returns.
  bool atomic_token(std::uint64_t request_id, std::uint64_t& token) const {
    if (!(request_id & kAtomicId)) return false;
    const std::uint64_t slot = request_id & ~kAtomicId;
    if (slot >= slots_.size()) return false;
    token = slots_[slot].token;
    return true;
  }

 private:
  static constexpr std::uint32_t kNoSlot = ~0u;
  static constexpr std::uint64_t kNoLine = ~0ull;
  static constexpr std::uint64_t kAtomicId = 1ull << 63;
  // Instruction reads: the id is kInstructionId | the index of the reply's token in
  // fill_tokens_ (the token carries the line; ids must stay unique per requester).
  static constexpr std::uint64_t kInstructionId = 1ull << 62;

  struct Slot {  // one instruction in flight
    std::uint64_t token = 0;
    std::uint32_t outstanding = 0;  // lines not yet returned / sent
    bool looked_up = false;         // every line has been looked up
  };
  struct Hit {
    std::uint64_t ready = 0;
    std::uint32_t slot = 0;
  };
  struct Outgoing {
    LineRequest req;
    std::uint32_t slot = kNoSlot;  // a store's instruction, finished when the line leaves
  };

  bool lookup(const LineAccess& line, std::uint64_t now);
  void count_stall();
  // Atomics: each line's most lanes on one address (the L2's atomic unit serialises those).
  void count_same_addresses(const ptx::MemAccess& m);
  void receive(const LineResponse& r);
  void line_done(std::uint32_t slot);
  void maybe_complete(std::uint32_t slot);
  // The MSHR fetching `line` (whose line index is `index`), or -1.
  int find_mshr(std::uint64_t line, std::uint64_t index) const;
  void note_mshr(std::uint64_t index, bool allocated);

  // What every tick (and can_accept, waiting_only) reads comes first, on the object's first
  // few host cache lines: each SM-cycle ticks this cache among fourteen other SMs' state, so
  // every further line it touches is likely a miss. The coalesced lines (kilobytes) come last.
  std::uint32_t sm_;
  unsigned current_lines_ = 0, current_next_ = 0;  // of the instruction being looked up
  std::uint32_t current_slot_ = kNoSlot;
  RequestKind current_kind_ = RequestKind::kRead;
  // The current line's lookup failed (MSHRs or miss queue full), and nothing it depends on has
  // changed since: only a reply (tags, MSHRs) or a sent request (miss queue) can change that,
  // so the retry would fail again and is not repeated.
  bool lookup_stalled_ = false;
  enum class Refusal : std::uint8_t { kMshrs, kMissQueue, kMerge };
  Refusal refusal_ = Refusal::kMshrs;  // what refused the current line's last lookup
  // Whether a refused lookup waits as above; not in reference mode (L1Config::reference).
  bool stall_until_change_;
  std::uint32_t busy_slots_ = 0;
  std::uint32_t instruction_fills_ = 0;  // instruction reads queued or in flight
  // This SM's word of lower_.responses_ready() and its bit in it (null: the lower memory has
  // none): a bit test instead of a virtual call in every tick.
  const std::uint64_t* ready_word_ = nullptr;
  std::uint64_t ready_bit_ = 0;
  MemorySystem& lower_;
  std::size_t done_head_ = 0;
  std::vector<std::uint64_t> done_;  // completed tokens; read from done_head_
  Ring<Hit> hits_;
  Ring<Outgoing> miss_queue_;
  L1Stats stats_;

  L1Config c_;
  Coalescer coalescer_;
  TagArray tags_;
  // MSHR i: the line it fetches, or kNoLine (never a line address) while it is free. A dense
  // array, so that a lookup that misses searches 8 bytes per MSHR.
  std::vector<std::uint64_t> mshr_line_;
  std::vector<std::uint32_t> mshr_merged_;   // MSHR i: instructions waiting for its line
  std::vector<std::uint32_t> mshr_waiters_;  // mshr_max_merge slots per MSHR
  std::vector<std::uint32_t> free_mshrs_;
  // Bit b: some MSHR fetches a line whose index is b modulo 64 (the count of them per b). Most
  // lookups that miss are for lines no MSHR fetches, and this answers those without the search.
  std::uint64_t mshr_buckets_ = 0;
  std::array<std::uint16_t, 64> mshr_bucket_count_{};
  std::vector<Slot> slots_;
  std::vector<std::uint32_t> free_slots_;
  std::vector<std::uint64_t> fill_tokens_;  // instruction reads in flight, by id index
  std::vector<std::uint32_t> free_fill_ids_;
  Coalescer::Lines current_{};  // the lines of the instruction being looked up
};

std::unique_ptr<L1DataCache> make_l1_data_cache(const MemConfig& config, std::uint32_t sm,
                                                MemorySystem& lower);
// Reads the preset (throws UsageError on a bad one); prefer the MemConfig form for many SMs.
std::unique_ptr<L1DataCache> make_l1_data_cache(const Machine& machine, std::uint32_t sm,
                                                MemorySystem& lower);

}  // namespace wf::mem
