// The per-thread default stream forms of the memory functions, which a program built with
// `nvcc --default-stream per-thread` calls: on a single in-order device every stream is the same
// stream, so each is its legacy form run in the per-thread stream, which matters to stream
// capture only.
#include "cuda_runtime/stand_in/api.h"
#include "cuda_runtime/stand_in/stream_capture.h"
#include "cuda_runtime/stand_in/stream_work.h"

using namespace wf::cudart;

WF_CUDART_API cudaError_t cudaMemcpyAsync(void* dst, const void* src, std::size_t count, int kind,
                                          cudaStream_t stream);
WF_CUDART_API cudaError_t cudaMemsetAsync(void* dst, int value, std::size_t count,
                                          cudaStream_t stream);
WF_CUDART_API cudaError_t cudaMemcpyToSymbol(const void* sym, const void* src, std::size_t count,
                                             std::size_t offset, int kind);
WF_CUDART_API cudaError_t cudaMemcpyToSymbolAsync(const void* sym, const void* src,
                                                  std::size_t count, std::size_t offset, int kind,
                                                  cudaStream_t stream);
WF_CUDART_API cudaError_t cudaMemcpyFromSymbol(void* dst, const void* sym, std::size_t count,
                                               std::size_t offset, int kind);
WF_CUDART_API cudaError_t cudaMemcpyFromSymbolAsync(void* dst, const void* sym, std::size_t count,
                                                    std::size_t offset, int kind,
                                                    cudaStream_t stream);

WF_CUDART_API cudaError_t cudaMemcpy_ptds(void* dst, const void* src, std::size_t count, int kind) {
  if (const cudaError_t e = check_synchronous_call(kStreamPerThread); e != kCudaSuccess) return e;
  return run_copy(dst, src, count, kind);
}
WF_CUDART_API cudaError_t cudaMemcpyAsync_ptsz(void* dst, const void* src, std::size_t count,
                                               int kind, cudaStream_t stream) {
  return cudaMemcpyAsync(dst, src, count, kind, per_thread(stream));
}
WF_CUDART_API cudaError_t cudaMemset_ptds(void* dst, int value, std::size_t count) {
  if (const cudaError_t e = check_synchronous_call(kStreamPerThread); e != kCudaSuccess) return e;
  return run_memset(dst, value, count);
}
WF_CUDART_API cudaError_t cudaMemsetAsync_ptsz(void* dst, int value, std::size_t count,
                                               cudaStream_t stream) {
  return cudaMemsetAsync(dst, value, count, per_thread(stream));
}
WF_CUDART_API cudaError_t cudaMemcpyToSymbol_ptds(const void* sym, const void* src,
                                                  std::size_t count, std::size_t offset, int kind) {
  return cudaMemcpyToSymbol(sym, src, count, offset, kind);
}
WF_CUDART_API cudaError_t cudaMemcpyToSymbolAsync_ptsz(const void* sym, const void* src,
                                                       std::size_t count, std::size_t offset,
                                                       int kind, cudaStream_t stream) {
  return cudaMemcpyToSymbolAsync(sym, src, count, offset, kind, per_thread(stream));
}
WF_CUDART_API cudaError_t cudaMemcpyFromSymbol_ptds(void* dst, const void* sym, std::size_t count,
                                                    std::size_t offset, int kind) {
  return cudaMemcpyFromSymbol(dst, sym, count, offset, kind);
}
WF_CUDART_API cudaError_t cudaMemcpyFromSymbolAsync_ptsz(void* dst, const void* sym,
                                                         std::size_t count, std::size_t offset,
                                                         int kind, cudaStream_t stream) {
  return cudaMemcpyFromSymbolAsync(dst, sym, count, offset, kind, per_thread(stream));
}
