// cudaPointerGetAttributes: with unified addressing every pointer tells which memory it is in.
#include <cstring>

#include "cuda_runtime/stand_in/api.h"

using namespace wf::cudart;

namespace {

enum MemoryType : int { kUnregistered = 0, kHost = 1, kDevice = 2, kManaged = 3 };

// cudaPointerAttributes of CUDA 13.
struct PointerAttributes {
  int type;
  int device;
  void* device_pointer;
  void* host_pointer;
  long reserved[8];
};
static_assert(sizeof(PointerAttributes) == 88);

}  // namespace

WF_CUDART_API cudaError_t cudaPointerGetAttributes(PointerAttributes* a, const void* p) {
  if (!a) return record_error(kCudaErrorInvalidValue);
  auto lock = lock_device();
  StandIn& s = StandIn::get();
  std::memset(a, 0, sizeof *a);
  void* q = const_cast<void*>(p);
  if (s.mapped_host_memory().contains(p)) {
    a->type = s.mapped_host_memory().is_pinned(p) ? kHost : kManaged;
    a->device_pointer = a->host_pointer = q;
  } else if (s.is_device_pointer(p)) {
    a->type = kDevice;
    a->device_pointer = q;
  } else {
    // Memory CUDA does not know: what the real runtime reports since CUDA 11.
    a->type = kUnregistered;
    a->device = -2;
    a->host_pointer = q;
  }
  return kCudaSuccess;
}
