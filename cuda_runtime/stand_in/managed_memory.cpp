// Unified memory: cudaMallocManaged and __managed__ variables. One address that host and device
// share, kept by the mechanism of mapped host memory (mapped_host_memory.h): the host's pages
// are copied to the device before each launch and back after it. Nothing models where pages
// live, so prefetches, advice and stream attachment are hints that change nothing.
#include <string>

#include "cuda_runtime/stand_in/api.h"
#include "cuda_runtime/stand_in/stream_capture.h"

using namespace wf::cudart;

namespace {

constexpr unsigned kMemAttachGlobal = 1, kMemAttachHost = 2, kMemAttachSingle = 4;

// cudaMemLocation: a location type and an id, passed by value.
struct MemLocation {
  int type;
  int id;
};

// [p, p + count) inside one managed allocation or variable.
bool managed_range(const void* p, std::size_t count) {
  MappedHostMemory& m = StandIn::get().mapped_host_memory();
  if (!p || !m.contains(p) || m.is_pinned(p)) return false;
  return count <= m.bytes_from(p);
}

cudaError_t hint(const void* p, std::size_t count) {
  auto lock = lock_device();
  return managed_range(p, count) ? kCudaSuccess : record_error(kCudaErrorInvalidValue);
}

cudaError_t attach(void* p, std::size_t length, unsigned flags) {
  if (flags != kMemAttachGlobal && flags != kMemAttachHost && flags != kMemAttachSingle)
    return record_error(kCudaErrorInvalidValue);
  return hint(p, length);
}

}  // namespace

WF_CUDART_API cudaError_t cudaMallocManaged(void** p, std::size_t size, unsigned flags) {
  if (const cudaError_t e = check_unsafe_call(); e != kCudaSuccess) return e;
  auto lock = lock_device();
  if (!p || size == 0 || (flags != kMemAttachGlobal && flags != kMemAttachHost))
    return record_error(kCudaErrorInvalidValue);
  StandIn& s = StandIn::get();
  *p = s.mapped_host_memory().allocate(s, size, MappedHostMemory::Kind::kManaged);
  return *p ? kCudaSuccess : record_error(kCudaErrorMemoryAllocation);
}

// nvcc's host code reads a __managed__ variable through a pointer it registers here (and reads
// after __cudaInitModule); the device's variable gets host pages at its own address.
WF_CUDART_API void __cudaRegisterManagedVar(void** handle, void** host_pointer, char*,
                                            const char* device_name, int, std::size_t size, int,
                                            int) {
  auto lock = lock_device();
  StandIn& s = StandIn::get();
  if (!handle || !host_pointer) s.host_error("__cudaRegisterManagedVar: a null handle");
  const auto module = static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(*handle));
  s.register_variable(module, host_pointer, device_name, size);
  const VariableRecord* v = s.variable(host_pointer);
  if (!v->found) return;  // as for __device__ variables: cudaMemcpyToSymbol reports it
  if (!s.mapped_host_memory().map_variable(s, v->address, size))
    s.host_error("__managed__ variable '" + std::string(device_name) +
                 "': its device address is taken in the program's address space");
  *host_pointer = reinterpret_cast<void*>(v->address);
  // cudaMemcpyToSymbol(variable, ...) passes the variable itself, which is the shared address.
  s.register_variable(module, *host_pointer, device_name, size);
}

// Hints are not captured: refused in a capturing stream.
WF_CUDART_API cudaError_t cudaMemPrefetchAsync(const void* p, std::size_t count, MemLocation,
                                               unsigned, cudaStream_t stream) {
  if (cudaError_t e = kCudaSuccess; captured(stream, nullptr, &e)) return e;
  return hint(p, count);
}
WF_CUDART_API cudaError_t cudaMemPrefetchAsync_ptsz(const void* p, std::size_t count,
                                                    MemLocation location, unsigned flags,
                                                    cudaStream_t stream) {
  return cudaMemPrefetchAsync(p, count, location, flags, per_thread(stream));
}

// Advice 1..6 (read mostly, preferred location, accessed by, and their unsets).
WF_CUDART_API cudaError_t cudaMemAdvise(const void* p, std::size_t count, int advice, MemLocation) {
  if (advice < 1 || advice > 6) return record_error(kCudaErrorInvalidValue);
  return hint(p, count);
}

WF_CUDART_API cudaError_t cudaStreamAttachMemAsync(cudaStream_t stream, void* p, std::size_t length,
                                                   unsigned flags) {
  if (cudaError_t e = kCudaSuccess; captured(stream, nullptr, &e)) return e;
  return attach(p, length, flags);
}
WF_CUDART_API cudaError_t cudaStreamAttachMemAsync_ptsz(cudaStream_t stream, void* p,
                                                        std::size_t length, unsigned flags) {
  return cudaStreamAttachMemAsync(per_thread(stream), p, length, flags);
}
