// Small text helpers shared by the readers of tool logs, specs and cell libraries. One copy:
// files of a library compile together (unity builds), where two private copies of a helper
// would collide.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace wf::text {

// `s` without the white space (std::isspace) at either end.
std::string_view trim(std::string_view s);

// The lines of `text`, without their '\n'; a final newline does not start an empty line.
std::vector<std::string_view> split_lines(std::string_view text);

// The words of `s`, separated by runs of spaces, tabs and carriage returns.
std::vector<std::string_view> split_words(std::string_view s);

// A C identifier: [A-Za-z_][A-Za-z0-9_]*.
bool is_identifier(std::string_view s);

// Longest name (run of [A-Za-z0-9_$]) and longest message bound_message lets through whole.
// Every name warpforge generates is far shorter; a hand-edited module can hold a name of a
// million characters, which a message would otherwise repeat whole.
inline constexpr std::size_t kMaxMessageName = 128;
inline constexpr std::size_t kMaxMessage = 16384;

// `message` with every name longer than kMaxMessageName cut to its start and end around
// "...", its length after it ("aaaa...aaaa (1000000 characters)"), and the whole cut after
// kMaxMessage bytes ("... (N more bytes)"). What every error message goes through
// (sim_model/common/error.h), and each line of a tool's output quoted in one.
std::string bound_message(std::string_view message);

}  // namespace wf::text
