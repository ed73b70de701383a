// Helpers the generators share: the module header comment, port lists in lowRISC style with a
// `///` comment each, and width-exact literals, so every generated file reads the same way.
#pragma once

#include <string>
#include <vector>

#include <fmt/core.h>

#include "sim_model/blocks/params.h"

namespace wf::gen {

inline constexpr const char* kGeneratorVersion = "warpforge 0.1.0";

struct Port {
  enum Dir { kIn, kOut } dir;
  unsigned width;
  std::string name;
  std::string doc;
  bool reg = false;            // output driven from an always block
  bool always_vector = false;  // declared [0:0] when one bit wide, so that [k] selects work
};

// "[5:0] " or "" for one bit.
inline std::string range(unsigned width) {
  return width > 1 ? fmt::format("[{}:0]", width - 1) : std::string{};
}

// "[w-1:0] " or nothing for one bit, written straight before a register name: "reg {}name".
inline std::string reg_range(unsigned width) {
  return width > 1 ? range(width) + " " : std::string{};
}

// "[w-1:0]" even for one bit: for vectors indexed by a loop over a parameter that may be 1.
inline std::string vector_range(unsigned width) {
  return fmt::format("[{}:0]", width - 1);
}

// A sized decimal literal: 6'd48.
inline std::string lit(unsigned width, unsigned long long value) {
  return fmt::format("{}'d{}", width, value);
}

// The comment block at the top of every generated file: what the block is, how it was made,
// every parameter with its value and meaning. The "warpforge block:" line is machine-read (the
// build uses it to find a file's block).
std::string file_header(const std::string& block, const std::string& module,
                        const std::string& summary, const blocks::ParamList& params,
                        const std::vector<blocks::ParamDesc>& descs);

// `module name ( ports );` with clk_i/rst_ni first.
std::string module_open(const std::string& module, const std::vector<Port>& ports);

// A lint waiver that consumes inputs a configuration does not use, so the port list stays the
// same for every configuration of a block.
std::string unused_inputs(const std::vector<std::string>& names);

}  // namespace wf::gen

namespace wf::gen {
// Removes `localparam NAME = ...;` lines whose NAME is used nowhere else in the module, so that
// a configuration that needs fewer constants still lints clean (Verilator UNUSEDPARAM).
std::string drop_unused_localparams(const std::string& text);
}  // namespace wf::gen
