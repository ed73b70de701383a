// The parts of the CUDA runtime's binary interface for graphs and stream capture, declared from
// the CUDA 13 runtime API reference; sizes and offsets measured on CUDA 13.0's headers as in
// cuda_abi.h.
#pragma once

#include <cstddef>

#include "cuda_runtime/stand_in/cuda_abi.h"

extern "C" {

typedef struct CudaGraph* cudaGraph_t;
typedef struct CudaGraphNode* cudaGraphNode_t;
typedef struct CudaGraphExec* cudaGraphExec_t;
typedef void (*cudaHostFn_t)(void* user_data);

enum CudaGraphErrorCode : int {
  kCudaErrorIllegalState = 401,
  kCudaErrorStreamCaptureUnsupported = 900,
  kCudaErrorStreamCaptureInvalidated = 901,
  kCudaErrorStreamCaptureMerge = 902,
  kCudaErrorStreamCaptureUnmatched = 903,
  kCudaErrorStreamCaptureUnjoined = 904,
  kCudaErrorStreamCaptureIsolation = 905,
  kCudaErrorStreamCaptureImplicit = 906,
  kCudaErrorCapturedEvent = 907,
  kCudaErrorStreamCaptureWrongThread = 908,
  kCudaErrorGraphExecUpdateFailure = 910,
};

// cudaStreamLegacy, cudaStreamPerThread and cudaStreamNonBlocking.
inline cudaStream_t const kStreamLegacy = reinterpret_cast<cudaStream_t>(0x1);
inline cudaStream_t const kStreamPerThread = reinterpret_cast<cudaStream_t>(0x2);
constexpr unsigned kStreamNonBlocking = 1;

enum CudaGraphNodeType : int {
  kGraphNodeKernel = 0,
  kGraphNodeMemcpy = 1,
  kGraphNodeMemset = 2,
  kGraphNodeHost = 3,
  kGraphNodeGraph = 4,
  kGraphNodeEmpty = 5,
  kGraphNodeWaitEvent = 6,
  kGraphNodeEventRecord = 7,
  kGraphNodeMemAlloc = 10,
  kGraphNodeMemFree = 11,
};

enum CudaStreamCaptureStatus : int {
  kCaptureStatusNone = 0,
  kCaptureStatusActive = 1,
  kCaptureStatusInvalidated = 2,
};

enum CudaStreamCaptureMode : int {
  kCaptureModeGlobal = 0,
  kCaptureModeThreadLocal = 1,
  kCaptureModeRelaxed = 2,
};

// cudaMemPoolProps of CUDA 13: the fields a pool of device memory is described by.
struct CudaMemPoolProps {
  int alloc_type;    // cudaMemAllocationTypePinned (1)
  int handle_types;  // cudaMemHandleTypeNone (0): no sharing
  int location_type, location_id;
  void* win32_security_attributes;
  std::size_t max_size;
  unsigned short usage;
  unsigned char reserved[54];
};
static_assert(sizeof(CudaMemPoolProps) == 88);

// cudaMemAllocNodeParams: the pool's properties, peer access (none on one device), the size, and
// the address the runtime returns.
struct CudaMemAllocNodeParams {
  CudaMemPoolProps pool_props;
  const void* access_descs;
  std::size_t access_desc_count;
  std::size_t bytesize;
  void* dptr;
};
static_assert(sizeof(CudaMemAllocNodeParams) == 120);

// cudaGraphMemAttributeType.
enum CudaGraphMemAttribute : int {
  kGraphMemUsedCurrent = 0,
  kGraphMemUsedHigh = 1,
  kGraphMemReservedCurrent = 2,
  kGraphMemReservedHigh = 3,
};

// cudaGraphInstantiateFlags.
enum CudaGraphInstantiateFlag : unsigned long long {
  kInstantiateAutoFreeOnLaunch = 1,
  kInstantiateUpload = 2,
  kInstantiateDeviceLaunch = 4,
  kInstantiateUseNodePriority = 8,
};

enum CudaGraphExecUpdateResult : int {
  kExecUpdateSuccess = 0,
  kExecUpdateErrorTopologyChanged = 2,
  kExecUpdateErrorNodeTypeChanged = 3,
};

struct CudaKernelNodeParams {
  void* func;
  dim3 gridDim;
  dim3 blockDim;
  unsigned sharedMemBytes;
  void** kernelParams;
  void** extra;
};
static_assert(sizeof(CudaKernelNodeParams) == 56);
static_assert(offsetof(CudaKernelNodeParams, kernelParams) == 40);

struct CudaMemsetParams {
  void* dst;
  std::size_t pitch;
  unsigned value;
  unsigned elementSize;
  std::size_t width;  // in elements
  std::size_t height;
};
static_assert(sizeof(CudaMemsetParams) == 40);
static_assert(offsetof(CudaMemsetParams, width) == 24);

struct CudaHostNodeParams {
  cudaHostFn_t fn;
  void* userData;
};
static_assert(sizeof(CudaHostNodeParams) == 16);

// cudaGraphEdgeData: all zero is the only kind of edge the stand-in has (full completion).
struct CudaGraphEdgeData {
  unsigned char from_port, to_port, type, reserved[5];
};
static_assert(sizeof(CudaGraphEdgeData) == 8);

struct CudaGraphExecUpdateResultInfo {
  int result;
  cudaGraphNode_t errorNode;
  cudaGraphNode_t errorFromNode;
};
static_assert(sizeof(CudaGraphExecUpdateResultInfo) == 24);

}  // extern "C"
