// CUDA graphs: nodes with their parameters copied when added (a kernel node's arguments
// included, so a later launch uses the values of when the graph was built), instantiated into an
// order that respects every dependency and launched node by node through the same functions the
// stream-ordered calls use (stream_work.h). The device runs everything in issue order, so any
// topological order is a valid schedule of the graph; branches do not overlap.
#include <algorithm>
#include <cstring>
#include <unordered_map>

#include "cuda_runtime/stand_in/graph.h"
#include "cuda_runtime/stand_in/stream_capture.h"

using namespace wf::cudart;

struct CudaGraphExec {
  std::unique_ptr<CudaGraph> graph;
  bool auto_free = false;                   // cudaGraphInstantiateFlagAutoFreeOnLaunch
  std::vector<const CudaGraphNode*> order;  // child graphs expanded in place
};

namespace {

// The nodes of `graph` in an order that respects every dependency, the earliest added first
// among those that are ready, child graphs expanded; false when the dependencies form a cycle.
bool schedule(const CudaGraph& graph, std::vector<const CudaGraphNode*>* order) {
  const std::size_t n = graph.nodes.size();
  std::unordered_map<const CudaGraphNode*, std::size_t> index;
  for (std::size_t i = 0; i < n; ++i) index[graph.nodes[i].get()] = i;
  std::vector<std::size_t> waiting(n);
  std::vector<std::vector<std::size_t>> dependents(n);
  for (std::size_t i = 0; i < n; ++i) {
    waiting[i] = graph.nodes[i]->dependencies.size();
    for (const CudaGraphNode* d : graph.nodes[i]->dependencies) dependents[index[d]].push_back(i);
  }
  std::vector<bool> done(n);
  for (std::size_t scheduled = 0; scheduled < n; ++scheduled) {
    std::size_t next = 0;
    while (next < n && (done[next] || waiting[next] != 0)) ++next;
    if (next == n) return false;
    done[next] = true;
    for (std::size_t d : dependents[next]) --waiting[d];
    const CudaGraphNode* node = graph.nodes[next].get();
    if (node->type == kGraphNodeGraph) {
      if (!schedule(*node->child, order)) return false;
    } else {
      order->push_back(node);
    }
  }
  return true;
}

// A memset node of 2- or 4-byte elements: the pattern of one row, copied to each row.
cudaError_t set_elements(const CudaMemsetParams& m) {
  std::vector<std::uint8_t> row(m.width * m.elementSize);
  for (std::size_t i = 0; i < row.size(); ++i)
    row[i] = static_cast<std::uint8_t>(m.value >> (8 * (i % m.elementSize)));
  for (std::size_t y = 0; y < m.height; ++y) {
    const cudaError_t e =
        run_copy(static_cast<char*>(m.dst) + y * m.pitch, row.data(), row.size(), kHostToDevice);
    if (e != kCudaSuccess) return e;
  }
  return kCudaSuccess;
}

cudaError_t run_node(const CudaGraphNode& node) {
  switch (node.type) {
    case kGraphNodeKernel:
      return run_kernel(node.kernel);
    case kGraphNodeMemcpy:
      if (node.copy_1d)
        return run_copy(node.copy.dstPtr.ptr, node.copy.srcPtr.ptr, node.copy.extent.width,
                        node.copy.kind);
      return run_copy_3d(node.copy);
    case kGraphNodeMemset: {
      const CudaMemsetParams& m = node.memset;
      if (m.elementSize != 1) return set_elements(m);
      return run_memset_2d(m.dst, m.pitch, static_cast<int>(m.value), m.width, m.height);
    }
    case kGraphNodeHost:
      node.host.fn(node.host.userData);
      return kCudaSuccess;
    case kGraphNodeEventRecord:
      return record_event(node.event);
    case kGraphNodeMemAlloc:
      return GraphMemory::get().allocate(node.allocation.address());
    case kGraphNodeMemFree:
      return GraphMemory::get().free(node.freed);
    default:  // empty nodes and event waits: the device is in order
      return kCudaSuccess;
  }
}

// A copy of the node's parameters (a child graph cloned), remembering where it came from.
std::unique_ptr<CudaGraphNode> copy_node(const CudaGraphNode& from) {
  auto n = std::make_unique<CudaGraphNode>();
  n->type = from.type;
  n->original = &from;
  n->kernel = from.kernel;
  n->copy = from.copy;
  n->copy_1d = from.copy_1d;
  n->memset = from.memset;
  n->host = from.host;
  if (from.child) n->child = clone_graph(*from.child);
  n->event = from.event;
  n->allocation = from.allocation;
  n->freed = from.freed;
  return n;
}

bool in_graph(const CudaGraph* graph, const CudaGraphNode* node) {
  return node && node->graph == graph;
}

// The cudaGraphAdd...Node functions: the checks they share, then the node `make` builds.
template <class Make>
cudaError_t add(cudaGraphNode_t* out, cudaGraph_t graph, const cudaGraphNode_t* dependencies,
                std::size_t count, Make make) {
  if (!out || !graph || (count && !dependencies)) return record_error(kCudaErrorInvalidValue);
  std::vector<CudaGraphNode*> d(dependencies, dependencies + count);
  for (std::size_t i = 0; i < count; ++i)
    if (!in_graph(graph, d[i]) || std::find(d.begin(), d.begin() + i, d[i]) != d.begin() + i)
      return record_error(kCudaErrorInvalidValue);
  auto node = std::make_unique<CudaGraphNode>();
  const cudaError_t e = make(*node);
  if (e != kCudaSuccess) return e;
  *out = add_node(*graph, std::move(node), std::move(d));
  return kCudaSuccess;
}

cudaError_t memset_node(CudaGraphNode& node, const CudaMemsetParams* p) {
  if (!p || !p->dst) return record_error(kCudaErrorInvalidValue);
  if (p->elementSize != 1 && p->elementSize != 2 && p->elementSize != 4)
    return record_error(kCudaErrorInvalidValue);
  // The pitch only matters between rows.
  if (p->height > 1 && p->pitch < p->width * p->elementSize)
    return record_error(kCudaErrorInvalidValue);
  node.type = kGraphNodeMemset;
  node.memset = *p;
  if (p->height <= 1) node.memset.pitch = p->width * p->elementSize;
  if (p->elementSize == 1) node.memset.value &= 0xff;
  return kCudaSuccess;
}

cudaError_t host_node(CudaGraphNode& node, const CudaHostNodeParams* p) {
  if (!p || !p->fn) return record_error(kCudaErrorInvalidValue);
  node.type = kGraphNodeHost;
  node.host = *p;
  return kCudaSuccess;
}

// The builder of an event record or wait node.
auto event_node(CudaGraphNodeType type, cudaEvent_t event) {
  return [type, event](CudaGraphNode& n) -> cudaError_t {
    if (!event) return record_error(kCudaErrorInvalidValue);
    n.type = type;
    n.event = event;
    return kCudaSuccess;
  };
}

CudaGraphNode* node_of_type(cudaGraphNode_t node, CudaGraphNodeType type) {
  return node && node->type == type ? node : nullptr;
}

// The copy of `node` (a node of the graph `exec` was instantiated from) in `exec`.
CudaGraphNode* exec_node(cudaGraphExec_t exec, cudaGraphNode_t node) {
  if (!exec || !node) return nullptr;
  for (const auto& n : exec->graph->nodes)
    if (n->original == node) return n.get();
  return nullptr;
}

// The first `*count` of `nodes` into `out`, padded with nulls, or only their number when `out`
// is null (cudaGraphGetNodes and the other listing functions).
cudaError_t list(const std::vector<CudaGraphNode*>& nodes, cudaGraphNode_t* out,
                 std::size_t* count) {
  if (!count) return record_error(kCudaErrorInvalidValue);
  if (out) {
    for (std::size_t i = 0; i < *count; ++i) out[i] = i < nodes.size() ? nodes[i] : nullptr;
    *count = std::min(*count, nodes.size());
  } else {
    *count = nodes.size();
  }
  return kCudaSuccess;
}

// The same nodes of the same types with the same dependencies, in the same order.
const CudaGraphNode* first_difference(const CudaGraph& a, const CudaGraph& b, int* why) {
  if (a.nodes.size() != b.nodes.size()) {
    *why = kExecUpdateErrorTopologyChanged;
    return b.nodes.empty() ? nullptr : b.nodes.front().get();
  }
  for (std::size_t i = 0; i < a.nodes.size(); ++i) {
    const CudaGraphNode &x = *a.nodes[i], &y = *b.nodes[i];
    *why = kExecUpdateErrorNodeTypeChanged;
    if (x.type != y.type) return &y;
    *why = kExecUpdateErrorTopologyChanged;
    if (x.dependencies.size() != y.dependencies.size()) return &y;
    for (std::size_t j = 0; j < x.dependencies.size(); ++j) {
      const auto at = [](const CudaGraph& g, const CudaGraphNode* n) {
        return std::find_if(g.nodes.begin(), g.nodes.end(),
                            [n](const auto& p) { return p.get() == n; }) -
               g.nodes.begin();
      };
      if (at(a, x.dependencies[j]) != at(b, y.dependencies[j])) return &y;
    }
    if (x.child) {
      int child_why = 0;
      if (first_difference(*x.child, *y.child, &child_why)) return &y;
    }
  }
  *why = kExecUpdateSuccess;
  return nullptr;
}

}  // namespace

