#include "synth/subprocess.h"

#include "sim_model/common/text.h"
#include "synth/child_processes.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <system_error>

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
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

// What the child does between fork and exec, prepared before the fork: another thread may hold
// the allocator's lock then, so the child makes system calls only.
struct ChildSetup {
  const char* program;
  char* const* argv;
  const char* cwd;  // nullptr: the caller's
  int out_fd;
  int err_fd;
  int report_fd;  // the child writes a ChildFailure here when it cannot run the program
  std::uint64_t memory_limit;
};

struct ChildFailure {
  int stage;  // kChdirFailed or kExecFailed
  int error;  // errno
};
constexpr int kChdirFailed = 1;
constexpr int kExecFailed = 2;

// A descriptor that should become `target` in the child, whichever number it has now.
void move_fd(int fd, int target) {
  if (fd == target) {
    ::fcntl(fd, F_SETFD, 0);  // dup2 to itself would keep its close-on-exec flag
  } else {
    ::dup2(fd, target);
  }
}

[[noreturn]] void exec_child(const ChildSetup& s) {
  // Its own process group: a timeout or a signal to warpforge ends the whole tree. Signals the
  // caller handles or ignores (a CLI often ignores SIGPIPE) go back to their defaults, and
  // nothing stays blocked (run_process blocks the handled ones around the fork).
  ::setpgid(0, 0);
  struct sigaction dfl {};
  dfl.sa_handler = SIG_DFL;
  sigemptyset(&dfl.sa_mask);
  for (int sig : {SIGPIPE, SIGINT, SIGQUIT, SIGTERM, SIGHUP}) ::sigaction(sig, &dfl, nullptr);
  sigset_t none;
  sigemptyset(&none);
  ::sigprocmask(SIG_SETMASK, &none, nullptr);
  move_fd(s.out_fd, 1);
  move_fd(s.err_fd, 2);
  const int null_fd = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
  if (null_fd >= 0) move_fd(null_fd, 0);
  ChildFailure failure{kChdirFailed, 0};
  if (s.cwd != nullptr && ::chdir(s.cwd) != 0) {
    failure.error = errno;
  } else {
    if (s.memory_limit > 0) {
      const rlimit limit{s.memory_limit, s.memory_limit};
      ::setrlimit(RLIMIT_DATA, &limit);
    }
    ::execve(s.program, s.argv, environ);
    failure = {kExecFailed, errno};
  }
  [[maybe_unused]] const ssize_t written = ::write(s.report_fd, &failure, sizeof failure);
  ::_exit(127);
}

// Whether a failed tool's output says it ran out of memory. Under RLIMIT_DATA an allocation
// fails: C++ tools (Yosys, Verilator) end with std::bad_alloc, C ones (yosys-abc, flex's
// scanner, cc1plus) print one of these first.
bool says_out_of_memory(std::string_view text) {
  static constexpr std::string_view kSigns[] = {"bad_alloc", "out of memory",
                                                "out of dynamic memory", "cannot allocate memory",
                                                "memory exhausted"};
  auto lower_equal = [](char a, char b) {
    return std::tolower(static_cast<unsigned char>(a)) == static_cast<unsigned char>(b);
  };
  for (std::string_view sign : kSigns) {
    if (std::search(text.begin(), text.end(), sign.begin(), sign.end(), lower_equal) != text.end())
      return true;
  }
  return false;
}

