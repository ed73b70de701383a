#include "harness/block_config.h"

#include <algorithm>

#include "sim_model/common/error.h"

namespace wf::harness {

std::vector<BlockEntry>& block_registry() {
  static std::vector<BlockEntry> list;
  return list;
}

BlockRegistrar::BlockRegistrar(BlockEntry e) {
  auto& list = block_registry();
  list.push_back(std::move(e));
  std::sort(list.begin(), list.end(),
            [](const BlockEntry& a, const BlockEntry& b) { return a.name < b.name; });
}

const BlockEntry& find_block(const std::string& name) {
  for (const auto& e : block_registry())
    if (e.name == name) return e;
  std::string known;
  for (const auto& e : block_registry()) known += (known.empty() ? "" : ", ") + e.name;
  throw UsageError("unknown block '" + name + "': expected one of " + known);
}

}  // namespace wf::harness
