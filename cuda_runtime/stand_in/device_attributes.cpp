#include "cuda_runtime/stand_in/device_attributes.h"

namespace wf::cudart {

std::optional<int> device_attribute(const DeviceInfo& d, int a) {
  auto i = [](std::uint64_t v) { return static_cast<int>(v); };
  switch (a) {
    case 1:
      return i(d.max_threads_per_block);
    case 2:
    case 3:
    case 4:
      return kMaxBlock[a - 2];
    case 5:
    case 6:
    case 7:
      return kMaxGrid[a - 5];
    case 8:
    case 97:
      return i(d.shared_bytes_per_block);  // per block, and its opt-in maximum
    case 9:
      return i(d.const_bytes);
    case 10:
      return i(d.warp_size);
    case 11:
      return 2147483647;  // max pitch
    case 12:
    case 82:
      return i(d.registers_per_sm);
    case 13:
      return i(d.core_clock_khz);
    case 14:
    case 30:
      return 512;  // texture and surface alignment
    case 16:
      return i(d.multiprocessors);
    case 20:
      return 0;  // compute mode: default (shared)
    case 36:
      return i(d.memory_clock_khz);
    case 37:
      return i(d.memory_bus_bits);
    case 38:
      return i(d.l2_bytes);
    case 39:
      return i(d.max_threads_per_sm);
    case 41:
      return 1;  // one address space: device pointers never look like host pointers
    case 51:
      return 32;  // texture pitch alignment
    case 75:
      return kComputeMajor;
    case 76:
      return kComputeMinor;
    case 79:
    case 80:
      return 1;  // globals and locals are cached in the L1
    case 81:
      return i(d.shared_bytes_per_sm);
    case 87:
      return 2;  // single- to double-precision throughput, gtx480 dp_interval / fp_interval
    case 95:
      return 1;  // cooperative launches: cudaLaunchCooperativeKernel and grid.sync() work
    case 106:
      return i(d.max_blocks_per_sm);
    case 111:
      return 0;  // shared memory the driver reserves per block
    case 126:
      return 1;  // memory synchronization domains
    case 131:
    case 134:
      return -1;  // no NUMA node
    case 92:
    case 93:
    case 94:
    case 96:
    case 122:
    case 123:
    case 124:
    case 127:
    case 128:
    case 129:
    case 132:
    case 141:
    case 145:
      return std::nullopt;  // reserved
    default:
      // Everything else CUDA 13 defines is a capability or a texture, surface or pool limit
      // of something the model does not have.
      if (a >= 15 && a <= 147) return 0;
      return std::nullopt;
  }
}

}  // namespace wf::cudart
