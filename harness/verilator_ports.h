// Copies BitVec values onto Verilated ports and back. Verilator gives a port of w bits the type
// CData/SData/IData/QData (w <= 8/16/32/64) or VlWide<ceil(w/32)>; overloads cover all of them
// so that a block adapter never cares how wide a configuration made its ports.
#pragma once

#include <cstdint>

#include <verilated.h>

#include "sim_model/blocks/bitvec.h"

namespace wf::harness {

template <class T>
requires std::is_integral_v<T>
void set_port(T& port, const blocks::BitVec& v) {
  port = static_cast<T>(v.get_field(0, v.width() < 64 ? v.width() : 64));
}

template <std::size_t N>
void set_port(VlWide<N>& port, const blocks::BitVec& v) {
  for (std::size_t i = 0; i < N; ++i) port[i] = static_cast<EData>(v.get_field(32 * i, 32));
}

template <class T>
requires std::is_integral_v<T> blocks::BitVec get_port(const T& port, unsigned width) {
  return blocks::BitVec(width, static_cast<std::uint64_t>(port));
}

template <std::size_t N>
blocks::BitVec get_port(const VlWide<N>& port, unsigned width) {
  blocks::BitVec v(width);
  for (std::size_t i = 0; i < N; ++i) v.set_field(32 * i, 32, port[i]);
  return v;
}

}  // namespace wf::harness

namespace wf::harness {

// The grant outputs every arbiter block has: grant_valid_o, grant_warp_o, grant_o (one-hot).
template <class Out, class V>
Out read_grant(const V& v, unsigned num_warps) {
  Out o;
  o.grant_valid = v.grant_valid_o;
  o.grant_warp = v.grant_warp_o;
  o.grant = get_port(v.grant_o, num_warps).get_field(0, num_warps);
  return o;
}

}  // namespace wf::harness
