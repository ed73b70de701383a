// Files and directories that a handled signal (SIGINT, SIGTERM, SIGHUP) removes, so that an
// interrupted run leaves no temporary behind: a half-written output (write_file_atomically's
// .tmp<pid>, a block trace being recorded), a tool's working directory (synth/temp_dir.h). The
// handler (ChildProcesses, synth/child_processes.h, which warpforge's main installs) calls
// remove_signal_temporaries() once the children that may write into them have ended. The
// registry is a fixed table of absolute paths, so that the handler reads it without allocating
// or locking; it lives here, below every library that writes temporaries.
#pragma once

#include <filesystem>

namespace wf {

// Registers `path` (made absolute) for removal, with all that is in it, by a handled signal.
// A path may be registered before it exists, which closes the window between creating it and
// registering it. Returns the registration for forget_signal_temporary, or -1 when the path is
// too long to keep or every slot is taken.
int add_signal_temporary(const std::filesystem::path& path);
// Ends a registration (-1: none).
void forget_signal_temporary(int registration);
// Removes every registered path; async-signal-safe (system calls only). A directory is removed
// to a depth of 8; a deeper tree is left to the sweep of the next start (synth/temp_dir.h).
void remove_signal_temporaries();

// Registers a path for removal by a handled signal while this lives. Empty: none.
class RemovedOnSignal {
 public:
  explicit RemovedOnSignal(const std::filesystem::path& path)
      : registration_(path.empty() ? -1 : add_signal_temporary(path)) {}
  RemovedOnSignal(const RemovedOnSignal&) = delete;
  RemovedOnSignal& operator=(const RemovedOnSignal&) = delete;
  ~RemovedOnSignal() { forget_signal_temporary(registration_); }

 private:
  int registration_;
};

}  // namespace wf
