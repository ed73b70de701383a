#include "synth/subprocess.h"

#include "synth/child_processes.h"

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <system_error>

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace wf {
namespace {

using Clock = std::chrono::steady_clock;

[[noreturn]] void throw_errno(int err, const std::string& what) {
  throw std::system_error(err, std::generic_category(), what);
}

bool is_executable_file(const std::filesystem::path& p) {
  struct stat st {};
  return ::stat(p.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(p.c_str(), X_OK) == 0;
}

// Owns a file descriptor so that every early return or exception closes it.
class Fd {
 public:
  Fd() = default;
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  ~Fd() { reset(); }
  int get() const { return fd_; }
  void reset(int fd = -1) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = fd;
  }

 private:
  int fd_ = -1;
};

void make_pipe(Fd& read_end, Fd& write_end) {
  int fds[2];
  // O_CLOEXEC: a process spawned concurrently by another thread must not inherit our pipe,
  // or we would never see end-of-file.
  if (::pipe2(fds, O_CLOEXEC) != 0) throw_errno(errno, "pipe2");
  read_end.reset(fds[0]);
  write_end.reset(fds[1]);
  // Non-blocking reads: poll() may report a pipe readable and the read must still not stall
  // past the timeout.
  ::fcntl(fds[0], F_SETFL, ::fcntl(fds[0], F_GETFL) | O_NONBLOCK);
}

// Spawn attributes and file actions are C objects with init/destroy pairs.
struct SpawnSetup {
  posix_spawn_file_actions_t actions;
  posix_spawnattr_t attr;
  SpawnSetup() {
    posix_spawn_file_actions_init(&actions);
    posix_spawnattr_init(&attr);
  }
  ~SpawnSetup() {
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attr);
  }
  SpawnSetup(const SpawnSetup&) = delete;
  SpawnSetup& operator=(const SpawnSetup&) = delete;
};

// Kills and reaps the child if we leave run_process by an exception, so no zombie or runaway
// tool outlives the call.
struct ChildGuard {
  pid_t pid = -1;
  ~ChildGuard() {
    if (pid <= 0) return;
    ::kill(-pid, SIGKILL);
    try {
      ChildProcesses::wait(pid);
    } catch (const std::system_error&) {
    }
  }
};

// One read of what `fd` has ready, appended to `sink`; returns false at end-of-file. One read
// per poll keeps a fast writer from starving the timeout check.
bool read_some(int fd, std::string& sink) {
  char buf[65536];
  for (;;) {
    ssize_t n = ::read(fd, buf, sizeof buf);
    if (n > 0) {
      sink.append(buf, static_cast<std::size_t>(n));
      return true;
    }
    if (n == 0) return false;
    if (errno == EINTR) continue;
    if (errno == EAGAIN || errno == EWOULDBLOCK) return true;
    throw_errno(errno, "read from child");
  }
}

}  // namespace

std::optional<std::filesystem::path> find_program(std::string_view name) {
  if (name.empty()) return std::nullopt;
  if (name.find('/') != std::string_view::npos) {
    std::filesystem::path p{std::string(name)};
    return is_executable_file(p) ? std::optional(p) : std::nullopt;
  }
  const char* env = std::getenv("PATH");
  std::string_view path = env ? env : "/usr/local/bin:/usr/bin:/bin";
  for (;;) {
    std::size_t colon = path.find(':');
    std::string_view dir = path.substr(0, colon);
    std::filesystem::path candidate =
        std::filesystem::path(dir.empty() ? "." : std::string(dir)) / std::string(name);
    if (is_executable_file(candidate)) return candidate;
    if (colon == std::string_view::npos) return std::nullopt;
    path.remove_prefix(colon + 1);
  }
}