cudaError_t wf::cudart::make_kernel_node(CudaGraphNode& node, const CudaKernelNodeParams& p) {
  if (p.extra)
    StandIn::get().host_error(
        "kernel node: arguments in the 'extra' format are not supported (use kernelParams)");
  KernelLaunch launch;
  const cudaError_t e = take_arguments(p.func, p.kernelParams, &launch);
  if (e != kCudaSuccess) return e;
  launch.grid = p.gridDim;
  launch.block = p.blockDim;
  launch.shared = p.sharedMemBytes;
  node.type = kGraphNodeKernel;
  node.kernel = std::move(launch);
  return kCudaSuccess;
}

cudaError_t wf::cudart::make_copy_node(CudaGraphNode& node, const CudaMemcpy3DParms& p) {
  if ((!p.srcArray && !p.srcPtr.ptr) || (!p.dstArray && !p.dstPtr.ptr))
    return record_error(kCudaErrorInvalidValue);
  if (!valid_memcpy_kind(p.kind)) return record_error(kCudaErrorInvalidMemcpyDirection);
  node.type = kGraphNodeMemcpy;
  node.copy = p;
  node.copy_1d = false;
  return kCudaSuccess;
}

void wf::cudart::make_copy_1d_node(CudaGraphNode& node, void* dst, const void* src,
                                   std::size_t count, int kind) {
  node.type = kGraphNodeMemcpy;
  node.copy = {};
  node.copy.srcPtr = {const_cast<void*>(src), count, count, 1};
  node.copy.dstPtr = {dst, count, count, 1};
  node.copy.extent = {count, 1, 1};
  node.copy.kind = kind;
  node.copy_1d = true;
}

