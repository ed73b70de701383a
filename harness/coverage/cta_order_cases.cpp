#include "harness/coverage/cta_order_cases.h"

namespace wf::harness {

MostWaitingCases::MostWaitingCases(CoverageTable& table, unsigned num_cta_slots)
    : table_(table),
      num_cta_slots_(num_cta_slots),
      more_waiting_wins_(table.add("most waiting first: more waiting warps beat a smaller slot")),
      tie_to_smaller_(
          table.add("most waiting first: a tie on a non-zero WPT count, the smaller slot wins")) {}

void MostWaitingCases::sample(std::uint32_t candidates, const std::uint8_t* count,
                              std::optional<unsigned> winner) {
  if (!winner) return;
  const unsigned c = *winner;
  bool smaller = false, tie = false;
  for (unsigned s = 0; s < num_cta_slots_; ++s) {
    if (s == c || !((candidates >> s) & 1)) continue;
    smaller |= s < c;
    tie |= s > c && count[s] == count[c] && count[c] != 0;
  }
  table_.hit(more_waiting_wins_, smaller);
  table_.hit(tie_to_smaller_, tie);
}

FirstHitCases::FirstHitCases(CoverageTable& table, unsigned num_cta_slots)
    : table_(table),
      num_cta_slots_(num_cta_slots),
      earlier_wins_(table.add("first hit first: an earlier first hit beats a smaller slot")),
      waiting_wins_(table.add("first hit first: a waiting slot beats a smaller one not waiting")),
      same_cycle_to_smaller_(
          table.add("first hit first: first hits in one cycle, the smaller slot wins")) {}

void FirstHitCases::sample(std::uint32_t candidates, const std::uint8_t* count,
                           std::optional<unsigned> winner) {
  std::uint32_t waiting = 0;
  for (unsigned s = 0; s < num_cta_slots_; ++s)
    if (count[s] != 0) waiting |= std::uint32_t{1} << s;
  if (winner && ((waiting >> *winner) & 1)) {
    const unsigned c = *winner;
    const std::uint32_t first_hits = waiting & ~was_waiting_;
    bool earlier = false, over_idle = false, same_cycle = false;
    for (unsigned s = 0; s < num_cta_slots_; ++s) {
      if (s == c || !((candidates >> s) & 1)) continue;
      const bool s_waits = (waiting >> s) & 1;
      earlier |= s < c && s_waits;
      over_idle |= s < c && !s_waits;
      same_cycle |= ((first_hits >> c) & 1) && ((first_hits >> s) & 1);
    }
    table_.hit(earlier_wins_, earlier);
    table_.hit(waiting_wins_, over_idle);
    table_.hit(same_cycle_to_smaller_, same_cycle);
  }
  was_waiting_ = waiting;
}

}  // namespace wf::harness
