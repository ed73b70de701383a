#pragma once

#include <string>

#include "sim_model/blocks/params.h"

namespace wf::gen {

// <block>_<signature>: several configurations of one block can live in one Verilator build.
template <class P>
std::string module_name(const P& p) {
  // Appended in place: GCC 12 at -O2 warns (-Warray-bounds, falsely) about the inlined copy of
  // a temporary string + "_".
  std::string name(P::Block::kName);
  name += '_';
  name += blocks::param_signature(p);
  return name;
}

}  // namespace wf::gen
