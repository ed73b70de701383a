// Stream capture: cudaStreamBeginCapture makes a stream record its stream-ordered calls as the
// nodes of a graph, each depending on what the stream did before it; an event recorded in a
// capturing stream and waited for by another stream brings that stream into the capture (fork)
// and back (join); cudaStreamEndCapture hands the graph over. The rules and error codes are the
// CUDA runtime reference's (cudaStreamBeginCapture, cudaThreadExchangeStreamCaptureMode).
#include "cuda_runtime/stand_in/stream_capture.h"

#include <algorithm>
#include <memory>
#include <mutex>
#include <set>
#include <thread>

using namespace wf::cudart;

namespace wf::cudart {

struct Capture {
  std::uint64_t id = 0;
  std::unique_ptr<CudaGraph> graph;
  CudaStreamCaptureMode mode = kCaptureModeGlobal;
  Stream* origin = nullptr;
  std::thread::id thread;
  bool invalidated = false;
  std::vector<Stream*> streams;  // origin first, then those that joined
};

}  // namespace wf::cudart

namespace {

// Captures are shared by the program's threads (a stream of one may join another's capture).
// Taken before the device lock, never after it.
std::mutex capture_mutex;
std::vector<std::unique_ptr<Capture>> captures;
std::uint64_t next_capture_id = 1;
thread_local CudaStreamCaptureMode thread_mode = kCaptureModeGlobal;

Capture* find_capture(std::uint64_t id) {
  for (const auto& c : captures)
    if (c->id == id) return c.get();
  return nullptr;
}

void leave(Stream* s) {
  s->capture = nullptr;
  s->dependencies.clear();
  s->edges.clear();
}

void end(Capture* c) {
  for (Stream* s : c->streams) leave(s);
  std::erase_if(captures, [c](const auto& p) { return p.get() == c; });
}

void set_dependencies(Stream* s, std::vector<CudaGraphNode*> nodes) {
  s->dependencies = std::move(nodes);
  s->edges.assign(s->dependencies.size(), CudaGraphEdgeData{});
}

bool blocking(const Capture& c) {
  return std::any_of(c.streams.begin(), c.streams.end(),
                     [](const Stream* s) { return !(s->flags & kStreamNonBlocking); });
}

// Work in the legacy stream waits for every blocking stream, so it cannot be issued while one
// captures: it would depend on work that is not running.
cudaError_t legacy_stream_use() {
  cudaError_t e = kCudaSuccess;
  for (const auto& c : captures) {
    if (!blocking(*c)) continue;
    c->invalidated = true;
    e = kCudaErrorStreamCaptureImplicit;
  }
  return e;
}

// cudaThreadExchangeStreamCaptureMode's rule: a thread may not make potentially unsafe calls
// while it has a capture of its own that is not relaxed, nor, in global mode, while another
// thread has a global one. Those captures are invalidated.
cudaError_t unsafe_call() {
  if (thread_mode == kCaptureModeRelaxed) return kCudaSuccess;
  const auto me = std::this_thread::get_id();
  cudaError_t e = kCudaSuccess;
  for (const auto& c : captures) {
    const bool own = c->thread == me && c->mode != kCaptureModeRelaxed;
    const bool other =
        thread_mode == kCaptureModeGlobal && c->thread != me && c->mode == kCaptureModeGlobal;
    if (!own && !other) continue;
    c->invalidated = true;
    e = kCudaErrorStreamCaptureUnsupported;
  }
  return e;
}

// Every node the origin stream's next node would depend on, directly or not: a joined stream's
// work must be among them when the capture ends.
std::set<const CudaGraphNode*> joined(const Stream& origin) {
  std::set<const CudaGraphNode*> seen;
  std::vector<const CudaGraphNode*> todo(origin.dependencies.begin(), origin.dependencies.end());
  while (!todo.empty()) {
    const CudaGraphNode* n = todo.back();
    todo.pop_back();
    if (!seen.insert(n).second) continue;
    todo.insert(todo.end(), n->dependencies.begin(), n->dependencies.end());
  }
  return seen;
}

bool valid_mode(int mode) {
  return mode == kCaptureModeGlobal || mode == kCaptureModeThreadLocal ||
         mode == kCaptureModeRelaxed;
}

}  // namespace

Stream* wf::cudart::stream_of(cudaStream_t stream) {
  thread_local Stream per_thread_stream;
  if (!stream || stream == kStreamLegacy) return nullptr;
  if (stream == kStreamPerThread) return &per_thread_stream;
  return static_cast<Stream*>(stream);
}

bool wf::cudart::captured(cudaStream_t stream, const NodeMaker& make, cudaError_t* result) {
  std::lock_guard lock(capture_mutex);
  Stream* s = stream_of(stream);
  if (!s) {
    const cudaError_t e = legacy_stream_use();
    if (e != kCudaSuccess) *result = record_error(e);
    return e != kCudaSuccess;
  }
  if (!s->capture) return false;
  Capture& c = *s->capture;
  if (c.invalidated) {
    *result = record_error(kCudaErrorStreamCaptureInvalidated);
    return true;
  }
  if (!make) {
    c.invalidated = true;
    *result = record_error(kCudaErrorStreamCaptureUnsupported);
    return true;
  }
  auto node = std::make_unique<CudaGraphNode>();
  *result = make(*node);
  if (*result != kCudaSuccess) {
    c.invalidated = true;
    return true;
  }
  set_dependencies(s, {add_node(*c.graph, std::move(node), s->dependencies)});
  return true;
}

