// CUDA graphs and stream capture: a graph built by hand (memcpy, memset, kernel, host, empty and
// child-graph nodes whose dependencies form a diamond, some added after their nodes), the same
// computation captured from two streams that fork and join through events, each launched several
// times and checked against the CPU after every launch; a kernel node's arguments as they were
// when it was added, a parameter update of an instantiated graph, a clone, an update of a whole
// instantiated graph, and the calls a capture refuses. Graph memory: allocation and free nodes
// built by hand and captured from cudaMallocAsync/cudaFreeAsync (with a forked stream destroyed
// once joined), an allocation a graph leaves live, and the footprint the allocator reports.
#include <cstdint>
#include <cstdio>
#include <vector>

#include "check.h"

// Kernels in a named namespace: nvcc names an anonymous namespace's after the source path.
namespace graphs {

__global__ void scale(const int* in, int* out, int factor, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = factor * in[i];
}

__global__ void offset(const int* in, const int* bias, int* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i] + bias[i];
}

__global__ void fill(int* out, int value, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = value;
}

__global__ void combine(const int* a, const int* b, int* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = a[i] + b[i];
}

}  // namespace graphs

namespace {

constexpr int kN = 3000, kThreads = 128, kBlocks = (kN + kThreads - 1) / kThreads;
constexpr int kBias = 7;

struct Buffers {
  int *in, *a, *b, *bias, *out;
};

// What the graph's host node sees: the output as the copy before it left it.
struct HostCheck {
  const int* host_in;
  const int* host_out;
  int factor;
  int calls = 0, wrong = 0;
};

int wrong_results(const int* in, const int* out, int factor) {
  int wrong = 0;
  for (int i = 0; i < kN; ++i) wrong += out[i] != factor * in[i] + in[i] + kBias;
  return wrong;
}

void CUDART_CB host_check(void* data) {
  auto* c = static_cast<HostCheck*>(data);
  ++c->calls;
  c->wrong += wrong_results(c->host_in, c->host_out, c->factor);
}

void new_input(int* in, int launch) {
  for (int i = 0; i < kN; ++i) in[i] = (i * 37 + launch * 101) % 1000 - 500;
}

cudaGraphNodeType type_of(cudaGraphNode_t node) {
  cudaGraphNodeType t;
  CHECK(cudaGraphNodeGetType(node, &t));
  return t;
}

std::size_t node_count(cudaGraph_t graph, bool roots) {
  std::size_t n = 0;
  CHECK(roots ? cudaGraphGetRootNodes(graph, nullptr, &n) : cudaGraphGetNodes(graph, nullptr, &n));
  return n;
}

// Launches `exec` `launches` times with new input each time; returns the wrong results the
// program and the host node found.
int run(cudaGraphExec_t exec, cudaStream_t stream, int* host_in, const int* host_out,
        HostCheck* check, int factor, int launches, int first) {
  int wrong = 0;
  check->factor = factor;
  for (int l = 0; l < launches; ++l) {
    new_input(host_in, first + l);
    CHECK(cudaGraphLaunch(exec, stream));
    CHECK(cudaStreamSynchronize(stream));
    wrong += wrong_results(host_in, host_out, factor);
  }
  return wrong + check->wrong;
}

void expect(const char* what, cudaError_t got, cudaError_t want) {
  std::printf("%s: %s%s\n", what, cudaGetErrorName(got), got == want ? "" : " (unexpected)");
  cudaGetLastError();
}

std::uint64_t footprint(cudaGraphMemAttributeType attribute) {
  std::uint64_t v = 0;
  CHECK(cudaDeviceGetGraphMemAttribute(0, attribute, &v));
  return v;
}

// Graph memory nodes; returns the wrong results.
int memory_nodes(int* host_in, int* host_out, cudaStream_t stream) {
  const std::size_t bytes = kN * sizeof(int);
  int n = kN, factor = 7, wrong = 0;
  // in -> buffer (a graph allocation) -> x7 in place -> out, then freed: launchable again.
  cudaMemAllocNodeParams alloc = {};
  alloc.poolProps.allocType = cudaMemAllocationTypePinned;
  alloc.poolProps.location.type = cudaMemLocationTypeDevice;
  alloc.bytesize = bytes;
  cudaGraph_t graph;
  CHECK(cudaGraphCreate(&graph, 0));
  cudaGraphNode_t alloc_node, copy_in, scale_node, copy_out, free_node;
  CHECK(cudaGraphAddMemAllocNode(&alloc_node, graph, nullptr, 0, &alloc));
  int* buffer = static_cast<int*>(alloc.dptr);
  CHECK(cudaGraphAddMemcpyNode1D(&copy_in, graph, &alloc_node, 1, buffer, host_in, bytes,
                                 cudaMemcpyHostToDevice));
  void* args[] = {&buffer, &buffer, &factor, &n};
  cudaKernelNodeParams k = {};
  k.func = reinterpret_cast<void*>(graphs::scale);
  k.gridDim = dim3(kBlocks);
  k.blockDim = dim3(kThreads);
  k.kernelParams = args;
  CHECK(cudaGraphAddKernelNode(&scale_node, graph, &copy_in, 1, &k));
  CHECK(cudaGraphAddMemcpyNode1D(&copy_out, graph, &scale_node, 1, host_out, buffer, bytes,
                                 cudaMemcpyDeviceToHost));
  CHECK(cudaGraphAddMemFreeNode(&free_node, graph, &copy_out, 1, buffer));
  cudaGraph_t clone;
  expect("clone of a graph with memory nodes", cudaGraphClone(&clone, graph),
         cudaErrorNotSupported);
  const std::uint64_t before = footprint(cudaGraphMemAttrUsedMemCurrent);
  cudaGraphExec_t exec;
  CHECK(cudaGraphInstantiate(&exec, graph, 0));
  for (int l = 0; l < 2; ++l) {
    new_input(host_in, 20 + l);
    CHECK(cudaGraphLaunch(exec, stream));
    CHECK(cudaStreamSynchronize(stream));
    for (int i = 0; i < kN; ++i) wrong += host_out[i] != factor * host_in[i];
  }
  // The allocator keeps the freed memory for later launches until it is trimmed.
  const std::uint64_t after = footprint(cudaGraphMemAttrUsedMemCurrent);
  const std::uint64_t reserved = footprint(cudaGraphMemAttrReservedMemCurrent);
  const std::uint64_t high = footprint(cudaGraphMemAttrUsedMemHigh);
  CHECK(cudaDeviceGraphMemTrim(0));
  const std::uint64_t trimmed = footprint(cudaGraphMemAttrUsedMemCurrent);
  std::printf(
      "memory nodes: 2 launches, %d wrong; footprint %llu before, %llu after (reserved %llu, "
      "high %llu), %llu once trimmed\n",
      wrong, (unsigned long long)before, (unsigned long long)after, (unsigned long long)reserved,
      (unsigned long long)high, (unsigned long long)trimmed);
  wrong += after != bytes || reserved != bytes || high != bytes || trimmed != 0;
  CHECK(cudaGraphExecDestroy(exec));
  CHECK(cudaGraphDestroy(graph));

  // The same from a capture; the side stream joins, works and is destroyed before the end.
  cudaStream_t side;
  cudaEvent_t forked, done;
  CHECK(cudaStreamBeginCapture(stream, cudaStreamCaptureModeGlobal));
  int* p = nullptr;
  CHECK(cudaMallocAsync(&p, bytes, stream));
  CHECK(cudaMemcpyAsync(p, host_in, bytes, cudaMemcpyHostToDevice, stream));
  CHECK(cudaStreamCreateWithFlags(&side, cudaStreamNonBlocking));
  CHECK(cudaEventCreate(&forked));
  CHECK(cudaEventCreate(&done));
  CHECK(cudaEventRecord(forked, stream));
  CHECK(cudaStreamWaitEvent(side, forked, 0));
  graphs::scale<<<kBlocks, kThreads, 0, side>>>(p, p, 5, kN);
  CHECK(cudaEventRecord(done, side));
  CHECK(cudaStreamWaitEvent(stream, done, 0));
  CHECK(cudaStreamDestroy(side));
  CHECK(cudaMemcpyAsync(host_out, p, bytes, cudaMemcpyDeviceToHost, stream));
  CHECK(cudaFreeAsync(p, stream));
  CHECK(cudaStreamEndCapture(stream, &graph));
  std::size_t count = 0;
  CHECK(cudaGraphGetNodes(graph, nullptr, &count));
  std::vector<cudaGraphNode_t> nodes(count);
  CHECK(cudaGraphGetNodes(graph, nodes.data(), &count));
  int allocs = 0, frees = 0;
  for (cudaGraphNode_t node : nodes) {
    allocs += type_of(node) == cudaGraphNodeTypeMemAlloc;
    frees += type_of(node) == cudaGraphNodeTypeMemFree;
  }
  cudaMemAllocNodeParams got = {};
  for (cudaGraphNode_t node : nodes)
    if (type_of(node) == cudaGraphNodeTypeMemAlloc)
      CHECK(cudaGraphMemAllocNodeGetParams(node, &got));
  CHECK(cudaGraphInstantiate(&exec, graph, 0));
  int captured_wrong = 0;
  for (int l = 0; l < 2; ++l) {
    new_input(host_in, 30 + l);
    CHECK(cudaGraphLaunch(exec, stream));
    CHECK(cudaStreamSynchronize(stream));
    for (int i = 0; i < kN; ++i) captured_wrong += host_out[i] != 5 * host_in[i];
  }
  std::printf(
      "captured memory nodes: %zu nodes, %d allocation, %d free, the allocation node has "
      "the captured address: %d; 2 launches, %d wrong\n",
      count, allocs, frees, got.dptr == p && got.bytesize == bytes, captured_wrong);
  wrong += captured_wrong + (allocs != 1) + (frees != 1) + (got.dptr != p);
  CHECK(cudaGraphExecDestroy(exec));
  CHECK(cudaGraphDestroy(graph));
  CHECK(cudaEventDestroy(forked));
  CHECK(cudaEventDestroy(done));

  // An allocation the graph does not free outlives the launch until cudaFree; launching the
  // graph again before that is an error.
  CHECK(cudaGraphCreate(&graph, 0));
  CHECK(cudaGraphAddMemAllocNode(&alloc_node, graph, nullptr, 0, &alloc));
  int* kept = static_cast<int*>(alloc.dptr);
  cudaMemsetParams m = {};
  m.dst = kept;
  m.value = 0x01;
  m.elementSize = 1;
  m.width = bytes;
  m.height = 1;
  cudaGraphNode_t set_node;
  CHECK(cudaGraphAddMemsetNode(&set_node, graph, &alloc_node, 1, &m));
  CHECK(cudaGraphInstantiate(&exec, graph, 0));
  CHECK(cudaGraphLaunch(exec, stream));
  CHECK(cudaMemcpy(host_out, kept, bytes, cudaMemcpyDeviceToHost));
  const bool kept_ok = host_out[0] == 0x01010101 && host_out[kN - 1] == 0x01010101;
  expect("relaunch with the allocation live", cudaGraphLaunch(exec, stream), cudaErrorInvalidValue);
  expect("cudaFree of the live allocation", cudaFree(kept), cudaSuccess);
  expect("relaunch after the free", cudaGraphLaunch(exec, stream), cudaSuccess);
  expect("cudaFreeAsync of it", cudaFreeAsync(kept, stream), cudaSuccess);
  expect("cudaFree once more", cudaFree(kept), cudaErrorInvalidValue);
  std::printf("  the allocation kept its contents after the launch: %s\n", kept_ok ? "yes" : "no");
  wrong += !kept_ok;
  CHECK(cudaGraphExecDestroy(exec));
  CHECK(cudaGraphDestroy(graph));
  CHECK(cudaDeviceGraphMemTrim(0));
  return wrong;
}

}  // namespace

