// Shared set-up of the memory-system suites: the GTX480 preset's configuration and a driver
// that plays SMs against a GpuMemory.
#pragma once

#include <cstdint>

#include "sim_model/mem/gpu_memory.h"
#include "sim_model/mem/mem_config.h"
#include "sim_model/presets/machine.h"

namespace wf::mem::test {

inline MemConfig gtx480() {
  return load_mem_config(load_machine("gtx480"));
}

inline LineRequest read(std::uint32_t sm, std::uint64_t addr, std::uint64_t id = 0) {
  return LineRequest{id, sm, addr, 128, RequestKind::kRead, 0, {}, 0, 0};
}

// Sends one request and ticks until its reply is takeable; returns the cycles in between.
inline std::uint64_t round_trip(GpuMemory& m, const LineRequest& r) {
  while (!m.can_send(r.sm)) m.tick();
  const std::uint64_t start = m.now();
  m.send(r);
  while (!m.has_response(r.sm)) m.tick();
  const std::uint64_t cycles = m.now() - start;
  m.take_response(r.sm);
  return cycles;
}

}  // namespace wf::mem::test