cudaError_t wf::cudart::check_unsafe_call() {
  std::lock_guard lock(capture_mutex);
  const cudaError_t e = unsafe_call();
  return e == kCudaSuccess ? e : record_error(e);
}

cudaError_t wf::cudart::check_synchronous_call(cudaStream_t stream) {
  std::lock_guard lock(capture_mutex);
  cudaError_t e = kCudaSuccess;
  if (Stream* s = stream_of(stream); !s) {
    e = legacy_stream_use();
  } else if (s->capture) {
    s->capture->invalidated = true;
    e = kCudaErrorStreamCaptureUnsupported;
  }
  if (e == kCudaSuccess) e = unsafe_call();
  return e == kCudaSuccess ? e : record_error(e);
}

cudaError_t wf::cudart::check_stream_wait(cudaStream_t stream) {
  std::lock_guard lock(capture_mutex);
  Stream* s = stream_of(stream);
  if (!s) {
    const cudaError_t e = legacy_stream_use();
    return e == kCudaSuccess ? e : record_error(e);
  }
  if (!s->capture) return kCudaSuccess;
  s->capture->invalidated = true;
  return record_error(kCudaErrorStreamCaptureUnsupported);
}

cudaError_t wf::cudart::check_device_wait() {
  std::lock_guard lock(capture_mutex);
  if (captures.empty()) return kCudaSuccess;
  for (const auto& c : captures) c->invalidated = true;
  return record_error(kCudaErrorStreamCaptureUnsupported);
}

cudaError_t wf::cudart::check_event_use(const Event& event) {
  return event.capture ? record_error(kCudaErrorCapturedEvent) : kCudaSuccess;
}

bool wf::cudart::capture_event_record(cudaStream_t stream, Event& event, cudaError_t* result) {
  std::lock_guard lock(capture_mutex);
  Stream* s = stream_of(stream);
  if (!s) {
    const cudaError_t e = legacy_stream_use();
    if (e != kCudaSuccess) {
      *result = record_error(e);
      return true;
    }
  }
  if (!s || !s->capture) {
    event.capture = 0;
    event.nodes.clear();
    return false;
  }
  if (s->capture->invalidated) {
    *result = record_error(kCudaErrorStreamCaptureInvalidated);
    return true;
  }
  // No node: the event stands for the stream's position in the capture.
  event.capture = s->capture->id;
  event.nodes = s->dependencies;
  *result = kCudaSuccess;
  return true;
}

cudaError_t wf::cudart::capture_event_wait(cudaStream_t stream, const Event& event) {
  std::lock_guard lock(capture_mutex);
  Stream* s = stream_of(stream);
  Capture* from = event.capture ? find_capture(event.capture) : nullptr;
  if (!s) {
    cudaError_t e = legacy_stream_use();
    if (e == kCudaSuccess && from) {
      // The legacy stream cannot capture, so it cannot wait for captured work.
      from->invalidated = true;
      e = kCudaErrorStreamCaptureUnsupported;
    }
    return e == kCudaSuccess ? e : record_error(e);
  }
  Capture* c = s->capture;
  if (!c && !from) return kCudaSuccess;
  if (c && c->invalidated) return record_error(kCudaErrorStreamCaptureInvalidated);
  if (!c) {
    if (from->invalidated) return record_error(kCudaErrorStreamCaptureInvalidated);
    s->capture = from;
    from->streams.push_back(s);
    set_dependencies(s, event.nodes);
    return kCudaSuccess;
  }
  if (from != c) {
    c->invalidated = true;
    return record_error(from ? kCudaErrorStreamCaptureMerge : kCudaErrorStreamCaptureIsolation);
  }
  std::vector<CudaGraphNode*> d = s->dependencies;
  for (CudaGraphNode* n : event.nodes)
    if (std::find(d.begin(), d.end(), n) == d.end()) d.push_back(n);
  set_dependencies(s, std::move(d));
  return kCudaSuccess;
}

void wf::cudart::forget_stream(Stream* s) {
  std::lock_guard lock(capture_mutex);
  Capture* c = s ? s->capture : nullptr;
  if (!c) return;
  // A forked stream whose work the origin has joined back may go (CUDA samples'
  // graphMemoryNodes destroys one mid-capture); any other loses work the graph needed.
  if (c->origin == s) {
    c->invalidated = true;
    return end(c);
  }
  const std::set<const CudaGraphNode*> done = joined(*c->origin);
  for (const CudaGraphNode* n : s->dependencies) c->invalidated |= !done.count(n);
  std::erase(c->streams, s);
  leave(s);
}