// The bytes of a "memory.max" file of cgroup v2, or nothing ("max", or no such file).
std::optional<std::uint64_t> cgroup_memory_max() {
  std::ifstream cgroup("/proc/self/cgroup");
  std::string line, path;
  while (std::getline(cgroup, line)) {
    if (line.starts_with("0::")) path = line.substr(3);
  }
  if (path.empty()) return std::nullopt;
  std::ifstream max("/sys/fs/cgroup" + path + "/memory.max");
  std::uint64_t bytes = 0;
  if (max >> bytes) return bytes;
  return std::nullopt;
}

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
  // Resolve the program here rather than with execvp in the child so that "not installed" is
  // an unambiguous ProgramNotFound, distinct from a bad working directory.
  std::optional<std::filesystem::path> program = find_program(argv[0]);
  if (!program) throw ProgramNotFound(argv[0]);
  if (!options.cwd.empty() && !std::filesystem::is_directory(options.cwd)) {
    throw_errno(ENOENT, "run_process: working directory " + options.cwd.string());
  }

  Fd out_r, out_w, err_r, err_w;
  make_pipe(out_r, out_w);
  if (!options.merge_stderr) make_pipe(err_r, err_w);

  // Blocking reads here: the parent waits on it until the program starts.
  Fd report_r, report_w;
  {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) throw_errno(errno, "pipe2");
    report_r.reset(fds[0]);
    report_w.reset(fds[1]);
  }

  std::vector<char*> cargv;
  cargv.reserve(argv.size() + 1);
  for (const std::string& a : argv) cargv.push_back(const_cast<char*>(a.c_str()));
  cargv.push_back(nullptr);
  const std::string program_path = program->string();
  const std::string cwd = options.cwd.string();
  const ChildSetup setup{program_path.c_str(),
                         cargv.data(),
                         cwd.empty() ? nullptr : cwd.c_str(),
                         out_w.get(),
                         options.merge_stderr ? out_w.get() : err_w.get(),
                         report_w.get(),
                         options.memory_limit};

  RunResult result;
  const auto start = Clock::now();
  ChildGuard child;
  {
    const ChildProcesses::SpawnGuard spawning;
    const pid_t pid = ::fork();
    if (pid < 0) throw_errno(errno, "fork " + argv[0]);
    if (pid == 0) exec_child(setup);
    child.pid = pid;
    // The child sets its group too; whichever runs first, the group exists before a signal
    // handler or a timeout can address it.
    ::setpgid(pid, pid);
    ChildProcesses::add(child.pid, true);
  }
  report_w.reset();
  // End-of-file: the program started (the pipe closed at exec). A report: it did not.
  ChildFailure failure{};
  ssize_t got;
  do {
    got = ::read(report_r.get(), &failure, sizeof failure);
  } while (got < 0 && errno == EINTR);
  if (got == sizeof failure) {
    if (failure.stage == kChdirFailed) {
      throw_errno(failure.error, "run_process: working directory " + cwd);
    }
    if (failure.error == ENOENT || failure.error == EACCES || failure.error == ENOEXEC) {
      throw ProgramNotFound(argv[0]);
    }
    throw_errno(failure.error, "exec " + argv[0]);
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
  result.out_of_memory = options.memory_limit > 0 && !result.ok() && !result.timed_out &&
                         (says_out_of_memory(result.out) || says_out_of_memory(result.err));
  return result;
}

std::uint64_t default_memory_limit() {
  static const std::uint64_t limit = [] {
    const long pages = ::sysconf(_SC_PHYS_PAGES);
    const long page_size = ::sysconf(_SC_PAGE_SIZE);
    std::uint64_t memory = pages > 0 && page_size > 0 ? static_cast<std::uint64_t>(pages) *
                                                            static_cast<std::uint64_t>(page_size)
                                                      : 0;
    if (const auto cgroup = cgroup_memory_max(); cgroup && (memory == 0 || *cgroup < memory)) {
      memory = *cgroup;
    }
    constexpr std::uint64_t kMiB = std::uint64_t{1} << 20;
    return memory / 2 / kMiB * kMiB;  // whole MiB, as messages state it
  }();
  return limit;
}

std::string format_memory(std::uint64_t bytes) {
  constexpr std::uint64_t kMiB = std::uint64_t{1} << 20;
  return std::to_string((bytes + kMiB - 1) / kMiB) + " MiB";
}

std::string first_lines(std::string_view log, std::size_t max_lines) {
  std::string kept;
  std::size_t lines = 0, pos = 0;
  while (pos < log.size() && lines < max_lines) {
    std::size_t nl = log.find('\n', pos);
    std::size_t end = nl == std::string_view::npos ? log.size() : nl;
    kept += text::bound_message(log.substr(pos, end - pos));
    if (nl != std::string_view::npos) {
      kept += '\n';
      ++end;
    }
    pos = end;
    ++lines;
  }
  std::size_t rest = 0;
  for (std::size_t i = pos; i < log.size(); ++i) rest += log[i] == '\n';
  if (pos < log.size() && log.back() != '\n') ++rest;
  if (rest > 0) {
    if (!kept.empty() && kept.back() != '\n') kept += '\n';
    kept += "... (" + std::to_string(rest) + " more lines)\n";
  }
  return kept;
}

}  // namespace wf
