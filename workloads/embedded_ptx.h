// The PTX of every workload, compiled into the binary (CMake turns each checked-in .ptx into a
// generated .cpp that registers it here), so that `warpforge` runs from any directory.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace wf::workloads {

struct EmbeddedPtx {
  std::string name;       // the workload it belongs to
  std::string path;       // where it lives in the repository, e.g. "workloads/vecadd/vecadd.ptx"
  std::string_view text;  // the file's contents
};

// Throws std::logic_error when no PTX was embedded under `name` (a build-system bug).
const EmbeddedPtx& embedded_ptx(std::string_view name);

struct EmbeddedPtxRegistrar {
  EmbeddedPtxRegistrar(std::string name, std::string path, std::string_view text);
};

}  // namespace wf::workloads