WF_CUDART_API cudaError_t cudaStreamBeginCapture(cudaStream_t stream, int mode) {
  if (!valid_mode(mode)) return record_error(kCudaErrorInvalidValue);
  std::lock_guard lock(capture_mutex);
  Stream* s = stream_of(stream);
  if (!s) return record_error(kCudaErrorStreamCaptureUnsupported);
  if (s->capture) return record_error(kCudaErrorIllegalState);
  auto c = std::make_unique<Capture>();
  c->id = next_capture_id++;
  c->graph = std::make_unique<CudaGraph>();
  c->mode = static_cast<CudaStreamCaptureMode>(mode);
  c->origin = s;
  c->thread = std::this_thread::get_id();
  c->streams = {s};
  s->capture = c.get();
  set_dependencies(s, {});
  captures.push_back(std::move(c));
  return kCudaSuccess;
}
WF_CUDART_API cudaError_t cudaStreamBeginCapture_ptsz(cudaStream_t stream, int mode) {
  return cudaStreamBeginCapture(per_thread(stream), mode);
}

WF_CUDART_API cudaError_t cudaStreamEndCapture(cudaStream_t stream, cudaGraph_t* graph) {
  if (!graph) return record_error(kCudaErrorInvalidValue);
  std::lock_guard lock(capture_mutex);
  Stream* s = stream_of(stream);
  if (!s || !s->capture) return record_error(kCudaErrorIllegalState);
  Capture* c = s->capture;
  if (c->origin != s) {
    c->invalidated = true;
    return record_error(kCudaErrorStreamCaptureUnmatched);
  }
  if (c->mode != kCaptureModeRelaxed && c->thread != std::this_thread::get_id())
    return record_error(kCudaErrorStreamCaptureWrongThread);
  const std::set<const CudaGraphNode*> done = joined(*s);
  bool unjoined = false;
  for (const Stream* t : c->streams)
    for (const CudaGraphNode* n : t->dependencies) unjoined |= !done.count(n);
  const bool invalidated = c->invalidated;
  std::unique_ptr<CudaGraph> g = std::move(c->graph);
  end(c);
  *graph = nullptr;
  if (invalidated) return record_error(kCudaErrorStreamCaptureInvalidated);
  if (unjoined) return record_error(kCudaErrorStreamCaptureUnjoined);
  *graph = g.release();
  return kCudaSuccess;
}
WF_CUDART_API cudaError_t cudaStreamEndCapture_ptsz(cudaStream_t stream, cudaGraph_t* graph) {
  return cudaStreamEndCapture(per_thread(stream), graph);
}

WF_CUDART_API cudaError_t cudaStreamGetCaptureInfo(cudaStream_t stream, int* status,
                                                   unsigned long long* id, cudaGraph_t* graph,
                                                   const cudaGraphNode_t** dependencies,
                                                   const CudaGraphEdgeData** edges,
                                                   std::size_t* count) {
  if (!status || (edges && !dependencies)) return record_error(kCudaErrorInvalidValue);
  std::lock_guard lock(capture_mutex);
  Stream* s = stream_of(stream);
  if (!s) {
    // Asking about the legacy stream is itself a use of it; it answers, invalidating nothing.
    for (const auto& c : captures)
      if (blocking(*c)) return record_error(kCudaErrorStreamCaptureImplicit);
    *status = kCaptureStatusNone;
    return kCudaSuccess;
  }
  const Capture* c = s->capture;
  *status =
      !c ? kCaptureStatusNone : (c->invalidated ? kCaptureStatusInvalidated : kCaptureStatusActive);
  if (!c) return kCudaSuccess;
  if (id) *id = c->id;
  if (graph) *graph = c->graph.get();
  if (dependencies) *dependencies = s->dependencies.empty() ? nullptr : s->dependencies.data();
  if (edges) *edges = s->edges.empty() ? nullptr : s->edges.data();
  if (count) *count = s->dependencies.size();
  return kCudaSuccess;
}
WF_CUDART_API cudaError_t cudaStreamGetCaptureInfo_ptsz(cudaStream_t stream, int* status,
                                                        unsigned long long* id, cudaGraph_t* graph,
                                                        const cudaGraphNode_t** dependencies,
                                                        const CudaGraphEdgeData** edges,
                                                        std::size_t* count) {
  return cudaStreamGetCaptureInfo(per_thread(stream), status, id, graph, dependencies, edges,
                                  count);
}

WF_CUDART_API cudaError_t cudaStreamIsCapturing(cudaStream_t stream, int* status) {
  return cudaStreamGetCaptureInfo(stream, status, nullptr, nullptr, nullptr, nullptr, nullptr);
}
WF_CUDART_API cudaError_t cudaStreamIsCapturing_ptsz(cudaStream_t stream, int* status) {
  return cudaStreamIsCapturing(per_thread(stream), status);
}

WF_CUDART_API cudaError_t cudaThreadExchangeStreamCaptureMode(int* mode) {
  if (!mode || !valid_mode(*mode)) return record_error(kCudaErrorInvalidValue);
  const int previous = thread_mode;
  thread_mode = static_cast<CudaStreamCaptureMode>(*mode);
  *mode = previous;
  return kCudaSuccess;
}
