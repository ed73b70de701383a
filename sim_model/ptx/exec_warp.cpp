// Warp-wide instructions: vote, shfl, match, activemask. Under the SIMT stack the "active"
// threads are the stack top's mask. A shfl whose source lane is in range but does not execute
// it (inactive, exited, or left out of the member mask) reads 0: the ISA leaves the value
// undefined, and 0 is what Volta and later GPUs are observed to return, which code in the wild
// depends on (CUDA samples' reduction kernel 7 reduces its last warp with a partial mask).
#include <bit>
#include <vector>

#include "sim_model/ptx/executor.h"

namespace wf::ptx {

void Executor::exec_warp_op(const Instr& in, Warp& w, std::uint64_t active, std::uint64_t mask) {
  const unsigned ws = w.size();
  const bool sync = in.has(kSync);
  switch (in.op) {
    case Op::Activemask:
      for_lanes(mask, [&](unsigned l) { set(w, in.ops[0], l, active); });
      break;
    case Op::Vote: {
      std::uint64_t member = mask;
      if (sync && mask) member &= val(w, in.ops[2], std::countr_zero(mask)) | ~width_mask(32);
      std::uint64_t ballot = 0;
      for_lanes(member, [&](unsigned l) { ballot |= std::uint64_t{pred(w, in.ops[1], l)} << l; });
      VoteMode mode = static_cast<VoteMode>(in.sub);
      std::uint64_t r = 0;
      switch (mode) {
        case VoteMode::All:
          r = ballot == member;
          break;
        case VoteMode::Any:
          r = ballot != 0;
          break;
        case VoteMode::Uni:
          r = ballot == 0 || ballot == member;
          break;
        case VoteMode::Ballot:
          r = ballot;
          break;
      }
      for_lanes(mask, [&](unsigned l) { set(w, in.ops[0], l, r); });
      break;
    }
    case Op::Shfl: {
      std::uint64_t src[64];
      for (unsigned l = 0; l < ws; ++l) src[l] = val(w, in.ops[1], l);
      const ShflMode mode = static_cast<ShflMode>(in.sub);
      const unsigned lane_bits = ws - 1;
      for_lanes(mask, [&](unsigned l) {
        std::uint32_t b = static_cast<std::uint32_t>(val(w, in.ops[2], l));
        std::uint32_t c = static_cast<std::uint32_t>(val(w, in.ops[3], l));
        unsigned bval = b & lane_bits, cval = c & lane_bits, segmask = (c >> 8) & lane_bits;
        unsigned max_lane = (l & segmask) | (cval & ~segmask & lane_bits);
        unsigned min_lane = l & segmask;
        int j = 0;
        bool pval = false;
        switch (mode) {
          case ShflMode::Up:
            j = static_cast<int>(l) - static_cast<int>(bval);
            pval = j >= static_cast<int>(max_lane);
            break;
          case ShflMode::Down:
            j = static_cast<int>(l + bval);
            pval = j <= static_cast<int>(max_lane);
            break;
          case ShflMode::Bfly:
            j = static_cast<int>(l ^ bval);
            pval = j <= static_cast<int>(max_lane);
            break;
          case ShflMode::Idx:
            j = static_cast<int>(min_lane | (bval & ~segmask & lane_bits));
            pval = j <= static_cast<int>(max_lane);
            break;
        }
        if (!pval) j = static_cast<int>(l);
        set(w, in.ops[0], l, (mask >> j) & 1 ? src[j] : 0);
        if (in.dest2 != kNoReg) set_reg(w, in.dest2, l, pval, 1);
      });
      break;
    }
    case Op::Match: {
      std::uint64_t member = mask;
      if (mask) member &= val(w, in.ops[2], std::countr_zero(mask)) | ~width_mask(32);
      const std::uint64_t m = width_mask(type_bits(in.type));
      bool all_equal = true;
      std::uint64_t first =
          mask ? (val(w, in.ops[1], std::countr_zero(member ? member : mask)) & m) : 0;
      for_lanes(member,
                [&](unsigned l) { all_equal = all_equal && (val(w, in.ops[1], l) & m) == first; });
      for_lanes(mask, [&](unsigned l) {
        std::uint64_t r = 0;
        if (in.has(kAll)) {
          r = all_equal ? member : 0;
          if (in.dest2 != kNoReg) set_reg(w, in.dest2, l, all_equal, 1);
        } else {
          std::uint64_t x = val(w, in.ops[1], l) & m;
          for_lanes(member,
                    [&](unsigned k) { r |= std::uint64_t{(val(w, in.ops[1], k) & m) == x} << k; });
        }
        set(w, in.ops[0], l, r);
      });
      break;
    }
    default:
      break;
  }
}

}  // namespace wf::ptx