cudaError_t wf::cudart::make_alloc_node(CudaGraphNode& node, std::size_t bytes) {
  void* address = nullptr;
  const cudaError_t e = GraphMemory::get().create(bytes, &address);
  if (e != kCudaSuccess) return e;
  node.type = kGraphNodeMemAlloc;
  node.allocation = GraphAllocationHold(address);
  return kCudaSuccess;
}

cudaError_t wf::cudart::make_free_node(CudaGraphNode& node, void* address) {
  if (!GraphMemory::get().contains(address)) return record_error(kCudaErrorInvalidValue);
  node.type = kGraphNodeMemFree;
  node.freed = address;
  return kCudaSuccess;
}

void wf::cudart::make_memset_node(CudaGraphNode& node, void* dst, std::size_t pitch, int value,
                                  std::size_t width, std::size_t height) {
  node.type = kGraphNodeMemset;
  node.memset = {dst, pitch, static_cast<unsigned>(value) & 0xff, 1, width, height};
}

std::unique_ptr<CudaGraph> wf::cudart::clone_graph(const CudaGraph& graph) {
  auto clone = std::make_unique<CudaGraph>();
  // A dependency may be a node added after its dependent (cudaGraphAddDependencies).
  std::unordered_map<const CudaGraphNode*, CudaGraphNode*> copies;
  for (const auto& n : graph.nodes) copies[n.get()] = add_node(*clone, copy_node(*n), {});
  for (const auto& n : graph.nodes)
    for (const CudaGraphNode* from : n->dependencies)
      copies[n.get()]->dependencies.push_back(copies.at(from));
  return clone;
}

