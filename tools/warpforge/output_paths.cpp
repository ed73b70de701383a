#include "tools/warpforge/output_paths.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <system_error>

#include <fmt/format.h>

#include "sim_model/common/error.h"

namespace wf::cli {
namespace {

namespace fs = std::filesystem;

[[noreturn]] void fail(const std::string& option, const std::string& path,
                       const std::string& what) {
  throw UsageError(fmt::format("{} {}: {}", option, path, what));
}

// Creating a file is the only reliable test: access(2) says yes to root everywhere, also in
// /proc, where nothing can be created.
void probe_writable_dir(const std::string& option, const std::string& path, const fs::path& dir,
                        const std::string& expected) {
  const fs::path probe = dir / fmt::format(".warpforge-probe-{}", ::getpid());
  const int fd = ::open(probe.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0) {
    const int err = errno;
    fail(option, path,
         fmt::format("{}, but {} does not accept new files ({})", expected,
                     dir.empty() ? "." : dir.string(), std::strerror(err)));
  }
  ::close(fd);
  std::error_code ec;
  fs::remove(probe, ec);
}

// The nearest existing ancestor of `p` (p itself excluded), which must be a directory: the one
// in which warpforge would create the missing directories.
fs::path existing_ancestor(const std::string& option, const std::string& path, fs::path p,
                           const std::string& expected) {
  std::error_code ec;
  const fs::path absolute = fs::absolute(p, ec);
  if (!ec) p = absolute;
  for (fs::path dir = p.parent_path();; dir = dir.parent_path()) {
    const auto st = fs::status(dir, ec);
    if (fs::exists(st)) {
      if (!fs::is_directory(st))
        fail(option, path, fmt::format("{}, but {} is not a directory", expected, dir.string()));
      return dir;
    }
    if (dir == dir.parent_path()) return dir;
  }
}

}  // namespace

void check_output_file(const std::string& option, const std::string& path) {
  if (path.empty()) return;
  const std::string expected = "expected a file warpforge can write";
  std::error_code ec;
  const auto st = fs::status(path, ec);
  if (fs::exists(st)) {
    if (fs::is_directory(st)) fail(option, path, expected + ", but it is a directory");
    if (!fs::is_regular_file(st)) return;  // a device or FIFO: written through
  }
  if (path.back() == '/') fail(option, path, expected + ", but it names a directory");
  // The file is written beside itself and renamed, so its directory must take new files.
  const fs::path dir = existing_ancestor(option, path, path, expected);
  probe_writable_dir(option, path, dir, expected);
}

void check_output_dir(const std::string& option, const std::string& path) {
  if (path.empty()) return;
  const std::string expected = "expected a directory warpforge can write";
  std::error_code ec;
  const auto st = fs::status(path, ec);
  if (fs::exists(st)) {
    if (!fs::is_directory(st)) fail(option, path, expected + ", but it is an existing file");
    probe_writable_dir(option, path, path, expected);
    return;
  }
  fs::path p = path;
  if (!p.has_filename()) p = p.parent_path();  // "out/" names the directory "out"
  probe_writable_dir(option, path, existing_ancestor(option, path, p, expected), expected);
}

}  // namespace wf::cli
