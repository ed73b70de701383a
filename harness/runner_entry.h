// The entry of a run-time-verilated equivalence runner (verilate_cache.h), as its main.cpp
// sees it: only this, the block's harness adapter and the Verilated module are compiled per
// runner. runner_main (harness/runner_main.h) depends on the block, not on its module, so it is
// compiled once per block in wf_harness_engines (harness/engine_instances.h); compiling it,
// and the engine headers it needs, into every runner took half of each runner's build.
#pragma once

#include <memory>

#include "harness/rtl_dut.h"

namespace wf::harness {

// Makes the runner's Verilated model for one parameter set.
template <class Block>
using RtlDutMaker = std::unique_ptr<RtlDut<Block>> (*)(const typename Block::Params&);

//   runner --param k=v ... --cycles N --seed S [--replay TRACE] [--fst FILE] --json FILE
template <class H>
int runner_main(int argc, char** argv, RtlDutMaker<typename H::Block> make_dut);

}  // namespace wf::harness
