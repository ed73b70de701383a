// Tells the two kinds of UsageError that Runtime::launch throws apart: a launch the runtime
// refused (unknown kernel, wrong arguments: the spec is wrong, exit status 2) and a kernel that
// failed while running (trap, assert, bad access, instruction limit: the run failed, status 1,
// and `--all` goes on with the next workload).
#pragma once

#include <exception>

namespace wf::workloads {

bool is_kernel_failure(const std::exception& e);

}  // namespace wf::workloads
