// Generic addressing: global addresses map to themselves; shared memory, local memory and the
// kernel parameters appear in three 4 GiB windows far above any global allocation, as cvta
// places them. The address width of each state space is here too.
#pragma once

#include <cstdint>

#include "sim_model/ptx/types.h"

namespace wf::ptx {

constexpr std::uint64_t kParamWindow = 0x7d00'0000'0000ull;
constexpr std::uint64_t kSharedWindow = 0x7e00'0000'0000ull;
constexpr std::uint64_t kLocalWindow = 0x7f00'0000'0000ull;
constexpr std::uint64_t kWindowSize = 1ull << 32;
constexpr std::uint64_t kAddress32 = 0xffff'ffffull;
constexpr std::uint64_t kAddress64 = ~0ull;

// The bits of an address in state space `s`. The ISA truncates an address register wider than
// its state space's address width, and a register + immediate sum is formed in that width: the
// 32-bit spaces wrap modulo 2^32, so nvcc's "smem - 64" register plus "+68" is offset 4. Shared,
// local and parameter addresses are 32-bit; global, generic and const (which lives in device
// memory here) are 64-bit.
constexpr std::uint64_t address_mask(Space s) {
  switch (s) {
    case Space::Shared:
    case Space::Local:
    case Space::Param:
    case Space::FuncParam:
      return kAddress32;
    default:
      return kAddress64;
  }
}

struct ResolvedAddress {
  Space space;
  std::uint64_t addr;
};

inline ResolvedAddress resolve_generic(std::uint64_t a) {
  if (a - kSharedWindow < kWindowSize) return {Space::Shared, a - kSharedWindow};
  if (a - kLocalWindow < kWindowSize) return {Space::Local, a - kLocalWindow};
  if (a - kParamWindow < kWindowSize) return {Space::Param, a - kParamWindow};
  return {Space::Global, a};
}

inline std::uint64_t to_generic(Space s, std::uint64_t a) {
  switch (s) {
    case Space::Shared:
      return kSharedWindow + (a & 0xffffffffull);
    case Space::Local:
      return kLocalWindow + (a & 0xffffffffull);
    case Space::Param:
      return kParamWindow + (a & 0xffffffffull);
    default:
      return a;
  }
}

// The window's base for a space that has one (0 for global and const, which have none).
constexpr std::uint64_t window_of(Space s) {
  switch (s) {
    case Space::Shared:
      return kSharedWindow;
    case Space::Local:
      return kLocalWindow;
    case Space::Param:
      return kParamWindow;
    default:
      return 0;
  }
}

}  // namespace wf::ptx
