// Turns one warp memory instruction's per-lane addresses into the 128-byte lines it touches,
// in order of first touch by lane. Local memory is per thread; it is laid out word-interleaved
// across the warp's threads (word w of lane l at w * warp_size * 4 + l * 4 in a window private
// to the SM's warp slot), so that lanes reading the same local offset coalesce, as on Fermi.
#pragma once

#include <array>
#include <cstdint>

#include "sim_model/mem/byte_mask.h"
#include "sim_model/ptx/step_record.h"

namespace wf::mem {

struct LineAccess {
  std::uint64_t addr = 0;   // line address
  std::uint32_t bytes = 0;  // bytes of the line the lanes touch (capped at the line size)
  std::uint64_t lanes = 0;  // lanes that touch it
  ByteMask mask;            // stores only: the bytes written
  std::uint8_t same = 0;    // atomics: the most lanes on one address (the L1 fills it in)
};

class Coalescer {
 public:
  // 64 lanes, each a 16-byte vector at worst split into 4 local words on 2 lines; or each a
  // texture fetch's 8 texels (a trilinear footprint) on 8 lines.
  static constexpr unsigned kMaxLines = 512;
  using Lines = std::array<LineAccess, kMaxLines>;

  Coalescer(unsigned line_bytes, unsigned warp_size)
      : line_bytes_(line_bytes), warp_size_(warp_size) {}

  // Global and local spaces only. `sm` and `warp` (the warp's slot in the SM) place local
  // memory. Returns the number of lines written to `out`.
  unsigned coalesce(const ptx::MemAccess& m, std::uint32_t sm, std::uint32_t warp,
                    Lines& out) const;

  // Where the interleaved local word holding byte `offset` of `lane` lives in global memory.
  std::uint64_t local_address(std::uint32_t sm, std::uint32_t warp, unsigned lane,
                              std::uint64_t offset) const;

 private:
  void add(std::uint64_t addr, unsigned bytes, unsigned lane, bool store, Lines& out,
           unsigned& n) const;

  unsigned line_bytes_, warp_size_;
};

}  // namespace wf::mem
