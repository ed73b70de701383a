// What a block trace file says about itself before its first record: which block and which
// instance of it (sm03_issue1), the full parameter list (so that replay rebuilds exactly that
// configuration), and the port layout of a record. harness/TRACE_FORMAT.md has the byte layout.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sim_model/blocks/bitvec.h"
#include "sim_model/blocks/params.h"

namespace wf::trace {

// "WFTRACE" and 0x1a: a text-mode copy or a file of another kind fails at the first bytes.
inline constexpr char kMagic[8] = {'W', 'F', 'T', 'R', 'A', 'C', 'E', '\x1a'};
inline constexpr std::uint16_t kVersion = 1;
inline constexpr const char* kExtension = ".wftrace";

// The two low bits of an entry's leading varint.
enum class EntryTag : std::uint8_t { kRecord = 0, kRepeat = 1, kReset = 2, kEnd = 3 };

struct PortLayout {
  std::string name;
  unsigned width = 0;
  bool operator==(const PortLayout&) const = default;
};

struct TraceHeader {
  std::string block;     // the registered block name
  std::string instance;  // sm03_issue1
  blocks::ParamList params;
  std::vector<PortLayout> in_ports, out_ports;  // in the order the module declares them
  std::uint64_t base_cycle = 0;                 // simulation cycle of trace cycle 0

  unsigned in_bits() const;
  unsigned out_bits() const;
  unsigned record_bytes() const { return (in_bits() + out_bits() + 7) / 8; }
};

std::vector<PortLayout> layout_of(const std::vector<blocks::PortValue>& ports);

// Appends the ports' bits at bit `bit` of `bytes` (bit i of the record is bit i % 8 of byte
// i / 8) and advances `bit`. `bytes` must be large enough and zero where the ports go.
void pack_ports(const std::vector<blocks::PortValue>& ports, unsigned& bit,
                std::vector<std::uint8_t>& bytes);
// The inverse: the ports of `layout`, read from bit `bit` on.
std::vector<blocks::PortValue> unpack_ports(const std::vector<PortLayout>& layout,
                                            const std::vector<std::uint8_t>& bytes, unsigned bit);

// FNV-1a, 64 bits: the footer's checksum over everything before the end entry.
inline std::uint64_t fnv1a(const std::uint8_t* data, std::size_t n,
                           std::uint64_t h = 0xcbf29ce484222325ull) {
  for (std::size_t i = 0; i < n; ++i) {
    h ^= data[i];
    h *= 0x100000001b3ull;
  }
  return h;
}

}  // namespace wf::trace
