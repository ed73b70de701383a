#include "cuda_runtime/stand_in/stand_in.h"

#include <cerrno>  // program_invocation_name
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include <fcntl.h>
#include <unistd.h>

namespace wf::cudart {
namespace {

[[noreturn]] void die(int status) {
  std::fflush(nullptr);
  _exit(status);
}

int socket_fd() {
  const char* v = std::getenv(kSocketFdVariable);
  char* end = nullptr;
  const long fd = v ? std::strtol(v, &end, 10) : -1;
  if (!v || *end != '\0' || fd < 0) {
    std::fprintf(stderr,
                 "warpforge: error: this program loaded warpforge's libcudart.so.13 stand-in "
                 "outside `warpforge exec`; run it as `warpforge exec -- PROGRAM ARGS...`\n");
    die(2);
  }
  // The socket is this process's alone: programs the application starts neither inherit it
  // nor find it named, so a CUDA program among them says it runs outside `warpforge exec`
  // instead of talking over this one's connection.
  ::fcntl(static_cast<int>(fd), F_SETFD, FD_CLOEXEC);
  ::unsetenv(kSocketFdVariable);
  return static_cast<int>(fd);
}

thread_local cudaError_t t_last_error = kCudaSuccess;

}  // namespace

StandIn& StandIn::get() {
  // Never destroyed: the program's exit handlers (__cudaUnregisterFatBinary) may still call in.
  static StandIn* instance = new StandIn();
  // Checked before the caller takes the device mutex, which a thread of the parent may have
  // held when it forked. getpid() is a system call, but a short one beside the socket round
  // trip most callers make next, and unlike a pthread_atfork flag it also sees clone()'s
  // children.
  if (instance->pid_ != ::getpid()) instance->refuse_forked_process();
  return *instance;
}

void StandIn::refuse_forked_process() const {
  std::fprintf(stderr,
               "warpforge: error: %s: process %d, forked from the CUDA program's process %d, "
               "called the CUDA runtime; CUDA state does not survive fork() (a child may only "
               "exec), so this process ends with status 2\n",
               program_invocation_name, static_cast<int>(::getpid()), static_cast<int>(pid_));
  die(2);
}

StandIn::StandIn() : pid_(::getpid()), channel_(socket_fd()) {
  WireWriter w;
  w.put(kProtocolVersion);
  const Reply r = call(Op::kHello, w);
  const std::string_view info = r.reader().get_bytes();
  if (info.size() != sizeof device_) host_error("exec protocol: device description of wrong size");
  std::memcpy(&device_, info.data(), sizeof device_);
}

Reply StandIn::call(Op op, const WireWriter& request) {
  // What the program printed so far comes before anything warpforge or a kernel prints.
  std::fflush(stdout);
  if (!channel_.send(static_cast<std::uint32_t>(op), request.bytes())) die(1);
  std::optional<Frame> f;
  try {
    f = channel_.receive();
  } catch (const std::exception&) {
    die(1);
  }
  if (!f) die(1);  // warpforge ended the run
  Reply r;
  WireReader in(f->payload);
  switch (static_cast<Status>(f->code)) {
    case Status::kOk:
      r.payload = std::move(f->payload);
      return r;
    case Status::kCudaError:
      r.error = static_cast<cudaError_t>(in.get<std::uint32_t>());
      return r;
    case Status::kTerminate:
      die(static_cast<int>(in.get<std::uint32_t>()));
  }
  die(1);
}

void StandIn::unimplemented(const char* function) {
  WireWriter w;
  w.put_string(function);
  call(Op::kUnimplemented, w);
  die(2);  // warpforge answers with kTerminate; this is only reached if it did not
}

void StandIn::host_error(const std::string& message) {
  WireWriter w;
  w.put_string(message);
  call(Op::kHostError, w);
  die(2);
}

std::uint32_t StandIn::register_module(const void* fatbin_wrapper) {
  // The wrapper nvcc emits: u32 magic, u32 version, a pointer to the fatbinary, a pointer to
  // more data. The fatbinary starts with u32 magic, u16 version, u16 header size, u64 size.
  struct Wrapper {
    std::uint32_t magic, version;
    const std::uint8_t* data;
    const void* unused;
  };
  constexpr std::uint32_t kWrapperMagic = 0x466243b1, kFatbinMagic = 0xba55ed50;
  const auto* wrapper = static_cast<const Wrapper*>(fatbin_wrapper);
  if (!wrapper || wrapper->magic != kWrapperMagic || !wrapper->data)
    host_error("__cudaRegisterFatBinary: not a CUDA fatbinary wrapper (unknown magic number)");
  std::uint32_t magic;
  std::uint16_t header_size;
  std::uint64_t body_size;
  std::memcpy(&magic, wrapper->data, 4);
  std::memcpy(&header_size, wrapper->data + 6, 2);
  std::memcpy(&body_size, wrapper->data + 8, 8);
  if (magic != kFatbinMagic)
    host_error("__cudaRegisterFatBinary: the wrapper does not point at a fatbinary");
  WireWriter w;
  w.put_bytes(wrapper->data, std::uint64_t{header_size} + body_size);
  return call(Op::kRegisterModule, w).reader().get<std::uint32_t>();
}

void StandIn::register_function(std::uint32_t module, const void* host_function, const char* name) {
  WireWriter w;
  w.put(module).put_string(name);
  const Reply r = call(Op::kRegisterFunction, w);
  WireReader in = r.reader();
  KernelRecord k;
  k.name = name;
  k.found = in.get<std::uint8_t>() != 0;
  const auto n = in.get<std::uint32_t>();
  for (std::uint32_t i = 0; i < n; ++i) k.param_sizes.push_back(in.get<std::uint32_t>());
  kernels_[host_function] = std::move(k);
}

void StandIn::register_variable(std::uint32_t module, const void* host_variable, const char* name,
                                std::uint64_t size) {
  WireWriter w;
  w.put(module).put_string(name).put(size);
  const Reply r = call(Op::kRegisterVar, w);
  WireReader in = r.reader();
  VariableRecord v;
  v.name = name;
  v.found = in.get<std::uint8_t>() != 0;
  v.address = in.get<std::uint64_t>();
  v.size = size;
  // A module variable is device memory too, for cudaMemcpyDefault and cudaPointerGetAttributes
  // given its address (cudaGetSymbolAddress); it is never freed.
  if (v.found && size) allocations_[v.address] = size;
  variables_[host_variable] = std::move(v);
}

const KernelRecord* StandIn::kernel(const void* host_function) const {
  const auto it = kernels_.find(host_function);
  return it == kernels_.end() ? nullptr : &it->second;
}

const VariableRecord* StandIn::variable(const void* host_variable) const {
  const auto it = variables_.find(host_variable);
  return it == variables_.end() ? nullptr : &it->second;
}

void StandIn::note_allocation(std::uint64_t address, std::uint64_t size) {
  allocations_[address] = size;
}

void StandIn::forget_allocation(std::uint64_t address) {
  allocations_.erase(address);
}

bool StandIn::is_device_pointer(const void* p) const {
  const auto a = reinterpret_cast<std::uintptr_t>(p);
  auto it = allocations_.upper_bound(a);
  if (it == allocations_.begin()) return false;
  --it;
  return a < it->first + it->second;
}

cudaError_t record_error(cudaError_t e) {
  if (e != kCudaSuccess) t_last_error = e;
  return e;
}

cudaError_t last_error(bool reset) {
  const cudaError_t e = t_last_error;
  if (reset) t_last_error = kCudaSuccess;
  return e;
}

}  // namespace wf::cudart
