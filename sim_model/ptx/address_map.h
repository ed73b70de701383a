// Generic addressing: global addresses map to themselves; shared and local memory appear in
// two 4 GiB windows far above any global allocation, as cvta places them.
#pragma once

#include <cstdint>

#include "sim_model/ptx/types.h"

namespace wf::ptx {

constexpr std::uint64_t kSharedWindow = 0x7e00'0000'0000ull;
constexpr std::uint64_t kLocalWindow = 0x7f00'0000'0000ull;
constexpr std::uint64_t kWindowSize = 1ull << 32;

struct ResolvedAddress {
  Space space;
  std::uint64_t addr;
};

inline ResolvedAddress resolve_generic(std::uint64_t a) {
  if (a - kSharedWindow < kWindowSize) return {Space::Shared, a - kSharedWindow};
  if (a - kLocalWindow < kWindowSize) return {Space::Local, a - kLocalWindow};
  return {Space::Global, a};
}

inline std::uint64_t to_generic(Space s, std::uint64_t a) {
  switch (s) {
    case Space::Shared:
      return kSharedWindow + (a & 0xffffffffull);
    case Space::Local:
      return kLocalWindow + (a & 0xffffffffull);
    default:
      return a;
  }
}

}  // namespace wf::ptx
