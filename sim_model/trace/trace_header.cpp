#include "sim_model/trace/trace_header.h"

#include <algorithm>

namespace wf::trace {

unsigned TraceHeader::in_bits() const {
  unsigned n = 0;
  for (const auto& p : in_ports) n += p.width;
  return n;
}

unsigned TraceHeader::out_bits() const {
  unsigned n = 0;
  for (const auto& p : out_ports) n += p.width;
  return n;
}

std::vector<PortLayout> layout_of(const std::vector<blocks::PortValue>& ports) {
  std::vector<PortLayout> out;
  for (const auto& p : ports) out.push_back({p.name, p.value.width()});
  return out;
}

void pack_ports(const std::vector<blocks::PortValue>& ports, unsigned& bit,
                std::vector<std::uint8_t>& bytes) {
  // A byte of the record at a time: this runs for every call of every block while recording.
  for (const auto& port : ports) {
    const auto& words = port.value.words();
    for (unsigned i = 0; i < port.value.width();) {
      const unsigned take = std::min({8 - bit % 8, 64 - i % 64, port.value.width() - i});
      const std::uint64_t chunk = (words[i / 64] >> (i % 64)) & ((1u << take) - 1);
      bytes[bit / 8] |= static_cast<std::uint8_t>(chunk << (bit % 8));
      i += take;
      bit += take;
    }
  }
}

std::vector<blocks::PortValue> unpack_ports(const std::vector<PortLayout>& layout,
                                            const std::vector<std::uint8_t>& bytes, unsigned bit) {
  std::vector<blocks::PortValue> out;
  out.reserve(layout.size());
  for (const auto& l : layout) {
    blocks::BitVec v(l.width);
    auto& words = v.words();
    for (unsigned i = 0; i < l.width; ++i, ++bit) {
      if ((bytes[bit / 8] >> (bit % 8)) & 1) words[i / 64] |= std::uint64_t{1} << (i % 64);
    }
    out.push_back({l.name, std::move(v)});
  }
  return out;
}

}  // namespace wf::trace
