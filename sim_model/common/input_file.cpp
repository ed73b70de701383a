#include "sim_model/common/input_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "sim_model/common/error.h"

namespace wf {

namespace {

const char* kind_of(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

std::string bound_text(std::uint64_t bytes) {
  if (bytes >= (std::uint64_t{1} << 30) && bytes % (std::uint64_t{1} << 30) == 0)
    return std::to_string(bytes >> 30) + " GiB";
  if (bytes >= (std::uint64_t{1} << 20) && bytes % (std::uint64_t{1} << 20) == 0)
    return std::to_string(bytes >> 20) + " MiB";
  return std::to_string(bytes) + " bytes";
}

// Closes the descriptor on every way out.
struct Fd {
  int fd;
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
};

}  // namespace

std::string read_input_file(const std::filesystem::path& path, std::uint64_t max_bytes,
                            std::string_view what) {
  const std::string name = path.string();
  const std::string expected = "expected a regular " + std::string(what);
  // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer for ever. It does
  // not change reads of a regular file.
  Fd f{::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC)};
  if (f.fd < 0) {
    const int err = errno;
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode))
      throw UsageError(name + ": " + expected + ", but it is " + kind_of(st.st_mode));
    throw UsageError("cannot read " + name + ": " + std::strerror(err) + "; " + expected);
  }
  struct stat st {};
  if (::fstat(f.fd, &st) != 0)
    throw UsageError("cannot read " + name + ": " + std::strerror(errno));
  if (!S_ISREG(st.st_mode))
    throw UsageError(name + ": " + expected + ", but it is " + kind_of(st.st_mode));
  const auto too_big = [&] {
    return UsageError(name + ": " + expected + " of at most " + bound_text(max_bytes) + ", got " +
                      std::to_string(st.st_size) + " bytes");
  };
  if (static_cast<std::uint64_t>(st.st_size) > max_bytes) throw too_big();
  std::string text;
  text.resize(static_cast<std::size_t>(st.st_size));
  std::size_t got = 0;
  // Reads what fstat promised and one byte more, so a file growing under us stays bounded.
  for (;;) {
    if (got == text.size()) {
      if (got > max_bytes) {
        st.st_size = static_cast<off_t>(got);
        throw too_big();
      }
      text.resize(static_cast<std::size_t>(
          std::min<std::uint64_t>(max_bytes + 1, std::max<std::uint64_t>(2 * got, 4096))));
    }
    const ssize_t n = ::read(f.fd, text.data() + got, text.size() - got);
    if (n < 0) {
      if (errno == EINTR) continue;
      throw UsageError("cannot read " + name + ": " + std::strerror(errno));
    }
    if (n == 0) break;
    got += static_cast<std::size_t>(n);
  }
  text.resize(got);
  return text;
}

}  // namespace wf
