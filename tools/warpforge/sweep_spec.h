// A sweep file of `warpforge sweep` (docs/sweeps.md): axes whose product is the sweep's runs,
// less the excluded combinations. Each run is one `warpforge sim`.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "tools/warpforge/study.h"

namespace wf::cli {

// One axis: its column name and its values, in the file's order.
struct SweepAxis {
  std::string name;  // workload, preset, issue, fetch, dispatch, size, or a --param key
  std::vector<std::string> values;
};

struct SweepSpec {
  std::string name;
  // workload, preset, issue, fetch, dispatch, size, then the [params] keys in the file's
  // order. An empty policy value is the preset's own; size "default" the workload's default.
  std::vector<SweepAxis> axes;
  // A run is left out when, for every axis an exclude names, its value is one of the listed.
  std::vector<std::map<std::string, std::vector<std::string>>> excludes;
  // [[programs]]: CUDA programs run by `warpforge exec`, by their name on the workload axis:
  // the program (an absolute path) and its arguments.
  std::map<std::string, std::vector<std::string>> programs;
  // [[specs]]: launch specs run by `warpforge sim --spec`, by their name on the workload axis:
  // the file's absolute path.
  std::map<std::string, std::string> specs;
};

struct SweepRun {
  std::vector<std::string> values;  // one per axis, in SweepSpec::axes order
  StudyRun run;                     // workload, stem and the `warpforge sim` arguments
};

// Parses a sweep file's text; `origin` names it in messages, and a program's relative path is
// taken from its folder. Throws a one-line UsageError naming the file, the line and the key:
// unknown keys, wrong types, empty axes, unknown workloads, suites, presets or policies, a
// program that is not an executable file.
SweepSpec parse_sweep_spec(const std::string& text, const std::string& origin);

// The runs of the sweep, ordered by the axes (the first axis slowest), excludes left out. A
// program or launch spec runs only at size "default" (its size is its arguments' or file's).
std::vector<SweepRun> expand_sweep(const SweepSpec& spec);

}  // namespace wf::cli
