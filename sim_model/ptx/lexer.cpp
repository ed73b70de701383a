#include "sim_model/ptx/lexer.h"

#include <fmt/format.h>

#include <cctype>

#include "sim_model/common/error.h"

namespace wf::ptx {
namespace {

bool ident_start(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_' || c == '$' || c == '%';
}
bool ident_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$';
}

}  // namespace

std::vector<Token> tokenize(std::string_view s, const std::string& file) {
  std::vector<Token> out;
  std::uint32_t line = 1, col = 1;
  bool at_line_start = true;
  std::size_t i = 0;
  auto advance = [&](std::size_t n) {
    for (std::size_t k = 0; k < n && i < s.size(); ++k, ++i) {
      if (s[i] == '\n') {
        ++line;
        col = 1;
        at_line_start = true;
      } else {
        ++col;
      }
    }
  };
  while (i < s.size()) {
    char c = s[i];
    if (c == '\n' || c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
      advance(1);
      continue;
    }
    if (c == '/' && i + 1 < s.size() && s[i + 1] == '/') {
      while (i < s.size() && s[i] != '\n') advance(1);
      continue;
    }
    if (c == '/' && i + 1 < s.size() && s[i + 1] == '*') {
      std::uint32_t l0 = line, c0 = col;
      advance(2);
      while (i + 1 < s.size() && !(s[i] == '*' && s[i + 1] == '/')) advance(1);
      if (i + 1 >= s.size()) {
        throw UsageError(
            fmt::format("{}:{}:{}: expected '*/' to close this comment", file, l0, c0));
      }
      advance(2);
      continue;
    }
    Token t;
    t.line = line;
    t.col = col;
    t.line_start = at_line_start;
    at_line_start = false;
    std::size_t start = i;
    if (c == '"') {
      std::size_t j = i + 1;
      while (j < s.size() && s[j] != '"' && s[j] != '\n')
        j += (s[j] == '\\' && j + 1 < s.size()) ? 2 : 1;
      if (j >= s.size() || s[j] != '"') {
        throw UsageError(
            fmt::format("{}:{}:{}: expected '\"' to close this string", file, line, col));
      }
      t.kind = TokKind::String;
      t.text = s.substr(i + 1, j - i - 1);
      advance(j + 1 - i);
    } else if (c == '.' && i + 1 < s.size() && ident_char(s[i + 1])) {
      std::size_t j = i + 1;
      // Cache-hint modifiers such as .L2::evict_last contain "::".
      while (j < s.size() &&
             (ident_char(s[j]) || (s[j] == ':' && j + 1 < s.size() && s[j + 1] == ':') ||
              (s[j] == ':' && j > 0 && s[j - 1] == ':'))) {
        ++j;
      }
      t.kind = TokKind::Dot;
      t.text = s.substr(start, j - start);
      advance(j - i);
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      std::size_t j = i;
      if (c == '0' && i + 1 < s.size() &&
          (s[i + 1] == 'f' || s[i + 1] == 'F' || s[i + 1] == 'd' || s[i + 1] == 'D')) {
        j = i + 2;
        while (j < s.size() && std::isxdigit(static_cast<unsigned char>(s[j]))) ++j;
        t.kind = TokKind::FloatBits;
      } else if (c == '0' && i + 1 < s.size() &&
                 (s[i + 1] == 'x' || s[i + 1] == 'X' || s[i + 1] == 'b' || s[i + 1] == 'B')) {
        j = i + 2;
        while (j < s.size() && std::isxdigit(static_cast<unsigned char>(s[j]))) ++j;
        t.kind = TokKind::Int;
      } else {
        while (j < s.size() && std::isdigit(static_cast<unsigned char>(s[j]))) ++j;
        t.kind = TokKind::Int;
        if (j < s.size() && s[j] == '.' && !(j + 1 < s.size() && ident_start(s[j + 1]))) {
          ++j;
          while (j < s.size() && std::isdigit(static_cast<unsigned char>(s[j]))) ++j;
          t.kind = TokKind::Float;
        }
        if (j < s.size() && (s[j] == 'e' || s[j] == 'E')) {
          std::size_t k = j + 1;
          if (k < s.size() && (s[k] == '+' || s[k] == '-')) ++k;
          if (k < s.size() && std::isdigit(static_cast<unsigned char>(s[k]))) {
            while (k < s.size() && std::isdigit(static_cast<unsigned char>(s[k]))) ++k;
            j = k;
            t.kind = TokKind::Float;
          }
        }
      }
      if (t.kind == TokKind::Int && j < s.size() && (s[j] == 'U' || s[j] == 'u')) ++j;
      t.text = s.substr(start, j - start);
      advance(j - i);
    } else if (ident_start(c)) {
      std::size_t j = i + 1;
      while (j < s.size() && ident_char(s[j])) ++j;
      t.kind = TokKind::Ident;
      t.text = s.substr(start, j - start);
      advance(j - i);
    } else if (std::string_view(",;:{}[]()+-!|<>=@").find(c) != std::string_view::npos) {
      t.kind = TokKind::Punct;
      t.text = s.substr(start, 1);
      advance(1);
    } else {
      throw UsageError(fmt::format(
          "{}:{}:{}: expected a PTX token, found character '{}'", file, line, col,
          (c >= 32 && c < 127) ? std::string(1, c)
                               : fmt::format("\\x{:02x}", static_cast<unsigned char>(c))));
    }
    out.push_back(t);
  }
  Token end;
  end.kind = TokKind::End;
  end.line = line;
  end.col = col;
  end.line_start = true;
  out.push_back(end);
  return out;
}

}  // namespace wf::ptx
