// __managed__ variables: nvcc declares them `.global .attribute(.managed)`; the device sees an
// ordinary global (the runtime gives it one address on host and device).
#include <gtest/gtest.h>

#include <string>

#include "sim_model/common/error.h"
#include "sim_model/ptx/parser.h"
#include "tests/ptx/ptx_test_util.h"

namespace wf::ptx::test {
namespace {

std::string managed_parse_error(const std::string& text) {
  try {
    parse_module(text, "bad.ptx");
  } catch (const UsageError& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(ManagedVariable, IsAGlobalOfItsDeclaredSize) {
  const Module m = parse_module(std::string(kHeader) +
                                    ".global .attribute(.managed) .align 4 .b8 counter[16];\n"
                                    ".global .attribute(.managed) .align 4 .u32 total = 7;\n",
                                "managed.ptx");
  ASSERT_EQ(m.variables.size(), 2u);
  EXPECT_EQ(m.variables[0].name, "counter");
  EXPECT_EQ(m.variables[0].space, Space::Global);
  EXPECT_EQ(m.variables[0].size, 16u);
  EXPECT_EQ(m.variables[1].name, "total");
  EXPECT_EQ(m.variables[1].size, 4u);
}

TEST(ManagedVariable, OtherAttributesAndSpacesAreRefused) {
  EXPECT_EQ(managed_parse_error(std::string(kHeader) + ".global .attribute(.unified) .b8 v[4];\n"),
            "bad.ptx:4:20: expected the variable attribute .managed, found '.unified'");
  EXPECT_EQ(managed_parse_error(std::string(kHeader) + ".shared .attribute(.managed) .b8 v[4];\n"),
            "bad.ptx:4:9: expected a variable type or .align, found '.attribute'");
}

}  // namespace
}  // namespace wf::ptx::test
