// A CUDA graph as the stand-in holds it (graphs.cpp): nodes in the order they were added, each
// with its parameters copied when it was added and the nodes it depends on. Stream capture
// (stream_capture.cpp) builds the same graphs.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "cuda_runtime/stand_in/cuda_abi_graph.h"
#include "cuda_runtime/stand_in/stream_work.h"

struct CudaGraph;

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
void make_memset_node(CudaGraphNode& node, void* dst, std::size_t pitch, int value,
                      std::size_t width, std::size_t height);
std::unique_ptr<CudaGraph> clone_graph(const CudaGraph& graph);
// Appends `node` to `graph` after `dependencies` (nodes of `graph`, checked by the caller).
CudaGraphNode* add_node(CudaGraph& graph, std::unique_ptr<CudaGraphNode> node,
                        std::vector<CudaGraphNode*> dependencies);

}  // namespace wf::cudart
