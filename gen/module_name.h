#pragma once

#include <string>

#include "sim_model/blocks/params.h"

namespace wf::gen {

// <block>_<signature>: several configurations of one block can live in one Verilator build.
template <class P>
std::string module_name(const P& p) {
  return std::string(P::Block::kName) + "_" + blocks::param_signature(p);
}

}  // namespace wf::gen