CudaGraphNode* wf::cudart::add_node(CudaGraph& graph, std::unique_ptr<CudaGraphNode> node,
                                    std::vector<CudaGraphNode*> dependencies) {
  node->graph = &graph;
  node->dependencies = std::move(dependencies);
  graph.nodes.push_back(std::move(node));
  return graph.nodes.back().get();
}

WF_CUDART_API cudaError_t cudaGraphCreate(cudaGraph_t* graph, unsigned flags) {
  if (!graph || flags != 0) return record_error(kCudaErrorInvalidValue);
  *graph = new CudaGraph;
  return kCudaSuccess;
}

WF_CUDART_API cudaError_t cudaGraphDestroy(cudaGraph_t graph) {
  if (!graph) return record_error(kCudaErrorInvalidValue);
  delete graph;
  return kCudaSuccess;
}

WF_CUDART_API cudaError_t cudaGraphAddKernelNode(cudaGraphNode_t* out, cudaGraph_t graph,
                                                 const cudaGraphNode_t* dependencies,
                                                 std::size_t count,
                                                 const CudaKernelNodeParams* params) {
  return add(out, graph, dependencies, count, [&](CudaGraphNode& n) -> cudaError_t {
    return params ? make_kernel_node(n, *params) : record_error(kCudaErrorInvalidValue);
  });
}

WF_CUDART_API cudaError_t cudaGraphAddMemcpyNode(cudaGraphNode_t* out, cudaGraph_t graph,
                                                 const cudaGraphNode_t* dependencies,
                                                 std::size_t count, const CudaMemcpy3DParms* p) {
  return add(out, graph, dependencies, count, [&](CudaGraphNode& n) -> cudaError_t {
    return p ? make_copy_node(n, *p) : record_error(kCudaErrorInvalidValue);
  });
}

WF_CUDART_API cudaError_t cudaGraphAddMemcpyNode1D(cudaGraphNode_t* out, cudaGraph_t graph,
                                                   const cudaGraphNode_t* dependencies,
                                                   std::size_t count, void* dst, const void* src,
                                                   std::size_t bytes, int kind) {
  return add(out, graph, dependencies, count, [&](CudaGraphNode& n) -> cudaError_t {
    if (!dst || !src) return record_error(kCudaErrorInvalidValue);
    if (!valid_memcpy_kind(kind)) return record_error(kCudaErrorInvalidMemcpyDirection);
    make_copy_1d_node(n, dst, src, bytes, kind);
    return kCudaSuccess;
  });
}

WF_CUDART_API cudaError_t cudaGraphAddMemsetNode(cudaGraphNode_t* out, cudaGraph_t graph,
                                                 const cudaGraphNode_t* dependencies,
                                                 std::size_t count, const CudaMemsetParams* p) {
  return add(out, graph, dependencies, count,
             [&](CudaGraphNode& n) -> cudaError_t { return memset_node(n, p); });
}

WF_CUDART_API cudaError_t cudaGraphAddHostNode(cudaGraphNode_t* out, cudaGraph_t graph,
                                               const cudaGraphNode_t* dependencies,
                                               std::size_t count, const CudaHostNodeParams* p) {
  return add(out, graph, dependencies, count,
             [&](CudaGraphNode& n) -> cudaError_t { return host_node(n, p); });
}

