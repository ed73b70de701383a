// Errors that reach the user. A UsageError is the user's input being wrong (exit status 2); a
// CheckFailure is a check that failed without a report of its own (exit status 1); anything
// else escaping to main() is our bug. Both bound their message (text::bound_message), so that
// a name taken from the user's input (a module of a million characters) is cut once, here,
// whichever message quotes it.
#pragma once

#include <stdexcept>
#include <string>

#include "sim_model/common/text.h"

namespace wf {

// Bad input: unknown name, value out of range, unreadable or malformed file. The message is one
// line that names the input and says what was expected.
class UsageError : public std::runtime_error {
 public:
  explicit UsageError(const std::string& what) : std::runtime_error(text::bound_message(what)) {}
};

// The design under test failed its check in a way that ends the command: a simulation of it
// that ran out of its time budget. The message is one line naming the module and the file.
class CheckFailure : public std::runtime_error {
 public:
  explicit CheckFailure(const std::string& what) : std::runtime_error(text::bound_message(what)) {}
};

}  // namespace wf
