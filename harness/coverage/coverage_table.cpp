#include "harness/coverage/coverage_table.h"

namespace wf::harness {

std::vector<std::string> never_hit(const std::vector<CoveragePoint>& points) {
  std::vector<std::string> out;
  for (const auto& p : points)
    if (p.hits == 0) out.push_back(p.name);
  return out;
}

CoverageTable::Id CoverageTable::add(std::string name, bool listed) {
  if (!listed) return kUnlisted;
  points_.push_back({std::move(name), 0});
  return static_cast<Id>(points_.size() - 1);
}

}  // namespace wf::harness
