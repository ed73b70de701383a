#include "tools/warpforge/parallel_runs.h"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <map>
#include <stdexcept>

#include <fmt/format.h>

#include "synth/child_processes.h"

namespace wf::cli {
namespace {

using Clock = std::chrono::steady_clock;

pid_t start(const ProcessJob& job) {
  std::vector<char*> argv;
  for (const auto& a : job.argv) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  const std::string log = job.log.string();
  const ChildProcesses::SpawnGuard spawning;
  const pid_t pid = fork();
  if (pid < 0) throw std::runtime_error(fmt::format("fork: {}", std::strerror(errno)));
  if (pid == 0) {
    spawning.prepare_exec_in_child();
    const int fd = open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd >= 0) {
      dup2(fd, STDOUT_FILENO);
      dup2(fd, STDERR_FILENO);
      close(fd);
    }
    execv(argv[0], argv.data());
    _exit(127);
  }
  // A warpforge child ends its own children when it gets the signal that ends us.
  ChildProcesses::add(pid, false);
  return pid;
}

}  // namespace

std::vector<ProcessOutcome> run_parallel(
    const std::vector<ProcessJob>& jobs, unsigned parallel,
    const std::function<void(std::size_t, std::size_t, std::size_t)>& progress) {
  std::vector<ProcessOutcome> out(jobs.size());
  std::map<pid_t, std::pair<std::size_t, Clock::time_point>> running;
  std::size_t next = 0, done = 0, failed = 0;
  if (parallel == 0) parallel = 1;
  while (done < jobs.size()) {
    while (next < jobs.size() && running.size() < parallel) {
      running[start(jobs[next])] = {next, Clock::now()};
      ++next;
    }
    pid_t pid = -1;
    const int status = ChildProcesses::wait(-1, &pid);
    ChildProcesses::hold_if_terminating();
    const auto it = running.find(pid);
    if (it == running.end()) continue;
    ProcessOutcome& o = out[it->second.first];
    o.exit_status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    o.seconds = std::chrono::duration<double>(Clock::now() - it->second.second).count();
    running.erase(it);
    ++done;
    if (o.exit_status != 0) ++failed;
    if (progress) progress(done, failed, jobs.size());
  }
  return out;
}

std::filesystem::path self_executable() {
  return std::filesystem::read_symlink("/proc/self/exe");
}

}  // namespace wf::cli
