// Little-endian reads and writes of a 1-, 2-, 4- or 8-byte value in simulated memory. Each
// width is a fixed-size copy: a variable-length memcpy into a zeroed 64-bit value makes the
// following full-width read wait for the narrower store to retire (a failed store-to-load
// forward on x86), and that once per lane of every load was a visible share of simulation.
#pragma once

#include <cstdint>
#include <cstring>

namespace wf::ptx {

inline std::uint64_t load_bytes(const std::uint8_t* p, unsigned n) {
  switch (n) {
    case 1:
      return *p;
    case 2: {
      std::uint16_t v;
      std::memcpy(&v, p, 2);
      return v;
    }
    case 4: {
      std::uint32_t v;
      std::memcpy(&v, p, 4);
      return v;
    }
    case 8: {
      std::uint64_t v;
      std::memcpy(&v, p, 8);
      return v;
    }
    default: {
      std::uint64_t v = 0;
      std::memcpy(&v, p, n < 8 ? n : 8);
      return v;
    }
  }
}

inline void store_bytes(std::uint8_t* p, std::uint64_t v, unsigned n) {
  switch (n) {
    case 1:
      *p = static_cast<std::uint8_t>(v);
      return;
    case 2: {
      const auto x = static_cast<std::uint16_t>(v);
      std::memcpy(p, &x, 2);
      return;
    }
    case 4: {
      const auto x = static_cast<std::uint32_t>(v);
      std::memcpy(p, &x, 4);
      return;
    }
    default:
      std::memcpy(p, &v, n < 8 ? n : 8);
      return;
  }
}

}  // namespace wf::ptx
