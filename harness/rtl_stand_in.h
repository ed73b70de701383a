// The stand-in a registered block offers `warpforge sim --rtl` (WF_REGISTER_BLOCK wires it):
// its Verilated RTL behind the SM's ExternalBlock contract, for whatever configuration each
// SM instance asks for. The preset's configurations are linked into warpforge (the checked-in
// rtl/); any other is verilated into the run-time cache as a shared object and loaded.
#pragma once

#include <map>
#include <memory>
#include <string>

#include <fmt/format.h>

#include "gen/module_name.h"
#include "harness/linked_rtl.h"
#include "harness/rtl_block.h"
#include "harness/verilate_cache.h"
#include "sim_model/blocks/params.h"
#include "sim_model/common/error.h"
#include "sim_model/sm/external_blocks.h"

namespace wf::harness {

// Verilated instances made, per module (a run reports them: proof that the RTL, not the
// model, answered).
using InstanceCounts = std::map<std::string, unsigned>;

// The entry point (kSharedModelEntry) of `spec`'s configuration verilated into the cache as a
// shared object and loaded; loaded once per process (rtl_in_the_loop.cpp).
void* load_shared_model(const RunnerSpec& spec);

// Registers H's block in `external`: every instance of it an SM holds runs as its RTL.
template <class H>
void add_rtl_stand_in(sm::ExternalBlocks& external, std::shared_ptr<InstanceCounts> made) {
  using Block = typename H::Block;
  external.set<Block>(
      [made](const typename Block::Params& p) -> std::unique_ptr<sm::ExternalBlock<Block>> {
        const std::string module = gen::module_name(p);
        // The generator is the reference: a linked model built from an older rtl/ would put
        // other hardware in the loop than `warpforge gen` describes.
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
      });
}

}  // namespace wf::harness
