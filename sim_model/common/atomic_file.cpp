#include "sim_model/common/atomic_file.h"

#include <fstream>
#include <system_error>

#include <unistd.h>

#include "sim_model/common/error.h"
#include "sim_model/common/input_file.h"
#include "sim_model/common/signal_temporaries.h"

namespace wf {

namespace {

// Writes `contents` into the existing special file `path` (a device such as /dev/null, a FIFO).
void write_through(const std::filesystem::path& path, std::string_view contents) {
  std::ofstream out(path, std::ios::binary);
  if (!out) throw UsageError("cannot write " + path.string() + ": not a writable location");
  out.write(contents.data(), static_cast<std::streamsize>(contents.size()));
  out.close();
  if (!out) throw UsageError("cannot write " + path.string() + ": write failed");
}

}  // namespace

void write_file_atomically(const std::filesystem::path& path, std::string_view contents) {
  std::error_code ec;
  // A special file is written through, never replaced: renaming over /dev/null (as root) would
  // put a regular file in its place for every process on the machine.
  const auto status = std::filesystem::status(path, ec);
  if (!ec && std::filesystem::exists(status) && !std::filesystem::is_regular_file(status) &&
      !std::filesystem::is_directory(status)) {
    write_through(path, contents);
    return;
  }
  if (path.has_parent_path()) {
    std::filesystem::create_directories(path.parent_path(), ec);
    if (ec) {
      throw UsageError("cannot create directory " + path.parent_path().string() + ": " +
                       ec.message());
    }
  }
  auto tmp = path;
  tmp += ".tmp" + std::to_string(::getpid());
  // Before the file exists: an interrupt from here on removes it.
  const RemovedOnSignal on_signal(tmp);
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) throw UsageError("cannot write " + path.string() + ": not a writable location");
    out.write(contents.data(), static_cast<std::streamsize>(contents.size()));
    out.close();
    if (!out) {
      std::filesystem::remove(tmp, ec);
      throw UsageError("cannot write " + path.string() + ": write failed (disk full?)");
    }
  }
  std::filesystem::rename(tmp, path, ec);
  if (ec) {
    std::filesystem::remove(tmp, ec);
    throw UsageError("cannot write " + path.string() + ": " + ec.message());
  }
}

std::string read_file(const std::filesystem::path& path) {
  return read_input_file(path, kMaxDataBytes, "file");
}

}  // namespace wf
