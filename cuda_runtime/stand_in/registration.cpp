// The calls nvcc's generated host code makes before main: one fatbinary per translation unit,
// then its kernels and module variables, and the launch-configuration stack the <<<...>>>
// syntax pushes and the kernel's stub pops.
#include <cstdint>
#include <vector>

#include "cuda_runtime/stand_in/api.h"

using namespace wf::cudart;

namespace {

struct LaunchConfiguration {
  dim3 grid, block;
  std::size_t shared = 0;
  void* stream = nullptr;
};

thread_local std::vector<LaunchConfiguration> t_configurations;

std::uint32_t module_of(void** handle) {
  if (!handle) StandIn::get().host_error("a fatbinary handle is null");
  return static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(*handle));
}

}  // namespace

WF_CUDART_API void** __cudaRegisterFatBinary(void* fat_cubin) {
  auto lock = lock_device();
  const std::uint32_t id = StandIn::get().register_module(fat_cubin);
  // The handle the program keeps and passes back: a slot holding the module id.
  return new void*(reinterpret_cast<void*>(static_cast<std::uintptr_t>(id)));
}

WF_CUDART_API void __cudaRegisterFatBinaryEnd(void**) {}

// Modules stay loaded until the process ends; nothing to release on the device side.
WF_CUDART_API void __cudaUnregisterFatBinary(void**) {}

WF_CUDART_API char __cudaInitModule(void**) {
  return 1;
}

WF_CUDART_API void __cudaRegisterFunction(void** handle, const char* host_function, char*,
                                          const char* device_name, int, void*, void*, void*, void*,
                                          int*) {
  auto lock = lock_device();
  StandIn::get().register_function(module_of(handle), host_function, device_name);
}

WF_CUDART_API void __cudaRegisterVar(void** handle, char* host_variable, char*,
                                     const char* device_name, int, std::size_t size, int, int) {
  auto lock = lock_device();
  StandIn::get().register_variable(module_of(handle), host_variable, device_name, size);
}

WF_CUDART_API unsigned __cudaPushCallConfiguration(dim3 grid, dim3 block, std::size_t shared,
                                                   void* stream) {
  t_configurations.push_back({grid, block, shared, stream});
  return 0;
}

WF_CUDART_API cudaError_t __cudaPopCallConfiguration(dim3* grid, dim3* block, std::size_t* shared,
                                                     void* stream) {
  if (t_configurations.empty()) return record_error(kCudaErrorInvalidConfiguration);
  const LaunchConfiguration c = t_configurations.back();
  t_configurations.pop_back();
  *grid = c.grid;
  *block = c.block;
  *shared = c.shared;
  *static_cast<void**>(stream) = c.stream;
  return kCudaSuccess;
}

// The kernel handle of the CUDA 13 launch path is the host function's address itself.
WF_CUDART_API cudaError_t __cudaGetKernel(cudaKernel_t* kernel, const void* host_function) {
  *kernel = const_cast<void*>(host_function);
  return kCudaSuccess;
}
