// The CPU check's common last step: compare what the GPU produced with the reference and
// describe the first difference in a way that helps debugging (which element, both values,
// how many differ).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

namespace wf::workloads {

template <class T>
std::optional<std::string> first_mismatch(std::string_view what, const std::vector<T>& expected,
                                          const std::vector<T>& actual) {
  if (expected.size() != actual.size())
    return fmt::format("{}: {} elements, expected {}", what, actual.size(), expected.size());
  std::size_t first = expected.size(), count = 0;
  for (std::size_t i = 0; i < expected.size(); ++i) {
    if (expected[i] == actual[i]) continue;
    if (count++ == 0) first = i;
  }
  if (count == 0) return std::nullopt;
  return fmt::format("{}[{}] = {}, expected {} ({} of {} elements differ)", what, first,
                     actual[first], expected[first], count, expected.size());
}

}  // namespace wf::workloads
