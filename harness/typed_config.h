// BlockConfig for a concrete block, given its harness adapter H. The registration line of each
// block (WF_REGISTER_BLOCK in harness/<block>.cpp) instantiates this and the block's stand-in
// for `warpforge sim --rtl`; outside the block's own files only the SM code that calls it
// (its policies) names it.
#pragma once

#include <set>

#include "gen/module_name.h"
#include "harness/block_config.h"
#include "harness/engine_instances.h"
#include "harness/equiv_engine.h"
#include "harness/linked_rtl.h"
#include "harness/model_dut.h"
#include "harness/replay_engine.h"
#include "harness/rtl_stand_in.h"
#include "harness/verilate_cache.h"
#include "sim_model/common/atomic_file.h"
#include "sim_model/common/error.h"
#include "sim_model/common/input_file.h"

namespace wf::harness {

template <class H>
class TypedConfig final : public BlockConfig {
 public:
  using Block = typename H::Block;
  using Params = typename Block::Params;

  explicit TypedConfig(const Params& p) : p_(p) {}

  std::string block() const override { return Block::kName; }
  std::string module() const override { return gen::module_name(p_); }
  blocks::ParamList params() const override { return blocks::param_list(p_); }
  std::string verilog() const override { return H::emit(p_); }
  gen::PropertySet properties() const override { return H::emit_properties(p_); }
  const Params& typed_params() const { return p_; }
  std::string paper_storage() const override {
    if constexpr (requires { H::paper_storage(p_); }) {
      return H::paper_storage(p_);
    } else {
      return {};
    }
  }

  EquivResult equiv(const EquivOptions& options,
                    const std::optional<std::filesystem::path>& rtl_file,
                    bool verbose) const override {
    const std::string text =
        rtl_file ? read_input_file(*rtl_file, kMaxSourceBytes, "Verilog file") : verilog();
    const std::string origin = rtl_file ? rtl_file->string() : std::string("generated");
    if (rtl_file) check_module_name(text, origin);
    const auto& linked = LinkedRtl<Block>::entries();
    if (auto it = linked.find(module()); it != linked.end() && it->second.verilog == text) {
      const auto& make = it->second.make;
      const Params p = p_;
      const DutFactory<Block> make_dut = [&make, p] { return make(p); };
      EquivResult r = options.replay.empty() ? run_equiv<H>(p, make_dut, options)
                                             : run_replay<H>(p, make_dut, options);
      r.rtl = rtl_file ? origin : "linked";
      return r;
    }
    RunnerSpec spec{Block::kName, module(), text, H::kHeader, H::kType, origin};
    const auto runner = ensure_runner(spec, verbose, options.build_budget);
    EquivResult r = run_runner(spec, runner, params(), options);
    r.rtl = rtl_file ? origin : "cache";
    return r;
  }

  void check_trace(const trace::TraceHeader& header, const std::string& path) const override {
    check_trace_layout<Block>(p_, header, path);
  }

  EquivResult stimulus_coverage(const EquivOptions& options) const override {
    const Params p = p_;
    const DutFactory<Block> make = [p] { return std::make_unique<ModelDut<Block>>(p); };
    return run_equiv<H>(p, make, options);
  }

  // The configuration a parameter list names completely; see BlockEntry::from_params.
  static std::unique_ptr<BlockConfig> from_params(const blocks::ParamList& list) {
    Params p;
    for (const auto& [key, value] : list) {
      if (auto err = blocks::set_param(p, Block::kName, key, value); !err.empty())
        throw UsageError(err);
    }
    // A parameter that does not apply to this configuration (e.g. cff's group_size outside mode
    // 2lev) is not part of its list.
    for (const auto& d : Params::describe()) {
      bool given = false;
      for (const auto& kv : list) given |= kv.first == d.name;
      if (!given && blocks::param_applies(d, p))
        throw UsageError(std::string(Block::kName) + ": expected a value of parameter " + d.name);
    }
    if (auto err = p.validate(); !err.empty())
      throw UsageError(std::string(Block::kName) + ": " + err);
    return std::make_unique<TypedConfig<H>>(p);
  }

  // The adapter's corners (see harness/corner.h); none when it declares none.
  static std::vector<Corner> corners() {
    if constexpr (requires { H::corners(); })
      return H::corners();
    else
      return {};
  }

  // Configurations of a machine with overrides; see BlockEntry::configs.
  static std::vector<std::unique_ptr<BlockConfig>> configs(const Machine& m,
                                                           const blocks::ParamList& overrides) {
    std::vector<std::unique_ptr<BlockConfig>> out;
    std::set<std::string> seen;
    std::vector<Params> base = Params::for_machine(m);
    // A block the machine does not have (AWG's SyncMon on a GPU without one) has no
    // configuration of its own; a corner or --param of its own then starts from its defaults,
    // so that its corners and parameter sets are still reachable from every preset.
    if (base.empty()) {
      bool own = false;
      for (const auto& kv : overrides)
        for (const auto& d : Params::describe()) own |= d.name == kv.first;
      if (own) base.emplace_back();
    }
    for (Params p : base) {
      for (const auto& [key, value] : overrides) {
        bool known = false;
        for (const auto& d : Params::describe()) known |= d.name == key;
        if (!known) continue;
        if (auto err = blocks::set_param(p, Block::kName, key, value); !err.empty())
          throw UsageError(err);
      }
      if (auto err = p.validate(); !err.empty())
        throw UsageError(std::string(Block::kName) + ": " + err);
      auto config = std::make_unique<TypedConfig<H>>(p);
      if (seen.insert(config->module()).second) out.push_back(std::move(config));
    }
    return out;
  }

 private:
  void check_module_name(const std::string& text, const std::string& origin) const {
    const std::string found = first_module_name(text);
    if (found.empty()) {
      throw UsageError(origin + ": expected a Verilog module named " + module());
    }
    if (found != module()) {
      throw UsageError(origin + ": expected module " + module() + " (from the parameters), found " +
                       found + "; pass the matching --param values");
    }
  }

  Params p_;
};

}  // namespace wf::harness

// The one line a block needs, in harness/<block>.cpp:
//   WF_REGISTER_BLOCK(<Block>Harness, "one-line summary")
// Its engines are compiled once, in wf_harness_engines (harness/engine_instances.h).
#define WF_REGISTER_BLOCK(HARNESS, SUMMARY)                                           \
  WF_HARNESS_ENGINES(extern, HARNESS)                                                 \
  static const ::wf::harness::BlockRegistrar wf_block_registrar_##HARNESS{            \
      ::wf::harness::BlockEntry{HARNESS::Block::kName, SUMMARY,                       \
                                []() -> const std::vector<::wf::blocks::ParamDesc>& { \
                                  return HARNESS::Block::Params::describe();          \
                                },                                                    \
                                &::wf::harness::TypedConfig<HARNESS>::configs,        \
                                &::wf::harness::TypedConfig<HARNESS>::from_params,    \
                                &::wf::harness::add_rtl_stand_in<HARNESS>,            \
                                ::wf::harness::TypedConfig<HARNESS>::corners()}};
