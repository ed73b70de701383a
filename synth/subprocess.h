// Runs an external tool (yosys, verilator, a Verilated model) and captures what it prints.
// The program gets an argv vector, never a shell command line, so file names and user-supplied
// strings cannot be reinterpreted as shell syntax.
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace wf {

// The program named by argv[0] does not exist or cannot be executed. Callers that need a tool
// the user has to install turn this into a UsageError naming the tool.
class ProgramNotFound : public std::runtime_error {
 public:
  explicit ProgramNotFound(const std::string& program)
      : std::runtime_error("program not found or not executable: " + program), program_(program) {}
  const std::string& program() const { return program_; }

 private:
  std::string program_;
};

// The memory budget of every tool warpforge starts unless its caller sets another: half of the
// memory of the machine, or of the control group warpforge runs in when that has less
// (cgroup v2 memory.max), in bytes. Half, so that one runaway tool fails by itself long before
// the kernel has to kill something, and what is left still holds warpforge and a second job.
std::uint64_t default_memory_limit();

// "512 MiB": how messages state a memory budget.
std::string format_memory(std::uint64_t bytes);

struct RunOptions {
  std::filesystem::path cwd;             // empty: the caller's working directory
  std::chrono::milliseconds timeout{0};  // 0: wait for ever
  bool merge_stderr = true;              // true: stderr interleaved into `out`, in order
  // The memory budget: each process of the tool (it and the helpers it starts, each on its
  // own) may have at most this many bytes of data (RLIMIT_DATA: heap and private writable
  // mappings, not the shared libraries it maps); 0: no limit.
  std::uint64_t memory_limit = default_memory_limit();
};

struct RunResult {
  int exit_code = -1;      // the program's exit status; -1 when it was killed by a signal
  int term_signal = 0;     // the signal that ended it, 0 if it exited
  bool timed_out = false;  // we ended its process group at the timeout (SIGTERM, then SIGKILL)
  // It failed for want of memory under RunOptions::memory_limit: what it printed says so (a
  // C++ tool's std::bad_alloc, "out of memory" of a C one, a compiler's "memory exhausted").
  bool out_of_memory = false;
  std::string out;                       // stdout (plus stderr when merged)
  std::string err;                       // stderr when not merged
  std::chrono::duration<double> wall{};  // start to reap

  bool ok() const { return exit_code == 0 && term_signal == 0 && !timed_out; }
};

// Looks `name` up the way execvp would: a name containing '/' is taken as a path, anything
// else is searched in $PATH. Returns the executable's path, or nothing.
std::optional<std::filesystem::path> find_program(std::string_view name);

// Runs argv[0] (searched in $PATH) with the arguments argv[1..], stdin from /dev/null, and
// waits for it and for the end of its output. The child leads its own process group, so a
// timeout also ends the helpers it started (yosys runs yosys-abc, for instance): SIGTERM, and
// SIGKILL after ChildProcesses::kGrace. The child is registered with ChildProcesses while it
// runs, so a signal that ends warpforge ends it too. Its memory limit is set in the child
// before the program starts, so the helpers it starts inherit it.
// Throws ProgramNotFound when argv[0] cannot be executed, std::invalid_argument for an empty
// argv, std::system_error when the operating system refuses pipes or processes.
RunResult run_process(const std::vector<std::string>& argv, const RunOptions& options = {});

// The first `max_lines` lines of `text`, followed by "... (N more lines)" when cut, each line
// bounded as messages are (wf::bound_message). For diagnostics that quote a tool's output.
std::string first_lines(std::string_view text, std::size_t max_lines);

}  // namespace wf
