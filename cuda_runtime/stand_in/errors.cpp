// The runtime's error state and the names and descriptions of the errors the stand-in returns.
#include "cuda_runtime/stand_in/api.h"
#include "cuda_runtime/stand_in/cuda_abi_graph.h"

using namespace wf::cudart;

namespace {

struct ErrorText {
  int code;
  const char* name;
  const char* description;
};

constexpr ErrorText kErrors[] = {
    {kCudaSuccess, "cudaSuccess", "no error"},
    {kCudaErrorInvalidValue, "cudaErrorInvalidValue", "invalid argument"},
    {kCudaErrorMemoryAllocation, "cudaErrorMemoryAllocation", "out of memory"},
    {kCudaErrorInitializationError, "cudaErrorInitializationError", "initialization error"},
    {kCudaErrorInvalidConfiguration, "cudaErrorInvalidConfiguration",
     "invalid configuration argument"},
    {kCudaErrorInvalidSymbol, "cudaErrorInvalidSymbol", "invalid device symbol"},
    {kCudaErrorInvalidDevicePointer, "cudaErrorInvalidDevicePointer", "invalid device pointer"},
    {kCudaErrorInvalidMemcpyDirection, "cudaErrorInvalidMemcpyDirection",
     "invalid copy direction for memcpy"},
    {kCudaErrorInvalidDeviceFunction, "cudaErrorInvalidDeviceFunction", "invalid device function"},
    {kCudaErrorNoDevice, "cudaErrorNoDevice", "no CUDA-capable device is detected"},
    {kCudaErrorInvalidDevice, "cudaErrorInvalidDevice", "invalid device ordinal"},
    {kCudaErrorNoKernelImageForDevice, "cudaErrorNoKernelImageForDevice",
     "no kernel image is available for execution on the device"},
    {kCudaErrorInvalidResourceHandle, "cudaErrorInvalidResourceHandle", "invalid resource handle"},
    {kCudaErrorIllegalState, "cudaErrorIllegalState",
     "the operation cannot be performed in the present state"},
    {kCudaErrorSymbolNotFound, "cudaErrorSymbolNotFound", "named symbol not found"},
    {kCudaErrorNotReady, "cudaErrorNotReady", "device not ready"},
    {kCudaErrorHostMemoryAlreadyRegistered, "cudaErrorHostMemoryAlreadyRegistered",
     "part or all of the requested memory range is already mapped"},
    {kCudaErrorHostMemoryNotRegistered, "cudaErrorHostMemoryNotRegistered",
     "pointer does not correspond to a registered memory region"},
    {kCudaErrorLaunchFailure, "cudaErrorLaunchFailure", "unspecified launch failure"},
    {kCudaErrorCooperativeLaunchTooLarge, "cudaErrorCooperativeLaunchTooLarge",
     "too many blocks in cooperative launch"},
    {kCudaErrorNotSupported, "cudaErrorNotSupported", "operation not supported"},
    {kCudaErrorStreamCaptureUnsupported, "cudaErrorStreamCaptureUnsupported",
     "operation not permitted when stream is capturing"},
    {kCudaErrorStreamCaptureInvalidated, "cudaErrorStreamCaptureInvalidated",
     "operation failed due to a previous error during capture"},
    {kCudaErrorStreamCaptureMerge, "cudaErrorStreamCaptureMerge",
     "operation would result in a merge of separate capture sequences"},
    {kCudaErrorStreamCaptureUnmatched, "cudaErrorStreamCaptureUnmatched",
     "capture was not ended in the same stream as it began"},
    {kCudaErrorStreamCaptureUnjoined, "cudaErrorStreamCaptureUnjoined",
     "capturing stream has unjoined work"},
    {kCudaErrorStreamCaptureIsolation, "cudaErrorStreamCaptureIsolation",
     "dependency created on uncaptured work in another stream"},
    {kCudaErrorStreamCaptureImplicit, "cudaErrorStreamCaptureImplicit",
     "operation would make the legacy stream depend on a capturing blocking stream"},
    {kCudaErrorCapturedEvent, "cudaErrorCapturedEvent",
     "operation not permitted on an event last recorded in a capturing stream"},
    {kCudaErrorStreamCaptureWrongThread, "cudaErrorStreamCaptureWrongThread",
     "attempt to terminate a thread-local capture sequence from another thread"},
    {kCudaErrorGraphExecUpdateFailure, "cudaErrorGraphExecUpdateFailure",
     "the graph update was not performed because it included changes which violated "
     "constraints specific to instantiated graph update"},
    {kCudaErrorUnknown, "cudaErrorUnknown", "unknown error"},
};

const ErrorText* find(int code) {
  for (const ErrorText& e : kErrors)
    if (e.code == code) return &e;
  return nullptr;
}

}  // namespace

WF_CUDART_API cudaError_t cudaGetLastError() {
  return last_error(true);
}
WF_CUDART_API cudaError_t cudaPeekAtLastError() {
  return last_error(false);
}

WF_CUDART_API const char* cudaGetErrorString(cudaError_t error) {
  const ErrorText* e = find(error);
  return e ? e->description : "unrecognized error code";
}

WF_CUDART_API const char* cudaGetErrorName(cudaError_t error) {
  const ErrorText* e = find(error);
  return e ? e->name : "cudaErrorUnknown";
}
