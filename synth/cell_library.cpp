#include "synth/cell_library.h"

#include <cctype>
#include <charconv>
#include <stdexcept>

namespace wf::synth {
namespace detail {
extern const std::string_view kReferenceLiberty;  // generated from cells.lib at build time
}  // namespace detail

namespace {

// A Liberty value without its blanks and quotes.
std::string_view unquote(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '"')) {
    s.remove_prefix(1);
  }
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '"')) s.remove_suffix(1);
  return s;
}

// Offset of the '}' closing the group whose '{' is at `open`, skipping strings. Comments are
// gone by now.
std::size_t group_end(std::string_view text, std::size_t open) {
  int depth = 0;
  for (std::size_t i = open; i < text.size(); ++i) {
    char c = text[i];
    if (c == '"') {
      i = text.find('"', i + 1);
      if (i == std::string_view::npos) break;
    } else if (c == '{') {
      ++depth;
    } else if (c == '}' && --depth == 0) {
      return i;
    }
  }
  throw std::runtime_error("liberty: unbalanced braces");
}

// True when `body` has a group or attribute named `word` (followed by '(' or ':').
bool has_statement(std::string_view body, std::string_view word, std::size_t* value_at = nullptr) {
  for (std::size_t at = body.find(word); at != std::string_view::npos;
       at = body.find(word, at + 1)) {
    bool starts_word =
        at == 0 || !(std::isalnum(static_cast<unsigned char>(body[at - 1])) || body[at - 1] == '_');
    std::size_t next = body.find_first_not_of(" \t", at + word.size());
    if (starts_word && next != std::string_view::npos && (body[next] == '(' || body[next] == ':')) {
      if (value_at) *value_at = next + 1;
      return true;
    }
  }
  return false;
}

}  // namespace

std::vector<CellInfo> scan_liberty_cells(std::string_view raw) {
  // Comments may mention cells and areas in prose; only statements count.
  std::string stripped;
  for (std::size_t i = 0; i < raw.size(); ++i) {
    if (raw.compare(i, 2, "/*") == 0) {
      std::size_t end = raw.find("*/", i + 2);
      if (end == std::string_view::npos) throw std::runtime_error("liberty: unterminated comment");
      i = end + 1;
      stripped += ' ';
    } else {
      stripped += raw[i];
    }
  }
  std::string_view text = stripped;
  std::vector<CellInfo> cells;
  std::size_t at = 0;
  for (;;) {
    std::size_t rel = 0;
    if (!has_statement(text.substr(at), "cell", &rel)) break;
    std::size_t name_begin = at + rel;
    std::size_t name_end = text.find(')', name_begin);
    std::size_t open = text.find('{', name_end);
    if (name_end == std::string_view::npos || open == std::string_view::npos) {
      throw std::runtime_error("liberty: malformed cell group");
    }
    std::size_t close = group_end(text, open);
    std::string_view body = text.substr(open + 1, close - open - 1);

    CellInfo cell;
    cell.name = std::string(unquote(text.substr(name_begin, name_end - name_begin)));
    std::size_t area_at = 0;
    if (!has_statement(body, "area", &area_at)) {
      throw std::runtime_error("liberty: cell " + cell.name + " has no area");
    }
    std::string_view value = unquote(body.substr(area_at, body.find(';', area_at) - area_at));
    auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), cell.area_um2);
    if (ec != std::errc() || ptr != value.data() + value.size()) {
      throw std::runtime_error("liberty: cell " + cell.name + " has a malformed area");
    }
    cell.sequential = has_statement(body, "ff");
    cells.push_back(std::move(cell));
    at = close + 1;
  }
  return cells;
}

std::string_view reference_liberty() {
  return detail::kReferenceLiberty;
}

const std::vector<CellInfo>& reference_cells() {
  static const std::vector<CellInfo> cells = scan_liberty_cells(reference_liberty());
  return cells;
}

double nand2_area_um2() {
  for (const CellInfo& c : reference_cells()) {
    if (c.name == "NAND2_X1") return c.area_um2;
  }
  throw std::logic_error("reference cell library has no NAND2_X1");
}

}  // namespace wf::synth
