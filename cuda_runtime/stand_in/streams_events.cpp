// Streams and events. The device executes every operation when it is issued, in issue order,
// which is one valid schedule of any set of streams; so streams only need handles, and an
// event records the simulated time at which everything issued before it has finished. Elapsed
// time is simulated core cycles at the preset's clock; under --functional there is no time and
// every interval is 0 ms.
#include <cstdint>

#include "cuda_runtime/stand_in/api.h"

using namespace wf::cudart;

namespace {

struct Event {
  bool recorded = false;
  std::uint64_t cycles = 0;
};

struct Stream {
  unsigned flags = 0;
};

cudaError_t record(cudaEvent_t event) {
  if (!event) return record_error(kCudaErrorInvalidResourceHandle);
  auto lock = lock_device();
  auto* e = static_cast<Event*>(event);
  e->cycles = StandIn::get().call(Op::kNow, WireWriter{}).reader().get<std::uint64_t>();
  e->recorded = true;
  return kCudaSuccess;
}

}  // namespace

WF_CUDART_API cudaError_t cudaStreamCreate(cudaStream_t* stream) {
  if (!stream) return record_error(kCudaErrorInvalidValue);
  *stream = new Stream{};
  return kCudaSuccess;
}
WF_CUDART_API cudaError_t cudaStreamCreateWithFlags(cudaStream_t* stream, unsigned flags) {
  if (!stream) return record_error(kCudaErrorInvalidValue);
  *stream = new Stream{flags};
  return kCudaSuccess;
}
WF_CUDART_API cudaError_t cudaStreamCreateWithPriority(cudaStream_t* stream, unsigned flags, int) {
  return cudaStreamCreateWithFlags(stream, flags);
}
WF_CUDART_API cudaError_t cudaStreamDestroy(cudaStream_t stream) {
  delete static_cast<Stream*>(stream);
  return kCudaSuccess;
}
WF_CUDART_API cudaError_t cudaStreamSynchronize(cudaStream_t) {
  return kCudaSuccess;
}
WF_CUDART_API cudaError_t cudaStreamQuery(cudaStream_t) {
  return kCudaSuccess;
}
WF_CUDART_API cudaError_t cudaStreamWaitEvent(cudaStream_t, cudaEvent_t, unsigned) {
  return kCudaSuccess;
}
// Host work queued behind a stream runs at once: everything issued before it has finished.
WF_CUDART_API cudaError_t cudaStreamAddCallback(cudaStream_t stream,
                                                void (*callback)(cudaStream_t, cudaError_t, void*),
                                                void* data, unsigned) {
  if (!callback) return record_error(kCudaErrorInvalidValue);
  callback(stream, kCudaSuccess, data);
  return kCudaSuccess;
}
WF_CUDART_API cudaError_t cudaStreamAddCallback_ptsz(cudaStream_t stream,
                                                     void (*callback)(cudaStream_t, cudaError_t,
                                                                      void*),
                                                     void* data, unsigned flags) {
  return cudaStreamAddCallback(stream, callback, data, flags);
}
WF_CUDART_API cudaError_t cudaLaunchHostFunc(cudaStream_t, void (*fn)(void*), void* data) {
  if (!fn) return record_error(kCudaErrorInvalidValue);
  fn(data);
  return kCudaSuccess;
}
WF_CUDART_API cudaError_t cudaLaunchHostFunc_ptsz(cudaStream_t stream, void (*fn)(void*),
                                                  void* data) {
  return cudaLaunchHostFunc(stream, fn, data);
}

WF_CUDART_API cudaError_t cudaDeviceGetStreamPriorityRange(int* least, int* greatest) {
  if (least) *least = 0;
  if (greatest) *greatest = 0;
  return kCudaSuccess;
}

WF_CUDART_API cudaError_t cudaEventCreate(cudaEvent_t* event) {
  if (!event) return record_error(kCudaErrorInvalidValue);
  *event = new Event{};
  return kCudaSuccess;
}
WF_CUDART_API cudaError_t cudaEventCreateWithFlags(cudaEvent_t* event, unsigned) {
  return cudaEventCreate(event);
}
WF_CUDART_API cudaError_t cudaEventDestroy(cudaEvent_t event) {
  delete static_cast<Event*>(event);
  return kCudaSuccess;
}
WF_CUDART_API cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t) {
  return record(event);
}
WF_CUDART_API cudaError_t cudaEventRecord_ptsz(cudaEvent_t event, cudaStream_t) {
  return record(event);
}
WF_CUDART_API cudaError_t cudaEventRecordWithFlags(cudaEvent_t event, cudaStream_t, unsigned) {
  return record(event);
}
WF_CUDART_API cudaError_t cudaEventSynchronize(cudaEvent_t event) {
  return event ? kCudaSuccess : record_error(kCudaErrorInvalidResourceHandle);
}
WF_CUDART_API cudaError_t cudaEventQuery(cudaEvent_t event) {
  return event ? kCudaSuccess : record_error(kCudaErrorInvalidResourceHandle);
}

WF_CUDART_API cudaError_t cudaEventElapsedTime(float* ms, cudaEvent_t start, cudaEvent_t end) {
  if (!ms || !start || !end) return record_error(kCudaErrorInvalidValue);
  const auto* a = static_cast<const Event*>(start);
  const auto* b = static_cast<const Event*>(end);
  if (!a->recorded || !b->recorded) return record_error(kCudaErrorInvalidResourceHandle);
  auto lock = lock_device();
  const DeviceInfo& d = StandIn::get().device();
  const double cycles = static_cast<double>(b->cycles) - static_cast<double>(a->cycles);
  *ms = d.core_clock_khz ? static_cast<float>(cycles / d.core_clock_khz) : 0.0f;
  return kCudaSuccess;
}