int main() {
  int *host_in, *host_out;
  CHECK(cudaMallocHost(&host_in, kN * sizeof(int)));
  CHECK(cudaMallocHost(&host_out, kN * sizeof(int)));
  Buffers d;
  for (int** p : {&d.in, &d.a, &d.b, &d.bias, &d.out}) CHECK(cudaMalloc(p, kN * sizeof(int)));
  cudaStream_t s1, s2, side;
  CHECK(cudaStreamCreate(&s1));
  CHECK(cudaStreamCreate(&s2));
  CHECK(cudaStreamCreateWithFlags(&side, cudaStreamNonBlocking));
  int total_wrong = 0;

  // By hand. Nodes are added out of order and joined by cudaGraphAddDependencies afterwards:
  // copy_out and combine before what they depend on.
  cudaGraph_t graph;
  CHECK(cudaGraphCreate(&graph, 0));
  cudaGraphNode_t copy_out, combine_node, copy_in, set_bias, scale_node, child_node, join, host;
  CHECK(cudaGraphAddMemcpyNode1D(&copy_out, graph, nullptr, 0, host_out, d.out, kN * sizeof(int),
                                 cudaMemcpyDeviceToHost));
  int factor = 3;
  int n = kN;
  void* combine_args[] = {&d.a, &d.b, &d.out, &n};
  cudaKernelNodeParams kp = {};
  kp.func = reinterpret_cast<void*>(graphs::combine);
  kp.gridDim = dim3(kBlocks);
  kp.blockDim = dim3(kThreads);
  kp.kernelParams = combine_args;
  CHECK(cudaGraphAddKernelNode(&combine_node, graph, nullptr, 0, &kp));

  cudaMemcpy3DParms copy = {};
  copy.srcPtr = make_cudaPitchedPtr(host_in, kN * sizeof(int), kN, 1);
  copy.dstPtr = make_cudaPitchedPtr(d.in, kN * sizeof(int), kN, 1);
  copy.extent = make_cudaExtent(kN * sizeof(int), 1, 1);
  copy.kind = cudaMemcpyHostToDevice;
  CHECK(cudaGraphAddMemcpyNode(&copy_in, graph, nullptr, 0, &copy));
  cudaMemsetParams ms = {};
  ms.dst = d.bias;
  ms.value = kBias;
  ms.elementSize = sizeof(int);
  ms.width = kN;
  ms.height = 1;
  CHECK(cudaGraphAddMemsetNode(&set_bias, graph, nullptr, 0, &ms));

  // The factor is taken when the node is added: changing the variable later changes nothing.
  void* scale_args[] = {&d.in, &d.a, &factor, &n};
  kp.func = reinterpret_cast<void*>(graphs::scale);
  kp.kernelParams = scale_args;
  CHECK(cudaGraphAddKernelNode(&scale_node, graph, &copy_in, 1, &kp));
  factor = 1000;

  // The child graph: an empty node, then offset.
  cudaGraph_t child;
  CHECK(cudaGraphCreate(&child, 0));
  cudaGraphNode_t child_start, child_offset;
  CHECK(cudaGraphAddEmptyNode(&child_start, child, nullptr, 0));
  void* offset_args[] = {&d.in, &d.bias, &d.b, &n};
  kp.func = reinterpret_cast<void*>(graphs::offset);
  kp.kernelParams = offset_args;
  CHECK(cudaGraphAddKernelNode(&child_offset, child, &child_start, 1, &kp));
  const cudaGraphNode_t child_deps[] = {copy_in, set_bias};
  CHECK(cudaGraphAddChildGraphNode(&child_node, graph, child_deps, 2, child));
  // The child node holds a copy: destroying the original changes nothing.
  CHECK(cudaGraphDestroy(child));

  const cudaGraphNode_t branches[] = {scale_node, child_node};
  CHECK(cudaGraphAddEmptyNode(&join, graph, branches, 2));
  HostCheck check = {host_in, host_out, 3};
  cudaHostNodeParams hp = {host_check, &check};
  CHECK(cudaGraphAddHostNode(&host, graph, &copy_out, 1, &hp));
  const cudaGraphNode_t from[] = {join, combine_node};
  const cudaGraphNode_t to[] = {combine_node, copy_out};
  CHECK(cudaGraphAddDependencies(graph, from, to, nullptr, 2));
  expect("edge added twice", cudaGraphAddDependencies(graph, from, to, nullptr, 1),
         cudaErrorInvalidValue);

  std::vector<cudaGraphNode_t> nodes(node_count(graph, false));
  std::size_t listed = nodes.size();
  CHECK(cudaGraphGetNodes(graph, nodes.data(), &listed));
  int types[8] = {};
  for (cudaGraphNode_t node : nodes) ++types[type_of(node)];
  std::printf(
      "hand-built graph: %zu nodes, %zu roots; kernel %d, memcpy %d, memset %d, host %d, "
      "graph %d, empty %d\n",
      nodes.size(), node_count(graph, true), types[cudaGraphNodeTypeKernel],
      types[cudaGraphNodeTypeMemcpy], types[cudaGraphNodeTypeMemset], types[cudaGraphNodeTypeHost],
      types[cudaGraphNodeTypeGraph], types[cudaGraphNodeTypeEmpty]);

  cudaGraphExec_t exec;
  CHECK(cudaGraphInstantiate(&exec, graph, 0));
  int wrong = run(exec, s1, host_in, host_out, &check, 3, 3, 0);
  std::printf("hand-built graph: 3 launches, host node ran %d times, %d wrong\n", check.calls,
              wrong);
  total_wrong += wrong;

  // A new factor for the instantiated graph only: the graph's own node keeps 3.
  factor = 5;
  kp.func = reinterpret_cast<void*>(graphs::scale);
  kp.kernelParams = scale_args;
  CHECK(cudaGraphExecKernelNodeSetParams(exec, scale_node, &kp));
  check = {host_in, host_out, 5};
  wrong = run(exec, s2, host_in, host_out, &check, 5, 2, 3);
  cudaKernelNodeParams got = {};
  CHECK(cudaGraphKernelNodeGetParams(scale_node, &got));
  const int kept = *static_cast<int*>(got.kernelParams[2]);
  std::printf("updated instance: factor 5, %d wrong; the graph's node keeps factor %d\n", wrong,
              kept);
  total_wrong += wrong + (kept != 3);

  // A clone with its own factor, and the whole instance updated from it.
  cudaGraph_t clone;
  CHECK(cudaGraphClone(&clone, graph));
  cudaGraphNode_t cloned_scale;
  CHECK(cudaGraphNodeFindInClone(&cloned_scale, scale_node, clone));
  factor = 9;
  CHECK(cudaGraphKernelNodeSetParams(cloned_scale, &kp));
  cudaGraphExec_t clone_exec;
  CHECK(cudaGraphInstantiate(&clone_exec, clone, 0));
  check = {host_in, host_out, 9};
  wrong = run(clone_exec, s1, host_in, host_out, &check, 9, 2, 5);
  std::printf("clone: %zu nodes, factor 9, %d wrong\n", node_count(clone, false), wrong);
  total_wrong += wrong;
  cudaGraphExecUpdateResultInfo info;
  CHECK(cudaGraphExecUpdate(exec, clone, &info));
  check = {host_in, host_out, 9};
  wrong = run(exec, s1, host_in, host_out, &check, 9, 1, 7);
  std::printf("instance updated from the clone: factor 9, %d wrong\n", wrong);
  total_wrong += wrong;
  cudaGraphNode_t extra;
  CHECK(cudaGraphAddEmptyNode(&extra, clone, nullptr, 0));
  expect("update with another topology", cudaGraphExecUpdate(exec, clone, &info),
         cudaErrorGraphExecUpdateFailure);
  std::printf("  result %s\n",
              info.result == cudaGraphExecUpdateErrorTopologyChanged ? "topology changed" : "?");

  // Captured: s1 copies the input in and scales it while s2, forked from s1 by an event, fills
  // the bias and offsets; s1 waits for s2's event, combines, copies out and checks on the host.
  cudaEvent_t fork, joined;
  CHECK(cudaEventCreate(&fork));
  CHECK(cudaEventCreate(&joined));
  factor = 3;
  CHECK(cudaStreamBeginCapture(s1, cudaStreamCaptureModeGlobal));
  CHECK(cudaMemcpyAsync(d.in, host_in, kN * sizeof(int), cudaMemcpyHostToDevice, s1));
  CHECK(cudaEventRecord(fork, s1));
  CHECK(cudaStreamWaitEvent(s2, fork, 0));
  graphs::fill<<<kBlocks, kThreads, 0, s2>>>(d.bias, kBias, kN);
  graphs::offset<<<kBlocks, kThreads, 0, s2>>>(d.in, d.bias, d.b, kN);
  CHECK(cudaEventRecord(joined, s2));
  graphs::scale<<<kBlocks, kThreads, 0, s1>>>(d.in, d.a, factor, kN);
  factor = 1000;  // captured already
  CHECK(cudaStreamWaitEvent(s1, joined, 0));
  graphs::combine<<<kBlocks, kThreads, 0, s1>>>(d.a, d.b, d.out, kN);
  CHECK(cudaMemsetAsync(d.a, 0, kN * sizeof(int), s1));
  CHECK(cudaMemcpyAsync(host_out, d.out, kN * sizeof(int), cudaMemcpyDeviceToHost, s1));
  check = {host_in, host_out, 3};
  CHECK(cudaLaunchHostFunc(s1, host_check, &check));
  cudaStreamCaptureStatus status1, status2;
  CHECK(cudaStreamIsCapturing(s1, &status1));
  CHECK(cudaStreamIsCapturing(s2, &status2));
  unsigned long long id = 0;
  const cudaGraphNode_t* deps = nullptr;
  std::size_t ndeps = 0;
  CHECK(cudaStreamGetCaptureInfo(s1, &status1, &id, nullptr, &deps, nullptr, &ndeps));
  // The dependencies are the stream's until its next call.
  const bool after_host = ndeps == 1 && type_of(deps[0]) == cudaGraphNodeTypeHost;
  cudaGraph_t captured;
  CHECK(cudaStreamEndCapture(s1, &captured));
  std::printf("capture: s1 %s, s2 %s, %zu dependency (a host node: %s); %zu nodes, %zu root\n",
              status1 == cudaStreamCaptureStatusActive ? "active" : "?",
              status2 == cudaStreamCaptureStatusActive ? "active" : "?", ndeps,
              after_host ? "yes" : "no", node_count(captured, false), node_count(captured, true));
  CHECK(cudaStreamIsCapturing(s2, &status2));
  std::printf("  after the capture s2 is %s\n",
              status2 == cudaStreamCaptureStatusNone ? "not capturing" : "?");
  cudaGraphExec_t captured_exec;
  CHECK(cudaGraphInstantiateWithFlags(&captured_exec, captured, 0));
  CHECK(cudaGraphUpload(captured_exec, s1));
  wrong = run(captured_exec, s2, host_in, host_out, &check, 3, 3, 8);
  std::printf("captured graph: 3 launches, host node ran %d times, %d wrong\n", check.calls, wrong);
  total_wrong += wrong;

  // Refusals.
  cudaGraph_t none = nullptr;
  expect("capture of the NULL stream", cudaStreamBeginCapture(0, cudaStreamCaptureModeGlobal),
         cudaErrorStreamCaptureUnsupported);
  CHECK(cudaStreamBeginCapture(s1, cudaStreamCaptureModeGlobal));
  expect("cudaMemcpy while a blocking stream captures",
         cudaMemcpy(d.in, host_in, kN * sizeof(int), cudaMemcpyHostToDevice),
         cudaErrorStreamCaptureImplicit);
  CHECK(cudaStreamIsCapturing(s1, &status1));
  std::printf("  capture %s\n",
              status1 == cudaStreamCaptureStatusInvalidated ? "invalidated" : "?");
  expect("  end", cudaStreamEndCapture(s1, &none), cudaErrorStreamCaptureInvalidated);
  CHECK(cudaStreamBeginCapture(side, cudaStreamCaptureModeGlobal));
  int* p = nullptr;
  expect("cudaMalloc in global capture", cudaMalloc(&p, 256), cudaErrorStreamCaptureUnsupported);
  expect("  end", cudaStreamEndCapture(side, &none), cudaErrorStreamCaptureInvalidated);
  CHECK(cudaStreamBeginCapture(side, cudaStreamCaptureModeRelaxed));
  expect("cudaMalloc in relaxed capture", cudaMalloc(&p, 256), cudaSuccess);
  CHECK(cudaFree(p));
  CHECK(cudaStreamEndCapture(side, &none));
  std::printf("  end: a graph of %zu nodes\n", node_count(none, false));
  CHECK(cudaGraphDestroy(none));
  CHECK(cudaStreamBeginCapture(s1, cudaStreamCaptureModeGlobal));
  expect("cudaStreamSynchronize of the capturing stream", cudaStreamSynchronize(s1),
         cudaErrorStreamCaptureUnsupported);
  expect("  end", cudaStreamEndCapture(s1, &none), cudaErrorStreamCaptureInvalidated);
  CHECK(cudaStreamBeginCapture(s1, cudaStreamCaptureModeGlobal));
  CHECK(cudaEventRecord(fork, s1));
  CHECK(cudaStreamWaitEvent(s2, fork, 0));
  graphs::fill<<<kBlocks, kThreads, 0, s2>>>(d.bias, 0, kN);
  expect("end with work in s2 not joined", cudaStreamEndCapture(s1, &none),
         cudaErrorStreamCaptureUnjoined);
  expect("cudaStreamEndCapture of a stream not capturing", cudaStreamEndCapture(s1, &none),
         cudaErrorIllegalState);
  CHECK(cudaStreamBeginCapture(side, cudaStreamCaptureModeGlobal));
  expect("cudaDeviceSynchronize during a capture", cudaDeviceSynchronize(),
         cudaErrorStreamCaptureUnsupported);
  expect("  end", cudaStreamEndCapture(side, &none), cudaErrorStreamCaptureInvalidated);
  // The bias fill of the unjoined capture never ran: the device still holds kBias.
  CHECK(cudaMemcpy(host_out, d.bias, kN * sizeof(int), cudaMemcpyDeviceToHost));
  int changed = 0;
  for (int i = 0; i < kN; ++i) changed += host_out[i] != kBias;
  std::printf("refused captures ran nothing: %d elements changed\n", changed);
  total_wrong += changed;

  total_wrong += memory_nodes(host_in, host_out, s1);

  CHECK(cudaGraphExecDestroy(exec));
  CHECK(cudaGraphExecDestroy(clone_exec));
  CHECK(cudaGraphExecDestroy(captured_exec));
  CHECK(cudaGraphDestroy(graph));
  CHECK(cudaGraphDestroy(clone));
  CHECK(cudaGraphDestroy(captured));
  CHECK(cudaEventDestroy(fork));
  CHECK(cudaEventDestroy(joined));
  for (cudaStream_t s : {s1, s2, side}) CHECK(cudaStreamDestroy(s));
  for (int* q : {d.in, d.a, d.b, d.bias, d.out}) CHECK(cudaFree(q));
  CHECK(cudaFreeHost(host_in));
  CHECK(cudaFreeHost(host_out));
  std::printf("%s\n", total_wrong ? "FAIL" : "PASS");
  return total_wrong ? 1 : 0;
}
