// `warpforge sim`: runs a workload's host driver (or a launch spec) on the cycle model and
// writes its statistics. Exit status: 0 ran and passed its check, 1 a kernel fault or a wrong
// result, 2 bad input, 3 deadlock or livelock.
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "harness/rtl_in_the_loop.h"
#include "sim_model/common/atomic_file.h"
#include "sim_model/common/decimal.h"
#include "sim_model/common/error.h"
#include "sim_model/gpu/terminal_progress.h"
#include "sim_model/gpu/timeline.h"
#include "sim_model/gpu/timing_report.h"
#include "sim_model/gpu/timing_session.h"
#include "sim_model/presets/machine.h"
#include "sim_model/sm/policies/policy_info.h"
#include "sim_model/sm/timing_config.h"
#include "sim_model/trace/block_trace_set.h"
#include "tools/warpforge/command.h"
#include "tools/warpforge/machine_options.h"
#include "tools/warpforge/number_options.h"
#include "tools/warpforge/output_paths.h"
#include "tools/warpforge/time_budget.h"
#include "workloads/runner.h"
#include "workloads/workload.h"

namespace wf::cli {
namespace {

struct SimArgs {
  MachineOptions machine;
  std::string workload, spec;
  bool list_policies = false;
  std::string stats, csv;
  bool fu_histogram = false;
  std::string timeline, timeline_ctas = "0-2";
  std::string record_blocks;
  std::vector<std::string> rtl;
  TimeBudget budget;  // of the Verilator builds of --rtl
  int timeline_sm = 0;
  workloads::WorkloadOptions options;
};

sm::TimingConfig build_config(const SimArgs& a) {
  sm::TimingConfig c = timing_config(a.machine);
  if (!a.timeline.empty()) {
    if (a.timeline_sm < 0 || static_cast<unsigned>(a.timeline_sm) >= c.num_sms)
      throw UsageError(fmt::format("--timeline-sm {}: expected an SM number from 0 to {}",
                                   a.timeline_sm, c.num_sms - 1));
    // Two decimal numbers around one dash, nothing else: sscanf's %u would take "-1" as 2^32-1.
    const std::string& text = a.timeline_ctas;
    const auto dash = text.find('-');
    unsigned first = 0, last = 0;
    if (dash == std::string::npos || !parse_decimal(text.substr(0, dash), first) ||
        !parse_decimal(text.substr(dash + 1), last) || first > last)
      throw UsageError(fmt::format(
          "--timeline-ctas {}: expected FIRST-LAST, CTA indices on the SM in dispatch order",
          a.timeline_ctas));
    c.timeline_sm = a.timeline_sm;
    c.timeline_first_cta = first;
    c.timeline_last_cta = last;
  }
  return c;
}

// One row per run. An existing file must start with the same header (the columns are stable
// names), so rows of different layouts never mix; it is checked before the run too, so a long
// simulation never ends in a usage error.
void check_csv_target(const std::string& path) {
  if (path.empty() || !std::filesystem::exists(path)) return;
  const std::string header = gpu::timing_report_csv_header();
  if (read_file(path).compare(0, header.size(), header) != 0)
    throw UsageError(fmt::format(
        "--csv {}: the file exists but does not start with warpforge sim's CSV header", path));
}

void append_csv_row(const std::string& path, const std::string& row) {
  check_csv_target(path);
  std::string text =
      std::filesystem::exists(path) ? read_file(path) : gpu::timing_report_csv_header();
  if (!text.empty() && text.back() != '\n') text += '\n';
  write_file_atomically(path, text + row);
}

// `--list-policies`: every registered policy of every kind, one per line with the blocks it
// calls in brackets (comma separated) and its help.
void print_policies() {
  using namespace sm::policies;
  for (const PolicyKind kind : kPolicyKinds) {
    fmt::print("{} policies ({} NAME):\n", kind_title(kind), option_name(kind));
    for (const PolicyInfo& p : registered_policies(kind)) {
      fmt::print("  {:<8} {:<20} {}{}\n", p.name, fmt::format("[{}]", fmt::join(p.blocks, ",")),
                 p.help, p.is_default ? " (default)" : "");
    }
  }
  fmt::print("every SM also holds: [{}] (the barrier unit)\n", fmt::join(sm_core_blocks(), ","));
  fmt::print(
      "every SM with large warps (large_warp_size > 0) also holds: [{}] (the sub-warp issue)\n",
      fmt::join(large_warp_blocks(), ","));
}

int run(const SimArgs& a) {
  if (a.list_policies) {
    print_policies();
    return 0;
  }
  if (a.workload.empty() == a.spec.empty())
    throw UsageError("sim: give exactly one of --workload NAME or --spec FILE");
  check_output_file("--stats", a.stats);
  if (a.fu_histogram && a.stats.empty())
    throw UsageError("--fu-histogram: expected --stats FILE.json too, which it adds to");
  check_output_file("--csv", a.csv);
  check_output_file("--timeline", a.timeline);
  check_output_dir("--record-blocks", a.record_blocks);
  const workloads::Workload* w = nullptr;
  if (!a.workload.empty()) {
    w = workloads::find_workload(a.workload);
    if (!w) {
      std::string names;
      for (const auto* known : workloads::all_workloads())
        names += (names.empty() ? "" : ", ") + known->name;
      throw UsageError(fmt::format("--workload: unknown workload \"{}\"; expected one of {}",
                                   a.workload, names));
    }
  }
  check_csv_target(a.csv);
  auto session = std::make_shared<gpu::TimingSession>(build_config(a));
  if (a.machine.memory == "fixed-latency") session->use_fixed_latency_memory();
  if (!a.record_blocks.empty())
    session->block_traces = std::make_shared<trace::BlockTraceSet>(a.record_blocks);
  harness::RtlInTheLoop rtl;
  if (!a.rtl.empty()) {
    rtl = harness::rtl_blocks(a.rtl, a.budget.verilator_build());
    const sm::TimingConfig& c = session->config();
    const auto used = sm::policies::blocks_of(c);
    for (const auto& name : a.rtl) {
      if (std::find(used.begin(), used.end(), name) == used.end())
        throw UsageError(
            fmt::format("--rtl {}: expected a block that issue {} with fetch {} uses: {}", name,
                        c.issue, c.fetch, fmt::join(used, ", ")));
    }
    // Builds each stand-in once, so that RTL Verilator cannot build fails before the run.
    sm::probe_external(c, rtl.blocks);
    rtl.instances->clear();  // the probe's
    session->external_blocks = std::make_shared<const sm::ExternalBlocks>(rtl.blocks);
  }
  gpu::TerminalProgress line;
  if (isatty(fileno(stderr))) {
    session->progress = [&](std::uint64_t cycles, std::uint64_t threads) {
      line.cycles(cycles, threads);
    };
  }
  workloads::RunSettings settings;
  settings.runtime.timing = session;
  // The machine's device memory bounds the workload's allocations, as it does a program's under
  // exec, so that a --param device_bytes is read rather than ignored.
  settings.runtime.device_memory_bytes = session->config().machine.value("memory.device_bytes");
  settings.workload = a.options;
  const workloads::RunResult result =
      w ? workloads::run_workload(*w, settings) : workloads::run_spec_file(a.spec, settings);
  const double wall = line.seconds();
  line.erase();

  const gpu::TimingResults& r = session->results();
  const gpu::RunLabel label{result.name, result.passed};
  if (!a.stats.empty()) {
    gpu::ReportOptions report;
    report.fu_histogram = a.fu_histogram;
    write_file_atomically(a.stats, gpu::timing_report_json(*session, label, report));
  }
  if (!a.csv.empty()) append_csv_row(a.csv, gpu::timing_report_csv_row(*session, label));
  if (!a.timeline.empty())
    write_file_atomically(a.timeline, gpu::timeline_json(r, session->config()));
  std::vector<trace::BlockTraceSet::File> traces;
  if (session->block_traces) traces = session->block_traces->close(r.cycles);

  const std::uint64_t threads = gpu::total_thread_instructions(r);
  fmt::print("{}  {}  issue {} fetch {}: {} cycles, {} thread instructions, IPC {:.2f}\n",
             result.passed ? "PASS" : "FAIL", result.name, session->config().issue,
             session->config().fetch, r.cycles, threads,
             r.cycles ? static_cast<double>(threads) / r.cycles : 0.0);
  fmt::print("  simulated in {:.2f} s: {:.0f} cycles/s, {:.1f} M thread instructions/s\n", wall,
             wall > 0 ? r.cycles / wall : 0.0, wall > 0 ? threads / wall / 1e6 : 0.0);
  if (!traces.empty()) {
    std::uint64_t records = 0, bytes = 0;
    for (const auto& t : traces) {
      records += t.records;
      bytes += t.bytes;
    }
    fmt::print("  recorded {} block traces in {}: {} calls, {:.2f} MB\n", traces.size(),
               a.record_blocks, records, bytes / 1e6);
  }
  if (!a.rtl.empty()) {
    std::vector<std::string> made;
    for (const auto& [module, n] : *rtl.instances) made.push_back(fmt::format("{} x{}", module, n));
    fmt::print("  Verilated RTL in the loop: {}\n", fmt::join(made, ", "));
  }
  if (!result.passed) fmt::print("  {}\n", result.message);
  if (r.status == "deadlock" || r.status == "livelock") {
    fmt::print("{}", r.warp_dump);
    if (!r.cause.empty()) fmt::print("  likely cause: {}\n", r.cause);
    return 3;
  }
  return result.passed ? 0 : 1;
}

std::function<int()> sim_setup(CLI::App& app) {
  auto a = std::make_shared<SimArgs>();
  add_machine_options(app, a->machine);
  app.add_option("--workload,-w", a->workload, "run this built-in workload's host driver");
  app.add_option("--spec", a->spec, "run this launch spec (TOML)")->check(CLI::ExistingFile);
  app.add_flag("--list-policies", a->list_policies,
               "list every registered issue, fetch and CTA dispatch policy with the blocks it "
               "uses, and exit");
  app.add_option("--stats", a->stats, "write the statistics as JSON to this file");
  app.add_flag("--fu-histogram", a->fu_histogram,
               "with --stats: add fu_histogram, the SM-cycles by their number of active SIMD "
               "lanes (functional-unit utilization)");
  app.add_option(
      "--csv", a->csv,
      "append the headline statistics as one CSV row (header first when the file is new)");
  app.add_option("--timeline", a->timeline,
                 "write the warp-phase timeline (Chrome trace JSON, opens in Perfetto)");
  app.add_option("--timeline-sm", a->timeline_sm, "the SM the timeline shows")
      ->check(unsigned_in(0, std::numeric_limits<int>::max()))
      ->capture_default_str();
  app.add_option("--timeline-ctas", a->timeline_ctas,
                 "the SM's CTAs the timeline shows, FIRST-LAST in dispatch order from 0")
      ->capture_default_str();
  app.add_option("--record-blocks", a->record_blocks,
                 "write, per block instance (each SM's issue and fetch arbiters and warp priority "
                 "table), every input it saw and output it gave to DIR/<instance>.wftrace, for "
                 "`warpforge equiv --replay DIR`; replaces the traces of an earlier run in DIR");
  app.add_option("--rtl", a->rtl,
                 "run these blocks (comma separated; any the chosen policies use, see "
                 "--list-policies) in every SM as their Verilated RTL instead of the golden "
                 "model; the statistics do not change (the RTL is proven equal), the speed does")
      ->delimiter(',');
  a->budget.add_option(app,
                       "with --rtl: seconds Verilator may take to build a block's model that is "
                       "not linked into warpforge (at least 600)");
  app.add_option("--size", a->options.size, "workload problem size (see `run --list`)")
      ->check(unsigned_in(0, std::numeric_limits<std::uint64_t>::max()));
  app.add_option("--seed", a->options.seed, "seed for generated workload inputs")
      ->check(unsigned_in(0, std::numeric_limits<std::uint64_t>::max()))
      ->capture_default_str();
  // Options that mean something only beside another are refused without it, not ignored.
  for (const char* name : {"--timeline-sm", "--timeline-ctas"})
    app.get_option(name)->needs("--timeline");
  app.get_option("--time-budget")->needs("--rtl");
  // A launch spec carries its own sizes and seeds.
  for (const char* name : {"--size", "--seed"}) app.get_option(name)->excludes("--spec");
  lists_alone(app, app.get_option("--list-policies"));
  return [a] { return run(*a); };
}

}  // namespace

WF_COMMAND(Command{"sim", "Run a workload or launch spec on the cycle model", sim_setup, 45})

}  // namespace wf::cli
