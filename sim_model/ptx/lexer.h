// Splits PTX text into tokens that remember their line and column for error messages.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace wf::ptx {

enum class TokKind : std::uint8_t {
  Ident,      // names, registers (%r1), labels ($L__BB0_1), mnemonics
  Dot,        // .name: directives and instruction modifiers (text includes the dot)
  Int,        // decimal, hex (0x..), octal, binary
  FloatBits,  // 0fXXXXXXXX / 0dXXXXXXXXXXXXXXXX
  Float,      // decimal float (1.5, 2e3)
  String,
  Punct,  // one character: , ; : { } [ ] ( ) + - ! | < > = @
  End
};

struct Token {
  TokKind kind = TokKind::End;
  std::string_view text;
  std::uint32_t line = 0, col = 0;
  bool line_start = false;  // first token on its line (ends .loc/.file style directives)
};

// Throws wf::UsageError("file:line:col: ...") on characters that cannot start a token.
std::vector<Token> tokenize(std::string_view text, const std::string& file);

}  // namespace wf::ptx
