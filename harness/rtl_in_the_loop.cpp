#include "harness/rtl_in_the_loop.h"

#include <dlfcn.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <mutex>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "harness/block_config.h"
#include "sim_model/common/error.h"

namespace wf::harness {

namespace {
// The factories of the stand-ins build their models when the SMs are made, long after
// rtl_blocks(); one budget serves the whole process.
std::atomic<std::int64_t> g_build_budget_s{0};
}  // namespace

// The objects stay loaded for the life of the process (their models may still be alive at
// exit).
void* load_shared_model(const RunnerSpec& spec) {
  static std::mutex mutex;
  static std::map<std::string, void*> loaded;
  const std::lock_guard lock(mutex);
  if (auto it = loaded.find(spec.module); it != loaded.end()) return it->second;
  const auto path = ensure_shared_model(spec, true, std::chrono::seconds(g_build_budget_s.load()));
  void* handle = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    throw UsageError(fmt::format("--rtl {}: cannot load the verilated {}: {}", spec.block,
                                 spec.module, ::dlerror()));
  }
  void* entry = ::dlsym(handle, kSharedModelEntry);
  if (!entry) {
    throw UsageError(
        fmt::format("--rtl {}: {} has no {}", spec.block, path.string(), kSharedModelEntry));
  }
  return loaded[spec.module] = entry;
}

RtlInTheLoop rtl_blocks(const std::vector<std::string>& names, std::chrono::seconds build_budget) {
  g_build_budget_s.store(build_budget.count());
  RtlInTheLoop rtl;
  for (const auto& n : names) {
    const auto& all = block_registry();
    const auto it =
        std::find_if(all.begin(), all.end(), [&](const BlockEntry& e) { return e.name == n; });
    if (it == all.end()) {
      std::vector<std::string> known;
      for (const auto& e : all) known.push_back(e.name);
      throw UsageError(
          fmt::format("--rtl {}: expected a registered block: {}", n, fmt::join(known, ", ")));
    }
    it->add_stand_in(rtl.blocks, rtl.instances);
  }
  return rtl;
}

}  // namespace wf::harness
