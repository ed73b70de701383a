// A whole string as one unsigned decimal number: digits only (no sign, space or other base) and
// in T's range. std::from_chars alone accepts a prefix ("12abc") and, for unsigned types, no
// minus sign, but nothing here should accept "12abc" either; the command line, --param and
// presets' --param values all parse numbers this way.
#pragma once

#include <charconv>
#include <string_view>
#include <system_error>

namespace wf {

template <class T>
bool parse_decimal(std::string_view text, T& out) {
  if (text.empty() || text.find_first_not_of("0123456789") != std::string_view::npos) return false;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && end == text.data() + text.size();
}

}  // namespace wf
