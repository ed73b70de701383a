// Register counts read from a cubin nvcc 13 built (data/registers.cu), against what ptxas -v
// printed when it built it: "_Z4manyPKfPfi: Used 32 registers", "_Z3fewPi: Used 8 registers".
#include "cuda_runtime/server/cubin_registers.h"

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <string>

namespace wf::cudart {
namespace {

std::string cubin() {
  std::ifstream in(WF_EXEC_TEST_DATA "/registers.sm_75.cubin", std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

TEST(CubinRegisters, EachKernelGetsWhatPtxasAllocated) {
  const auto counts = cubin_register_counts(cubin());
  ASSERT_EQ(counts.size(), 2u);
  EXPECT_EQ(counts.at("_Z4manyPKfPfi"), 32u);
  EXPECT_EQ(counts.at("_Z3fewPi"), 8u);
}

TEST(CubinRegisters, MalformedFilesGiveNothingRatherThanGarbage) {
  const std::string f = cubin();
  EXPECT_TRUE(cubin_register_counts("").empty());
  EXPECT_TRUE(cubin_register_counts(f.substr(0, 64)).empty());
  EXPECT_TRUE(cubin_register_counts(f.substr(0, f.size() / 2)).empty());  // no section table
  std::string not_elf = f;
  not_elf[1] = 'X';
  EXPECT_TRUE(cubin_register_counts(not_elf).empty());
}

}  // namespace
}  // namespace wf::cudart
