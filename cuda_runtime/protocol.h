// The conversation between warpforge's libcudart.so.13 stand-in, loaded into an unmodified CUDA
// application, and `warpforge exec`, which holds the simulated GPU. The application runs in a
// child process; every CUDA runtime call that touches the device becomes one request over a
// Unix socket and waits for its reply, so the simulator never shares an address space (or a
// crash) with the program, and the program's own output stays its own.
//
// A frame is a FrameHeader followed by `length` payload bytes (wire.h). Requests carry an Op;
// replies a Status. Everything is synchronous: the device executes each request before it
// answers, which is what the CUDA stream semantics allow for a single in-order device.
#pragma once

#include <cstdint>

namespace wf::cudart {

// The stand-in finds its socket through this environment variable, which `warpforge exec` sets.
inline constexpr const char* kSocketFdVariable = "WARPFORGE_EXEC_FD";
inline constexpr std::uint32_t kProtocolVersion = 4;

enum class Op : std::uint32_t {
  kHello = 1,         // u32 version -> DeviceInfo
  kRegisterModule,    // bytes fatbinary -> u32 module id
  kRegisterFunction,  // u32 module, str device name -> u8 found, u32 count, u32 size each
  kRegisterVar,       // u32 module, str device name, u64 size -> u8 found, u64 address
  kMalloc,            // u64 bytes, u8 MallocKind -> u64 address
  kFree,              // u64 address -> u8 ok
  kCopyToDevice,      // u64 address, bytes data -> u8 ok
  kCopyToHost,        // u64 address, u64 size -> u8 ok, bytes data
  kCopyOnDevice,      // u64 dst, u64 src, u64 size -> u8 ok
  kMemset,            // u64 address, i32 value, u64 size -> u8 ok
  kLaunch,            // str kernel, 6 x u32 grid/block, u64 dynamic shared, bytes args,
                      // u8 cooperative -> u8 ok
  kNow,               // -> u64 simulated core cycles so far
  kUnimplemented,     // str API name: the program called a function the stand-in lacks
  kHostError,         // str message: the stand-in met input it cannot handle
  kMemoryInfo,        // -> u64 free, u64 total device memory
  kHeapSize,          // u8 set, u64 bytes (if set) -> u64 the malloc heap's size
  kOccupancy,         // str kernel, u32 block threads, u64 dynamic shared -> u32 CTAs per SM
  kMapHostAt,         // u64 address, u64 bytes: host memory the device addresses there
};

// What a kMalloc is for: device memory, or host memory mapped at a device address (pinned or
// managed, which the device's note on a refusal names).
enum class MallocKind : std::uint8_t { kDevice = 0, kPinned = 1, kManaged = 2 };

enum class Status : std::uint32_t {
  kOk = 0,
  // The request failed in a way the program is told about: u32 cudaError_t, str message.
  kCudaError = 1,
  // warpforge has reported an error and ends the run: u32 exit status. The stand-in flushes
  // the program's streams and exits with it.
  kTerminate = 2,
};

struct FrameHeader {
  std::uint32_t code;  // Op or Status
  std::uint32_t reserved;
  std::uint64_t length;
};

// What the program learns about the device (cudaGetDeviceProperties, cudaDeviceGetAttribute):
// the preset's machine.
struct DeviceInfo {
  char name[64];
  std::uint32_t multiprocessors, warp_size, max_threads_per_block, max_threads_per_sm;
  std::uint32_t max_blocks_per_sm, registers_per_sm, shared_bytes_per_sm, shared_bytes_per_block;
  std::uint32_t core_clock_khz, memory_clock_khz, memory_bus_bits, l2_bytes;
  std::uint32_t functional;  // 1: no timing model, events measure nothing
  std::uint32_t fp64_ratio;  // single- to double-precision throughput: dp_interval / fp_interval
  std::uint64_t global_bytes, const_bytes;
};

}  // namespace wf::cudart
