// How this build of warpforge compiles run-time equivalence runners (generated into the build
// tree by CMake: the source directory, the flags, the libraries holding the golden models).
#pragma once

#include <string>
#include <vector>

namespace wf::harness {
// The C++ compiler this build uses; the runners' makefiles compile and link with it.
std::string runner_compiler();
std::string runner_cxxflags();
std::string runner_ldflags();
std::vector<std::string> runner_libraries();
// The checkout the runners include from.
std::string runner_source_dir();
// Folders whose headers are compiled into every runner (the harness adapters and their
// stimulus, header-only model parts): their text is part of the cache key.
std::vector<std::string> runner_header_dirs();
}  // namespace wf::harness
