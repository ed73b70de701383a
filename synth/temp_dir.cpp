#include "synth/temp_dir.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <fstream>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "sim_model/common/signal_temporaries.h"
#include "synth/child_processes.h"

namespace wf::synth {
namespace fs = std::filesystem;

namespace {

constexpr std::string_view kPrefix = "warpforge-";
constexpr std::string_view kBeside = ".tmp";

std::optional<pid_t> parse_pid(std::string_view digits) {
  if (digits.empty() || digits.size() > 9) return std::nullopt;
  pid_t pid = 0;
  for (char c : digits) {
    if (c < '0' || c > '9') return std::nullopt;
    pid = pid * 10 + (c - '0');
  }
  return pid > 0 ? std::optional(pid) : std::nullopt;
}

// mkdtemp's six characters.
bool is_random_suffix(std::string_view s) {
  if (s.size() != 6) return false;
  for (char c : s) {
    if (!std::isalnum(static_cast<unsigned char>(c))) return false;
  }
  return true;
}

// When process `pid` started, in seconds since the epoch (/proc/<pid>/stat field 22, in clock
// ticks since boot, plus /proc/stat's btime); nothing when /proc does not say.
std::optional<double> process_start(pid_t pid) {
  std::ifstream stat_file("/proc/" + std::to_string(pid) + "/stat");
  std::string line;
  if (!std::getline(stat_file, line)) return std::nullopt;
  const std::size_t paren = line.rfind(')');  // the command name may hold spaces and parens
  if (paren == std::string::npos) return std::nullopt;
  std::istringstream fields(line.substr(paren + 1));
  std::string field;
  unsigned long long ticks = 0;
  for (int i = 3; i <= 22 && fields >> field; ++i) {
    if (i == 22) ticks = std::strtoull(field.c_str(), nullptr, 10);
  }
  std::ifstream proc_stat("/proc/stat");
  unsigned long long boot = 0;
  while (std::getline(proc_stat, line)) {
    if (line.starts_with("btime ")) boot = std::strtoull(line.c_str() + 6, nullptr, 10);
  }
  const long hz = ::sysconf(_SC_CLK_TCK);
  if (boot == 0 || ticks == 0 || hz <= 0) return std::nullopt;
  return static_cast<double>(boot) + static_cast<double>(ticks) / static_cast<double>(hz);
}

// Whether the owner of a temporary that last changed at `changed` may still be at work in it.
bool owner_may_live(pid_t pid, double changed) {
  if (pid == ::getpid()) return true;
  if (::kill(pid, 0) != 0 && errno == ESRCH) return false;
  const std::optional<double> start = process_start(pid);
  // The owner made the directory after it started, and changed it last no earlier. Slack for
  // btime's whole seconds.
  return !start || *start <= changed + 2;
}

// An exclusive lock on an open directory, without waiting: false when another process holds
// one. A file system without locks counts as unlocked; the pid decides then.
bool lock_directory(int fd) {
  while (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    if (errno == EINTR) continue;
    return errno != EWOULDBLOCK;
  }
  return true;
}

}  // namespace

std::optional<pid_t> temp_dir_owner(std::string_view name) {
  // warpforge-<kind>-<pid>-XXXXXX
  if (!name.starts_with(kPrefix)) return std::nullopt;
  name.remove_prefix(kPrefix.size());
  const std::size_t kind_end = name.find('-');
  if (kind_end == 0 || kind_end == std::string_view::npos) return std::nullopt;
  for (char c : name.substr(0, kind_end)) {
    if (c < 'a' || c > 'z') return std::nullopt;
  }
  name.remove_prefix(kind_end + 1);
  const std::size_t pid_end = name.find('-');
  if (pid_end == std::string_view::npos || !is_random_suffix(name.substr(pid_end + 1))) {
    return std::nullopt;
  }
  return parse_pid(name.substr(0, pid_end));
}

std::optional<pid_t> beside_owner(std::string_view name) {
  // <name>.tmp<pid>-XXXXXX, or <name>.tmp<pid>
  const std::size_t at = name.rfind(kBeside);
  if (at == 0 || at == std::string_view::npos) return std::nullopt;
  std::string_view rest = name.substr(at + kBeside.size());
  const std::size_t dash = rest.find('-');
  if (dash != std::string_view::npos) {
    if (!is_random_suffix(rest.substr(dash + 1))) return std::nullopt;
    rest = rest.substr(0, dash);
  }
  return parse_pid(rest);
}

int sweep_stale_temporaries(const fs::path& dir,
                            std::optional<pid_t> (*owner_pid)(std::string_view name)) {
  std::error_code ec;
  std::vector<std::pair<fs::path, pid_t>> candidates;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    if (const auto pid = owner_pid(it->path().filename().string())) {
      candidates.emplace_back(it->path(), *pid);
    }
  }
  int removed = 0;
  for (const auto& [path, pid] : candidates) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) continue;  // gone, not a directory, or a symbolic link
    struct stat st {};
    if (::fstat(fd, &st) == 0 && st.st_uid == ::geteuid() && lock_directory(fd) &&
        !owner_may_live(pid, static_cast<double>(st.st_mtim.tv_sec))) {
      fs::remove_all(path, ec);
      removed += !ec;
    }
    ::close(fd);
  }
  return removed;
}

TempDir::TempDir(const std::string& prefix)
    : TempDir(Pattern{[&prefix] {
        const fs::path tmp = fs::absolute(fs::temp_directory_path());
        // Once per process: a later run sweeps what a killed one left, before adding its own.
        static std::once_flag swept;
        std::call_once(swept, [&tmp] { sweep_stale_temporaries(tmp, temp_dir_owner); });
        return (tmp / (prefix + "-" + std::to_string(::getpid()) + "-XXXXXX")).string();
      }()}) {}

TempDir TempDir::beside(const fs::path& final_path) {
  return TempDir(Pattern{fs::absolute(final_path).string() + std::string(kBeside) +
                         std::to_string(::getpid()) + "-XXXXXX"});
}

TempDir::TempDir(Pattern pattern) {
  {
    // No signal between creating it and registering it for removal.
    const ChildProcesses::SpawnGuard guard;
    if (::mkdtemp(pattern.text.data()) == nullptr) {
      const int err = errno;
      throw std::runtime_error("cannot create a temporary directory " + pattern.text + ": " +
                               std::generic_category().message(err));
    }
    registration_ = add_signal_temporary(pattern.text);
  }
  path_ = pattern.text;
  lock_fd_ = ::open(path_.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (lock_fd_ >= 0) lock_directory(lock_fd_);
}

void TempDir::release() {
  forget_signal_temporary(registration_);
  registration_ = -1;
  if (lock_fd_ >= 0) ::close(lock_fd_);
  lock_fd_ = -1;
}

TempDir::~TempDir() {
  if (owned_) {
    // Still registered meanwhile: a signal now removes it too.
    std::error_code ignored;
    fs::remove_all(path_, ignored);
  }
  release();
}

bool TempDir::commit(const fs::path& final_path) {
  std::error_code ec;
  fs::rename(path_, final_path, ec);
  if (ec) return false;
  owned_ = false;
  path_ = final_path;
  release();
  return true;
}

void TempDir::write(const std::string& name, std::string_view text) const {
  const fs::path file = path_ / name;
  std::ofstream out(file, std::ios::binary);
  out.write(text.data(), static_cast<std::streamsize>(text.size()));
  if (!out) throw std::runtime_error("cannot write " + file.string());
}

}  // namespace wf::synth
