#include "gen/properties/group_properties.h"

#include <fmt/core.h>

#include "gen/verilog.h"
#include "sim_model/blocks/params.h"

namespace wf::gen {

void declare_groups_of(PropertyModule& m, const ArbiterShape& a, unsigned group_size,
                       const std::string& out, const std::vector<GroupSource>& sources) {
  const unsigned n = a.num_warps;
  const unsigned wb = blocks::clog2(n);
  std::string body;
  for (unsigned k = 0; k < sources.size(); ++k) {
    // The group index is found by comparing the warp id with constants, so that no divider of
    // a variable reaches the solver.
    body += fmt::format(
        "    {out}_index{k} = {zw};\n"
        "    for (w_{out} = 0; w_{out} < {n}; w_{out} = w_{out} + 1) begin\n"
        "      if ({warp} == w_{out}[{wb_m1}:0]) {out}_index{k} = w_{out} / {g};\n"
        "    end\n"
        "    for (w_{out} = 0; w_{out} < {n}; w_{out} = w_{out} + 1) begin\n"
        "      if ({valid} && {out}_index{k} == w_{out} / {g}) {out}[w_{out}] = 1'b1;\n"
        "    end\n",
        fmt::arg("out", out), fmt::arg("k", k), fmt::arg("zw", lit(wb, 0)), fmt::arg("n", n),
        fmt::arg("warp", sources[k].warp), fmt::arg("valid", sources[k].valid),
        fmt::arg("wb_m1", wb - 1), fmt::arg("g", group_size));
  }
  std::string indices;
  for (unsigned k = 0; k < sources.size(); ++k) {
    indices += fmt::format("{}{}_index{}", k == 0 ? "" : ", ", out, k);
  }
  m.logic(
      fmt::format("  // The warps in the fetch group ({g} warps each) of some of its sources.\n"
                  "  reg {rn} {out};\n"
                  "  reg {rw} {indices};\n"
                  "  integer w_{out};\n"
                  "  always @* begin\n"
                  "    {out} = {zn};\n"
                  "{body}"
                  "  end\n\n",
                  fmt::arg("g", group_size), fmt::arg("rn", range(n)), fmt::arg("out", out),
                  fmt::arg("rw", range(wb)), fmt::arg("indices", indices),
                  fmt::arg("zn", lit(n, 0)), fmt::arg("body", body)));
}

void require_group_round_robin(PropertyModule& m, const ArbiterShape& a, const std::string& groups,
                               const std::string& what) {
  const std::string req = a.request;
  m.logic(fmt::format("  wire group_requests = |({} & {});\n\n", req, groups));
  m.require("stays_in_group",
            fmt::format("!group_requests || (grant_o & {}) != {}", groups, lit(a.num_warps, 0)),
            "while a warp of " + what + " requests, the grant stays in it");
  require_round_robin_after_last(
      m, "round_robin_after_last", fmt::format("group_requests ? ({} & {}) : {}", req, groups, req),
      a,
      "the grant is the first candidate after the warp granted last round the ring (warp 0 "
      "first after reset); candidates: the requesters in " +
          what + " if any, else all requesters, so the next group with a requester follows");
}

}  // namespace wf::gen
