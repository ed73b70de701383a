// The training run of the profile-guided build (tools/build.sh): every workload at its test
// size on the gtx480 cycle model, under a baseline and a BAWS policy set, so that the profile
// sees the executor, the SM pipeline, the memory system and each block model the way a study
// exercises them. Workloads named on the command line are left out (to measure on them without
// having trained on them).
//   pgo_train [--skip NAME,NAME...]
#include <cstdio>
#include <memory>
#include <set>
#include <sstream>
#include <string>

#include "sim_model/gpu/runtime.h"
#include "sim_model/gpu/timing_session.h"
#include "sim_model/presets/machine.h"
#include "sim_model/sm/timing_config.h"
#include "workloads/workload.h"

int main(int argc, char** argv) {
  std::set<std::string> skip;
  if (argc == 3 && std::string(argv[1]) == "--skip") {
    std::istringstream names(argv[2]);
    for (std::string n; std::getline(names, n, ',');) skip.insert(n);
  } else if (argc != 1) {
    std::fprintf(stderr, "usage: pgo_train [--skip NAME,NAME...]\n");
    return 2;
  }
  const std::pair<const char*, const char*> policies[] = {{"lrr", "lrr"}, {"mwf-gto", "cff"}};
  for (const auto* w : wf::workloads::all_workloads()) {
    if (skip.count(w->name)) continue;
    for (const auto& [issue, fetch] : policies) {
      wf::sm::TimingConfig c = wf::sm::load_timing_config(wf::load_machine("gtx480"));
      c.issue = wf::sm::parse_issue_policy(issue);
      c.fetch = wf::sm::parse_fetch_policy(fetch);
      auto session = std::make_shared<wf::gpu::TimingSession>(c);
      wf::gpu::RuntimeOptions o;
      o.timing = session;
      wf::gpu::Runtime runtime(o);
      wf::workloads::WorkloadOptions options;
      options.size = w->test_size;
      if (!w->run(runtime, options).passed) {
        std::fprintf(stderr, "pgo_train: %s (%s/%s) failed its check\n", w->name.c_str(), issue,
                     fetch);
        return 1;
      }
    }
  }
  return 0;
}
