#include "harness/block_config.h"

#include <algorithm>
#include <cctype>

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

std::string first_module_name(const std::string& v) {
  auto ident = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$';
  };
  std::size_t i = 0;
  while (i < v.size()) {
    if (v.compare(i, 2, "//") == 0) {
      i = v.find('\n', i);
      if (i == std::string::npos) break;
      continue;
    }
    if (v.compare(i, 2, "/*") == 0) {
      i = v.find("*/", i + 2);
      if (i == std::string::npos) break;
      i += 2;
      continue;
    }
    const bool word_start = i == 0 || !ident(v[i - 1]);
    if (word_start && v.compare(i, 6, "module") == 0 && i + 6 < v.size() &&
        std::isspace(static_cast<unsigned char>(v[i + 6]))) {
      std::size_t j = i + 6;
      while (j < v.size() && std::isspace(static_cast<unsigned char>(v[j]))) ++j;
      std::size_t k = j;
      while (k < v.size() && ident(v[k])) ++k;
      return v.substr(j, k - j);
    }
    ++i;
  }
  return {};
}

const Corner* BlockEntry::corner(const std::string& corner_name) const {
  for (const auto& c : corners)
    if (c.name == corner_name) return &c;
  return nullptr;
}

const BlockEntry& find_block(const std::string& name) {
  for (const auto& e : block_registry())
    if (e.name == name) return e;
  std::string known;
  for (const auto& e : block_registry()) known += (known.empty() ? "" : ", ") + e.name;
  throw UsageError("unknown block '" + name + "': expected one of " + known);
}

}  // namespace wf::harness
