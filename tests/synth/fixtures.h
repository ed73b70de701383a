// Where the synthesis tests' Verilog fixtures are (WF_SYNTH_FIXTURES: tests/synth/CMakeLists.txt).
#pragma once

#include <string>

namespace wf::synth {
inline const std::string kFixtures = WF_SYNTH_FIXTURES;
}  // namespace wf::synth
