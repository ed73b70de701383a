#include "harness/coverage/toggle_coverage.h"

#include <bit>

namespace wf::harness {

ToggleCoverage::ToggleCoverage(const std::vector<blocks::PortValue>& layout) {
  for (const auto& port : layout) {
    const unsigned width = port.value.width();
    first_.push_back(static_cast<CoverageTable::Id>(table_.points().size()));
    for (unsigned b = 0; b < width; ++b) {
      const std::string bit = width == 1 ? port.name : port.name + "[" + std::to_string(b) + "]";
      table_.add(bit + " rose");
      table_.add(bit + " fell");
    }
  }
}

void ToggleCoverage::sample(const std::vector<blocks::PortValue>& ports) {
  if (last_) {
    for (std::size_t i = 0; i < ports.size(); ++i) {
      const auto& now = ports[i].value.words();
      const auto& before = (*last_)[i].value.words();
      for (std::size_t w = 0; w < now.size(); ++w) {
        const std::uint64_t changed = now[w] ^ before[w];
        for (std::uint64_t m = changed; m; m &= m - 1) {
          const auto bit = static_cast<CoverageTable::Id>(w * 64 + std::countr_zero(m));
          const bool rose = (now[w] >> (bit % 64)) & 1;
          table_.hit(first_[i] + 2 * bit + (rose ? 0 : 1));
        }
      }
    }
  }
  last_ = ports;
}

}  // namespace wf::harness
