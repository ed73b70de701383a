// warpforge prove: prove each block's formal properties with Yosys temporal induction.
#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <optional>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "sim_model/common/atomic_file.h"
#include "sim_model/common/error.h"
#include "sim_model/common/input_file.h"
#include "synth/prove.h"
#include "synth/subprocess.h"
#include "tools/warpforge/block_args.h"
#include "tools/warpforge/command.h"
#include "tools/warpforge/number_options.h"
#include "tools/warpforge/output_paths.h"
#include "tools/warpforge/time_budget.h"

namespace wf::cli {
namespace {

struct ProveArgs {
  BlockArgs blocks;
  std::string rtl_file;
  unsigned max_steps = 0;
  unsigned bounded = 0;  // --bounded N: the bounded check alone, N cycles deep
  TimeBudget budget;
  std::optional<std::uint64_t> memory_mib;  // --memory-budget; unset: every tool's default
  std::string out_dir = ".";
  std::string json;
  bool list = false;
};

constexpr std::size_t kTraceSteps = 10;  // a counterexample prints at most its last steps
// 1 PiB: beyond any machine, and far from overflowing when shifted into bytes.
constexpr std::uint64_t kMaxMemoryMib = std::uint64_t{1} << 30;

synth::ProveRequest make_request(const harness::BlockConfig& c, const gen::PropertySet& props,
                                 const std::string& design, const std::string& design_name,
                                 unsigned max_steps, unsigned bounded) {
  synth::ProveRequest r;
  r.design = design;
  r.design_name = design_name;
  r.design_top = c.module();
  r.props = props.verilog;
  r.props_top = props.top;
  r.exposed = props.exposed;
  for (const auto& p : props.properties) r.checks.push_back({p.name, gen::property_wire(p.name)});
  r.observed = props.outputs;
  r.max_steps = max_steps ? max_steps : props.depth;
  if (bounded) {
    r.max_steps = bounded;
    r.bounded_only = true;
  }
  return r;
}

void print_list(const harness::BlockConfig& c, const gen::PropertySet& props) {
  fmt::print("{}\n", c.module());
  for (const auto& p : props.properties) {
    fmt::print("  {:<9} {:<26} {}\n", p.invariant ? "invariant" : "property", p.name, p.doc);
  }
  for (const auto& a : props.assumptions)
    fmt::print("  {:<9} {:<26} {}\n", "assume", a.name, a.doc);
}

std::string join(const std::vector<std::string>& items) {
  std::string s;
  for (const auto& i : items) s += (s.empty() ? "" : ", ") + i;
  return s;
}

// The counterexample's last steps, one line each: rst_ni and the other inputs, then the
// block's outputs.
void print_trace(const synth::ProveResult& r, const std::vector<std::string>& outputs) {
  const std::size_t skip = r.trace.size() > kTraceSteps ? r.trace.size() - kTraceSteps : 0;
  if (skip) fmt::print("  (steps 1-{} omitted)\n", skip);
  auto is_output = [&outputs](const std::string& name) {
    return std::find(outputs.begin(), outputs.end(), name) != outputs.end();
  };
  for (std::size_t i = skip; i < r.trace.size(); ++i) {
    std::string ins, outs;
    for (const auto& [name, value] : r.trace[i].values) {
      const std::string item = fmt::format(" {}={}", name, value);
      if (is_output(name)) {
        outs += item;
      } else if (name == "rst_ni") {
        ins = item + ins;
      } else {
        ins += item;
      }
    }
    fmt::print("  step {:>2}:{}  ->{}\n", r.trace[i].step, ins, outs);
  }
}

const char* status_name(synth::ProveStatus s) {
  switch (s) {
    case synth::ProveStatus::kProven:
      return "proven";
    case synth::ProveStatus::kViolated:
      return "violated";
    case synth::ProveStatus::kUnproven:
      return "unproven";
    case synth::ProveStatus::kBounded:
      return "bounded";
    case synth::ProveStatus::kTimedOut:
      return "timeout";
    case synth::ProveStatus::kOutOfMemory:
      return "memory";
  }
  return "?";
}

CommandSetup prove_setup = [](CLI::App& app) {
  auto a = std::make_shared<ProveArgs>();
  add_block_args(app, a->blocks);
  app.add_option("--rtl", a->rtl_file,
                 "Prove this (hand-edited) Verilog file instead of the generated RTL; its module "
                 "name must match the block's parameters and it must keep the registers the "
                 "properties read");
  app.add_option("--max-steps", a->max_steps,
                 "Deepest counterexample sought when induction (up to 4 steps) does not close, "
                 "in cycles from the start (0: the block's own depth)")
      ->capture_default_str()
      ->check(CLI::Range(0u, 1000u));
  app.add_option("--bounded", a->bounded,
                 "Only seek a violation up to this many cycles from reset, without induction: "
                 "for sizes at which induction does not finish (a block's paper-size RAMs), "
                 "beside a proof at its corners; passes as BOUNDED, not PROVEN")
      ->check(CLI::Range(1u, 1000u))
      ->excludes("--max-steps");
  a->budget.add_option(app, "Seconds the Yosys runs of one configuration may take (default 600)",
                       "--time-budget,--timeout");
  app.add_option_function<std::uint64_t>(
         "--memory-budget", [a](const std::uint64_t& mib) { a->memory_mib = mib; },
         fmt::format("MiB of data each Yosys process of one configuration may have (default {}, "
                     "half of this machine's memory; 0: none)",
                     format_memory(default_memory_limit())))
      ->type_name("MIB")
      ->check(unsigned_in(0, kMaxMemoryMib));
  app.add_option("-o,--output", a->out_dir, "Directory for counterexample waveforms (VCD)")
      ->capture_default_str();
  app.add_option("--json", a->json, "Also write the results as JSON to this file");
  CLI::Option* list = app.add_flag(
      "--list", a->list,
      "List each configuration's properties, invariants and assumptions; prove nothing");
  // What the listing reads is the selection; how a proof runs would be ignored.
  lists_alone(app, list, {"block", "--all", "--preset", "--corner", "--param"});
  app.footer(
      "Each block's properties are immediate assertions in a wrapper module around the\n"
      "generated RTL (gen/properties/); Yosys proves them for every input sequence by temporal\n"
      "induction (sat -tempinduct -prove-asserts) from the first reset on; --bounded N checks\n"
      "only the first N cycles (sat -tempinduct-baseonly). Exit status: 0 all proven (with\n"
      "--bounded: no violation found), 1 a property violated (the counterexample is printed\n"
      "and written as VCD) or not proven within --max-steps, its --time-budget or its\n"
      "--memory-budget, 2 bad input.");
  return [a]() -> int {
    if (a->out_dir != ".") check_output_dir("-o", a->out_dir);  // "." is only used on a failure
    check_output_file("--json", a->json);
    if (!a->rtl_file.empty()) check_rtl_args(a->blocks, a->rtl_file);
    auto configs = select_configs(a->blocks);
    std::string design_name = "generated";
    if (!a->rtl_file.empty()) {
      auto match = config_for_rtl(std::move(configs), a->blocks, a->rtl_file);
      configs.clear();
      configs.push_back(std::move(match));
      design_name = a->rtl_file;
    }
    if (a->list) {
      for (const auto& c : configs) print_list(*c, c->properties());
      return 0;
    }
    nlohmann::json results = nlohmann::json::array();
    int failures = 0;
    for (const auto& c : configs) {
      const gen::PropertySet props = c->properties();
      const std::string design =
          a->rtl_file.empty() ? c->verilog()
                              : read_input_file(a->rtl_file, kMaxSourceBytes, "Verilog file");
      synth::ProveOptions o;
      o.timeout = a->budget.check(TimeBudget::kTool);
      if (a->memory_mib) o.memory_limit = *a->memory_mib << 20;
      const auto vcd = std::filesystem::path(a->out_dir) / (c->module() + ".counterexample.vcd");
      o.counterexample = vcd;
      const auto request = make_request(*c, props, design, design_name, a->max_steps, a->bounded);
      const synth::ProveResult r = synth::prove(request, o);
      switch (r.status) {
        case synth::ProveStatus::kProven:
          fmt::print("PROVEN    {:<42} {:>2} assertions  induction length {}  {:7.2f} s\n",
                     c->module(), request.checks.size(), r.steps, r.seconds);
          break;
        case synth::ProveStatus::kViolated:
          fmt::print("FAIL      {:<42} {} violated at step {}  {:7.2f} s\n", c->module(),
                     join(r.failed), r.steps, r.seconds);
          print_trace(r, props.outputs);
          fmt::print("  counterexample: {}\n", vcd.string());
          break;
        case synth::ProveStatus::kUnproven:
          fmt::print(
              "UNPROVEN  {:<42} no violation within {} cycles, but induction did not close "
              "(at its end: {})  {:7.2f} s\n",
              c->module(), r.steps, r.failed.empty() ? "?" : join(r.failed), r.seconds);
          break;
        case synth::ProveStatus::kBounded:
          fmt::print(
              "BOUNDED   {:<42} {:>2} assertions  no violation within {} cycles from reset "
              "(induction not tried)  {:7.2f} s\n",
              c->module(), request.checks.size(), r.steps, r.seconds);
          break;
        case synth::ProveStatus::kTimedOut:
          fmt::print("TIMEOUT   {:<42} Yosys did not finish within {} s\n", c->module(),
                     o.timeout.count());
          std::fflush(stdout);
          // RTL that never settles (a loop Yosys unrolls for ever) is a failed check; the one
          // line names it whatever else the run proves.
          fmt::print(stderr,
                     "warpforge: error: {} ({}): Yosys did not finish the proof within {} s "
                     "(--time-budget)\n",
                     c->module(), design_name, o.timeout.count());
          break;
        case synth::ProveStatus::kOutOfMemory:
          fmt::print("MEMORY    {:<42} Yosys ran out of its memory budget of {}\n", c->module(),
                     format_memory(o.memory_limit));
          std::fflush(stdout);
          // RTL whose proof outgrows the machine (a loop Yosys unrolls into gigabytes) fails
          // like one that outlasts its time budget.
          fmt::print(stderr,
                     "warpforge: error: {} ({}): Yosys ran out of the proof's memory budget of "
                     "{} (--memory-budget)\n",
                     c->module(), design_name, format_memory(o.memory_limit));
          break;
      }
      const bool passed = r.status == synth::ProveStatus::kProven ||
                          (a->bounded && r.status == synth::ProveStatus::kBounded);
      failures += !passed;
      results.push_back({{"module", c->module()},
                         {"block", c->block()},
                         {"status", status_name(r.status)},
                         {"steps", r.steps},
                         {"failed", r.failed},
                         {"assertions", request.checks.size()},
                         {"assumptions", props.assumptions.size()},
                         {"seconds", r.seconds}});
      std::fflush(stdout);
    }
    if (!a->json.empty()) write_file_atomically(a->json, results.dump(2) + "\n");
    fmt::print("{} {}, {} failed\n", configs.size() - failures, a->bounded ? "bounded" : "proven",
               failures);
    return failures ? 1 : 0;
  };
};

WF_COMMAND({"prove", "Prove each block's formal properties with Yosys", prove_setup, 25})

}  // namespace
}  // namespace wf::cli
