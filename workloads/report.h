// Prints run results: a plain-text table for people and JSON for scripts (stable key names).
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "workloads/run_result.h"
#include "workloads/runner.h"

namespace wf::workloads {

// "PASS  vecadd  0.04 s" and one indented line per kernel with its instruction counts;
// a failure adds its message.
void print_result(std::FILE* out, const RunResult& result);
// "3 passed, 1 failed"
void print_summary(std::FILE* out, const std::vector<RunResult>& results);

std::string results_json(const std::vector<RunResult>& results, const RunSettings& settings);

}  // namespace wf::workloads
