#include "workloads/spec/buffer_ref.h"

#include <cctype>
#include <charconv>

#include <fmt/format.h>

namespace wf::workloads::spec {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

}  // namespace

std::optional<BufferRef> parse_buffer_ref(std::string_view text) {
  BufferRef ref;
  const auto plus = text.find('+');
  const std::string_view name = trim(text.substr(0, plus));
  if (name.empty() || !(std::isalpha(static_cast<unsigned char>(name[0])) || name[0] == '_'))
    return std::nullopt;
  for (char c : name)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return std::nullopt;
  ref.buffer = std::string(name);
  if (plus == std::string_view::npos) return ref;
  std::string_view digits = trim(text.substr(plus + 1));
  int base = 10;
  if (digits.size() > 2 && digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X')) {
    digits.remove_prefix(2);
    base = 16;
  }
  const auto [end, ec] =
      std::from_chars(digits.data(), digits.data() + digits.size(), ref.offset, base);
  if (digits.empty() || ec != std::errc() || end != digits.data() + digits.size())
    return std::nullopt;
  return ref;
}

std::string to_string(const BufferRef& ref) {
  return ref.offset ? fmt::format("{}+{}", ref.buffer, ref.offset) : ref.buffer;
}

}  // namespace wf::workloads::spec
