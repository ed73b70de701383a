// The device side of `warpforge exec`: answers the requests of the libcudart.so.13 stand-in
// (protocol.h) with a gpu::Runtime, functional or on the cycle model, until the program ends.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "cuda_runtime/channel.h"
#include "cuda_runtime/protocol.h"
#include "cuda_runtime/wire.h"
#include "sim_model/gpu/runtime.h"

namespace wf::cudart {

// One kernel launch the program made, for the statistics.
struct ExecLaunch {
  gpu::LaunchStats stats;
  gpu::Dim3 grid, block;
  std::uint64_t start_cycle = 0, end_cycle = 0;  // 0 under --functional
};

struct ServeOutcome {
  bool connected = false;  // the program loaded the stand-in and said hello
  // Set when warpforge ended the run itself (the reason is already on stderr): 1 a kernel
  // fault, 2 bad input (an unimplemented call, PTX it cannot load), 3 deadlock or livelock.
  std::optional<int> exit_status;
};

class ExecServer {
 public:
  struct Hooks {
    std::function<std::uint64_t()> now;  // simulated core cycles so far
    // The run's status after a kernel error ("deadlock", else a fault) and, for a deadlock,
    // the per-warp dump to print.
    std::function<std::pair<std::string, std::string>()> failure;
  };

  ExecServer(gpu::Runtime& runtime, const DeviceInfo& device, std::string program, Hooks hooks);

  // Serves one program until it closes the socket (it exited) or warpforge ends the run.
  ServeOutcome serve(Channel& channel);

  const std::vector<ExecLaunch>& launches() const { return launches_; }

 private:
  struct Terminate {
    int status;
  };
  // The reply payload of one request; throws Terminate (after reporting) to end the run and
  // CudaFailure to return a CUDA error to the program.
  std::vector<std::uint8_t> handle(Op op, WireReader& in);
  std::vector<std::uint8_t> launch(WireReader& in);
  [[noreturn]] void fail(int status, const std::string& message) const;
  std::optional<std::vector<std::uint32_t>> parameter_sizes(const std::string& kernel) const;

  gpu::Runtime& runtime_;
  DeviceInfo device_;
  std::string program_;
  Hooks hooks_;
  std::uint32_t modules_ = 0;
  bool hello_seen_ = false;
  std::unordered_map<std::string, unsigned> registers_;  // per thread, from the cubins
  std::vector<ExecLaunch> launches_;
  // The notes of refused launches so far: a program that relaunches a kernel the machine cannot
  // run (matrixMul's 301 launches) gets the error every time but each reason once.
  std::unordered_set<std::string> launch_notes_;
};

}  // namespace wf::cudart
