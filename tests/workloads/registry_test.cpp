// The workload registry and embedded PTX, which need no executor.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "sim_model/common/error.h"
#include "workloads/runner.h"
#include "workloads/workload.h"

namespace wf::workloads {
namespace {

TEST(WorkloadRegistry, HoldsEveryWorkloadSortedByName) {
  std::vector<std::string> names;
  for (const auto* w : all_workloads()) names.push_back(w->name);
  EXPECT_TRUE(std::is_sorted(names.begin(), names.end()));
  EXPECT_EQ(std::adjacent_find(names.begin(), names.end()), names.end()) << "duplicate name";
  for (const char* n :
       {"bfs", "fwt", "histogram", "matmul", "reduce", "sort", "spinlock", "vecadd"})
    EXPECT_NE(std::find(names.begin(), names.end(), n), names.end()) << n;
  EXPECT_EQ(find_workload("nope"), nullptr);
  ASSERT_NE(find_workload("sort"), nullptr);
  EXPECT_EQ(find_workload("sort")->name, "sort");
}

TEST(WorkloadRegistry, EveryWorkloadHasItsPtxEmbedded) {
  for (const auto* w : all_workloads()) {
    EXPECT_FALSE(w->description.empty()) << w->name;
    EXPECT_FALSE(w->size_unit.empty()) << w->name;
    EXPECT_GT(w->test_size, 0u) << w->name << " needs a small size for the cycle-model tests";
    EXPECT_EQ(w->ptx().path, "workloads/" + w->name + "/" + w->name + ".ptx");
    EXPECT_NE(w->ptx().text.find(".target sm_75"), std::string_view::npos) << w->name;
    EXPECT_NE(w->ptx().text.find(".entry"), std::string_view::npos) << w->name;
  }
}

TEST(WorkloadRegistry, EmbeddedPtxIsTheCheckedInFileByteForByte) {
  for (const auto* w : all_workloads()) {
    std::ifstream in(std::filesystem::path(WF_SOURCE_DIR) / w->ptx().path, std::ios::binary);
    std::stringstream file;
    file << in.rdbuf();
    EXPECT_TRUE(file.str() == w->ptx().text) << w->ptx().path;
  }
}

TEST(WorkloadRegistry, BadSizesAreUsageErrors) {
  RunSettings settings;
  settings.workload.size = 17;
  try {
    run_workload(*find_workload("matmul"), settings);
    FAIL() << "accepted a matrix order that is not a multiple of the tile";
  } catch (const UsageError& e) {
    EXPECT_STREQ(e.what(),
                 "--size for workload matmul: expected a multiple of 16 in [16, 1024], got 17");
  }
  settings.workload.size = 1000;
  try {
    run_workload(*find_workload("sort"), settings);
    FAIL() << "accepted a key count that is not a power of two";
  } catch (const UsageError& e) {
    EXPECT_STREQ(e.what(),
                 "--size for workload sort: expected a power of two in [512, 4194304], got 1000");
  }
}

}  // namespace
}  // namespace wf::workloads
