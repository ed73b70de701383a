// Upper bounds on what a PTX declaration may claim. They are architectural (the largest any
// NVIDIA GPU or CUDA offers), not a preset's: a preset's own, smaller, shared memory is checked
// when a kernel is launched. Their purpose is that nonsense (`.shared .b8 s[-16]`, a 2^40-byte
// global) is refused at load instead of allocating gigabytes or wrapping 32-bit offsets.
#pragma once

#include <cstdint>

namespace wf::ptx {

// Static shared memory per CTA: 228 KiB, the shared memory of an sm_90 SM (Hopper), the largest.
inline constexpr std::uint64_t kMaxSharedBytes = 228 * 1024;
// Local memory per thread: 512 KiB, CUDA's limit on a thread's stack and local frame.
inline constexpr std::uint64_t kMaxLocalBytes = 512 * 1024;
// One module-scope .global variable: 4 GiB (2^32 bytes).
inline constexpr std::uint64_t kMaxGlobalBytes = std::uint64_t{1} << 32;
// All .const variables of a module: 64 KiB, the constant bank CUDA gives a module.
inline constexpr std::uint64_t kMaxConstBytes = 64 * 1024;
// A kernel's parameter buffer: 32764 bytes (CUDA 12.1 and later on Volta and newer).
inline constexpr std::uint64_t kMaxKernelParamBytes = 32764;
// One .param declaration or a function's per-thread parameter frame: 1 MiB, far above what a
// compiler emits, low enough that 32-bit frame offsets cannot wrap.
inline constexpr std::uint64_t kMaxParamFrameBytes = 1024 * 1024;

}  // namespace wf::ptx
