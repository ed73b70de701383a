// Private temporary directories for tool runs (a proof's Yosys files, a Verilator build), which
// nothing may leave behind: the destructor removes one with everything in it; SIGINT, SIGTERM
// or SIGHUP removes it after ending the children (ChildProcesses); and a process that died
// without either (SIGKILL, a crash, a power cut) leaves one that a later run sweeps away.
//
// For the sweep, each directory's name holds its owner's pid, and the owner holds an exclusive
// flock on it for as long as it lives (the kernel drops the lock when the process dies, also
// in another pid namespace sharing the directory). A directory is stale when nobody holds its
// lock and its pid is dead, or belongs to a process that started after the directory last
// changed (the pid was reused).
#pragma once

#include <sys/types.h>

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace wf::synth {

class TempDir {
 public:
  // Creates <tmp>/<prefix>-<pid>-XXXXXX ($TMPDIR, else /tmp), after sweeping <tmp> of stale
  // warpforge directories once per process; throws std::runtime_error when it cannot.
  explicit TempDir(const std::string& prefix);
  // Creates <final_path>.tmp<pid>-XXXXXX beside `final_path`, to be renamed there when
  // complete (commit), so that nobody ever sees a half-made `final_path`.
  static TempDir beside(const std::filesystem::path& final_path);

  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  ~TempDir();

  const std::filesystem::path& path() const { return path_; }

  // Writes `text` to path()/name; throws std::runtime_error when it cannot.
  void write(const std::string& name, std::string_view text) const;

  // Renames the directory to `final_path` and gives it up. False when `final_path` exists
  // already (another process finished first): the directory stays ours, to be removed.
  bool commit(const std::filesystem::path& final_path);

 private:
  struct Pattern {
    std::string text;  // a path ending in XXXXXX, for mkdtemp
  };
  explicit TempDir(Pattern pattern);
  void release();

  std::filesystem::path path_;
  bool owned_ = true;
  int lock_fd_ = -1;
  int registration_ = -1;  // add_signal_temporary
};

// Removes each directory directly in `dir` whose name `owner_pid` reads as a warpforge
// temporary (returning its owner's pid) and that is stale (see above), and is owned by us.
// Returns how many it removed. Errors (a directory that vanished, one we may not remove) are
// skipped: a sweep never fails the run that does it.
int sweep_stale_temporaries(const std::filesystem::path& dir,
                            std::optional<pid_t> (*owner_pid)(std::string_view name));

// The owner of <tmp>/warpforge-<kind>-<pid>-XXXXXX (TempDir(prefix)).
std::optional<pid_t> temp_dir_owner(std::string_view name);
// The owner of <name>.tmp<pid>-XXXXXX (TempDir::beside), or <name>.tmp<pid> (the name of
// earlier versions' Verilator builds).
std::optional<pid_t> beside_owner(std::string_view name);

}  // namespace wf::synth
