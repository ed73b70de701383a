#include "harness/coverage/age_order_cases.h"

#include <bit>

namespace wf::harness {

AgeOrderCases::AgeOrderCases(CoverageTable& table, unsigned num_warps)
    : table_(table),
      num_warps_(num_warps),
      older_wins_(table.add("oldest first: an older CTA beats a lower warp")),
      tie_to_lower_(table.add("oldest first: two CTA slots of equal age, the lower warp wins")) {}

void AgeOrderCases::sample(std::uint64_t candidates, const std::uint8_t* warp_cta,
                           const std::uint8_t* cta_age, unsigned grant) {
  table_.hit(older_wins_, grant != static_cast<unsigned>(std::countr_zero(candidates)));
  bool tie = false;
  for (unsigned w = grant + 1; w < num_warps_ && !tie; ++w) {
    tie = ((candidates >> w) & 1) && warp_cta[w] != warp_cta[grant] &&
          cta_age[warp_cta[w]] == cta_age[warp_cta[grant]];
  }
  table_.hit(tie_to_lower_, tie);
}

}  // namespace wf::harness
