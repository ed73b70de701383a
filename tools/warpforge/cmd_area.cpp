// warpforge area: Yosys synthesis onto the reference cell library.
#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "sim_model/common/atomic_file.h"
#include "synth/area.h"
#include "tools/warpforge/block_args.h"
#include "tools/warpforge/command.h"
#include "tools/warpforge/output_paths.h"
#include "tools/warpforge/time_budget.h"

namespace wf::cli {
namespace {

struct AreaArgs {
  BlockArgs blocks;
  std::string json;
  bool cells = false;
  TimeBudget budget;
};

CommandSetup area_setup = [](CLI::App& app) {
  auto a = std::make_shared<AreaArgs>();
  add_block_args(app, a->blocks);
  app.add_option("--json", a->json, "Also write the reports as JSON to this file");
  app.add_flag("--cells", a->cells, "Print each block's cells by kind");
  a->budget.add_option(app,
                       "Seconds the Yosys synthesis of one configuration may take (default "
                       "600; beyond it, bad input)");
  app.footer(
      "Area in um^2 uses the Nangate 45 nm Open Cell Library's published cell areas (the\n"
      "reference library in synth/cells.lib); NAND2 eq = area / area(NAND2_X1). The longest\n"
      "path counts cells between flops or ports (Yosys ltp -noff). Verilog memories are RAM\n"
      "macros in silicon: counted as RAM bits, and left out of the cells, flip-flops and area.");
  return [a]() -> int {
    check_output_file("--json", a->json);
    const auto configs = select_configs(a->blocks);
    std::vector<synth::AreaReport> reports;
    for (const auto& c : configs) {
      synth::AreaOptions options;
      options.timeout = a->budget.check(TimeBudget::kTool);
      options.design_name = "generated";
      auto r = synth::estimate_area(c->verilog(), c->module(), options);
      if (a->cells) fmt::print("{}\n{}\n", c->module(), synth::format_cell_breakdown(r));
      reports.push_back(std::move(r));
    }
    fmt::print("{}", synth::format_area_table(reports));
    for (std::size_t i = 0; i < configs.size(); ++i) {
      const std::string note = configs[i]->paper_storage();
      if (note.empty()) continue;
      const synth::AreaReport& r = reports[i];
      const std::string ram = r.memories ? fmt::format(" and {} RAM bits in {} memor{}", r.ram_bits,
                                                       r.memories, r.memories == 1 ? "y" : "ies")
                                         : "";
      fmt::print("{}: {} flip-flops{}; {}\n", configs[i]->module(), r.ff_bits, ram, note);
    }
    if (!a->json.empty()) {
      nlohmann::json j = reports;
      write_file_atomically(a->json, j.dump(2) + "\n");
    }
    return 0;
  };
};

WF_COMMAND({"area", "Estimate area and logic depth with Yosys", area_setup, 30})

}  // namespace
}  // namespace wf::cli
