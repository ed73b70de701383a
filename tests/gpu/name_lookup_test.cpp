// Kernel and variable names as people write them: PTX names, demangled signatures, bare names.
#include <gtest/gtest.h>

#include "sim_model/common/error.h"
#include "sim_model/gpu/name_lookup.h"

namespace wf::gpu {
namespace {

std::string error_of(const NameLookup& names, const std::string& query) {
  try {
    return "found " + names.find(query);
  } catch (const UsageError& e) {
    return e.what();
  }
}

const NameLookup kKernels({"_Z3addPfPKfi", "_Z3addPiPKii", "_ZN3ops5scaleIfEEvPT_S1_i",
                           "needle_cuda_shared_1", "_ZN2ns6detail4stepEv"},
                          "kernel");

TEST(NameLookup, DemanglesItaniumNamesOnly) {
  EXPECT_EQ(demangle("_Z3addPfPKfi"), "add(float*, float const*, int)");
  EXPECT_EQ(demangle("_ZN3ops5scaleIfEEvPT_S1_i"), "void ops::scale<float>(float*, float, int)");
  EXPECT_EQ(demangle("needle_cuda_shared_1"), "needle_cuda_shared_1");
  EXPECT_EQ(demangle("_Znot a name"), "_Znot a name");
}

TEST(NameLookup, FindsByPtxNameSignatureOrUniqueBareName) {
  EXPECT_EQ(kKernels.find("needle_cuda_shared_1"), "needle_cuda_shared_1");
  EXPECT_EQ(kKernels.find("_Z3addPiPKii"), "_Z3addPiPKii");
  EXPECT_EQ(kKernels.find("add(float*, float const*, int)"), "_Z3addPfPKfi");
  EXPECT_EQ(kKernels.find("add(int*,int const*,int)"), "_Z3addPiPKii");  // spaces do not matter
  for (const auto* name : {"scale", "ops::scale", "scale<float>", "ops::scale<float>",
                           "void ops::scale<float>(float*, float, int)"})
    EXPECT_EQ(kKernels.find(name), "_ZN3ops5scaleIfEEvPT_S1_i") << name;
  EXPECT_EQ(kKernels.find("step"), "_ZN2ns6detail4stepEv");
  EXPECT_EQ(kKernels.find("ns::detail::step"), "_ZN2ns6detail4stepEv");
}

TEST(NameLookup, UnknownAndAmbiguousNamesListTheCandidates) {
  EXPECT_EQ(error_of(kKernels, "add"),
            "kernel 'add' is ambiguous: add(float*, float const*, int), add(int*, int const*, "
            "int); write the full signature");
  EXPECT_EQ(error_of(kKernels, "needle"),
            "unknown kernel 'needle'; the module's kernels are: add(float*, float const*, int), "
            "add(int*, int const*, int), needle_cuda_shared_1, ns::detail::step(), void "
            "ops::scale<float>(float*, float, int)");
  EXPECT_EQ(error_of(kKernels, "add(float*, float*, int)").rfind("unknown kernel", 0), 0u);
  EXPECT_EQ(kKernels.find_if_known("nope"), nullptr);
  EXPECT_EQ(error_of(NameLookup({}, "device symbol"), "x"),
            "unknown device symbol 'x'; the module's device symbols are: (none)");
}

}  // namespace
}  // namespace wf::gpu
