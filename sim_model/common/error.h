// Errors that reach the user. A UsageError is the user's input being wrong (exit status 2);
// anything else escaping to main() is our bug.
#pragma once

#include <stdexcept>
#include <string>

namespace wf {

// Bad input: unknown name, value out of range, unreadable or malformed file. The message is one
// line that names the input and says what was expected.
class UsageError : public std::runtime_error {
 public:
  explicit UsageError(const std::string& what) : std::runtime_error(what) {}
};

}  // namespace wf
