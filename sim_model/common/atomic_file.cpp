#include "sim_model/common/atomic_file.h"

#include <fstream>
#include <sstream>
#include <system_error>

#include <unistd.h>

#include "sim_model/common/error.h"

namespace wf {

void write_file_atomically(const std::filesystem::path& path, std::string_view contents) {
  std::error_code ec;
  if (path.has_parent_path()) {
    std::filesystem::create_directories(path.parent_path(), ec);
    if (ec) {
      throw UsageError("cannot create directory " + path.parent_path().string() + ": " +
                       ec.message());
    }
  }
  auto tmp = path;
  tmp += ".tmp" + std::to_string(::getpid());
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
  std::ifstream in(path, std::ios::binary);
  if (!in) throw UsageError("cannot read " + path.string() + ": no such readable file");
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace wf
