#include "sim_model/blocks/subwarp_packer.h"

#include "sim_model/blocks/warp_select.h"

namespace wf::blocks {

std::vector<SubwarpPackerParams> SubwarpPackerParams::for_machine(const Machine& m) {
  // The lanes are the machine's warp size, the rows its large warp's ([sm] large_warp_size);
  // without large warps, lwm-core's 256-thread large warp on its lanes (the default).
  SubwarpPackerParams p;
  p.num_lanes = m.warp_size;
  // (Read from the map itself: the blocks' code links without the preset loader.)
  if (const auto it = m.values.find("sm.large_warp_size");
      it != m.values.end() && it->second.value && m.warp_size)
    p.num_rows = static_cast<unsigned>(it->second.value / m.warp_size);
  return {p};
}

const std::vector<ParamDesc>& SubwarpPackerParams::describe() {
  using P = SubwarpPackerParams;
  static const std::vector<ParamDesc> table = {
      uint_param<P>("num_rows", "k", "rows of a large warp (large-warp threads / SIMD width)",
                    &P::num_rows, 1, SubwarpPacker::kMaxRows),
      uint_param<P>("num_lanes", "n", "SIMD lanes (columns of a large warp)", &P::num_lanes, 1,
                    SubwarpPacker::kMaxLanes),
  };
  return table;
}

SubwarpMode SubwarpPacker::decode_mode(std::uint8_t mode) {
  switch (mode & 3) {
    case 1:
      return SubwarpMode::kRows;
    case 2:
      return SubwarpMode::kSingle;
    default:
      return SubwarpMode::kPack;
  }
}

void SubwarpPacker::reset() {
  mask_.fill(0);
  mode_ = SubwarpMode::kPack;
}

bool SubwarpPacker::empty() const {
  for (unsigned r = 0; r < p_.num_rows; ++r)
    if (mask_[r]) return false;
  return true;
}

SubwarpPacker::Out SubwarpPacker::eval(const In& in) const {
  Out out;
  std::uint64_t remaining = 0;  // threads left once this sub-warp is taken
  if (mode_ == SubwarpMode::kRows) {
    for (unsigned r = 0; r < p_.num_rows; ++r) {
      if (!mask_[r]) continue;
      if (!out.subwarp_mask) {
        out.subwarp_mask = mask_[r];
        for (unsigned l = 0; l < p_.num_lanes; ++l)
          if ((mask_[r] >> l) & 1) out.row[l] = static_cast<std::uint8_t>(r);
      } else {
        remaining |= mask_[r];
      }
    }
  } else {
    for (unsigned r = 0; r < p_.num_rows; ++r) {
      const std::uint64_t take = mask_[r] & ~out.subwarp_mask;
      remaining |= mask_[r] & out.subwarp_mask;
      for (unsigned l = 0; l < p_.num_lanes; ++l)
        if ((take >> l) & 1) out.row[l] = static_cast<std::uint8_t>(r);
      out.subwarp_mask |= take;
    }
    if (mode_ == SubwarpMode::kSingle) remaining = 0;
  }
  out.subwarp_valid = out.subwarp_mask != 0;
  out.done = out.subwarp_valid && remaining == 0;
  out.load_ready = !out.subwarp_valid || (out.done && in.subwarp_ready);
  return out;
}

void SubwarpPacker::tick(const In& in, const Out& out) {
  if (in.load_valid && out.load_ready) {
    const std::uint64_t lanes = low_mask(p_.num_lanes);
    for (unsigned r = 0; r < p_.num_rows; ++r) mask_[r] = in.active_mask[r] & lanes;
    mode_ = decode_mode(in.mode);
    return;
  }
  if (!out.subwarp_valid || !in.subwarp_ready) return;
  if (out.done) {
    mask_.fill(0);
    return;
  }
  for (unsigned l = 0; l < p_.num_lanes; ++l)
    if ((out.subwarp_mask >> l) & 1) mask_[out.row[l]] &= ~(std::uint64_t{1} << l);
}

std::vector<PortValue> SubwarpPacker::in_ports(const Params& p, const In& in) {
  BitVec mask(p.num_rows * p.num_lanes);
  for (unsigned r = 0; r < p.num_rows; ++r)
    mask.set_field(r * p.num_lanes, p.num_lanes, in.active_mask[r]);
  return {{"load_valid_i", BitVec(1, in.load_valid)},
          {"mode_i", BitVec(2, in.mode)},
          {"active_mask_i", mask},
          {"subwarp_ready_i", BitVec(1, in.subwarp_ready)}};
}

std::vector<PortValue> SubwarpPacker::out_ports(const Params& p, const Out& out) {
  std::vector<PortValue> ports = {{"load_ready_o", BitVec(1, out.load_ready)},
                                  {"subwarp_valid_o", BitVec(1, out.subwarp_valid)},
                                  {"subwarp_mask_o", BitVec(p.num_lanes, out.subwarp_mask)}};
  if (p.has_row_port())
    ports.push_back({"subwarp_row_o", pack_fields(out.row, p.num_lanes, p.row_bits())});
  ports.push_back({"done_o", BitVec(1, out.done)});
  return ports;
}

}  // namespace wf::blocks
