// The block traces of one simulation run (`warpforge sim --record-blocks DIR`): one file per
// block instance, DIR/<instance>.wftrace. The files are written under temporary names and
// take their final names in close(), which also removes the traces an earlier run left in
// DIR; a run that ends without close() (bad input, a crash, SIGINT, SIGTERM or SIGHUP) leaves
// DIR as it was.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "sim_model/common/signal_temporaries.h"
#include "sim_model/trace/block_recorder.h"

namespace wf::trace {

class BlockTraceSet {
 public:
  // Creates `dir` if needed; throws UsageError naming it when that fails.
  explicit BlockTraceSet(std::filesystem::path dir);
  ~BlockTraceSet();
  BlockTraceSet(const BlockTraceSet&) = delete;
  BlockTraceSet& operator=(const BlockTraceSet&) = delete;

  // A recorder for the block instance `instance` (a file name stem: sm03_issue1) configured
  // with `p`; it lives as long as this set.
  template <class Params>
  BlockRecorder* open(const std::string& instance, const Params& p) {
    check_new_instance(instance);
    const std::filesystem::path path = temporary_path(instance);
    // Before the file exists: an interrupt from here on removes it.
    on_signal_.push_back(std::make_unique<RemovedOnSignal>(path));
    recorders_.push_back(std::make_unique<BlockRecorder>(path, instance, p, cycle_));
    return recorders_.back().get();
  }

  // The run's clock: the cycle the next records belong to.
  void set_cycle(std::uint64_t cycle) { cycle_ = cycle; }

  struct File {
    std::filesystem::path path;
    std::string block, instance;
    std::uint64_t records = 0, bytes = 0;
  };
  // Ends every trace at `end_cycle` (the run's length) and gives the files their final names.
  std::vector<File> close(std::uint64_t end_cycle);

  const std::filesystem::path& dir() const { return dir_; }

 private:
  void check_new_instance(const std::string& instance) const;
  std::filesystem::path temporary_path(const std::string& instance) const;

  std::filesystem::path dir_;
  std::uint64_t cycle_ = 0;
  std::vector<std::unique_ptr<RemovedOnSignal>> on_signal_;  // the recorders' files
  std::vector<std::unique_ptr<BlockRecorder>> recorders_;
  bool closed_ = false;
};

}  // namespace wf::trace
