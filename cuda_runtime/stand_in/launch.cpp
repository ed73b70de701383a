// Kernel launches: every launch path of the runtime ends here, a graph's kernel nodes included
// (run_kernel), runs on the simulated device and returns when the kernel has finished (a single
// in-order device).
#include <cstring>

#include "cuda_runtime/stand_in/api.h"
#include "cuda_runtime/stand_in/stream_capture.h"
#include "cuda_runtime/stand_in/stream_work.h"

using namespace wf::cudart;

cudaError_t wf::cudart::take_arguments(const void* function, void** args, KernelLaunch* launch) {
  auto lock = lock_device();
  StandIn& s = StandIn::get();
  const KernelRecord* k = s.kernel(function);
  if (!k) return record_error(kCudaErrorInvalidDeviceFunction);
  launch->function = function;
  launch->arguments.clear();
  for (std::size_t i = 0; i < k->param_sizes.size(); ++i) {
    if (!args || !args[i]) s.host_error("cudaLaunchKernel: " + k->name + ": argument missing");
    const auto* p = static_cast<const std::uint8_t*>(args[i]);
    launch->arguments.insert(launch->arguments.end(), p, p + k->param_sizes[i]);
  }
  return kCudaSuccess;
}

std::vector<std::size_t> wf::cudart::argument_offsets(const void* function) {
  auto lock = lock_device();
  std::vector<std::size_t> offsets;
  std::size_t offset = 0;
  if (const KernelRecord* k = StandIn::get().kernel(function)) {
    for (std::uint32_t size : k->param_sizes) {
      offsets.push_back(offset);
      offset += size;
    }
  }
  return offsets;
}

cudaError_t wf::cudart::run_kernel(const KernelLaunch& launch) {
  auto lock = lock_device();
  StandIn& s = StandIn::get();
  const KernelRecord* k = s.kernel(launch.function);
  if (!k) return record_error(kCudaErrorInvalidDeviceFunction);
  WireWriter w;
  w.put_string(k->name);
  for (unsigned d : {launch.grid.x, launch.grid.y, launch.grid.z, launch.block.x, launch.block.y,
                     launch.block.z})
    w.put(d);
  w.put(std::uint64_t{launch.shared});
  w.put_bytes(launch.arguments.data(), launch.arguments.size());
  w.put(static_cast<std::uint8_t>(launch.cooperative));
  s.mapped_host_memory().upload(s);
  const cudaError_t e = s.call(Op::kLaunch, w).error;
  s.mapped_host_memory().download(s);
  return record_error(e);
}

namespace {

// A capturing stream adds the launch, with its arguments as they are now, as a kernel node.
cudaError_t launch(const void* host_function, dim3 grid, dim3 block, void** args,
                   std::size_t shared, cudaStream_t stream, bool cooperative = false) {
  KernelLaunch l;
  l.grid = grid;
  l.block = block;
  l.shared = shared;
  l.cooperative = cooperative;
  cudaError_t e = kCudaSuccess;
  const auto node = [&](CudaGraphNode& n) -> cudaError_t {
    n.type = kGraphNodeKernel;
    n.kernel = l;
    return take_arguments(host_function, args, &n.kernel);
  };
  if (captured(stream, node, &e)) return e;
  e = take_arguments(host_function, args, &l);
  return e == kCudaSuccess ? run_kernel(l) : e;
}

}  // namespace

WF_CUDART_API cudaError_t cudaLaunchKernel(const void* func, dim3 grid, dim3 block, void** args,
                                           std::size_t shared, cudaStream_t stream) {
  return launch(func, grid, block, args, shared, stream);
}

WF_CUDART_API cudaError_t cudaLaunchKernel_ptsz(const void* func, dim3 grid, dim3 block,
                                                void** args, std::size_t shared,
                                                cudaStream_t stream) {
  return launch(func, grid, block, args, shared, per_thread(stream));
}

WF_CUDART_API cudaError_t __cudaLaunchKernel(cudaKernel_t kernel, dim3 grid, dim3 block,
                                             void** args, std::size_t shared, cudaStream_t stream) {
  return launch(kernel, grid, block, args, shared, stream);
}

WF_CUDART_API cudaError_t __cudaLaunchKernel_ptsz(cudaKernel_t kernel, dim3 grid, dim3 block,
                                                  void** args, std::size_t shared,
                                                  cudaStream_t stream) {
  return launch(kernel, grid, block, args, shared, per_thread(stream));
}

// The device gives the kernel cooperative groups' grid workspace and refuses a grid whose CTAs
// cannot all be resident at once (cudaErrorCooperativeLaunchTooLarge).
WF_CUDART_API cudaError_t cudaLaunchCooperativeKernel(const void* func, dim3 grid, dim3 block,
                                                      void** args, std::size_t shared,
                                                      cudaStream_t stream) {
  return launch(func, grid, block, args, shared, stream, true);
}

WF_CUDART_API cudaError_t cudaLaunchCooperativeKernel_ptsz(const void* func, dim3 grid, dim3 block,
                                                           void** args, std::size_t shared,
                                                           cudaStream_t stream) {
  return launch(func, grid, block, args, shared, per_thread(stream), true);
}

