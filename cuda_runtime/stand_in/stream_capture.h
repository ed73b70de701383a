// Stream capture (stream_capture.cpp): while a stream captures, the stream-ordered calls on it
// add graph nodes instead of running, and the calls the real runtime forbids during a capture
// are refused with its errors, invalidating the capture as it does.
#pragma once

#include <functional>

#include "cuda_runtime/stand_in/graph.h"
#include "cuda_runtime/stand_in/streams.h"

namespace wf::cudart {

// Every stream-ordered call asks this before it runs. False: run now. True: the call is done
// and returns *result, either success, with the node `make` built added to the stream's capture,
// or the error that refused it (a capture the stand-in cannot add this call to when `make` is
// empty, an invalidated capture, or the legacy stream while a blocking stream captures).
using NodeMaker = std::function<cudaError_t(CudaGraphNode&)>;
bool captured(cudaStream_t stream, const NodeMaker& make, cudaError_t* result);

// The checks of calls that are not stream-ordered; each returns the error the call returns
// (recorded, and the captures concerned invalidated) or success.
// Allocation and freeing: prohibited by the thread's capture mode
// (cudaThreadExchangeStreamCaptureMode).
cudaError_t check_unsafe_call();
// Synchronous copies and memsets: they run in the legacy stream (the per-thread stream for the
// _ptds forms), and are unsafe.
cudaError_t check_synchronous_call(cudaStream_t stream = nullptr);
// cudaStreamSynchronize and cudaStreamQuery: not of a capturing stream.
cudaError_t check_stream_wait(cudaStream_t stream);
// cudaDeviceSynchronize: it would wait for every capturing stream.
cudaError_t check_device_wait();
// cudaEventSynchronize, cudaEventQuery, cudaEventElapsedTime: not of an event last recorded in a
// capture (cudaErrorCapturedEvent).
cudaError_t check_event_use(const Event& event);

// cudaEventRecord in a capturing stream: true when captured (or refused), with *result.
bool capture_event_record(cudaStream_t stream, Event& event, cudaError_t* result);
// cudaStreamWaitEvent: a stream that waits for an event recorded in a capture joins it.
cudaError_t capture_event_wait(cudaStream_t stream, const Event& event);
// cudaStreamDestroy of a capturing stream invalidates its capture.
void forget_stream(Stream* stream);

}  // namespace wf::cudart
