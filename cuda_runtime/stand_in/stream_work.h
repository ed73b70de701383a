// The operations a stream runs, each in the one function that both the stream-ordered call and a
// graph node of its kind run it through (graphs.cpp), so a graph does exactly what the stream
// would have done. Each takes the device lock itself.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "cuda_runtime/stand_in/api.h"
#include "cuda_runtime/stand_in/cuda_abi_texture.h"

namespace wf::cudart {

// A kernel launch with its arguments copied out of the program's variables, the bytes of each
// parameter one after another (the kernel's registered sizes): what the device is sent.
struct KernelLaunch {
  const void* function = nullptr;
  dim3 grid{1, 1, 1}, block{1, 1, 1};
  std::size_t shared = 0;
  std::vector<std::uint8_t> arguments;
  bool cooperative = false;
};

// Copies the arguments `args` points at into *launch (launch.cpp); an unregistered function is
// cudaErrorInvalidDeviceFunction (recorded).
cudaError_t take_arguments(const void* function, void** args, KernelLaunch* launch);
// The offset of each parameter in KernelLaunch::arguments.
std::vector<std::size_t> argument_offsets(const void* function);
cudaError_t run_kernel(const KernelLaunch& launch);

inline bool valid_memcpy_kind(int kind) {
  return kind >= kHostToHost && kind <= kDefault;
}
cudaError_t run_copy(void* dst, const void* src, std::size_t count, int kind);  // memory.cpp
cudaError_t run_memset(void* dst, int value, std::size_t count);
cudaError_t run_copy_3d(const CudaMemcpy3DParms& p);  // pitched_memory.cpp
cudaError_t run_memset_2d(void* dst, std::size_t pitch, int value, std::size_t width,
                          std::size_t height);
cudaError_t record_event(cudaEvent_t event);  // streams_events.cpp
// cudaEventRecord: record_event, or in a capturing stream the capture's node.
cudaError_t record_event_in(cudaEvent_t event, cudaStream_t stream);

}  // namespace wf::cudart
