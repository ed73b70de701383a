// Functional coverage of an equivalence run. A block's coverage model (harness/coverage/<block>.h)
// watches the golden model's In and Out in every compared cycle and counts, per named point, the
// cycles in which that case occurred: which output bits toggled, which of the block's priority
// rules decided a grant. A model declares only the points that can occur under its parameters,
// so a point with no hits always means the stimulus (or the replayed workload) never reached it,
// never that it is impossible.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace wf::harness {

struct CoveragePoint {
  std::string name;
  std::uint64_t hits = 0;
  bool operator==(const CoveragePoint&) const = default;
};

// The names of the points of `points` that were never hit, in order.
std::vector<std::string> never_hit(const std::vector<CoveragePoint>& points);

class CoverageTable {
 public:
  using Id = std::uint32_t;
  static constexpr Id kUnlisted = ~Id{0};

  // Declares a point. `listed` false (the case cannot occur under the parameters) gives
  // kUnlisted, whose hits are dropped, so callers need not test for it.
  Id add(std::string name, bool listed = true);
  void hit(Id id, bool when = true) {
    if (when && id != kUnlisted) ++points_[id].hits;
  }
  const std::vector<CoveragePoint>& points() const { return points_; }

 private:
  std::vector<CoveragePoint> points_;
};

}  // namespace wf::harness
