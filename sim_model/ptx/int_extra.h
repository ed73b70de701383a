// Bit-manipulation and SIMD video instructions that nvcc emits for CUDA integer intrinsics
// (__ffs/__clz helpers → bfind, __fns → fns, __funnelshift_* → shf, fused logic → lop3,
// __vabsdiffu4/__vsadu2 → vabsdiff4/vabsdiff2). Pure functions of the operand bits, so they can be
// unit tested without a warp.
#pragma once

#include <cstdint>

#include "sim_model/ptx/instr.h"
#include "sim_model/ptx/types.h"

namespace wf::ptx::intx {

// Bit position of the most significant non-sign bit, or 0xffffffff when there is none;
// `shiftamt` returns the left shift that would normalise the value instead.
std::uint32_t bfind(std::uint64_t a, unsigned bits, bool sgn, bool shiftamt);

// Position of the |offset|-th set bit of `mask` at or beyond `base` (upwards for a positive
// offset, downwards for a negative one; offset 0 tests `base` itself), 0xffffffff if none.
std::uint32_t fns(std::uint32_t mask, std::uint32_t base, std::int32_t offset);

// Funnel shift of the 64-bit value b:a; `clamp` limits the amount to 32, else it wraps mod 32.
std::uint32_t shf(std::uint32_t a, std::uint32_t b, std::uint32_t c, bool left, bool clamp);

// Arbitrary three-input logic: bit i of d is bit (a_i<<2 | b_i<<1 | c_i) of `lut`.
std::uint32_t lop3(std::uint32_t a, std::uint32_t b, std::uint32_t c, std::uint8_t lut);

struct VideoForm {
  VideoOp op = VideoOp::Add;
  unsigned lanes = 4;  // 4 bytes or 2 half-words
  bool dsigned = false, asigned = false, bsigned = false;
  bool sat = false;  // clamp each lane to the destination lane's range
  bool add = false;  // secondary accumulate: d = c + sum of the lane results
};

// vop2/vop4 with the default selectors (.asel = a's lanes, .bsel = b's lanes) and the default
// mask (every lane written), which is what the CUDA intrinsics emit.
std::uint32_t video(const VideoForm& f, std::uint32_t a, std::uint32_t b, std::uint32_t c);

// How a decoded Op::Video instruction carries its form: type = dtype, type2 = atype, kSat, and
// in `sub` the operation (bits 0-2), two lanes (bit 3), a signed btype (bit 4), .add (bit 5).
constexpr std::uint8_t kVideoTwoLanes = 8, kVideoBSigned = 16, kVideoAdd = 32;
inline VideoForm video_form(const Instr& in) {
  VideoForm f;
  f.op = static_cast<VideoOp>(in.sub & 7);
  f.lanes = (in.sub & kVideoTwoLanes) ? 2 : 4;
  f.dsigned = is_signed(in.type);
  f.asigned = is_signed(in.type2);
  f.bsigned = (in.sub & kVideoBSigned) != 0;
  f.sat = in.has(kSat);
  f.add = (in.sub & kVideoAdd) != 0;
  return f;
}

}  // namespace wf::ptx::intx
