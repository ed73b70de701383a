#include "cuda_runtime/server/device_info.h"

#include <algorithm>
#include <cstring>
#include <string>

namespace wf::cudart {

DeviceInfo device_info(const sm::TimingConfig& c, bool functional) {
  auto u = [&](const char* key) { return static_cast<std::uint32_t>(c.machine.value(key)); };
  DeviceInfo d{};
  const std::string name = "warpforge " + c.machine.name;
  std::strncpy(d.name, name.c_str(), sizeof d.name - 1);
  d.multiprocessors = c.num_sms;
  d.warp_size = c.machine.warp_size;
  d.max_threads_per_block = std::min(1024u, c.machine.max_warps_per_cta * c.machine.warp_size);
  d.max_threads_per_sm = c.max_threads;
  d.max_blocks_per_sm = c.machine.max_ctas;
  d.registers_per_sm = c.registers;
  d.shared_bytes_per_sm = c.shared_memory_bytes;
  d.shared_bytes_per_block = c.shared_memory_bytes;
  d.core_clock_khz = u("gpu.core_clock_mhz") * 1000;
  d.memory_clock_khz = u("gpu.dram_clock_mhz") * 1000;
  d.memory_bus_bits = u("memory.channels") * u("dram.bus_bits");
  d.l2_bytes = u("memory.l2_bytes");
  d.functional = functional ? 1 : 0;
  // An FP64 instruction occupies its unit dp_interval cycles where an FP32 one takes
  // fp_interval; rounded, and never below 1.
  const std::uint32_t fp = u("pipeline.fp_interval"), dp = u("pipeline.dp_interval");
  d.fp64_ratio = std::max<std::uint32_t>(1, (dp + fp / 2) / fp);
  // What cudaMalloc may hand out (the runtime enforces it); warpforge's memory is sparse, so
  // only the pages a program touches take memory here.
  d.global_bytes = c.machine.value("memory.device_bytes");
  d.const_bytes = 64 << 10;
  return d;
}

}  // namespace wf::cudart
