// Warp-phases (BAWS, Liu et al., ICS 2016, section 3): the execution of a CTA between two
// adjacent barriers, where the CTA's start and its end (the implicit exit barrier) count as
// barriers. Per phase, warp i's execution time T_i runs from the phase's start (the CTA's
// dispatch or the previous release) to the warp's arrival at the barrier (or its exit); the
// phase's ratio of temporal resource underutilization is
//   RTRU = sum_i (max T - T_i) / (N * max T)            (the paper's equation 1)
// over the N warps that took part. Warps that exited in an earlier phase take no part in later
// ones; `bar.arrive` (which does not wait) is not an arrival. This class accumulates RTRU over
// every phase and, for the CTAs asked for, keeps each warp's slices for a timeline.
#pragma once

#include <cstdint>
#include <vector>

namespace wf::sm {

// One warp in one warp-phase: it executed [start, arrive) and waited [arrive, end).
struct WarpPhaseSlice {
  std::uint32_t sm = 0;
  std::uint32_t cta = 0;          // linear CTA id in the grid
  std::uint32_t cta_on_sm = 0;    // the CTA's dispatch index on its SM (0 = first), all kernels
  std::uint32_t warp_in_cta = 0;  // warp index inside the CTA
  std::uint32_t hw_warp = 0;      // hardware warp slot
  std::uint32_t phase = 0;        // 0 = from the CTA's start to its first barrier
  bool exit = false;              // the phase ended at the warp's exit, not at a barrier
  std::uint64_t start = 0, arrive = 0, end = 0;
};

struct WarpPhaseTotals {
  double rtru_sum = 0;       // summed RTRU of the phases below
  std::uint64_t phases = 0;  // phases with a positive max T
};

class WarpPhases {
 public:
  // Accumulates into `totals` (the SM's stats).
  WarpPhases(unsigned cta_slots, WarpPhaseTotals& totals) : slots_(cta_slots), totals_(totals) {}

  // `record`: keep this CTA's slices (see slices()).
  void cta_start(unsigned slot, const std::vector<unsigned>& hw_warps, std::uint64_t now,
                 std::uint32_t sm, std::uint32_t cta, std::uint32_t cta_on_sm, bool record);
  void arrive(unsigned slot, unsigned hw_warp, std::uint64_t now);
  void exit(unsigned slot, unsigned hw_warp, std::uint64_t now);
  // The CTA's barrier released at `now`: the phase ends and the next starts.
  void release(unsigned slot, std::uint64_t now);
  // The CTA finished: its last phase ends at `now`.
  void cta_end(unsigned slot, std::uint64_t now);

  const std::vector<WarpPhaseSlice>& slices() const { return slices_; }

 private:
  struct Member {
    unsigned hw_warp = 0;
    std::uint64_t arrive = 0;
    bool arrived = false, exited = false, gone = false;  // gone: exited in an earlier phase
  };
  struct Slot {
    std::vector<Member> members;
    std::uint64_t phase_start = 0;
    std::uint32_t phase = 0, sm = 0, cta = 0, cta_on_sm = 0;
    bool record = false;
  };
  Member* find(Slot& s, unsigned hw_warp);
  void close_phase(Slot& s, std::uint64_t now);

  std::vector<Slot> slots_;
  WarpPhaseTotals& totals_;
  std::vector<WarpPhaseSlice> slices_;
};

}  // namespace wf::sm
