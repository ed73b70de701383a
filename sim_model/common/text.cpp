#include "sim_model/common/text.h"

#include <algorithm>
#include <cctype>
#include <string>

namespace wf::text {

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    const std::size_t nl = text.find('\n');
    lines.push_back(text.substr(0, nl));
    if (nl == std::string_view::npos) break;
    text.remove_prefix(nl + 1);
  }
  return lines;
}

std::vector<std::string_view> split_words(std::string_view s) {
  std::vector<std::string_view> words;
  for (;;) {
    const std::size_t b = s.find_first_not_of(" \t\r");
    if (b == std::string_view::npos) return words;
    s.remove_prefix(b);
    const std::size_t e = s.find_first_of(" \t\r");
    words.push_back(s.substr(0, e));
    if (e == std::string_view::npos) return words;
    s.remove_prefix(e);
  }
}

bool is_identifier(std::string_view s) {
  if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_')) return false;
  return std::all_of(s.begin(), s.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
  });
}

std::string bound_message(std::string_view message) {
  constexpr std::size_t kHead = 48, kTail = 16;
  auto name_char = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$';
  };
  std::string out;
  out.reserve(std::min(message.size(), kMaxMessage));
  std::size_t i = 0;
  while (i < message.size()) {
    if (!name_char(message[i])) {
      out += message[i++];
      continue;
    }
    std::size_t end = i;
    while (end < message.size() && name_char(message[end])) ++end;
    const std::string_view name = message.substr(i, end - i);
    if (name.size() <= kMaxMessageName) {
      out += name;
    } else {
      out += name.substr(0, kHead);
      out += "...";
      out += name.substr(name.size() - kTail);
      out += " (" + std::to_string(name.size()) + " characters)";
    }
    i = end;
  }
  if (out.size() > kMaxMessage) {
    std::size_t cut = kMaxMessage;
    // Not inside a UTF-8 sequence: back to the byte that starts it.
    while (cut > 0 && (static_cast<unsigned char>(out[cut]) & 0xC0) == 0x80) --cut;
    const std::size_t rest = out.size() - cut;
    out.resize(cut);
    out += "... (" + std::to_string(rest) + " more bytes)";
  }
  return out;
}

}  // namespace wf::text
