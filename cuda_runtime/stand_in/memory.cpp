// Device memory: allocation, copies in every direction (the async forms are synchronous on a
// single in-order device), memset and module variables (symbols).
#include <cstring>

#include "cuda_runtime/stand_in/api.h"
#include "cuda_runtime/stand_in/graph_memory.h"
#include "cuda_runtime/stand_in/memory_ops.h"
#include "cuda_runtime/stand_in/stream_capture.h"
#include "cuda_runtime/stand_in/stream_work.h"

using namespace wf::cudart;

namespace {

std::uint64_t address(const void* p) {
  return reinterpret_cast<std::uintptr_t>(p);
}

}  // namespace

cudaError_t wf::cudart::copy_memory(void* dst, const void* src, std::size_t count, int kind) {
  if (count == 0) return kCudaSuccess;
  if (!dst || !src) return record_error(kCudaErrorInvalidValue);
  StandIn& s = StandIn::get();
  if (kind < kHostToHost || kind > kDefault) return record_error(kCudaErrorInvalidMemcpyDirection);
  // Which side each pointer is on: mapped host memory is host memory whatever the program says
  // (with unified addressing the runtime infers it), cudaMemcpyDefault asks the allocations.
  auto on_device = [&](const void* p, bool declared) {
    if (s.mapped_host_memory().contains(p)) return false;
    return kind == kDefault ? s.is_device_pointer(p) : declared;
  };
  const bool d = on_device(dst, kind == kHostToDevice || kind == kDeviceToDevice);
  const bool h = on_device(src, kind == kDeviceToHost || kind == kDeviceToDevice);
  kind = d ? (h ? kDeviceToDevice : kHostToDevice) : (h ? kDeviceToHost : kHostToHost);
  WireWriter w;
  switch (kind) {
    case kHostToHost:
      std::memmove(dst, src, count);
      return kCudaSuccess;
    case kHostToDevice:
      w.put(address(dst)).put_bytes(src, count);
      return record_error(s.call(Op::kCopyToDevice, w).error);
    case kDeviceToHost: {
      w.put(address(src)).put(std::uint64_t{count});
      const Reply r = s.call(Op::kCopyToHost, w);
      if (r.error != kCudaSuccess) return record_error(r.error);
      const std::string_view data = r.reader().get_bytes();
      std::memcpy(dst, data.data(), count);
      return kCudaSuccess;
    }
    case kDeviceToDevice:
      w.put(address(dst)).put(address(src)).put(std::uint64_t{count});
      return record_error(s.call(Op::kCopyOnDevice, w).error);
    default:
      return record_error(kCudaErrorInvalidMemcpyDirection);
  }
}

cudaError_t wf::cudart::set_memory(void* dst, int value, std::size_t count) {
  if (count == 0) return kCudaSuccess;
  if (StandIn::get().mapped_host_memory().contains(dst)) {
    std::memset(dst, value, count);
    return kCudaSuccess;
  }
  WireWriter w;
  w.put(address(dst)).put(std::int32_t{value}).put(std::uint64_t{count});
  return record_error(StandIn::get().call(Op::kMemset, w).error);
}

namespace {

cudaError_t copy(void* dst, const void* src, std::size_t count, int kind) {
  return copy_memory(dst, src, count, kind);
}

// A module variable's device range, or null when the program names no registered variable or
// the range [offset, offset + count) leaves it.
const VariableRecord* symbol(const void* host_variable, std::size_t count, std::size_t offset) {
  const VariableRecord* v = StandIn::get().variable(host_variable);
  if (!v || !v->found || offset > v->size || count > v->size - offset) return nullptr;
  return v;
}

cudaError_t to_symbol(const void* sym, const void* src, std::size_t count, std::size_t offset,
                      int kind) {
  auto lock = lock_device();
  const VariableRecord* v = symbol(sym, count, offset);
  if (!v) return record_error(kCudaErrorInvalidSymbol);
  if (kind == kHostToHost || kind == kDeviceToHost)
    return record_error(kCudaErrorInvalidMemcpyDirection);
  return copy(reinterpret_cast<void*>(v->address + offset), src, count, kind);
}

cudaError_t from_symbol(void* dst, const void* sym, std::size_t count, std::size_t offset,
                        int kind) {
  auto lock = lock_device();
  const VariableRecord* v = symbol(sym, count, offset);
  if (!v) return record_error(kCudaErrorInvalidSymbol);
  if (kind == kHostToHost || kind == kHostToDevice)
    return record_error(kCudaErrorInvalidMemcpyDirection);
  return copy(dst, reinterpret_cast<const void*>(v->address + offset), count, kind);
}

}  // namespace

