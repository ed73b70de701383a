// Shared by the files that define the stand-in's CUDA runtime functions.
#pragma once

#include <mutex>

#include "cuda_runtime/stand_in/cuda_abi.h"
#include "cuda_runtime/stand_in/stand_in.h"

// Every function of the CUDA runtime API is exported with C linkage from libcudart.so.13.
#define WF_CUDART_API extern "C" __attribute__((visibility("default")))

namespace wf::cudart {

// Serialises the program's threads: one device, one request at a time.
inline std::unique_lock<std::mutex> lock_device() {
  return std::unique_lock<std::mutex>(StandIn::get().mutex());
}

}  // namespace wf::cudart
