#include "synth/subprocess.h"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <system_error>
#include <thread>

#include "synth/child_processes.h"

#include <gtest/gtest.h>

namespace wf {
namespace {

using namespace std::chrono_literals;

TEST(RunProcess, CapturesOutputAndExitStatus) {
  RunResult r = run_process({"sh", "-c", "echo hello; exit 3"});
  EXPECT_EQ(r.out, "hello\n");
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_EQ(r.term_signal, 0);
  EXPECT_FALSE(r.ok());
}

TEST(RunProcess, MergesStderrInOrderByDefault) {
  RunResult r = run_process({"sh", "-c", "echo one; echo two >&2; echo three"});
  EXPECT_EQ(r.out, "one\ntwo\nthree\n");
  EXPECT_TRUE(r.ok());
}

TEST(RunProcess, SeparatesStderrOnRequest) {
  RunOptions o;
  o.merge_stderr = false;
  RunResult r = run_process({"sh", "-c", "echo out; echo err >&2"}, o);
  EXPECT_EQ(r.out, "out\n");
  EXPECT_EQ(r.err, "err\n");
}

TEST(RunProcess, ArgumentsAreNotShellSyntax) {
  RunResult r = run_process({"printf", "%s|", "a b", "$HOME;ls", "`id`", "*"});
  EXPECT_EQ(r.out, "a b|$HOME;ls|`id`|*|");
}

TEST(RunProcess, RunsInTheGivenDirectory) {
  RunOptions o;
  o.cwd = std::filesystem::temp_directory_path();
  RunResult r = run_process({"pwd", "-P"}, o);
  EXPECT_EQ(r.out, std::filesystem::canonical(o.cwd).string() + "\n");
}

TEST(RunProcess, StdinIsEmpty) {
  RunOptions o;
  o.timeout = 5s;
  RunResult r = run_process({"cat"}, o);
  EXPECT_TRUE(r.ok());
  EXPECT_EQ(r.out, "");
}

TEST(RunProcess, ReportsTheSignalThatKilledIt) {
  RunResult r = run_process({"sh", "-c", "kill -TERM $$"});
  EXPECT_EQ(r.term_signal, 15);
  EXPECT_EQ(r.exit_code, -1);
}

TEST(RunProcess, TimeoutKillsTheWholeProcessGroup) {
  // The background sleep inherits the output pipe: without a group kill we would wait for it.
  RunOptions o;
  o.timeout = 300ms;
  RunResult r = run_process({"sh", "-c", "echo started; sleep 30 & sleep 30"}, o);
  EXPECT_TRUE(r.timed_out);
  EXPECT_FALSE(r.ok());
  EXPECT_EQ(r.out, "started\n");
  EXPECT_LT(r.wall, 5s);
}

TEST(RunProcess, TimeoutSendsSigtermFirst) {
  // A tool that cleans up on SIGTERM gets to.
  RunOptions o;
  o.timeout = 300ms;
  RunResult r =
      run_process({"sh", "-c", "trap 'echo terminated; exit 3' TERM; sleep 30 & wait"}, o);
  EXPECT_TRUE(r.timed_out);
  EXPECT_EQ(r.out, "terminated\n");
  EXPECT_LT(r.wall, ChildProcesses::kGrace);
}

TEST(RunProcess, TimeoutKillsWhatIgnoresSigterm) {
  RunOptions o;
  o.timeout = 300ms;
  RunResult r = run_process({"sh", "-c", "trap '' TERM; echo started; sleep 30"}, o);
  EXPECT_TRUE(r.timed_out);
  EXPECT_EQ(r.out, "started\n");
  EXPECT_GE(r.wall, ChildProcesses::kGrace);
  EXPECT_LT(r.wall, ChildProcesses::kGrace + 3s);
}

// Whether `pid` has gone (or is a zombie waiting for a reaper that is not us).
bool gone(pid_t pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string pid_field, name, state;
  return !(stat >> pid_field >> name >> state) || state == "Z";
}

TEST(ChildProcesses, SigtermEndsTheChildrenThenWarpforge) {
  const auto pid_file = std::filesystem::temp_directory_path() /
                        ("wf-child-processes-test-" + std::to_string(::getpid()));
  std::filesystem::remove(pid_file);
  const pid_t process = ::fork();
  ASSERT_GE(process, 0);
  if (process == 0) {
    // Stands for warpforge: a tool runs, and a signal comes while we wait for it.
    ChildProcesses::install_signal_handlers();
    std::thread signaller([] {
      std::this_thread::sleep_for(500ms);
      ::kill(::getpid(), SIGTERM);
    });
    signaller.detach();
    run_process({"sh", "-c", "echo $$ > " + pid_file.string() + "; exec sleep 30"});
    _exit(0);  // not reached: the signal ends the process
  }
  int status = 0;
  ASSERT_EQ(::waitpid(process, &status, 0), process);
  ASSERT_TRUE(WIFSIGNALED(status));
  EXPECT_EQ(WTERMSIG(status), SIGTERM);
  std::ifstream in(pid_file);
  pid_t tool = 0;
  ASSERT_TRUE(in >> tool);
  std::filesystem::remove(pid_file);
  const auto deadline = std::chrono::steady_clock::now() + 5s;
  while (!gone(tool) && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(20ms);
  EXPECT_TRUE(gone(tool)) << "the tool " << tool << " outlived the process that started it";
}

TEST(RunProcess, LargeOutputIsNotTruncated) {
  RunResult r = run_process({"sh", "-c",
                             "i=0; while [ $i -lt 20000 ]; do echo 0123456789; "
                             "i=$((i+1)); done"});
  EXPECT_EQ(r.out.size(), 20000u * 11);
}

TEST(RunProcess, MissingProgramThrowsProgramNotFound) {
  EXPECT_THROW(run_process({"warpforge-no-such-tool-7f3a"}), ProgramNotFound);
  EXPECT_THROW(run_process({"/nonexistent/dir/tool"}), ProgramNotFound);
  EXPECT_THROW(run_process({}), std::invalid_argument);
}

TEST(RunProcess, SetsTheMemoryLimitInTheChild) {
  RunOptions o;
  o.memory_limit = std::uint64_t{64} << 20;
  EXPECT_EQ(run_process({"sh", "-c", "ulimit -d"}, o).out, "65536\n");  // KiB
  o.memory_limit = 0;
  RunResult unlimited = run_process({"sh", "-c", "ulimit -d"}, o);
  EXPECT_NE(unlimited.out, "65536\n");
}

TEST(RunProcess, ByDefaultLimitsMemoryToHalfOfTheMachine) {
  const std::uint64_t machine = static_cast<std::uint64_t>(::sysconf(_SC_PHYS_PAGES)) *
                                static_cast<std::uint64_t>(::sysconf(_SC_PAGE_SIZE));
  EXPECT_GT(default_memory_limit(), 0u);
  EXPECT_LE(default_memory_limit(), machine / 2);
  EXPECT_EQ(RunOptions{}.memory_limit, default_memory_limit());
}

TEST(RunProcess, ReportsAToolThatRanOutOfItsMemory) {
  RunOptions o;
  o.memory_limit = std::uint64_t{64} << 20;
  o.timeout = 20s;
  // Doubles a string until an allocation fails; awk then says "out of memory".
  RunResult r = run_process({"awk", "BEGIN { s = \"x\"; while (1) s = s s }"}, o);
  EXPECT_FALSE(r.ok());
  EXPECT_FALSE(r.timed_out);
  EXPECT_TRUE(r.out_of_memory) << r.out;
}

TEST(RunProcess, OutOfMemoryNeedsALimitAndAFailure) {
  const std::vector<std::string> abort_on_bad_alloc = {
      "sh", "-c",
      "echo \"terminate called after throwing an instance of 'std::bad_alloc'\"; kill -ABRT $$"};
  RunOptions o;
  o.memory_limit = std::uint64_t{1} << 30;
  EXPECT_TRUE(run_process(abort_on_bad_alloc, o).out_of_memory);
  // A failure that does not say so is the tool's own.
  EXPECT_FALSE(run_process({"sh", "-c", "echo segfault; kill -SEGV $$"}, o).out_of_memory);
  // Words in the output of a tool that succeeded are only words.
  EXPECT_FALSE(run_process({"sh", "-c", "echo out of memory"}, o).out_of_memory);
  o.memory_limit = 0;
  EXPECT_FALSE(run_process(abort_on_bad_alloc, o).out_of_memory);
}

TEST(RunProcess, ReportsABadWorkingDirectory) {
  RunOptions o;
  o.cwd = "/nonexistent/dir";
  EXPECT_THROW(run_process({"true"}, o), std::system_error);
}

TEST(FindProgram, SearchesPath) {
  auto sh = find_program("sh");
  ASSERT_TRUE(sh.has_value());
  EXPECT_TRUE(sh->is_absolute());
  EXPECT_FALSE(find_program("warpforge-no-such-tool-7f3a").has_value());
  EXPECT_FALSE(find_program("").has_value());
}

TEST(FirstLines, CutsAndSaysHowMuchIsLeft) {
  EXPECT_EQ(first_lines("a\nb\nc\n", 5), "a\nb\nc\n");
  EXPECT_EQ(first_lines("a\nb\nc\n", 2), "a\nb\n... (1 more lines)\n");
  EXPECT_EQ(first_lines("a\nb\nc", 1), "a\n... (2 more lines)\n");
  EXPECT_EQ(first_lines("", 3), "");
}

TEST(FirstLines, CutsANameOfAMillionCharacters) {
  const std::string log = "ERROR: identifier '" + std::string(1'000'000, 'a') + "'\nnext\n";
  const std::string kept = first_lines(log, 5);
  EXPECT_LT(kept.size(), 200u);
  EXPECT_NE(kept.find("(1000000 characters)'\nnext\n"), std::string::npos) << kept;
}

}  // namespace
}  // namespace wf