WF_CUDART_API cudaError_t cudaGraphAddEmptyNode(cudaGraphNode_t* out, cudaGraph_t graph,
                                                const cudaGraphNode_t* dependencies,
                                                std::size_t count) {
  return add(out, graph, dependencies, count,
             [](CudaGraphNode&) -> cudaError_t { return kCudaSuccess; });
}

// The child graph is cloned: changing it later does not change the node.
WF_CUDART_API cudaError_t cudaGraphAddChildGraphNode(cudaGraphNode_t* out, cudaGraph_t graph,
                                                     const cudaGraphNode_t* dependencies,
                                                     std::size_t count, cudaGraph_t child) {
  return add(out, graph, dependencies, count, [&](CudaGraphNode& n) -> cudaError_t {
    if (!child || child == graph) return record_error(kCudaErrorInvalidValue);
    n.type = kGraphNodeGraph;
    n.child = clone_graph(*child);
    return kCudaSuccess;
  });
}

WF_CUDART_API cudaError_t cudaGraphAddEventRecordNode(cudaGraphNode_t* out, cudaGraph_t graph,
                                                      const cudaGraphNode_t* dependencies,
                                                      std::size_t count, cudaEvent_t event) {
  return add(out, graph, dependencies, count, event_node(kGraphNodeEventRecord, event));
}

WF_CUDART_API cudaError_t cudaGraphAddEventWaitNode(cudaGraphNode_t* out, cudaGraph_t graph,
                                                    const cudaGraphNode_t* dependencies,
                                                    std::size_t count, cudaEvent_t event) {
  return add(out, graph, dependencies, count, event_node(kGraphNodeWaitEvent, event));
}

WF_CUDART_API cudaError_t cudaGraphAddDependencies(cudaGraph_t graph, const cudaGraphNode_t* from,
                                                   const cudaGraphNode_t* to,
                                                   const CudaGraphEdgeData* edges,
                                                   std::size_t count) {
  if (!graph || (count && (!from || !to))) return record_error(kCudaErrorInvalidValue);
  for (std::size_t i = 0; i < count; ++i) {
    if (!in_graph(graph, from[i]) || !in_graph(graph, to[i]) || from[i] == to[i])
      return record_error(kCudaErrorInvalidValue);
    const auto& d = to[i]->dependencies;
    if (std::find(d.begin(), d.end(), from[i]) != d.end())
      return record_error(kCudaErrorInvalidValue);
    const CudaGraphEdgeData full_completion{};
    if (edges && std::memcmp(&edges[i], &full_completion, sizeof full_completion) != 0)
      StandIn::get().host_error(
          "cudaGraphAddDependencies: only default edges are supported (programmatic "
          "dependencies and ports are not)");
  }
  for (std::size_t i = 0; i < count; ++i) to[i]->dependencies.push_back(from[i]);
  return kCudaSuccess;
}

WF_CUDART_API cudaError_t cudaGraphGetNodes(cudaGraph_t graph, cudaGraphNode_t* nodes,
                                            std::size_t* count) {
  if (!graph) return record_error(kCudaErrorInvalidValue);
  std::vector<CudaGraphNode*> all;
  for (const auto& n : graph->nodes) all.push_back(n.get());
  return list(all, nodes, count);
}

WF_CUDART_API cudaError_t cudaGraphGetRootNodes(cudaGraph_t graph, cudaGraphNode_t* nodes,
                                                std::size_t* count) {
  if (!graph) return record_error(kCudaErrorInvalidValue);
  std::vector<CudaGraphNode*> roots;
  for (const auto& n : graph->nodes)
    if (n->dependencies.empty()) roots.push_back(n.get());
  return list(roots, nodes, count);
}

WF_CUDART_API cudaError_t cudaGraphNodeGetType(cudaGraphNode_t node, int* type) {
  if (!node || !type) return record_error(kCudaErrorInvalidValue);
  *type = node->type;
  return kCudaSuccess;
}

WF_CUDART_API cudaError_t cudaGraphClone(cudaGraph_t* clone, cudaGraph_t graph) {
  if (!clone || !graph) return record_error(kCudaErrorInvalidValue);
  // The runtime reference: a graph with memory nodes cannot be cloned.
  for (const auto& n : graph->nodes)
    if (n->type == kGraphNodeMemAlloc || n->type == kGraphNodeMemFree)
      return record_error(kCudaErrorNotSupported);
  *clone = clone_graph(*graph).release();
  return kCudaSuccess;
}

