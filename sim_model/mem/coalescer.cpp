#include "sim_model/mem/coalescer.h"

#include <algorithm>
#include <bit>
#include <stdexcept>

namespace wf::mem {
namespace {

// Local windows sit far above any global allocation: bit 62, then 64 GiB per warp slot.
constexpr std::uint64_t kLocalBase = 1ull << 62;
constexpr unsigned kWarpWindowShift = 36;
constexpr unsigned kMaxWarpSlots = 64;

}  // namespace

std::uint64_t Coalescer::local_address(std::uint32_t sm, std::uint32_t warp, unsigned lane,
                                       std::uint64_t offset) const {
  const std::uint64_t window = (std::uint64_t{sm} * kMaxWarpSlots + warp) << kWarpWindowShift;
  return kLocalBase + window + (offset / 4) * (warp_size_ * 4ull) + lane * 4ull + offset % 4;
}

unsigned Coalescer::coalesce(const ptx::MemAccess& m, std::uint32_t sm, std::uint32_t warp,
                             Lines& out) const {
  unsigned n = 0;
  const bool local = m.space == ptx::Space::Local;
  if (!local && m.space != ptx::Space::Global) {
    throw std::invalid_argument("L1 data cache: only global and local accesses go through it");
  }
  const std::uint64_t line_mask = ~std::uint64_t{line_bytes_ - 1};
  const unsigned span = std::max<unsigned>(m.bytes, 1);
  const bool store = m.is_store;
  for (std::uint64_t lanes = m.lanes; lanes != 0; lanes &= lanes - 1) {
    const auto lane = static_cast<unsigned>(std::countr_zero(lanes));
    const std::uint64_t a = m.addr[lane];
    if (!local) {
      // Most lanes fall wholly in the line the previous lane touched: add()'s result for them,
      // without its search.
      if (n > 0 && out[n - 1].addr == (a & line_mask) &&
          ((a + span - 1) & line_mask) == out[n - 1].addr) {
        out[n - 1].bytes = std::min<std::uint32_t>(out[n - 1].bytes + span, line_bytes_);
        out[n - 1].lanes |= 1ull << lane;
        if (store) {
          const auto lo = static_cast<unsigned>(a - out[n - 1].addr);
          out[n - 1].mask.set(lo, lo + span, line_bytes_);
        }
      } else {
        add(a, m.bytes, lane, store, out, n);
      }
      continue;
    }
    // Each local word of the access lands in its own interleaved slot.
    for (std::uint64_t off = a; off < a + m.bytes;) {
      const unsigned chunk =
          static_cast<unsigned>(std::min<std::uint64_t>(4 - off % 4, a + m.bytes - off));
      add(local_address(sm, warp, lane, off), chunk, lane, store, out, n);
      off += chunk;
    }
  }
  for (std::uint32_t i = 0; i < m.texel_count; ++i)
    add(m.texels[i].addr, m.bytes, m.texels[i].lane, store, out, n);
  return n;
}

void Coalescer::add(std::uint64_t addr, unsigned bytes, unsigned lane, bool store, Lines& out,
                    unsigned& n) const {
  const std::uint64_t mask = ~std::uint64_t{line_bytes_ - 1};
  const std::uint64_t end = addr + std::max(bytes, 1u);
  for (std::uint64_t line = addr & mask; line < end; line += line_bytes_) {
    const std::uint64_t lo = std::max(addr, line), hi = std::min(end, line + line_bytes_);
    const auto touched = static_cast<std::uint32_t>(hi - lo);
    // Neighbouring lanes nearly always share the previous line; search the rest only then.
    unsigned i = n;
    if (n > 0 && out[n - 1].addr == line) {
      i = n - 1;
    } else {
      for (unsigned k = 0; k < n; ++k) {
        if (out[k].addr == line) {
          i = k;
          break;
        }
      }
    }
    if (i == n) {
      if (n == Coalescer::kMaxLines) throw std::logic_error("coalescer: too many lines");
      out[n++] = LineAccess{line, 0, 0, {}, 0};
    }
    out[i].bytes = std::min<std::uint32_t>(out[i].bytes + touched, line_bytes_);
    out[i].lanes |= 1ull << lane;
    if (store) {
      out[i].mask.set(static_cast<unsigned>(lo - line), static_cast<unsigned>(hi - line),
                      line_bytes_);
    }
  }
}

}  // namespace wf::mem
