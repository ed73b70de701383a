#include "tools/warpforge/coverage_report.h"

#include <fmt/core.h>

namespace wf::cli {

std::string coverage_summary(const harness::EquivResult& r) {
  return fmt::format("coverage {}/{}", r.coverage.size() - r.missed().size(), r.coverage.size());
}

std::string format_missed(const harness::EquivResult& r, std::size_t limit) {
  const auto missed = r.missed();
  std::string out;
  for (std::size_t i = 0; i < missed.size() && i < limit; ++i)
    out += fmt::format("  never hit: {}\n", missed[i]);
  if (missed.size() > limit) {
    out += fmt::format("  ... and {} more (--coverage or --json lists every point)\n",
                       missed.size() - limit);
  }
  return out;
}

std::string format_coverage_table(const harness::EquivResult& r) {
  std::string out;
  for (const auto& p : r.coverage) out += fmt::format("  {:>10}  {}\n", p.hits, p.name);
  return out;
}

}  // namespace wf::cli
