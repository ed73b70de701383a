// A kernel did something illegal (trap, assert, bad access, runaway). It is the user's program
// that is wrong, so it is a UsageError; the message names kernel, thread and instruction.
#pragma once

#include <string>

#include "sim_model/common/error.h"

namespace wf::ptx {

class KernelError : public UsageError {
 public:
  explicit KernelError(const std::string& what) : UsageError(what) {}
};

}  // namespace wf::ptx
