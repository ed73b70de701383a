#include "harness/rtl_in_the_loop.h"

#include <dlfcn.h>

#include <algorithm>
#include <mutex>
#include <tuple>
#include <type_traits>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "harness/cff_fetch_arbiter.h"
#include "harness/fef_fetch_arbiter.h"
#include "harness/gto_arbiter.h"
#include "harness/linked_rtl.h"
#include "harness/lrr_arbiter.h"
#include "harness/mwf_arbiter.h"
#include "harness/rtl_block.h"
#include "harness/saws_arbiter.h"
#include "harness/two_level_arbiter.h"
#include "harness/verilate_cache.h"
#include "harness/warp_priority_table.h"
#include "sim_model/common/error.h"

namespace wf::harness {
namespace {

using Harnesses = std::tuple<LrrArbiterHarness, GtoArbiterHarness, MwfArbiterHarness,
                             SawsArbiterHarness, TwoLevelArbiterHarness, CffFetchArbiterHarness,
                             FefFetchArbiterHarness, WarpPriorityTableHarness>;

template <class Block, std::size_t I = 0>
auto harness_of() {
  using H = std::tuple_element_t<I, Harnesses>;
  if constexpr (std::is_same_v<typename H::Block, Block>) {
    return std::type_identity<H>{};
  } else {
    return harness_of<Block, I + 1>();
  }
}

// A configuration not linked in: verilated into the cache as a shared object and loaded. The
// objects stay loaded for the life of the process (their models may still be alive at exit).
void* load_shared_model(const RunnerSpec& spec) {
  static std::mutex mutex;
  static std::map<std::string, void*> loaded;
  const std::lock_guard lock(mutex);
  if (auto it = loaded.find(spec.module); it != loaded.end()) return it->second;
  const auto path = ensure_shared_model(spec, true);
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

template <class Block>
sm::ExternalFactory<Block> rtl_factory(std::shared_ptr<std::map<std::string, unsigned>> made) {
  return [made](const typename Block::Params& p) -> std::unique_ptr<sm::ExternalBlock<Block>> {
    using H = typename decltype(harness_of<Block>())::type;
    const std::string module = std::string(Block::kName) + "_" + blocks::param_signature(p);
    // The generator is the reference: a linked model built from an older rtl/ would put other
    // hardware in the loop than `warpforge gen` describes.
    const std::string verilog = H::emit(p);
    std::unique_ptr<RtlDut<Block>> dut;
    const auto& linked = LinkedRtl<Block>::entries();
    if (auto it = linked.find(module); it != linked.end()) {
      if (it->second.verilog != verilog) {
        throw UsageError(fmt::format(
            "--rtl {}: the linked {} differs from what warpforge gen emits; regenerate rtl/ "
            "and rebuild",
            Block::kName, module));
      }
      dut = it->second.make(p);
    } else {
      const RunnerSpec spec{Block::kName, module, verilog, H::kHeader, H::kType, "generated"};
      using Make = RtlDut<Block>* (*)(const typename Block::Params*);
      dut.reset(reinterpret_cast<Make>(load_shared_model(spec))(&p));
    }
    ++(*made)[module];
    return std::make_unique<RtlBlock<Block>>(std::move(dut));
  };
}

}  // namespace

std::vector<std::string> sm_block_names() {
  std::vector<std::string> names;
  sm::ExternalBlocks::for_each_type([&]<class Block>() { names.push_back(Block::kName); });
  return names;
}

RtlInTheLoop rtl_blocks(const std::vector<std::string>& names) {
  const auto known = sm_block_names();
  for (const auto& n : names) {
    if (std::find(known.begin(), known.end(), n) == known.end())
      throw UsageError(
          fmt::format("--rtl {}: expected a block of the SM: {}", n, fmt::join(known, ", ")));
  }
  RtlInTheLoop rtl;
  sm::ExternalBlocks::for_each_type([&]<class Block>() {
    if (std::find(names.begin(), names.end(), Block::kName) != names.end())
      rtl.blocks.template factory<Block>() = rtl_factory<Block>(rtl.instances);
  });
  return rtl;
}

}  // namespace wf::harness
