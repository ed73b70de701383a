// Runs child processes, several at a time, each with its output in a log file. The studies of
// `warpforge reproduce` run one `warpforge sim` per (workload, policy) this way: separate
// processes keep runs independent and use every core without making the simulator threaded.
#pragma once

#include <cstddef>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace wf::cli {

struct ProcessJob {
  std::vector<std::string> argv;  // argv[0] is the program's path
  std::filesystem::path log;      // stdout and stderr go here
};

struct ProcessOutcome {
  int exit_status = -1;  // the child's exit status; 128 + N when signal N ended it
  double seconds = 0;    // wall time
};

// At most `parallel` children at once, started in the order given. `progress(done, failed,
// total)` is called after each child ends (`failed`: those with a non-zero exit status). Throws
// std::runtime_error when a process cannot be started.
std::vector<ProcessOutcome> run_parallel(
    const std::vector<ProcessJob>& jobs, unsigned parallel,
    const std::function<void(std::size_t, std::size_t, std::size_t)>& progress);

// The running executable, to start more of itself.
std::filesystem::path self_executable();

}  // namespace wf::cli