RunResult run_process(const std::vector<std::string>& argv, const RunOptions& options) {
  if (argv.empty()) throw std::invalid_argument("run_process: empty argv");
  // Resolve the program here rather than with posix_spawnp so that "not installed" is an
  // unambiguous ProgramNotFound, distinct from a bad working directory.
  std::optional<std::filesystem::path> program = find_program(argv[0]);
  if (!program) throw ProgramNotFound(argv[0]);
  if (!options.cwd.empty() && !std::filesystem::is_directory(options.cwd)) {
    throw_errno(ENOENT, "run_process: working directory " + options.cwd.string());
  }

  Fd out_r, out_w, err_r, err_w;
  make_pipe(out_r, out_w);
  if (!options.merge_stderr) make_pipe(err_r, err_w);

  SpawnSetup setup;
  posix_spawn_file_actions_addopen(&setup.actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&setup.actions, out_w.get(), 1);
  posix_spawn_file_actions_adddup2(&setup.actions, options.merge_stderr ? out_w.get() : err_w.get(),
                                   2);
  if (!options.cwd.empty()) {
    posix_spawn_file_actions_addchdir_np(&setup.actions, options.cwd.c_str());
  }
  // Own process group: a timeout kills the whole tree. Signals the caller ignores (a CLI often
  // ignores SIGPIPE) go back to their defaults, and nothing stays blocked.
  sigset_t defaults, empty;
  sigemptyset(&defaults);
  for (int sig : {SIGPIPE, SIGINT, SIGQUIT, SIGTERM, SIGHUP}) sigaddset(&defaults, sig);
  sigemptyset(&empty);
  posix_spawnattr_setflags(&setup.attr,
                           POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
  posix_spawnattr_setpgroup(&setup.attr, 0);
  posix_spawnattr_setsigdefault(&setup.attr, &defaults);
  posix_spawnattr_setsigmask(&setup.attr, &empty);

  std::vector<char*> cargv;
  cargv.reserve(argv.size() + 1);
  for (const std::string& a : argv) cargv.push_back(const_cast<char*>(a.c_str()));
  cargv.push_back(nullptr);

  RunResult result;
  const auto start = Clock::now();
  ChildGuard child;
  {
    const ChildProcesses::SpawnGuard spawning;
    int rc = ::posix_spawn(&child.pid, program->c_str(), &setup.actions, &setup.attr, cargv.data(),
                           environ);
    if (rc != 0) {
      child.pid = -1;
      if (rc == ENOENT || rc == EACCES || rc == ENOEXEC) throw ProgramNotFound(argv[0]);
      throw_errno(rc, "posix_spawn " + argv[0]);
    }
    ChildProcesses::add(child.pid, true);
  }
  out_w.reset();
  err_w.reset();

  struct Stream {
    Fd* fd;
    std::string* sink;
    bool open;
  };
  std::vector<Stream> streams{{&out_r, &result.out, true}};
  if (!options.merge_stderr) streams.push_back({&err_r, &result.err, true});

  const bool has_deadline = options.timeout.count() > 0;
  auto deadline = start + options.timeout;
  // At the timeout the group gets SIGTERM, and SIGKILL when it has not gone within the grace
  // period. After SIGKILL, the pipes get as long again to report end-of-file; a grandchild
  // that left the process group could otherwise hold them open for ever.
  bool killed = false;

  for (;;) {
    std::vector<pollfd> fds;
    for (const Stream& s : streams) {
      if (s.open) fds.push_back({s.fd->get(), POLLIN, 0});
    }
    if (fds.empty()) break;
    int wait_ms = -1;
    if (has_deadline || result.timed_out) {
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
      wait_ms = static_cast<int>(std::max<std::int64_t>(0, left.count()));
    }
    int n = ::poll(fds.data(), fds.size(), wait_ms);
    if (n < 0) {
      if (errno == EINTR) continue;
      throw_errno(errno, "poll");
    }
    if (n == 0) {
      if (killed) break;  // grace period over: stop reading
      if (result.timed_out) {
        ::kill(-child.pid, SIGKILL);
        killed = true;
      } else {
        ::kill(-child.pid, SIGTERM);
        result.timed_out = true;
      }
      deadline = Clock::now() + ChildProcesses::kGrace;
      continue;
    }
    for (Stream& s : streams) {
      if (!s.open) continue;
      for (const pollfd& p : fds) {
        if (p.fd == s.fd->get() && (p.revents & (POLLIN | POLLHUP | POLLERR))) {
          s.open = read_some(p.fd, *s.sink);
        }
      }
    }
  }

  // Helpers left in the group of a tool that timed out (or its leader, had it closed its
  // output and ignored SIGTERM) go now; the unreaped leader keeps the group id ours.
  if (result.timed_out) ::kill(-child.pid, SIGKILL);
  const int status = ChildProcesses::wait(child.pid);
  child.pid = -1;
  ChildProcesses::hold_if_terminating();
  result.wall = Clock::now() - start;
  if (WIFEXITED(status)) {
    result.exit_code = WEXITSTATUS(status);
  } else if (WIFSIGNALED(status)) {
    result.term_signal = WTERMSIG(status);
  }
  return result;
}

std::string first_lines(std::string_view text, std::size_t max_lines) {
  std::string kept;
  std::size_t lines = 0, pos = 0;
  while (pos < text.size() && lines < max_lines) {
    std::size_t nl = text.find('\n', pos);
    std::size_t end = nl == std::string_view::npos ? text.size() : nl + 1;
    kept.append(text.substr(pos, end - pos));
    pos = end;
    ++lines;
  }
  std::size_t rest = 0;
  for (std::size_t i = pos; i < text.size(); ++i) rest += text[i] == '\n';
  if (pos < text.size() && text.back() != '\n') ++rest;
  if (rest > 0) {
    if (!kept.empty() && kept.back() != '\n') kept += '\n';
    kept += "... (" + std::to_string(rest) + " more lines)\n";
  }
  return kept;
}

}  // namespace wf
