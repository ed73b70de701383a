// Output files: written whole through a temporary, and special files (/dev/null, a FIFO) written
// to, never replaced by a regular file.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "sim_model/common/atomic_file.h"

namespace wf {
namespace {

std::filesystem::path scratch(const std::string& name) {
  const auto dir =
      std::filesystem::temp_directory_path() / ("wf-atomic-file-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  return dir / name;
}

TEST(AtomicFile, WritesAndReplacesARegularFile) {
  const auto path = scratch("stats.json");
  write_file_atomically(path, "first");
  write_file_atomically(path, "second");
  EXPECT_EQ(read_file(path), "second");
  EXPECT_TRUE(std::filesystem::is_regular_file(path));
  std::filesystem::remove_all(path.parent_path());
}

// A FIFO stands for any special file the caller names as the output (`--stats /dev/null`):
// renaming a temporary over it would have destroyed it.
TEST(AtomicFile, WritesThroughAFifoInsteadOfReplacingIt) {
  const auto path = scratch("pipe");
  ASSERT_EQ(::mkfifo(path.c_str(), 0600), 0);
  // Opened for reading first, without blocking, so the writer's open does not wait; the text is
  // far below the pipe's buffer, so the write does not either.
  const int reader = ::open(path.c_str(), O_RDONLY | O_NONBLOCK);
  ASSERT_GE(reader, 0);
  write_file_atomically(path, "through the pipe");
  EXPECT_TRUE(std::filesystem::is_fifo(path)) << "the FIFO was replaced";
  char buffer[64] = {};
  const ssize_t n = ::read(reader, buffer, sizeof buffer);
  ::close(reader);
  EXPECT_EQ(std::string(buffer, n > 0 ? static_cast<std::size_t>(n) : 0), "through the pipe");
  std::filesystem::remove_all(path.parent_path());
}

}  // namespace
}  // namespace wf
