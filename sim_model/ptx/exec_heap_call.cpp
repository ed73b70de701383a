// Kernels' malloc and free, which nvcc declares as extern functions
//   .extern .func (.param .b64 func_retval0) malloc(.param .b64 malloc_param_0);
//   .extern .func free(.param .b64 free_param_0);
// (operator new and delete call them too), served from the launch's DeviceHeap.
//
// Timing: the cycle model charges a call of either as the one control instruction it issues
// (a fixed cost, the same for every call); the loads, atomics and list walks of CUDA's own
// allocator are not simulated, since its algorithm is not published. The memory the program
// then reads and writes through the pointer is timed as any global access.
#include <fmt/format.h>

#include <cstring>

#include "sim_model/ptx/executor.h"

namespace wf::ptx {

bool Executor::heap_call(const Function& callee, const CallInfo& ci, Warp& w, std::uint64_t mask) {
  const bool is_malloc = callee.name == "malloc" && callee.params.size() == 1 &&
                         callee.params[0].size == 8 && callee.rets.size() == 1 &&
                         callee.rets[0].size == 8;
  const bool is_free =
      callee.name == "free" && callee.params.size() == 1 && callee.params[0].size == 8;
  if (!is_malloc && !is_free) return false;
  const std::uint32_t base = w.frames_.back().param_base;
  for_lanes(mask, [&](unsigned l) {
    std::uint64_t arg = 0;
    std::memcpy(&arg, w.param(l) + base + ci.arg_offsets[0], 8);
    if (is_malloc) {
      const std::uint64_t p = ctx_.heap->allocate(arg);
      std::memcpy(w.param(l) + base + ci.ret_offsets[0], &p, 8);
      return;
    }
    if (arg != 0 && !ctx_.heap->release(arg)) {
      fault(w, l,
            fmt::format("free(0x{:x}): not a block malloc returned, or one freed before", arg));
    }
  });
  return true;
}

}  // namespace wf::ptx