WF_CUDART_API cudaError_t cudaGraphNodeFindInClone(cudaGraphNode_t* out, cudaGraphNode_t node,
                                                   cudaGraph_t clone) {
  if (!out || !node || !clone) return record_error(kCudaErrorInvalidValue);
  for (const auto& n : clone->nodes) {
    if (n->original != node) continue;
    *out = n.get();
    return kCudaSuccess;
  }
  return record_error(kCudaErrorInvalidValue);
}

WF_CUDART_API cudaError_t cudaGraphChildGraphNodeGetGraph(cudaGraphNode_t node,
                                                          cudaGraph_t* graph) {
  if (!node_of_type(node, kGraphNodeGraph) || !graph) return record_error(kCudaErrorInvalidValue);
  *graph = node->child.get();
  return kCudaSuccess;
}

// kernelParams points into the node's own copy of the arguments.
WF_CUDART_API cudaError_t cudaGraphKernelNodeGetParams(cudaGraphNode_t node,
                                                       CudaKernelNodeParams* p) {
  if (!node_of_type(node, kGraphNodeKernel) || !p) return record_error(kCudaErrorInvalidValue);
  node->kernel_params.clear();
  for (std::size_t offset : argument_offsets(node->kernel.function))
    node->kernel_params.push_back(node->kernel.arguments.data() + offset);
  const KernelLaunch& k = node->kernel;
  *p = {const_cast<void*>(k.function), k.grid, k.block, static_cast<unsigned>(k.shared),
        node->kernel_params.data(),    nullptr};
  return kCudaSuccess;
}

WF_CUDART_API cudaError_t cudaGraphKernelNodeSetParams(cudaGraphNode_t node,
                                                       const CudaKernelNodeParams* p) {
  if (!node_of_type(node, kGraphNodeKernel) || !p) return record_error(kCudaErrorInvalidValue);
  return make_kernel_node(*node, *p);
}

WF_CUDART_API cudaError_t cudaGraphMemcpyNodeGetParams(cudaGraphNode_t node, CudaMemcpy3DParms* p) {
  if (!node_of_type(node, kGraphNodeMemcpy) || !p) return record_error(kCudaErrorInvalidValue);
  *p = node->copy;
  return kCudaSuccess;
}

WF_CUDART_API cudaError_t cudaGraphMemsetNodeGetParams(cudaGraphNode_t node, CudaMemsetParams* p) {
  if (!node_of_type(node, kGraphNodeMemset) || !p) return record_error(kCudaErrorInvalidValue);
  *p = node->memset;
  return kCudaSuccess;
}

WF_CUDART_API cudaError_t cudaGraphHostNodeGetParams(cudaGraphNode_t node, CudaHostNodeParams* p) {
  if (!node_of_type(node, kGraphNodeHost) || !p) return record_error(kCudaErrorInvalidValue);
  *p = node->host;
  return kCudaSuccess;
}

WF_CUDART_API cudaError_t cudaGraphInstantiate(cudaGraphExec_t* exec, cudaGraph_t graph,
                                               unsigned long long flags) {
  if (!exec || !graph) return record_error(kCudaErrorInvalidValue);
  constexpr unsigned long long known = kInstantiateAutoFreeOnLaunch | kInstantiateUpload |
                                       kInstantiateDeviceLaunch | kInstantiateUseNodePriority;
  if (flags & ~known) return record_error(kCudaErrorInvalidValue);
  // Launching a graph from a kernel needs device-side launch, which the device does not have.
  if (flags & kInstantiateDeviceLaunch) return record_error(kCudaErrorNotSupported);
  auto e = std::make_unique<CudaGraphExec>();
  e->graph = clone_graph(*graph);
  e->auto_free = flags & kInstantiateAutoFreeOnLaunch;
  if (!schedule(*e->graph, &e->order)) return record_error(kCudaErrorInvalidValue);
  *exec = e.release();
  return kCudaSuccess;
}

