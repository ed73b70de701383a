#include "workloads/embedded_ptx.h"

#include <algorithm>
#include <stdexcept>

namespace wf::workloads {
namespace {

// A function-local static so that registration from other translation units' static
// initializers cannot run before the list exists.
std::vector<EmbeddedPtx>& embedded_ptx_registry() {
  static std::vector<EmbeddedPtx> list;
  return list;
}

}  // namespace

EmbeddedPtxRegistrar::EmbeddedPtxRegistrar(std::string name, std::string path,
                                           std::string_view text) {
  embedded_ptx_registry().push_back(EmbeddedPtx{std::move(name), std::move(path), text});
}

const EmbeddedPtx& embedded_ptx(std::string_view name) {
  const auto& list = embedded_ptx_registry();
  auto it = std::find_if(list.begin(), list.end(), [&](const auto& p) { return p.name == name; });
  if (it == list.end()) throw std::logic_error("no PTX embedded for workload " + std::string(name));
  return *it;
}

}  // namespace wf::workloads