cudaError_t wf::cudart::run_copy(void* dst, const void* src, std::size_t count, int kind) {
  auto lock = lock_device();
  return copy(dst, src, count, kind);
}

cudaError_t wf::cudart::run_memset(void* dst, int value, std::size_t count) {
  auto lock = lock_device();
  return set_memory(dst, value, count);
}

cudaError_t wf::cudart::allocate_device(void** p, std::size_t size) {
  auto lock = lock_device();
  if (!p) return record_error(kCudaErrorInvalidValue);
  StandIn& s = StandIn::get();
  WireWriter w;
  w.put(std::uint64_t{size}).put(static_cast<std::uint8_t>(MallocKind::kDevice));
  const Reply r = s.call(Op::kMalloc, w);
  if (r.error != kCudaSuccess) {
    // A program that ignores the error then fails on a null pointer rather than on whatever
    // the variable held.
    *p = nullptr;
    return record_error(r.error);
  }
  const auto a = r.reader().get<std::uint64_t>();
  s.note_allocation(a, size);
  *p = reinterpret_cast<void*>(a);
  return kCudaSuccess;
}

WF_CUDART_API cudaError_t cudaMalloc(void** p, std::size_t size) {
  if (const cudaError_t e = check_unsafe_call(); e != kCudaSuccess) return e;
  return allocate_device(p, size);
}

cudaError_t wf::cudart::free_device(void* p) {
  auto lock = lock_device();
  if (!p) return kCudaSuccess;
  StandIn& s = StandIn::get();
  // Managed memory is freed with cudaFree; pinned host memory is not.
  if (s.mapped_host_memory().contains(p))
    return s.mapped_host_memory().release(s, p, MappedHostMemory::Kind::kManaged)
               ? kCudaSuccess
               : record_error(kCudaErrorInvalidValue);
  WireWriter w;
  w.put(address(p));
  const cudaError_t e = s.call(Op::kFree, w).error;
  if (e == kCudaSuccess) {
    s.forget_allocation(address(p));
    forget_pool_allocation(p);
  }
  return record_error(e);
}

WF_CUDART_API cudaError_t cudaFree(void* p) {
  if (const cudaError_t e = check_unsafe_call(); e != kCudaSuccess) return e;
  // A graph allocation stays reserved for its graph; freeing ends its lifetime.
  if (GraphMemory::get().contains(p)) return GraphMemory::get().free(p);
  return free_device(p);
}

// Pinned host memory is mapped for the device (mapped_host_memory.h); copies are not timed.
WF_CUDART_API cudaError_t cudaMallocHost(void** p, std::size_t size) {
  if (const cudaError_t e = check_unsafe_call(); e != kCudaSuccess) return e;
  auto lock = lock_device();
  if (!p) return record_error(kCudaErrorInvalidValue);
  *p = StandIn::get().mapped_host_memory().allocate(StandIn::get(), size);
  return *p ? kCudaSuccess : record_error(kCudaErrorMemoryAllocation);
}
WF_CUDART_API cudaError_t cudaHostAlloc(void** p, std::size_t size, unsigned) {
  return cudaMallocHost(p, size);
}
WF_CUDART_API cudaError_t cudaFreeHost(void* p) {
  if (const cudaError_t e = check_unsafe_call(); e != kCudaSuccess) return e;
  auto lock = lock_device();
  if (!p) return kCudaSuccess;
  return StandIn::get().mapped_host_memory().release(StandIn::get(), p)
             ? kCudaSuccess
             : record_error(kCudaErrorInvalidValue);
}
// The program's memory becomes pinned memory where it is. Read-only registration and I/O
// memory are what the device reports it lacks (hostRegisterReadOnlySupported is 0).
WF_CUDART_API cudaError_t cudaHostRegister(void* p, std::size_t size, unsigned flags) {
  constexpr unsigned kPortable = 1, kMapped = 2, kIoMemory = 4, kReadOnly = 8;
  if (const cudaError_t e = check_unsafe_call(); e != kCudaSuccess) return e;
  auto lock = lock_device();
  if (!p || size == 0 || (flags & ~(kPortable | kMapped | kIoMemory | kReadOnly)))
    return record_error(kCudaErrorInvalidValue);
  if (flags & (kIoMemory | kReadOnly)) return record_error(kCudaErrorNotSupported);
  StandIn& s = StandIn::get();
  return record_error(s.mapped_host_memory().register_range(s, p, size));
}
WF_CUDART_API cudaError_t cudaHostUnregister(void* p) {
  if (const cudaError_t e = check_unsafe_call(); e != kCudaSuccess) return e;
  auto lock = lock_device();
  StandIn& s = StandIn::get();
  return s.mapped_host_memory().release(s, p, MappedHostMemory::Kind::kRegistered)
             ? kCudaSuccess
             : record_error(kCudaErrorHostMemoryNotRegistered);
}
// With unified addressing the device uses the host address itself.
WF_CUDART_API cudaError_t cudaHostGetDevicePointer(void** device, void* host, unsigned) {
  auto lock = lock_device();
  if (!device || !StandIn::get().mapped_host_memory().contains(host))
    return record_error(kCudaErrorInvalidValue);
  *device = host;
  return kCudaSuccess;
}