WF_CUDART_API cudaError_t cudaGraphInstantiateWithFlags(cudaGraphExec_t* exec, cudaGraph_t graph,
                                                        unsigned long long flags) {
  return cudaGraphInstantiate(exec, graph, flags);
}

WF_CUDART_API cudaError_t cudaGraphExecDestroy(cudaGraphExec_t exec) {
  if (!exec) return record_error(kCudaErrorInvalidValue);
  delete exec;
  return kCudaSuccess;
}

WF_CUDART_API cudaError_t cudaGraphExecKernelNodeSetParams(cudaGraphExec_t exec,
                                                           cudaGraphNode_t node,
                                                           const CudaKernelNodeParams* p) {
  CudaGraphNode* n = exec_node(exec, node);
  if (!node_of_type(n, kGraphNodeKernel) || !p) return record_error(kCudaErrorInvalidValue);
  return make_kernel_node(*n, *p);
}

// Only parameters may change: the same nodes, of the same types, with the same dependencies.
WF_CUDART_API cudaError_t cudaGraphExecUpdate(cudaGraphExec_t exec, cudaGraph_t graph,
                                              CudaGraphExecUpdateResultInfo* info) {
  if (!exec || !graph || !info) return record_error(kCudaErrorInvalidValue);
  int why = kExecUpdateSuccess;
  const CudaGraphNode* wrong = first_difference(*exec->graph, *graph, &why);
  *info = {why, const_cast<CudaGraphNode*>(wrong), nullptr};
  if (why != kExecUpdateSuccess) return record_error(kCudaErrorGraphExecUpdateFailure);
  for (std::size_t i = 0; i < graph->nodes.size(); ++i) {
    CudaGraphNode& to = *exec->graph->nodes[i];
    auto from = copy_node(*graph->nodes[i]);
    to.kernel = std::move(from->kernel);
    to.copy = from->copy;
    to.copy_1d = from->copy_1d;
    to.memset = from->memset;
    to.host = from->host;
    to.child = std::move(from->child);
    to.event = from->event;
  }
  exec->order.clear();
  schedule(*exec->graph, &exec->order);
  return kCudaSuccess;
}

// Nothing to upload: the graph is the stand-in's.
WF_CUDART_API cudaError_t cudaGraphUpload(cudaGraphExec_t exec, cudaStream_t stream) {
  if (!exec) return record_error(kCudaErrorInvalidValue);
  cudaError_t e = kCudaSuccess;
  if (captured(stream, nullptr, &e)) return e;
  return kCudaSuccess;
}
WF_CUDART_API cudaError_t cudaGraphUpload_ptsz(cudaGraphExec_t exec, cudaStream_t stream) {
  return cudaGraphUpload(exec, per_thread(stream));
}

// In a capturing stream the launch is captured as a child graph node.
WF_CUDART_API cudaError_t cudaGraphLaunch(cudaGraphExec_t exec, cudaStream_t stream) {
  if (!exec) return record_error(kCudaErrorInvalidValue);
  cudaError_t e = kCudaSuccess;
  if (captured(
          stream,
          [exec](CudaGraphNode& n) -> cudaError_t {
            n.type = kGraphNodeGraph;
            n.child = clone_graph(*exec->graph);
            return kCudaSuccess;
          },
          &e))
    return e;
  // As if the launch began with cudaFreeAsync of each of its allocations still live.
  if (exec->auto_free)
    for (const CudaGraphNode* node : exec->order)
      if (node->type == kGraphNodeMemAlloc && GraphMemory::get().live(node->allocation.address()))
        GraphMemory::get().free(node->allocation.address());
  for (const CudaGraphNode* node : exec->order) {
    e = run_node(*node);
    if (e != kCudaSuccess) return e;
  }
  return kCudaSuccess;
}
WF_CUDART_API cudaError_t cudaGraphLaunch_ptsz(cudaGraphExec_t exec, cudaStream_t stream) {
  return cudaGraphLaunch(exec, per_thread(stream));
}

