// A CUDA graph as the stand-in holds it (graphs.cpp): nodes in the order they were added, each
// with its parameters copied when it was added and the nodes it depends on. Stream capture
// (stream_capture.cpp) builds the same graphs.
#pragma once

#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "cuda_runtime/stand_in/cuda_abi_graph.h"
#include "cuda_runtime/stand_in/graph_memory.h"
#include "cuda_runtime/stand_in/stream_work.h"

struct CudaGraph;

// An allocation node's hold on its graph allocation: every copy of the node (clones,
// instantiations) holds it, so its address lives as long as some graph has the node.
class GraphAllocationHold {
 public:
  GraphAllocationHold() = default;
  // Takes over the hold GraphMemory::create gave.
  explicit GraphAllocationHold(void* created) : address_(created) {}
  GraphAllocationHold(const GraphAllocationHold& other) : address_(other.address_) {
    if (address_) wf::cudart::GraphMemory::get().hold(address_);
  }
  GraphAllocationHold& operator=(const GraphAllocationHold& other) {
    GraphAllocationHold copy(other);
    std::swap(address_, copy.address_);
    return *this;
  }
  ~GraphAllocationHold() {
    if (address_) wf::cudart::GraphMemory::get().drop(address_);
  }
  void* address() const { return address_; }

 private:
  void* address_ = nullptr;
};

struct CudaGraphNode {
  CudaGraphNodeType type = kGraphNodeEmpty;
  CudaGraph* graph = nullptr;  // the graph that holds it
  std::vector<CudaGraphNode*> dependencies;
  // The node this one was cloned from (cudaGraphClone, cudaGraphInstantiate), so that a node of
  // the original names its copy (cudaGraphNodeFindInClone, cudaGraphExec...SetParams).
  const CudaGraphNode* original = nullptr;

  wf::cudart::KernelLaunch kernel;
  std::vector<void*> kernel_params;  // into kernel.arguments, for cudaGraphKernelNodeGetParams
  // A memcpy node is a 3D copy, or a plain one (cudaMemcpyAsync, cudaGraphAddMemcpyNode1D),
  // which has no pitch limit.
  CudaMemcpy3DParms copy{};
  bool copy_1d = false;
  CudaMemsetParams memset{};
  CudaHostNodeParams host{};
  std::unique_ptr<CudaGraph> child;
  cudaEvent_t event = nullptr;
  GraphAllocationHold allocation;  // an allocation node's
  void* freed = nullptr;           // what a free node frees
};

struct CudaGraph {
  std::vector<std::unique_ptr<CudaGraphNode>> nodes;
};

namespace wf::cudart {

// The parameters of a kernel node (recorded error when the function is not a kernel).
cudaError_t make_kernel_node(CudaGraphNode& node, const CudaKernelNodeParams& params);
cudaError_t make_copy_node(CudaGraphNode& node, const CudaMemcpy3DParms& params);
void make_copy_1d_node(CudaGraphNode& node, void* dst, const void* src, std::size_t count,
                       int kind);
// An allocation node of `bytes` (its address in node.allocation) and a free node of a graph
// allocation, as cudaGraphAddMem...Node and a capture of cudaMallocAsync/cudaFreeAsync make them.
cudaError_t make_alloc_node(CudaGraphNode& node, std::size_t bytes);
cudaError_t make_free_node(CudaGraphNode& node, void* address);
void make_memset_node(CudaGraphNode& node, void* dst, std::size_t pitch, int value,
                      std::size_t width, std::size_t height);
std::unique_ptr<CudaGraph> clone_graph(const CudaGraph& graph);
// Appends `node` to `graph` after `dependencies` (nodes of `graph`, checked by the caller).
CudaGraphNode* add_node(CudaGraph& graph, std::unique_ptr<CudaGraphNode> node,
                        std::vector<CudaGraphNode*> dependencies);

}  // namespace wf::cudart
