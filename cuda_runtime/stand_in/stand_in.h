// The state of warpforge's libcudart.so.13 stand-in inside the application: the connection to
// `warpforge exec`, what the program registered (kernels and variables by their host
// addresses), its device allocations, and the runtime's per-thread error and launch
// configuration. One instance per process, created on first use (static constructors of the
// program call into it before main). A process forked from the program inherits a copy of it
// but not the right to use it: the connection is the program's (see get()).
#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <sys/types.h>

#include "cuda_runtime/channel.h"
#include "cuda_runtime/protocol.h"
#include "cuda_runtime/stand_in/cuda_abi.h"
#include "cuda_runtime/stand_in/mapped_host_memory.h"
#include "cuda_runtime/wire.h"

namespace wf::cudart {

struct KernelRecord {
  std::string name;  // the PTX entry name (mangled)
  bool found = false;
  std::vector<std::uint32_t> param_sizes;
};

struct VariableRecord {
  std::string name;
  bool found = false;
  std::uint64_t address = 0, size = 0;
};

// The reply to a request: kOk with its payload, or kCudaError with the code to return.
struct Reply {
  cudaError_t error = kCudaSuccess;
  std::vector<std::uint8_t> payload;
  WireReader reader() const { return WireReader(payload); }
};

class StandIn {
 public:
  // Every entry point that needs the device comes through here. In a process forked from the
  // program after it connected, this ends that process (status 2, one line) instead: its frames
  // would interleave with the program's on their one socket, and CUDA leaves any use of the
  // runtime after fork (before exec) undefined, so no answer would be the right one.
  static StandIn& get();

  // One request and its reply. A kTerminate reply ends the process here, with the program's
  // output flushed; a broken connection ends it with status 1.
  Reply call(Op op, const WireWriter& request);
  // Reports an API function the stand-in does not implement; never returns.
  [[noreturn]] void unimplemented(const char* function);
  // Reports input the stand-in cannot handle (a null handle it must dereference); never returns.
  [[noreturn]] void host_error(const std::string& message);

  const DeviceInfo& device() const { return device_; }

  // Registration, keyed by the addresses the program's own registration code passes.
  std::uint32_t register_module(const void* fatbin_wrapper);
  void register_function(std::uint32_t module, const void* host_function, const char* name);
  void register_variable(std::uint32_t module, const void* host_variable, const char* name,
                         std::uint64_t size);
  const KernelRecord* kernel(const void* host_function) const;
  const VariableRecord* variable(const void* host_variable) const;

  void note_allocation(std::uint64_t address, std::uint64_t size);
  void forget_allocation(std::uint64_t address);
  // A device allocation the program holds or a module variable (not mapped host memory).
  bool is_device_pointer(const void* p) const;
  MappedHostMemory& mapped_host_memory() { return mapped_; }

  std::mutex& mutex() { return mutex_; }

 private:
  StandIn();
  [[noreturn]] void refuse_forked_process() const;
  pid_t pid_;  // the process that connected
  std::mutex mutex_;
  Channel channel_;
  DeviceInfo device_{};
  std::unordered_map<const void*, KernelRecord> kernels_;
  std::unordered_map<const void*, VariableRecord> variables_;
  std::map<std::uint64_t, std::uint64_t> allocations_;  // base -> size
  MappedHostMemory mapped_;
};

// The runtime's error state: the last error of the calling thread (cudaGetLastError).
cudaError_t record_error(cudaError_t e);
cudaError_t last_error(bool reset);

}  // namespace wf::cudart