WF_CUDART_API cudaError_t cudaMemcpy(void* dst, const void* src, std::size_t count, int kind) {
  if (const cudaError_t e = check_synchronous_call(); e != kCudaSuccess) return e;
  return run_copy(dst, src, count, kind);
}
WF_CUDART_API cudaError_t cudaMemcpyAsync(void* dst, const void* src, std::size_t count, int kind,
                                          cudaStream_t stream) {
  cudaError_t e = kCudaSuccess;
  const auto node = [&](CudaGraphNode& n) -> cudaError_t {
    if (!valid_memcpy_kind(kind)) return record_error(kCudaErrorInvalidMemcpyDirection);
    make_copy_1d_node(n, dst, src, count, kind);
    return kCudaSuccess;
  };
  if (captured(stream, node, &e)) return e;
  return run_copy(dst, src, count, kind);
}

WF_CUDART_API cudaError_t cudaMemcpyToSymbol(const void* sym, const void* src, std::size_t count,
                                             std::size_t offset, int kind) {
  if (const cudaError_t e = check_synchronous_call(); e != kCudaSuccess) return e;
  return to_symbol(sym, src, count, offset, kind);
}
WF_CUDART_API cudaError_t cudaMemcpyToSymbolAsync(const void* sym, const void* src,
                                                  std::size_t count, std::size_t offset, int kind,
                                                  cudaStream_t stream) {
  if (cudaError_t e = kCudaSuccess; captured(stream, nullptr, &e)) return e;
  return to_symbol(sym, src, count, offset, kind);
}
WF_CUDART_API cudaError_t cudaMemcpyFromSymbol(void* dst, const void* sym, std::size_t count,
                                               std::size_t offset, int kind) {
  if (const cudaError_t e = check_synchronous_call(); e != kCudaSuccess) return e;
  return from_symbol(dst, sym, count, offset, kind);
}
WF_CUDART_API cudaError_t cudaMemcpyFromSymbolAsync(void* dst, const void* sym, std::size_t count,
                                                    std::size_t offset, int kind,
                                                    cudaStream_t stream) {
  if (cudaError_t e = kCudaSuccess; captured(stream, nullptr, &e)) return e;
  return from_symbol(dst, sym, count, offset, kind);
}

WF_CUDART_API cudaError_t cudaGetSymbolAddress(void** p, const void* sym) {
  auto lock = lock_device();
  const VariableRecord* v = symbol(sym, 0, 0);
  if (!p || !v) return record_error(kCudaErrorInvalidSymbol);
  *p = reinterpret_cast<void*>(v->address);
  return kCudaSuccess;
}

WF_CUDART_API cudaError_t cudaGetSymbolSize(std::size_t* size, const void* sym) {
  auto lock = lock_device();
  const VariableRecord* v = symbol(sym, 0, 0);
  if (!size || !v) return record_error(kCudaErrorInvalidSymbol);
  *size = v->size;
  return kCudaSuccess;
}

WF_CUDART_API cudaError_t cudaMemset(void* dst, int value, std::size_t count) {
  if (const cudaError_t e = check_synchronous_call(); e != kCudaSuccess) return e;
  return run_memset(dst, value, count);
}
WF_CUDART_API cudaError_t cudaMemsetAsync(void* dst, int value, std::size_t count,
                                          cudaStream_t stream) {
  cudaError_t e = kCudaSuccess;
  const auto node = [&](CudaGraphNode& n) -> cudaError_t {
    make_memset_node(n, dst, count, value, count, 1);
    return kCudaSuccess;
  };
  if (captured(stream, node, &e)) return e;
  return run_memset(dst, value, count);
}

WF_CUDART_API cudaError_t cudaMemGetInfo(std::size_t* free_bytes, std::size_t* total_bytes) {
  auto lock = lock_device();
  const Reply r = StandIn::get().call(Op::kMemoryInfo, WireWriter());
  WireReader in = r.reader();
  const auto free = in.get<std::uint64_t>();
  const auto total = in.get<std::uint64_t>();
  if (free_bytes) *free_bytes = free;
  if (total_bytes) *total_bytes = total;
  return kCudaSuccess;
}
