#include "workloads/spec/buffer_ref.h"

#include <charconv>

#include <fmt/format.h>

#include "sim_model/common/text.h"

namespace wf::workloads::spec {

std::optional<BufferRef> parse_buffer_ref(std::string_view text) {
  BufferRef ref;
  const auto plus = text.find('+');
  const std::string_view name = wf::text::trim(text.substr(0, plus));
  if (!wf::text::is_identifier(name)) return std::nullopt;
  ref.buffer = std::string(name);
  if (plus == std::string_view::npos) return ref;
  std::string_view digits = wf::text::trim(text.substr(plus + 1));
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