namespace {

// cudaLaunchAttribute and cudaLaunchConfig_t of CUDA 13 (driver_types.h): an id, padding, and a
// 64-byte union of values.
struct LaunchAttribute {
  int id;
  char pad[4];
  union {
    char bytes[64];
    int cooperative;
    unsigned cluster[3];
    struct {
      cudaEvent_t event;
      int flags;
    } event;
  } value;
};
static_assert(sizeof(LaunchAttribute) == 72);
struct LaunchConfig {
  dim3 grid, block;
  std::size_t shared;
  cudaStream_t stream;
  const LaunchAttribute* attributes;
  unsigned attribute_count;
};
static_assert(sizeof(LaunchConfig) == 56);

enum LaunchAttributeId : int {
  kIgnore = 0,
  kAccessPolicyWindow = 1,
  kCooperative = 2,
  kSynchronizationPolicy = 3,
  kClusterDimension = 4,
  kClusterSchedulingPolicyPreference = 5,
  kProgrammaticStreamSerialization = 6,
  kProgrammaticEvent = 7,
  kPriority = 8,
  kMemSyncDomainMap = 9,
  kMemSyncDomain = 10,
  kPreferredClusterDimension = 11,
  kLaunchCompletionEvent = 12,
  kDeviceUpdatableKernelNode = 13,
  kPreferredSharedMemoryCarveout = 14,
  kNvlinkUtilCentricScheduling = 16,
};

// The attributes change nothing on a single in-order device but these: a cooperative launch,
// events to record once the kernel has finished (the latest point a programmatic trigger or a
// completion may fire), and clusters, which the model lacks. The hints (cache window, priority,
// scheduling and carveout preferences, memory synchronization domains) and permission to overlap
// the previous kernel (programmatic serialization) need nothing of a device that runs kernels one
// at a time.
cudaError_t launch_ex(const LaunchConfig* config, const void* function, void** args,
                      cudaStream_t stream) {
  if (!config || (config->attribute_count && !config->attributes))
    return record_error(kCudaErrorInvalidValue);
  bool cooperative = false;
  std::vector<cudaEvent_t> events;
  for (unsigned i = 0; i < config->attribute_count; ++i) {
    const LaunchAttribute& a = config->attributes[i];
    switch (a.id) {
      case kCooperative:
        cooperative = a.value.cooperative != 0;
        break;
      case kClusterDimension:
        if (a.value.cluster[0] * a.value.cluster[1] * a.value.cluster[2] > 1)
          StandIn::get().host_error(
              "cudaLaunchKernelEx: thread block clusters (cudaLaunchAttributeClusterDimension) "
              "need sm_90, and warpforge's SMs are Fermi-class, without them");
        break;
      case kProgrammaticEvent:
      case kLaunchCompletionEvent:
        if (!a.value.event.event) return record_error(kCudaErrorInvalidValue);
        events.push_back(a.value.event.event);
        break;
      case kIgnore:
      case kAccessPolicyWindow:
      case kClusterSchedulingPolicyPreference:
      case kProgrammaticStreamSerialization:
      case kPriority:
      case kMemSyncDomainMap:
      case kMemSyncDomain:
      case kPreferredClusterDimension:
      case kPreferredSharedMemoryCarveout:
      case kNvlinkUtilCentricScheduling:
        break;
      default:  // stream-only and graph-only attributes included, as the runtime refuses them
        return record_error(kCudaErrorInvalidValue);
    }
  }
  cudaError_t e =
      launch(function, config->grid, config->block, args, config->shared, stream, cooperative);
  for (cudaEvent_t event : events)
    if (e == kCudaSuccess) e = record_event_in(event, stream);
  return e;
}

}  // namespace

WF_CUDART_API cudaError_t cudaLaunchKernelExC(const LaunchConfig* config, const void* func,
                                              void** args) {
  return launch_ex(config, func, args, config ? config->stream : nullptr);
}

WF_CUDART_API cudaError_t cudaLaunchKernelExC_ptsz(const LaunchConfig* config, const void* func,
                                                   void** args) {
  return launch_ex(config, func, args, per_thread(config ? config->stream : nullptr));
}

WF_CUDART_API cudaError_t cudaFuncSetCacheConfig(const void*, int) {
  return kCudaSuccess;
}
WF_CUDART_API cudaError_t cudaFuncSetSharedMemConfig(const void*, int) {
  return kCudaSuccess;
}
WF_CUDART_API cudaError_t cudaFuncSetAttribute(const void*, int, int) {
  return kCudaSuccess;
}
WF_CUDART_API cudaError_t cudaDeviceSetCacheConfig(int) {
  return kCudaSuccess;
}
WF_CUDART_API cudaError_t cudaDeviceSetSharedMemConfig(int) {
  return kCudaSuccess;
}

WF_CUDART_API cudaError_t cudaFuncGetAttributes(CudaFuncAttributes* attributes, const void* func) {
  auto lock = lock_device();
  StandIn& s = StandIn::get();
  if (!attributes) return record_error(kCudaErrorInvalidValue);
  if (!s.kernel(func)) return record_error(kCudaErrorInvalidDeviceFunction);
  std::memset(attributes, 0, sizeof *attributes);
  attributes->maxThreadsPerBlock = static_cast<int>(s.device().max_threads_per_block);
  attributes->ptxVersion = 75;
  attributes->binaryVersion = 75;
  attributes->maxDynamicSharedSizeBytes = static_cast<int>(s.device().shared_bytes_per_block);
  attributes->preferredShmemCarveout = -1;
  return kCudaSuccess;
}
