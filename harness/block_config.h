// The block registry: every RTL block registers once (WF_REGISTER_BLOCK in harness/<block>.cpp)
// and everything else finds it there: the commands by name, the tests by iterating it, and
// `warpforge sim --rtl` its stand-in. A BlockConfig is one validated parameter set of one block,
// with all faces of the block contract behind it: Verilog, golden model, equivalence and formal
// properties.
#pragma once

#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "gen/properties/property_set.h"
#include "harness/corner.h"
#include "harness/equiv_result.h"
#include "sim_model/blocks/params.h"
#include "sim_model/presets/machine.h"
#include "sim_model/trace/trace_header.h"

namespace wf::sm {
class ExternalBlocks;
}  // namespace wf::sm

namespace wf::harness {

class BlockConfig {
 public:
  virtual ~BlockConfig() = default;
  virtual std::string block() const = 0;
  virtual std::string module() const = 0;
  virtual blocks::ParamList params() const = 0;
  virtual std::string verilog() const = 0;
  // The block's formal properties: a wrapper module around module() (warpforge prove). Every
  // block must state some; the registration does not compile without emit_properties.
  virtual gen::PropertySet properties() const = 0;
  // Runs the golden model against the RTL: the generated Verilog (linked into warpforge when it
  // is a preset's, else verilated into the cache), or `rtl_file` when given.
  virtual EquivResult equiv(const EquivOptions& options,
                            const std::optional<std::filesystem::path>& rtl_file,
                            bool verbose) const = 0;
  // Throws UsageError unless `header` (of the block trace at `path`) is a trace of this
  // configuration's block with its ports.
  virtual void check_trace(const trace::TraceHeader& header, const std::string& path) const = 0;
  // The equivalence engine's random run with the golden model standing in for the RTL: what
  // the block's stimulus reaches (its coverage) without Verilator.
  virtual EquivResult stimulus_coverage(const EquivOptions& options) const = 0;
  // The storage the block's paper states and what of it this configuration's flip-flops
  // count, for `warpforge area` to print beside them; empty when the adapter states none
  // (an optional `static std::string paper_storage(const Params&)` of the harness adapter).
  virtual std::string paper_storage() const = 0;
};

struct BlockEntry {
  std::string name;
  std::string summary;
  std::function<const std::vector<blocks::ParamDesc>&()> describe;
  // The configurations of `machine` with `overrides` applied (keys the block does not have are
  // skipped; the caller checks that every key was known to some block). Throws UsageError for
  // a bad value.
  std::function<std::vector<std::unique_ptr<BlockConfig>>(const Machine& machine,
                                                          const blocks::ParamList& overrides)>
      configs;
  // The configuration `params` names, every parameter given (a block trace's header); throws
  // UsageError for a missing, unknown or bad one.
  std::function<std::unique_ptr<BlockConfig>(const blocks::ParamList& params)> from_params;
  // Makes every instance of the block in the SMs of a run answer from its Verilated RTL
  // (`warpforge sim --rtl`; harness/rtl_stand_in.h), counting the instances in `made`.
  std::function<void(sm::ExternalBlocks& external,
                     std::shared_ptr<std::map<std::string, unsigned>> made)>
      add_stand_in;
  // The block's corners (harness/corner.h), in declaration order.
  std::vector<Corner> corners;

  // The corner named `name`, or nullptr when the block declares none of that name.
  const Corner* corner(const std::string& name) const;
};

std::vector<BlockEntry>& block_registry();
// Throws UsageError listing the known blocks.
const BlockEntry& find_block(const std::string& name);

// The name of the first `module` declared in Verilog text (comments skipped), or "".
std::string first_module_name(const std::string& verilog);

struct BlockRegistrar {
  explicit BlockRegistrar(BlockEntry e);
};

}  // namespace wf::harness
