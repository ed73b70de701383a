// Toggle coverage of a block's output ports: for every bit of every port, "rose" (0 -> 1) and
// "fell" (1 -> 0). Ports are the flat Verilog vectors of Block::out_ports, so a point names the
// bit a waveform shows (count_o[13]). An output bit that never moves is either a stimulus gap
// or a stuck bit the comparison cannot tell from a correct one.
#pragma once

#include <optional>
#include <vector>

#include "harness/coverage/coverage_table.h"
#include "sim_model/blocks/bitvec.h"

namespace wf::harness {

class ToggleCoverage {
 public:
  // `layout`: the ports (names and widths; the values do not matter).
  explicit ToggleCoverage(const std::vector<blocks::PortValue>& layout);
  // The ports' values this cycle; the first call only sets the starting values.
  void sample(const std::vector<blocks::PortValue>& ports);
  const CoverageTable& table() const { return table_; }

 private:
  CoverageTable table_;
  std::vector<CoverageTable::Id> first_;  // per port: bit 0's "rose"; bit b's is first + 2b
  std::optional<std::vector<blocks::PortValue>> last_;
};

}  // namespace wf::harness
