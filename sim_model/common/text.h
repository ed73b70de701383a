// Small text helpers shared by the readers of tool logs, specs and cell libraries. One copy:
// files of a library compile together (unity builds), where two private copies of a helper
// would collide.
#pragma once

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

}  // namespace wf::text
