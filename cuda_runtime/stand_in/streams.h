// Streams and events as the stand-in holds them (streams_events.cpp). The device runs every
// operation when it is issued, so a stream needs no queue: what it holds is its part in a stream
// capture (stream_capture.cpp).
#pragma once

#include <cstdint>
#include <vector>

#include "cuda_runtime/stand_in/graph.h"

namespace wf::cudart {

struct Capture;

struct Stream {
  unsigned flags = 0;
  Capture* capture = nullptr;  // the capture sequence the stream takes part in, if any
  // The nodes the stream's next captured operation depends on, and their (default) edges.
  std::vector<CudaGraphNode*> dependencies;
  std::vector<CudaGraphEdgeData> edges;
};

struct Event {
  bool recorded = false;
  std::uint64_t cycles = 0;
  // Last recorded in a capturing stream: the capture's id and the nodes a stream that waits
  // for the event then depends on.
  std::uint64_t capture = 0;
  std::vector<CudaGraphNode*> nodes;
};

// The stream a handle names: null for the legacy default stream (0 or cudaStreamLegacy), the
// calling thread's own for cudaStreamPerThread.
Stream* stream_of(cudaStream_t stream);
// What 0 means to the _ptsz forms (nvcc --default-stream per-thread): the per-thread stream.
inline cudaStream_t per_thread(cudaStream_t stream) {
  return stream ? stream : kStreamPerThread;
}

}  // namespace wf::cudart
