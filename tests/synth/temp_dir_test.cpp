#include "synth/temp_dir.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include "sim_model/common/signal_temporaries.h"
#include "synth/child_processes.h"
#include "synth/subprocess.h"

#include <gtest/gtest.h>

namespace wf::synth {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

// A scratch directory of its own for each test, standing for /tmp or the Verilator cache.
class Scratch {
 public:
  explicit Scratch(const std::string& name)
      : path_(fs::temp_directory_path() /
              ("wf-temp-dir-test-" + name + "-" + std::to_string(::getpid()))) {
    fs::remove_all(path_);
    fs::create_directories(path_);
  }
  ~Scratch() { fs::remove_all(path_); }
  const fs::path& path() const { return path_; }
  fs::path make(const std::string& name) const {
    fs::create_directories(path_ / name / "obj");
    std::ofstream(path_ / name / "obj" / "file.o") << "x";
    return path_ / name;
  }

 private:
  fs::path path_;
};

// The pid of a process that has ended and been reaped.
pid_t dead_pid() {
  const pid_t pid = ::fork();
  if (pid == 0) _exit(0);
  ::waitpid(pid, nullptr, 0);
  return pid;
}

std::string pid_text(pid_t pid) {
  return std::to_string(pid);
}

TEST(TempDir, IsNamedAfterItsOwnerAndRemovedWithItsContents) {
  fs::path path;
  {
    TempDir dir("warpforge-test");
    path = dir.path();
    EXPECT_EQ(temp_dir_owner(path.filename().string()), ::getpid()) << path;
    dir.write("a.v", "module a; endmodule\n");
    fs::create_directories(path / "sub");
    std::ofstream(path / "sub" / "b") << "b";
  }
  EXPECT_FALSE(fs::exists(path));
}

TEST(TempDir, BesideIsRenamedIntoPlaceOrRemoved) {
  Scratch scratch("beside");
  const fs::path final_path = scratch.path() / "runner-0123";
  {
    TempDir build = TempDir::beside(final_path);
    EXPECT_EQ(build.path().parent_path(), scratch.path());
    EXPECT_EQ(beside_owner(build.path().filename().string()), ::getpid()) << build.path();
    build.write("runner", "x");
    EXPECT_TRUE(build.commit(final_path));
  }
  EXPECT_TRUE(fs::exists(final_path / "runner"));
  fs::path loser;
  {
    // Another process finished first: ours goes.
    TempDir build = TempDir::beside(final_path);
    loser = build.path();
    build.write("runner", "y");
    EXPECT_FALSE(build.commit(final_path));
  }
  EXPECT_FALSE(fs::exists(loser));
  EXPECT_EQ(std::distance(fs::directory_iterator(scratch.path()), fs::directory_iterator()), 1);
}

TEST(TempDir, OwnerNames) {
  EXPECT_EQ(temp_dir_owner("warpforge-prove-1234-aB3xYz"), 1234);
  EXPECT_EQ(temp_dir_owner("warpforge-equiv-7-000000"), 7);
  EXPECT_FALSE(temp_dir_owner("warpforge-prove-aB3xYz"));  // no pid: not ours to judge
  EXPECT_FALSE(temp_dir_owner("warpforge-prove-12x-aB3xYz"));
  EXPECT_FALSE(temp_dir_owner("warpforge-Prove-12-aB3xYz"));
  EXPECT_FALSE(temp_dir_owner("warpforge-prove-12-aB3x"));
  EXPECT_FALSE(temp_dir_owner("warpforge-prove-0-aB3xYz"));
  EXPECT_FALSE(temp_dir_owner("other-prove-12-aB3xYz"));
  EXPECT_EQ(beside_owner("lrr_arbiter_w24-23b7f8868d588eff.tmp4321-hOFW8u"), 4321);
  EXPECT_EQ(beside_owner("shared-9411eebcd0fd22d6.tmp17745"), 17745);
  EXPECT_FALSE(beside_owner("lrr_arbiter_w24-23b7f8868d588eff"));
  EXPECT_FALSE(beside_owner(".tmp12"));
  EXPECT_FALSE(beside_owner("x.tmp"));
  EXPECT_FALSE(beside_owner("x.tmp12-ab"));
  EXPECT_FALSE(beside_owner("x.tmp12x"));
}

TEST(SweepStaleTemporaries, RemovesThoseOfProcessesThatAreGone) {
  Scratch scratch("sweep");
  const std::string dead = pid_text(dead_pid());
  const fs::path gone = scratch.make("warpforge-prove-" + dead + "-aaaaaa");
  const fs::path gone_build = scratch.make("lrr-0123.tmp" + dead);
  const fs::path ours = scratch.make("warpforge-prove-" + pid_text(::getpid()) + "-bbbbbb");
  // pid 1 runs, and started before the directory changed: it may be the owner.
  const fs::path init = scratch.make("warpforge-prove-1-cccccc");
  const fs::path unnamed = scratch.make("warpforge-prove-dddddd");  // an earlier version's
  std::ofstream(scratch.path() / ("warpforge-prove-" + dead + "-eeeeee")) << "a file";

  EXPECT_EQ(sweep_stale_temporaries(scratch.path(), temp_dir_owner), 1);
  EXPECT_FALSE(fs::exists(gone));
  EXPECT_TRUE(fs::exists(ours));
  EXPECT_TRUE(fs::exists(init));
  EXPECT_TRUE(fs::exists(unnamed));
  EXPECT_TRUE(fs::exists(gone_build));  // another kind of name
  EXPECT_TRUE(fs::exists(scratch.path() / ("warpforge-prove-" + dead + "-eeeeee")));
  EXPECT_EQ(sweep_stale_temporaries(scratch.path(), beside_owner), 1);
  EXPECT_FALSE(fs::exists(gone_build));
}

TEST(SweepStaleTemporaries, ReusedPidIsNotTheOwner) {
  Scratch scratch("reused");
  // A process that started after the directory last changed cannot have made it.
  const pid_t child = ::fork();
  if (child == 0) {
    ::pause();
    _exit(0);
  }
  const fs::path stale = scratch.make("warpforge-prove-" + pid_text(child) + "-aaaaaa");
  const fs::path live = scratch.make("warpforge-prove-" + pid_text(child) + "-bbbbbb");
  fs::last_write_time(stale, fs::file_time_type::clock::now() - 1h);
  EXPECT_EQ(sweep_stale_temporaries(scratch.path(), temp_dir_owner), 1);
  EXPECT_FALSE(fs::exists(stale));
  EXPECT_TRUE(fs::exists(live));
  ::kill(child, SIGKILL);
  ::waitpid(child, nullptr, 0);
}

TEST(SweepStaleTemporaries, LockedDirectoryIsInUse) {
  Scratch scratch("locked");
  // Its owner's pid is dead here, as in another pid namespace sharing the directory, but the
  // owner holds its lock.
  const fs::path locked = scratch.make("warpforge-prove-" + pid_text(dead_pid()) + "-aaaaaa");
  const int fd = ::open(locked.c_str(), O_RDONLY | O_DIRECTORY);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(::flock(fd, LOCK_EX), 0);
  EXPECT_EQ(sweep_stale_temporaries(scratch.path(), temp_dir_owner), 0);
  EXPECT_TRUE(fs::exists(locked));
  ::close(fd);
  EXPECT_EQ(sweep_stale_temporaries(scratch.path(), temp_dir_owner), 1);
  EXPECT_FALSE(fs::exists(locked));
}

TEST(SweepStaleTemporaries, ALiveTempDirIsKept) {
  TempDir live("warpforge-test");
  EXPECT_EQ(sweep_stale_temporaries(live.path().parent_path(),
                                    [](std::string_view name) {
                                      // Every name is taken for a dead process's: only the lock
                                      // keeps it.
                                      return name.starts_with("warpforge-test-")
                                                 ? std::optional<pid_t>(dead_pid())
                                                 : std::nullopt;
                                    }),
            0);
  EXPECT_TRUE(fs::exists(live.path()));
}

TEST(TempDir, ASignalRemovesItAfterTheChildren) {
  Scratch scratch("signal");
  const fs::path report = scratch.path() / "paths";
  const pid_t process = ::fork();
  ASSERT_GE(process, 0);
  if (process == 0) {
    // Stands for warpforge: a tool writes into a temporary directory and a file beside an
    // output when a signal comes.
    ChildProcesses::install_signal_handlers();
    TempDir dir("warpforge-test");
    TempDir build = TempDir::beside(scratch.path() / "runner");
    const fs::path part = scratch.path() / "wave.fst.part";
    std::ofstream(part) << "x";
    const RemovedOnSignal part_guard(part);
    std::ofstream(report) << dir.path().string() << "\n" << build.path().string() << "\n";
    std::thread signaller([] {
      std::this_thread::sleep_for(300ms);
      ::kill(::getpid(), SIGTERM);
    });
    signaller.detach();
    RunOptions o;
    o.cwd = build.path();
    run_process({"sh", "-c", "mkdir -p obj; : > obj/a.o; exec sleep 30"}, o);
    _exit(0);  // not reached: the signal ends the process
  }
  int status = 0;
  ASSERT_EQ(::waitpid(process, &status, 0), process);
  ASSERT_TRUE(WIFSIGNALED(status));
  EXPECT_EQ(WTERMSIG(status), SIGTERM);
  std::ifstream in(report);
  std::string dir, build;
  ASSERT_TRUE(std::getline(in, dir) && std::getline(in, build));
  EXPECT_FALSE(fs::exists(dir)) << dir;
  EXPECT_FALSE(fs::exists(build)) << build;
  EXPECT_FALSE(fs::exists(scratch.path() / "wave.fst.part"));
}

}  // namespace
}  // namespace wf::synth
