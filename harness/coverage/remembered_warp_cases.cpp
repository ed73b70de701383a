#include "harness/coverage/remembered_warp_cases.h"

#include <bit>

namespace wf::harness {

namespace {
bool has(std::uint64_t mask, unsigned warp) {
  return (mask >> warp) & 1;
}
}  // namespace

RoundRobinCases::RoundRobinCases(CoverageTable& table, const std::string& scope, bool listed)
    : table_(table),
      wraps_(table.add(scope + ": wraps around to a lower warp", listed)),
      passes_over_(table.add(scope + ": that warp could go again, another goes first", listed)) {}

void RoundRobinCases::sample(std::uint64_t candidates, unsigned grant,
                             std::optional<unsigned> last) {
  if (!last) return;
  table_.hit(wraps_, grant < *last);
  table_.hit(passes_over_, has(candidates, *last) && grant != *last);
}

GreedyCases::GreedyCases(CoverageTable& table, const std::string& scope, bool listed)
    : table_(table),
      holds_(table.add(scope + ": that warp is held while another could go", listed)),
      stalled_(table.add(scope + ": that warp stalled, the fallback order decides", listed)) {}

void GreedyCases::sample(std::uint64_t candidates, unsigned grant, std::optional<unsigned> last) {
  if (!last) return;
  table_.hit(holds_, has(candidates, *last) && grant == *last && std::popcount(candidates) >= 2);
  table_.hit(stalled_, !has(candidates, *last));
}

}  // namespace wf::harness
