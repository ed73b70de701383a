#include "tools/warpforge/parallel_runs.h"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <map>
#include <stdexcept>

#include <fmt/format.h>

namespace wf::cli {
namespace {

using Clock = std::chrono::steady_clock;

pid_t start(const ProcessJob& job) {
  std::vector<char*> argv;
  for (const auto& a : job.argv) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  const std::string log = job.log.string();
  const pid_t pid = fork();
  if (pid < 0) throw std::runtime_error(fmt::format("fork: {}", std::strerror(errno)));
  if (pid == 0) {
    const int fd = open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd >= 0) {
      dup2(fd, STDOUT_FILENO);
      dup2(fd, STDERR_FILENO);
      close(fd);
    }
    execv(argv[0], argv.data());
    _exit(127);
  }
  return pid;
}

}  // namespace

std::vector<ProcessOutcome> run_parallel(
    const std::vector<ProcessJob>& jobs, unsigned parallel,
    const std::function<void(std::size_t, std::size_t)>& progress) {
  std::vector<ProcessOutcome> out(jobs.size());
  std::map<pid_t, std::pair<std::size_t, Clock::time_point>> running;
  std::size_t next = 0, done = 0;
  if (parallel == 0) parallel = 1;
  while (done < jobs.size()) {
    while (next < jobs.size() && running.size() < parallel) {
      running[start(jobs[next])] = {next, Clock::now()};
      ++next;
    }
    int status = 0;
    const pid_t pid = waitpid(-1, &status, 0);
    if (pid < 0) {
      if (errno == EINTR) continue;
      throw std::runtime_error(fmt::format("waitpid: {}", std::strerror(errno)));
    }
    const auto it = running.find(pid);
    if (it == running.end()) continue;
    ProcessOutcome& o = out[it->second.first];
    o.exit_status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    o.seconds = std::chrono::duration<double>(Clock::now() - it->second.second).count();
    running.erase(it);
    ++done;
    if (progress) progress(done, jobs.size());
  }
  return out;
}

std::filesystem::path self_executable() {
  return std::filesystem::read_symlink("/proc/self/exe");
}

}  // namespace wf::cli
