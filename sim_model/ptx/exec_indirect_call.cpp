// The callee of a call through a function pointer: which function a lane's register points at
// (function_address.h), and whether that function takes what the call's prototype passes.
#include <fmt/format.h>

#include "sim_model/ptx/executor.h"
#include "sim_model/ptx/function_address.h"

namespace wf::ptx {

std::uint64_t Executor::indirect_call_group(const Instr& in, const Warp& w, std::uint64_t mask,
                                            std::uint32_t& target) const {
  const Module& m = *ctx_.module;
  const unsigned first = static_cast<unsigned>(std::countr_zero(mask));
  const std::uint64_t address = w.reg(in.ops[0].reg, first);
  const std::optional<std::uint32_t> index = function_at(m, address);
  if (!index || m.functions[*index].is_entry) {
    fault(w, first,
          address == 0 ? std::string("indirect call through a null function pointer")
                       : fmt::format("indirect call to 0x{:x}, which is not the address of a "
                                     "device function of this module",
                                     address));
  }
  const Function& callee = m.functions[*index];
  const CallInfo& ci = m.functions[w.function()].calls[in.call_info];
  auto sizes_match = [](const std::vector<ParamDecl>& declared,
                        const std::vector<std::uint32_t>& passed) {
    if (declared.size() != passed.size()) return false;
    for (std::size_t i = 0; i < passed.size(); ++i) {
      if (declared[i].size != passed[i]) return false;
    }
    return true;
  };
  if (!sizes_match(callee.params, ci.arg_sizes) || !sizes_match(callee.rets, ci.ret_sizes)) {
    fault(w, first,
          fmt::format("indirect call of '{}' ({} parameters, {} return values) through a "
                      "prototype of {} arguments and {} return values of other sizes or counts",
                      callee.name, callee.params.size(), callee.rets.size(), ci.arg_sizes.size(),
                      ci.ret_sizes.size()));
  }
  target = *index;
  std::uint64_t group = 0;
  for_lanes(mask, [&](unsigned l) {
    if (w.reg(in.ops[0].reg, l) == address) group |= 1ull << l;
  });
  return group;
}

}  // namespace wf::ptx
