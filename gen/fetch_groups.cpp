#include "gen/fetch_groups.h"

#include <fmt/core.h>

#include "gen/verilog.h"
#include "sim_model/blocks/fetch_groups.h"
#include "sim_model/blocks/params.h"

namespace wf::gen {

namespace {

std::string hex_mask(unsigned width, std::uint64_t mask) {
  return fmt::format("{}'h{:x}", width, mask);
}

}  // namespace

std::string group_mask_block(const std::string& out, const std::string& warp, unsigned n,
                             unsigned group_size) {
  const unsigned wb = blocks::clog2(n);
  const unsigned groups = (n + group_size - 1) / group_size;
  if (groups == 1) {
    return fmt::format("  // One fetch group holds every warp.\n  wire {} {} = {};\n\n", range(n),
                       out, hex_mask(n, blocks::fetch_group_mask(0, group_size, n)));
  }
  std::string s = fmt::format(
      "  // {out}: the fetch group ({g} consecutive warps) holding {warp}. The smallest group\n"
      "  // whose end lies above {warp} is assigned last and wins.\n"
      "  reg {rn} {out};\n"
      "  always @* begin\n"
      "    {out} = {last};\n",
      fmt::arg("out", out), fmt::arg("g", group_size), fmt::arg("warp", warp),
      fmt::arg("rn", range(n)),
      fmt::arg("last", hex_mask(n, blocks::fetch_group_mask(n - 1, group_size, n))));
  for (unsigned g = groups - 1; g-- > 0;) {
    const unsigned end = (g + 1) * group_size;
    s += fmt::format("    if ({} < {}) {} = {};\n", warp, lit(wb, end), out,
                     hex_mask(n, blocks::fetch_group_mask(g * group_size, group_size, n)));
  }
  s += "  end\n\n";
  return s;
}

}  // namespace wf::gen
