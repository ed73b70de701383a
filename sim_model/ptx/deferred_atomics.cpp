// Global atomics performed when the timing model's memory system says they reached the L2.

#include "sim_model/ptx/bytes.h"
#include "sim_model/ptx/executor.h"

namespace wf::ptx {

std::uint32_t Executor::new_deferred_atomic() {
  if (!free_deferred_.empty()) {
    const std::uint32_t id = free_deferred_.back();
    free_deferred_.pop_back();
    return id;
  }
  deferred_.emplace_back();
  return static_cast<std::uint32_t>(deferred_.size() - 1);
}

void Executor::perform_atomic(std::uint32_t id, std::uint64_t line, unsigned line_bytes) {
  // Unknown: left over from a launch that ended in a fault.
  if (id >= deferred_.size() || deferred_[id].lanes == 0) return;
  DeferredAtomic& d = deferred_[id];
  const Instr& in = *d.in;
  const unsigned bytes = type_bytes(in.type);
  const std::uint64_t line_mask = ~std::uint64_t{line_bytes - 1};
  std::uint64_t here = 0;
  for_lanes(d.lanes, [&](unsigned l) {
    if ((d.addr[l] & line_mask) == line) here |= 1ull << l;
  });
  Warp& w = *d.warp;
  // The warp may have entered or left a call since issue: address the register absolutely
  // (Warp::reg adds the current frame's base; unsigned wrap-around undoes it).
  const std::uint32_t dest = d.dest - w.reg_base();
  const unsigned dest_bits = in.ops[0].bits;
  for_lanes(here, [&](unsigned l) {
    std::uint8_t* p = ctx_.memory->byte_ptr(d.addr[l]);  // checked at issue
    const std::uint64_t old = load_bytes(p, bytes);
    const std::uint64_t n = atomic_result(in, old, d.b[l], d.c[l]);
    if (n != old) {
      store_bytes(p, n, bytes);
      memory_changed_ = true;
    }
    if (d.dest != ~0u) w.reg(dest, l) = dest_bits >= 64 ? old : old & width_mask(dest_bits);
  });
  d.lanes &= ~here;
  if (d.lanes == 0) {
    d = DeferredAtomic{};
    free_deferred_.push_back(id);
  }
}

}  // namespace wf::ptx
