// runner_main (harness/runner_entry.h): the command line of a run-time-verilated equivalence
// runner, then its equivalence or replay run. Compiled once per block (engine_instances.h).
#pragma once

#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>

#include "harness/equiv_engine.h"
#include "harness/replay_engine.h"
#include "harness/rtl_dut.h"
#include "harness/runner_entry.h"

namespace wf::harness {

template <class H>
int runner_main(int argc, char** argv, RtlDutMaker<typename H::Block> make_dut) {
  using Block = typename H::Block;
  typename Block::Params p;
  EquivOptions options;
  std::string json_path;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    const std::string value = argv[i + 1];
    if (flag == "--param") {
      const auto eq = value.find('=');
      const std::string err =
          blocks::set_param(p, Block::kName, value.substr(0, eq),
                            eq == std::string::npos ? "" : value.substr(eq + 1));
      if (!err.empty()) {
        std::fprintf(stderr, "runner: %s\n", err.c_str());
        return 2;
      }
    } else if (flag == "--cycles") {
      options.cycles = std::stoull(value);
    } else if (flag == "--seed") {
      options.seed = std::stoull(value);
    } else if (flag == "--fst") {
      options.fst_path = value;
    } else if (flag == "--replay") {
      options.replay = value;
    } else if (flag == "--json") {
      json_path = value;
    } else if (flag == "--progress") {
      options.progress = value == "1";
    }
  }
  const DutFactory<Block> make = [&p, make_dut] { return make_dut(p); };
  const EquivResult r =
      options.replay.empty() ? run_equiv<H>(p, make, options) : run_replay<H>(p, make, options);
  std::ofstream out(json_path);
  out << to_json(r).dump() << "\n";
  return out ? 0 : 1;
}

}  // namespace wf::harness
