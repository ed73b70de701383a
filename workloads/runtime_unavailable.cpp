// Stands in for sim_model/gpu's Runtime until that library exists (CMake compiles this file
// only when there is no wf_gpu target), so that the tree builds and `warpforge run` explains
// itself instead of failing to link. Every operation reports that the executor is missing.
#include <stdexcept>

#include "sim_model/gpu/runtime.h"

namespace wf::gpu {

struct Runtime::Impl {};

namespace {
[[noreturn]] void unavailable() {
  throw std::runtime_error("this warpforge was built without the PTX executor (sim_model/gpu)");
}
}  // namespace

Runtime::Runtime(RuntimeOptions) : impl_(std::make_unique<Impl>()) {}
Runtime::~Runtime() = default;
void Runtime::load_ptx_file(const std::string&) {
  unavailable();
}
void Runtime::load_ptx(std::string_view, const std::string&) {
  unavailable();
}
DevPtr Runtime::malloc(std::size_t) {
  unavailable();
}
void Runtime::free(DevPtr) {
  unavailable();
}
void Runtime::memcpy_to_device(DevPtr, const void*, std::size_t) {
  unavailable();
}
void Runtime::memcpy_to_host(void*, DevPtr, std::size_t) {
  unavailable();
}
void Runtime::memset(DevPtr, int, std::size_t) {
  unavailable();
}
LaunchStats Runtime::launch(const std::string&, Dim3, Dim3, const std::vector<KernelArg>&,
                            std::uint32_t) {
  unavailable();
}

}  // namespace wf::gpu
