#include "sim_model/trace/block_trace_set.h"

#include <unistd.h>

#include <stdexcept>

#include <fmt/format.h>

#include "sim_model/common/error.h"

namespace wf::trace {

BlockTraceSet::BlockTraceSet(std::filesystem::path dir) : dir_(std::move(dir)) {
  std::error_code ec;
  std::filesystem::create_directories(dir_, ec);
  if (ec || !std::filesystem::is_directory(dir_) || access(dir_.c_str(), W_OK) != 0) {
    throw UsageError(
        fmt::format("--record-blocks {}: expected a directory that can be written", dir_.string()));
  }
}

BlockTraceSet::~BlockTraceSet() {
  if (closed_) return;
  for (const auto& r : recorders_) {
    std::error_code ec;
    std::filesystem::remove(r->path(), ec);
  }
}

void BlockTraceSet::check_new_instance(const std::string& instance) const {
  for (const auto& r : recorders_)
    if (r->header().instance == instance)
      throw std::logic_error("block trace instance " + instance + " opened twice");
}

std::filesystem::path BlockTraceSet::temporary_path(const std::string& instance) const {
  return dir_ / fmt::format(".{}{}.tmp{}", instance, kExtension, ::getpid());
}

std::vector<BlockTraceSet::File> BlockTraceSet::close(std::uint64_t end_cycle) {
  std::vector<File> files;
  for (const auto& r : recorders_) r->finish(end_cycle);
  // Traces of an earlier run would be replayed with these; they go first.
  for (const auto& e : std::filesystem::directory_iterator(dir_)) {
    if (e.is_regular_file() && e.path().extension() == kExtension)
      std::filesystem::remove(e.path());
  }
  for (const auto& r : recorders_) {
    const auto final_path = dir_ / (r->header().instance + kExtension);
    std::filesystem::rename(r->path(), final_path);
    files.push_back(
        {final_path, r->header().block, r->header().instance, r->records(), r->bytes_written()});
  }
  closed_ = true;
  return files;
}

}  // namespace wf::trace