// Graph memory nodes (graph_memory.h). An allocation comes from device 0's memory and is shared
// with no other device or process.
WF_CUDART_API cudaError_t cudaGraphAddMemAllocNode(cudaGraphNode_t* out, cudaGraph_t graph,
                                                   const cudaGraphNode_t* dependencies,
                                                   std::size_t count, CudaMemAllocNodeParams* p) {
  return add(out, graph, dependencies, count, [&](CudaGraphNode& n) -> cudaError_t {
    constexpr int kPinned = 1, kLocationDevice = 1;
    if (!p || p->pool_props.alloc_type != kPinned || p->pool_props.handle_types != 0 ||
        p->pool_props.location_type != kLocationDevice || p->pool_props.location_id != 0 ||
        p->access_desc_count > 1)
      return record_error(kCudaErrorInvalidValue);
    const cudaError_t e = make_alloc_node(n, p->bytesize);
    if (e == kCudaSuccess) p->dptr = n.allocation.address();
    return e;
  });
}

WF_CUDART_API cudaError_t cudaGraphAddMemFreeNode(cudaGraphNode_t* out, cudaGraph_t graph,
                                                  const cudaGraphNode_t* dependencies,
                                                  std::size_t count, void* address) {
  return add(out, graph, dependencies, count,
             [&](CudaGraphNode& n) { return make_free_node(n, address); });
}

WF_CUDART_API cudaError_t cudaGraphMemAllocNodeGetParams(cudaGraphNode_t node,
                                                         CudaMemAllocNodeParams* p) {
  if (!node_of_type(node, kGraphNodeMemAlloc) || !p) return record_error(kCudaErrorInvalidValue);
  *p = {};
  p->pool_props.alloc_type = 1;
  p->pool_props.location_type = 1;
  p->dptr = node->allocation.address();
  p->bytesize = GraphMemory::get().bytes(p->dptr);
  return kCudaSuccess;
}

WF_CUDART_API cudaError_t cudaGraphMemFreeNodeGetParams(cudaGraphNode_t node, void** address) {
  if (!node_of_type(node, kGraphNodeMemFree) || !address)
    return record_error(kCudaErrorInvalidValue);
  *address = node->freed;
  return kCudaSuccess;
}

WF_CUDART_API cudaError_t cudaDeviceGetGraphMemAttribute(int device, int attribute, void* value) {
  if (device != 0) return record_error(kCudaErrorInvalidDevice);
  if (!value) return record_error(kCudaErrorInvalidValue);
  const GraphMemory::Footprint f = GraphMemory::get().footprint();
  std::uint64_t v = 0;
  switch (attribute) {
    case kGraphMemUsedCurrent:
      v = f.used;
      break;
    case kGraphMemUsedHigh:
      v = f.used_high;
      break;
    case kGraphMemReservedCurrent:
      v = f.reserved;
      break;
    case kGraphMemReservedHigh:
      v = f.reserved_high;
      break;
    default:
      return record_error(kCudaErrorInvalidValue);
  }
  std::memcpy(value, &v, sizeof v);
  return kCudaSuccess;
}

// Only the high marks can be set, and only to 0: they restart from what is live now.
WF_CUDART_API cudaError_t cudaDeviceSetGraphMemAttribute(int device, int attribute, void* value) {
  if (device != 0) return record_error(kCudaErrorInvalidDevice);
  std::uint64_t v = 1;
  if (value) std::memcpy(&v, value, sizeof v);
  if ((attribute != kGraphMemUsedHigh && attribute != kGraphMemReservedHigh) || v != 0)
    return record_error(kCudaErrorInvalidValue);
  if (attribute == kGraphMemUsedHigh)
    GraphMemory::get().reset_used_high();
  else
    GraphMemory::get().reset_reserved_high();
  return kCudaSuccess;
}

WF_CUDART_API cudaError_t cudaDeviceGraphMemTrim(int device) {
  if (device != 0) return record_error(kCudaErrorInvalidDevice);
  GraphMemory::get().trim();
  return kCudaSuccess;
}
