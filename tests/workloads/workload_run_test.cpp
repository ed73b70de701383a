// Every workload and every example launch spec, run on the executor and checked by its CPU
// reference.
#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "workloads/runner.h"
#include "workloads/workload.h"

namespace wf::workloads {
namespace {

void expect_passed(const RunResult& r) {
  EXPECT_TRUE(r.passed) << r.name << ": " << r.message;
  ASSERT_FALSE(r.kernels.empty()) << r.name;
  for (const auto& k : r.kernels) {
    EXPECT_GT(k.launches, 0u) << k.kernel;
    EXPECT_GT(k.warp_instructions, 0u) << k.kernel;
    EXPECT_GE(k.thread_instructions, k.warp_instructions) << k.kernel;
  }
}

class WorkloadRun : public ::testing::TestWithParam<std::string> {};

// Every workload at its default size is `warpforge run --all` (the ctest warpforge_run.all,
// tests/workloads/CMakeLists.txt): the same runs through the command people use.

// Sizes that leave partial CTAs, need extra reduction passes, or use other grid shapes.
// Sizes off the workloads' usual grid (partial CTAs, odd counts) where the first workloads
// chose one; the others run at their test size with another seed.
TEST_P(WorkloadRun, PassesAtAnOddSize) {
  const std::map<std::string, std::uint64_t> sizes{
      {"vecadd", 1000},    {"matmul", 48},     {"reduce", 100000}, {"histogram", 999},
      {"bfs", 3001},       {"sort", 2048},     {"fwt", 1024},      {"spinlock", 3},
      {"scalarprod", 260}, {"mergesort", 512}, {"stencil3d", 16}};
  RunSettings settings;
  const auto it = sizes.find(GetParam());
  settings.workload.size = it != sizes.end() ? it->second : find_workload(GetParam())->test_size;
  settings.workload.seed = 7;
  expect_passed(run_workload(*find_workload(GetParam()), settings));
}

std::vector<std::string> names() {
  std::vector<std::string> out;
  for (const auto* w : all_workloads()) out.push_back(w->name);
  return out;
}

INSTANTIATE_TEST_SUITE_P(All, WorkloadRun, ::testing::ValuesIn(names()),
                         [](const auto& info) { return info.param; });

class ExampleSpec : public ::testing::TestWithParam<std::string> {};

TEST_P(ExampleSpec, Passes) {
  const auto path = std::filesystem::path(WF_SOURCE_DIR) / "workloads" / GetParam();
  expect_passed(run_spec_file(path, RunSettings{}));
}

std::vector<std::string> example_specs() {
  std::vector<std::string> out;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(
           std::filesystem::path(WF_SOURCE_DIR) / "workloads"))
    if (entry.path().extension() == ".toml")
      out.push_back(entry.path().parent_path().filename().string() + "/" +
                    entry.path().filename().string());
  std::sort(out.begin(), out.end());
  return out;
}

INSTANTIATE_TEST_SUITE_P(Examples, ExampleSpec, ::testing::ValuesIn(example_specs()),
                         [](const auto& info) {
                           std::string name = info.param;
                           for (auto& c : name)
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           return name;
                         });

}  // namespace
}  // namespace wf::workloads
