#include "synth/child_processes.h"

#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <system_error>

#include "sim_model/common/signal_temporaries.h"

namespace wf {
namespace {

constexpr int kHandled[] = {SIGINT, SIGTERM, SIGHUP};
constexpr int kHandledCount = sizeof kHandled / sizeof kHandled[0];

// `reproduce -j 1024` runs 1024 children at once; each holds one slot. A slot holds the
// child's kill() target: its pid, or minus its process group; 0 is free.
constexpr int kSlots = 4096;
std::atomic<pid_t> g_slots[kSlots];
// Threads between starting a child (or creating a temporary) and registering it, or changing
// the registry of temporaries: the handler waits for them.
std::atomic<int> g_spawning{0};
std::atomic<int> g_terminating{0};
bool g_ignored[kHandledCount];  // set once by install_signal_handlers

static_assert(std::atomic<pid_t>::is_always_lock_free && std::atomic<int>::is_always_lock_free,
              "the signal handler reads these");

sigset_t handled_set() {
  sigset_t set;
  sigemptyset(&set);
  for (int sig : kHandled) sigaddset(&set, sig);
  return set;
}

void sleep_ms(int ms) {
  ::poll(nullptr, 0, ms);
}

// Whether the child `pid` has ended (it stays a zombie, unreaped).
bool has_ended(pid_t pid) {
  siginfo_t info{};
  info.si_pid = 0;
  if (::waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOHANG | WNOWAIT) != 0)
    return errno != EINTR;  // ECHILD: already reaped
  return info.si_pid == pid;
}

bool all_ended() {
  for (auto& slot : g_slots) {
    const pid_t target = slot.load();
    if (target != 0 && !has_ended(target < 0 ? -target : target)) return false;
  }
  return true;
}

void signal_all(int sig) {
  for (auto& slot : g_slots) {
    if (const pid_t target = slot.load(); target != 0) ::kill(target, sig);
  }
}

// SIGTERM, a grace period for the children to go, then SIGKILL to what is left: a group whose
// leader ended may still hold helpers that ignore SIGTERM, and an unreaped leader keeps the
// group id ours.
void end_children() {
  for (int i = 0; i < 100 && g_spawning.load() > 0; ++i) sleep_ms(10);
  signal_all(SIGTERM);
  constexpr int kStepMs = 20;
  for (int waited = 0; waited < ChildProcesses::kGrace.count() && !all_ended(); waited += kStepMs)
    sleep_ms(kStepMs);
  signal_all(SIGKILL);
}

void on_signal(int sig) {
  const int saved_errno = errno;
  g_terminating.store(sig);
  end_children();
  // SIGKILL is delivered asynchronously: give the children a moment to be gone.
  for (int waited = 0; waited < 1000 && !all_ended(); waited += 20) sleep_ms(20);
  remove_signal_temporaries();
  // Blocked while the handler runs, the raised signal is delivered, with its default action,
  // when the handler returns.
  struct sigaction dfl {};
  dfl.sa_handler = SIG_DFL;
  sigemptyset(&dfl.sa_mask);
  ::sigaction(sig, &dfl, nullptr);
  ::raise(sig);
  errno = saved_errno;
}

void remove(pid_t pid) {
  for (auto& slot : g_slots) {
    pid_t expected = pid;
    if (slot.compare_exchange_strong(expected, 0)) return;
    expected = -pid;
    if (slot.compare_exchange_strong(expected, 0)) return;
  }
}

}  // namespace

void ChildProcesses::install_signal_handlers() {
  struct sigaction action {};
  action.sa_handler = on_signal;
  action.sa_mask = handled_set();
  for (int i = 0; i < kHandledCount; ++i) {
    struct sigaction old {};
    ::sigaction(kHandled[i], nullptr, &old);
    g_ignored[i] = old.sa_handler == SIG_IGN;
    if (!g_ignored[i]) ::sigaction(kHandled[i], &action, nullptr);
  }
}

ChildProcesses::SpawnGuard::SpawnGuard() {
  const sigset_t set = handled_set();
  ::pthread_sigmask(SIG_BLOCK, &set, &saved_);
  g_spawning.fetch_add(1);
  // The handler sets g_terminating before it waits for g_spawning to drop: either it sees this
  // thread and waits for its registration, or this thread sees it and starts nothing.
  if (g_terminating.load() != 0) {
    g_spawning.fetch_sub(1);
    hold_if_terminating();
  }
}

ChildProcesses::SpawnGuard::~SpawnGuard() {
  g_spawning.fetch_sub(1);
  ::pthread_sigmask(SIG_SETMASK, &saved_, nullptr);
}

void ChildProcesses::SpawnGuard::prepare_exec_in_child() const {
  for (int i = 0; i < kHandledCount; ++i) {
    struct sigaction action {};
    action.sa_handler = g_ignored[i] ? SIG_IGN : SIG_DFL;
    sigemptyset(&action.sa_mask);
    ::sigaction(kHandled[i], &action, nullptr);
  }
  ::sigprocmask(SIG_SETMASK, &saved_, nullptr);
}

void ChildProcesses::add(pid_t pid, bool group) {
  const pid_t target = group ? -pid : pid;
  for (auto& slot : g_slots) {
    pid_t expected = 0;
    if (slot.compare_exchange_strong(expected, target)) return;
  }
  throw std::runtime_error("too many child processes at once");
}

int ChildProcesses::wait(pid_t pid, pid_t* reaped) {
  siginfo_t info{};
  for (;;) {
    info.si_pid = 0;
    const idtype_t which = pid < 0 ? P_ALL : P_PID;
    if (::waitid(which, pid < 0 ? 0 : static_cast<id_t>(pid), &info, WEXITED | WNOWAIT) == 0) break;
    if (errno != EINTR) throw std::system_error(errno, std::generic_category(), "waitid");
  }
  const pid_t child = info.si_pid;
  remove(child);
  int status = 0;
  while (::waitpid(child, &status, 0) < 0) {
    if (errno != EINTR) throw std::system_error(errno, std::generic_category(), "waitpid");
  }
  if (reaped) *reaped = child;
  return status;
}

bool ChildProcesses::terminating() {
  return g_terminating.load() != 0;
}

void ChildProcesses::hold_if_terminating() {
  while (terminating()) ::pause();
}

}  // namespace wf
