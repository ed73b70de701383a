// `warpforge exec`: runs an unmodified CUDA application (built with `nvcc -cudart shared`) with
// its own host code. The program runs as a child process whose loader finds warpforge's
// libcudart.so.13 stand-in (cuda_runtime/stand_in/) first; the stand-in forwards every device
// operation over a socket to this process, which runs the kernels on the cycle model (or the
// functional executor) and writes the statistics when the program has exited. Exit status: the
// program's own, or 1 a kernel fault, 2 bad input (including a CUDA call the stand-in does not
// implement), 3 deadlock or livelock.
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cuda_runtime/server/device_info.h"
#include "cuda_runtime/server/exec_server.h"
#include "cuda_runtime/server/program_check.h"
#include "sim_model/common/atomic_file.h"
#include "sim_model/common/error.h"
#include "sim_model/gpu/runtime.h"
#include "sim_model/gpu/timing_report.h"
#include "sim_model/gpu/timing_session.h"
#include "synth/child_processes.h"
#include "tools/warpforge/command.h"
#include "tools/warpforge/machine_options.h"
#include "tools/warpforge/output_paths.h"

namespace wf::cli {
namespace {

namespace fs = std::filesystem;
using nlohmann::ordered_json;

struct ExecArgs {
  MachineOptions machine;
  bool functional = false;
  std::string stats;
  std::vector<std::string> command;
};

// The stand-in is built beside warpforge (build/<preset>/cuda_runtime/libcudart.so.13).
fs::path stand_in_directory() {
  const fs::path dir = fs::read_symlink("/proc/self/exe").parent_path() / "cuda_runtime";
  if (!fs::exists(dir / "libcudart.so.13"))
    throw std::runtime_error(
        fmt::format("the CUDA runtime stand-in is missing beside warpforge ({}); build the target "
                    "wf_cudart_stand_in",
                    (dir / "libcudart.so.13").string()));
  return dir;
}

// The child: the program, with the socket and the stand-in's directory in its environment.
[[noreturn]] void exec_program(const std::string& path, const std::vector<std::string>& command,
                               int socket_fd, const fs::path& stand_in,
                               const ChildProcesses::SpawnGuard& spawning) {
  spawning.prepare_exec_in_child();
  // dup() clears FD_CLOEXEC, so this descriptor survives exec; the pair's own do not.
  const int fd = ::dup(socket_fd);
  ::setenv(cudart::kSocketFdVariable, std::to_string(fd).c_str(), 1);
  const char* old = std::getenv("LD_LIBRARY_PATH");
  const std::string search = stand_in.string() + (old && *old ? std::string(":") + old : "");
  ::setenv("LD_LIBRARY_PATH", search.c_str(), 1);
  std::vector<char*> argv;
  for (const auto& s : command) argv.push_back(const_cast<char*>(s.c_str()));
  argv.push_back(nullptr);
  ::execv(path.c_str(), argv.data());
  std::fprintf(stderr, "warpforge: error: %s: cannot execute: %s\n", path.c_str(),
               std::strerror(errno));
  _exit(2);
}

ordered_json launches_json(const std::vector<cudart::ExecLaunch>& launches) {
  ordered_json a = ordered_json::array();
  for (const auto& l : launches)
    a.push_back({{"kernel", l.stats.kernel},
                 {"grid", {l.grid.x, l.grid.y, l.grid.z}},
                 {"block", {l.block.x, l.block.y, l.block.z}},
                 {"start", l.start_cycle},
                 {"end", l.end_cycle},
                 {"warp_instructions", l.stats.warp_instructions},
                 {"thread_instructions", l.stats.thread_instructions}});
  return a;
}

// The statistics file: the program, its exit status and every launch; under the cycle model
// also everything `warpforge sim --stats` reports (per kernel and in total).
std::string stats_json(const ExecArgs& a, int status, const cudart::ExecServer& server,
                       const gpu::TimingSession* session) {
  ordered_json j;
  if (session)
    j = ordered_json::parse(gpu::timing_report_json(*session, {a.command[0], status == 0}));
  ordered_json head;
  head["program"] = a.command[0];
  head["args"] = ordered_json(std::vector<std::string>(a.command.begin() + 1, a.command.end()));
  head["exit_status"] = status;
  head["model"] = session ? "timing" : "functional";
  std::uint64_t warp = 0, thread = 0;
  for (const auto& l : server.launches()) {
    warp += l.stats.warp_instructions;
    thread += l.stats.thread_instructions;
  }
  head["launch_count"] = server.launches().size();
  head["warp_instructions"] = warp;
  head["thread_instructions"] = thread;
  head["launches"] = launches_json(server.launches());
  for (auto& [k, v] : j.items()) head[k] = v;
  return head.dump(2) + "\n";
}

// The preset keys a run without the cycle model reads: the SM's launch limits
// (gpu::SmLimits::of, with the registers per thread launches are checked with) and the device
// properties the program sees (cudart::device_info). A --param of any other is refused under
// --functional rather than ignored.
const std::vector<std::string_view> kFunctionalKeys = {
    "gpu.num_sms",          "gpu.core_clock_mhz",     "gpu.dram_clock_mhz", "sm.warp_size",
    "sm.max_warps",         "sm.max_threads",         "sm.max_ctas",        "sm.max_warps_per_cta",
    "sm.registers",         "sm.shared_memory_bytes", "memory.channels",    "memory.l2_bytes",
    "dram.bus_bits",        "memory.device_bytes",    "regs_per_thread",    "pipeline.fp_interval",
    "pipeline.dp_interval",
};

// The program's exit status as a shell reports it (128 + N for signal N).
int wait_for(pid_t child, const std::string& name) {
  const int wait_status = ChildProcesses::wait(child);
  ChildProcesses::hold_if_terminating();
  if (WIFEXITED(wait_status)) return WEXITSTATUS(wait_status);
  if (!WIFSIGNALED(wait_status)) return 1;
  const int sig = WTERMSIG(wait_status);
  fmt::print(stderr, "warpforge: {} was killed by signal {} ({})\n", name, sig, strsignal(sig));
  return 128 + sig;
}

// warpforge's closing line on stderr, after the program's own output.
void print_summary(const std::string& name, int status, const cudart::ExecServer& server,
                   const gpu::TimingSession* session, double seconds) {
  std::uint64_t threads = 0;
  for (const auto& l : server.launches()) threads += l.stats.thread_instructions;
  fmt::print(stderr,
             "warpforge: {} exited with status {}: {} kernel launches, {} thread instructions",
             name, status, server.launches().size(), threads);
  if (session) {
    const std::uint64_t cycles = session->results().cycles;
    fmt::print(stderr, ", {} cycles, IPC {:.2f}", cycles,
               cycles ? static_cast<double>(threads) / cycles : 0.0);
  }
  fmt::print(stderr, " ({} model, {:.2f} s)\n", session ? "cycle" : "functional", seconds);
}

int run(const ExecArgs& a) {
  if (a.command.empty())
    throw UsageError("exec: expected a program to run: exec [OPTIONS] -- PROGRAM [ARGS...]");
  check_output_file("--stats", a.stats);
  const FunctionalRun functional{"exec --functional", kFunctionalKeys};
  const sm::TimingConfig config = timing_config(a.machine, a.functional ? &functional : nullptr);
  const std::string path = cudart::resolve_program(a.command[0]);
  cudart::check_loads_cudart(path);
  const fs::path stand_in = stand_in_directory();
  std::shared_ptr<gpu::TimingSession> session;
  if (!a.functional) {
    session = std::make_shared<gpu::TimingSession>(config);
    if (a.machine.memory == "fixed-latency") session->use_fixed_latency_memory();
  }
  const cudart::DeviceInfo device = cudart::device_info(config, a.functional);
  gpu::RuntimeOptions options;
  options.timing = session;
  options.device_memory_bytes = device.global_bytes;  // what the program is told it has
  options.sm_limits = gpu::SmLimits::of(config);  // --functional launches fit the preset's SM too
  // The progress line of long launches, erased when each ends, so the program's own output
  // stays as it would be.
  options.terminal_progress = isatty(fileno(stderr));
  gpu::Runtime runtime(options);

  const auto start = std::chrono::steady_clock::now();
  auto seconds = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  cudart::ExecServer::Hooks hooks;
  hooks.now = [&] { return session ? session->results().cycles : std::uint64_t{0}; };
  hooks.failure = [&] {
    return session ? std::pair{session->results().status, session->results().warp_dump}
                   : std::pair<std::string, std::string>{};
  };
  cudart::ExecServer server(runtime, device, a.command[0], hooks);

  int sockets[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sockets) != 0)
    throw std::runtime_error(fmt::format("socketpair: {}", std::strerror(errno)));
  std::fflush(nullptr);
  pid_t child = -1;
  {
    const ChildProcesses::SpawnGuard spawning;
    child = ::fork();
    if (child < 0) throw std::runtime_error(fmt::format("fork: {}", std::strerror(errno)));
    if (child == 0) {
      ::close(sockets[0]);
      exec_program(path, a.command, sockets[1], stand_in, spawning);
    }
    // The program shares our process group; it alone is ended with us.
    ChildProcesses::add(child, false);
  }
  ::close(sockets[1]);
  cudart::Channel channel(sockets[0]);
  const cudart::ServeOutcome outcome = server.serve(channel);
  ::close(sockets[0]);
  const int program_status = wait_for(child, a.command[0]);
  const int status = outcome.exit_status ? *outcome.exit_status : program_status;
  if (!outcome.connected && !outcome.exit_status)
    fmt::print(stderr,
               "warpforge: note: {} never called the CUDA runtime through warpforge's "
               "stand-in\n",
               a.command[0]);
  if (!a.stats.empty())
    write_file_atomically(a.stats, stats_json(a, status, server, session.get()));

  // A run warpforge ended has said why in one line (or the dump); nothing to add.
  if (outcome.exit_status) return status;
  print_summary(a.command[0], status, server, session.get(), seconds());
  return status;
}

std::function<int()> exec_setup(CLI::App& app) {
  auto a = std::make_shared<ExecArgs>();
  add_machine_options(app, a->machine);
  app.add_flag("--functional", a->functional,
               "run the kernels on the functional executor only (no timing: fast, and events "
               "measure 0 ms)");
  app.add_option("--stats", a->stats,
                 "write the statistics (the program's launches, per kernel and in total) as "
                 "JSON to this file when the program has exited");
  app.add_option("command", a->command, "-- PROGRAM ARGS...: the CUDA program and its arguments")
      ->required();
  return [a] { return run(*a); };
}

}  // namespace

WF_COMMAND(Command{"exec", "Run an unmodified CUDA program (nvcc -cudart shared) on the model",
                   exec_setup, 48})

}  // namespace wf::cli
