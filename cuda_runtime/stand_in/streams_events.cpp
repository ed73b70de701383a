// Streams and events. The device executes every operation when it is issued, in issue order,
// which is one valid schedule of any set of streams; so streams only need handles (and their
// part in a stream capture, stream_capture.h), and an event records the simulated time at which
// everything issued before it has finished. Elapsed time is simulated core cycles at the
// preset's clock; under --functional there is no time and every interval is 0 ms.
#include <cstdint>

#include "cuda_runtime/stand_in/api.h"
#include "cuda_runtime/stand_in/stream_capture.h"
#include "cuda_runtime/stand_in/stream_work.h"

using namespace wf::cudart;

cudaError_t wf::cudart::record_event(cudaEvent_t event) {
  if (!event) return record_error(kCudaErrorInvalidResourceHandle);
  auto lock = lock_device();
  auto* e = static_cast<Event*>(event);
  e->cycles = StandIn::get().call(Op::kNow, WireWriter{}).reader().get<std::uint64_t>();
  e->recorded = true;
  return kCudaSuccess;
}

// In a capturing stream the event marks the stream's place in the capture instead.
cudaError_t wf::cudart::record_event_in(cudaEvent_t event, cudaStream_t stream) {
  if (!event) return record_error(kCudaErrorInvalidResourceHandle);
  cudaError_t e = kCudaSuccess;
  if (capture_event_record(stream, *static_cast<Event*>(event), &e)) return e;
  return record_event(event);
}

namespace {

cudaError_t usable(cudaEvent_t event) {
  return event ? check_event_use(*static_cast<const Event*>(event))
               : record_error(kCudaErrorInvalidResourceHandle);
}

}  // namespace

WF_CUDART_API cudaError_t cudaStreamCreate(cudaStream_t* stream) {
  if (!stream) return record_error(kCudaErrorInvalidValue);
  *stream = new Stream{};
  return kCudaSuccess;
}
WF_CUDART_API cudaError_t cudaStreamCreateWithFlags(cudaStream_t* stream, unsigned flags) {
  if (!stream) return record_error(kCudaErrorInvalidValue);
  auto* s = new Stream;
  s->flags = flags;
  *stream = s;
  return kCudaSuccess;
}
WF_CUDART_API cudaError_t cudaStreamCreateWithPriority(cudaStream_t* stream, unsigned flags, int) {
  return cudaStreamCreateWithFlags(stream, flags);
}
WF_CUDART_API cudaError_t cudaStreamDestroy(cudaStream_t stream) {
  Stream* s = stream_of(stream);
  if (s && stream == kStreamPerThread) return record_error(kCudaErrorInvalidResourceHandle);
  forget_stream(s);
  delete s;
  return kCudaSuccess;
}
WF_CUDART_API cudaError_t cudaStreamSynchronize(cudaStream_t stream) {
  return check_stream_wait(stream);
}
WF_CUDART_API cudaError_t cudaStreamSynchronize_ptsz(cudaStream_t stream) {
  return check_stream_wait(per_thread(stream));
}
WF_CUDART_API cudaError_t cudaStreamQuery(cudaStream_t stream) {
  return check_stream_wait(stream);
}
WF_CUDART_API cudaError_t cudaStreamQuery_ptsz(cudaStream_t stream) {
  return check_stream_wait(per_thread(stream));
}
WF_CUDART_API cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned) {
  if (!event) return record_error(kCudaErrorInvalidResourceHandle);
  return capture_event_wait(stream, *static_cast<const Event*>(event));
}
WF_CUDART_API cudaError_t cudaStreamWaitEvent_ptsz(cudaStream_t stream, cudaEvent_t event,
                                                   unsigned flags) {
  return cudaStreamWaitEvent(per_thread(stream), event, flags);
}
// Host work queued behind a stream runs at once: everything issued before it has finished. A
// capture takes cudaLaunchHostFunc (a host node), not callbacks, as CUDA's does.
WF_CUDART_API cudaError_t cudaStreamAddCallback(cudaStream_t stream,
                                                void (*callback)(cudaStream_t, cudaError_t, void*),
                                                void* data, unsigned) {
  if (!callback) return record_error(kCudaErrorInvalidValue);
  if (cudaError_t e = kCudaSuccess; captured(stream, nullptr, &e)) return e;
  callback(stream, kCudaSuccess, data);
  return kCudaSuccess;
}
WF_CUDART_API cudaError_t cudaStreamAddCallback_ptsz(cudaStream_t stream,
                                                     void (*callback)(cudaStream_t, cudaError_t,
                                                                      void*),
                                                     void* data, unsigned flags) {
  return cudaStreamAddCallback(per_thread(stream), callback, data, flags);
}
WF_CUDART_API cudaError_t cudaLaunchHostFunc(cudaStream_t stream, void (*fn)(void*), void* data) {
  if (!fn) return record_error(kCudaErrorInvalidValue);
  cudaError_t e = kCudaSuccess;
  const auto node = [&](CudaGraphNode& n) -> cudaError_t {
    n.type = kGraphNodeHost;
    n.host = {fn, data};
    return kCudaSuccess;
  };
  if (captured(stream, node, &e)) return e;
  fn(data);
  return kCudaSuccess;
}
WF_CUDART_API cudaError_t cudaLaunchHostFunc_ptsz(cudaStream_t stream, void (*fn)(void*),
                                                  void* data) {
  return cudaLaunchHostFunc(per_thread(stream), fn, data);
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
WF_CUDART_API cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream) {
  return record_event_in(event, stream);
}
WF_CUDART_API cudaError_t cudaEventRecord_ptsz(cudaEvent_t event, cudaStream_t stream) {
  return record_event_in(event, per_thread(stream));
}
WF_CUDART_API cudaError_t cudaEventRecordWithFlags(cudaEvent_t event, cudaStream_t stream,
                                                   unsigned) {
  return record_event_in(event, stream);
}
WF_CUDART_API cudaError_t cudaEventRecordWithFlags_ptsz(cudaEvent_t event, cudaStream_t stream,
                                                        unsigned) {
  return record_event_in(event, per_thread(stream));
}
WF_CUDART_API cudaError_t cudaEventSynchronize(cudaEvent_t event) {
  return usable(event);
}
WF_CUDART_API cudaError_t cudaEventQuery(cudaEvent_t event) {
  return usable(event);
}

WF_CUDART_API cudaError_t cudaEventElapsedTime(float* ms, cudaEvent_t start, cudaEvent_t end) {
  if (!ms || !start || !end) return record_error(kCudaErrorInvalidValue);
  if (const cudaError_t e = usable(start); e != kCudaSuccess) return e;
  if (const cudaError_t e = usable(end); e != kCudaSuccess) return e;
  const auto* a = static_cast<const Event*>(start);
  const auto* b = static_cast<const Event*>(end);
  if (!a->recorded || !b->recorded) return record_error(kCudaErrorInvalidResourceHandle);
  auto lock = lock_device();
  const DeviceInfo& d = StandIn::get().device();
  const double cycles = static_cast<double>(b->cycles) - static_cast<double>(a->cycles);
  *ms = d.core_clock_khz ? static_cast<float>(cycles / d.core_clock_khz) : 0.0f;
  return kCudaSuccess;
}
