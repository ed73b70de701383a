// Instructions of architectures newer than the SMs warpforge models: a program whose PTX uses
// one (built for sm_80 or later, or for tensor cores) is refused by the parser with one line
// naming the instruction, the architecture it needs and what it does, rather than as an
// unknown mnemonic. The presets model Fermi-class SMs (the gtx480's, the papers' baseline),
// which have none of these units; they are not emulated with the model's own instructions,
// since the timing of tensor cores or copy engines would then be invented.
#pragma once

#include <fmt/format.h>

#include <optional>
#include <string>
#include <string_view>

namespace wf::ptx {

// The refusal for mnemonic `name` (whose first modifier is `first_modifier`, empty if none),
// or nullopt if it is not one of these instructions.
inline std::optional<std::string> newer_architecture_refusal(std::string_view name,
                                                             std::string_view first_modifier) {
  struct Entry {
    std::string_view name, modifier, arch, what;
  };
  static constexpr Entry kEntries[] = {
      {"cp", ".async", "sm_80", "asynchronous copies from global to shared memory"},
      {"cp", ".reduce", "sm_90", "bulk asynchronous reductions"},
      {"mbarrier", "", "sm_80", "arrive/wait barriers in shared memory"},
      {"wmma", "", "sm_70", "tensor-core matrix multiply-accumulate"},
      {"mma", "", "sm_70", "tensor-core matrix multiply-accumulate"},
      {"ldmatrix", "", "sm_75", "tensor-core matrix fragment loads"},
      {"movmatrix", "", "sm_75", "tensor-core matrix fragment transposes"},
      {"stmatrix", "", "sm_90", "tensor-core matrix fragment stores"},
      {"wgmma", "", "sm_90a", "warpgroup tensor-core matrix multiply-accumulate"},
      {"redux", "", "sm_80", "warp-wide reductions in hardware"},
      {"elect", "", "sm_90", "electing one thread of a warp"},
      {"griddepcontrol", "", "sm_90", "programmatic dependent launch"},
      {"setmaxnreg", "", "sm_90a", "register reallocation between warpgroups"},
      {"tensormap", "", "sm_90", "tensor memory access descriptors"},
      {"multimem", "", "sm_90", "multimem (NVLink multicast) memory operations"},
      {"getctarank", "", "sm_90", "thread-block cluster addressing"},
      {"mapa", "", "sm_90", "thread-block cluster addressing"},
  };
  for (const Entry& e : kEntries) {
    if (e.name != name || (!e.modifier.empty() && !first_modifier.starts_with(e.modifier)))
      continue;
    return fmt::format(
        "unsupported instruction '{}{}' ({}): it needs {}, and warpforge's SMs are Fermi-class "
        "(the gtx480 preset's), without it",
        e.name, e.modifier, e.what, e.arch);
  }
  return std::nullopt;
}

}  // namespace wf::ptx
