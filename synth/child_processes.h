// Every child process warpforge starts (a tool such as Yosys or Verilator, a verilated runner,
// a CUDA program under `exec`, the runs of `reproduce`) is registered here while it may still
// run, so that SIGINT, SIGTERM or SIGHUP to warpforge ends them before warpforge itself ends.
// A child in its own process group (run_process puts every tool in one) is ended as a group,
// so the helpers it started go too.
//
// The same signal removes the registered temporary files and directories
// (sim_model/common/signal_temporaries.h) once the children that wrote them have ended.
//
// The signal handler only reads fixed-size arrays of atomics and characters and calls kill(),
// waitid(), poll() (as a sleep), open(), getdents64(), unlinkat(), close(), sigaction() and
// raise(): nothing that allocates or locks.
#pragma once

#include <signal.h>
#include <sys/types.h>

#include <chrono>

namespace wf {

class ChildProcesses {
 public:
  // After SIGTERM, how long a child may take to end before it gets SIGKILL.
  static constexpr std::chrono::milliseconds kGrace{2000};

  // Installs the handler of SIGINT, SIGTERM and SIGHUP: SIGTERM to every registered child,
  // SIGKILL after kGrace to those still there, removal of every registered temporary, then the
  // signal again with its default action, so warpforge ends as killed by it (a shell reports
  // 128 + signal). A signal ignored when warpforge started (a background job of a script)
  // stays ignored.
  static void install_signal_handlers();

  // Blocks the handled signals in this thread from before a child is started (or a temporary
  // created) until it is registered, so that no signal can end warpforge in between and leave
  // the child running; a signal that came meanwhile is handled when the guard goes. Once a
  // signal is ending warpforge, a thread that takes the guard waits there for the end instead
  // of starting a child the handler would no longer see.
  class SpawnGuard {
   public:
    SpawnGuard();
    ~SpawnGuard();
    SpawnGuard(const SpawnGuard&) = delete;
    SpawnGuard& operator=(const SpawnGuard&) = delete;

    // In a forked child before exec: the handled signals back to their default action (an
    // ignored one stays ignored) and the signal mask the parent had.
    void prepare_exec_in_child() const;

   private:
    sigset_t saved_;
  };

  // Registers a started child: `pid` leads its own process group when `group` (kill(-pid)).
  // Throws std::runtime_error when the registry is full (thousands of children at once).
  static void add(pid_t pid, bool group);

  // Waits for the registered child `pid` to end, unregisters it, then reaps it (in that order:
  // until reaped, its pid and group id cannot be reused, so the handler never signals a
  // stranger). Returns the wait status. `pid` -1: any child; `reaped` receives which.
  static int wait(pid_t pid, pid_t* reaped = nullptr);

  // Whether a handled signal is ending warpforge (the handler runs in some thread).
  static bool terminating();
  // When terminating(): waits here for the handler to end the process, so that a thread whose
  // child the handler killed does not report that as the child's failure first.
  static void hold_if_terminating();
};

}  // namespace wf
