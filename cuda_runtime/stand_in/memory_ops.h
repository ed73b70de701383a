// The allocation, copy and memset every memory function of the stand-in ends in (memory.cpp),
// for the functions built from them (pitched_memory.cpp, memory_pools.cpp). Callers of
// copy_memory and set_memory hold lock_device().
#pragma once

#include <cstddef>

#include "cuda_runtime/stand_in/api.h"

// Defined in memory.cpp, for the allocators built on them.
WF_CUDART_API cudaError_t cudaMalloc(void** p, std::size_t size);
WF_CUDART_API cudaError_t cudaFree(void* p);

namespace wf::cudart {

// cudaMalloc and cudaFree without their stream capture check, for the stream-ordered allocators,
// which a capture does not forbid.
cudaError_t allocate_device(void** p, std::size_t size);
cudaError_t free_device(void* p);

// count bytes in the direction `kind` (cudaMemcpyKind); mapped host and managed memory are host
// memory whatever kind says. Records and returns the error.
cudaError_t copy_memory(void* dst, const void* src, std::size_t count, int kind);
// cudaMemset's: device memory on the device, mapped host and managed memory on the host.
cudaError_t set_memory(void* dst, int value, std::size_t count);
// cudaFree's note to the pools (memory_pools.cpp) that p, if a pool's, is free again.
void forget_pool_allocation(void* p);

}  // namespace wf::cudart
