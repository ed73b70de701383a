// The device's properties tell the truth: every cudaDeviceProp field that has a cudaDeviceAttr
// agrees with it, and each capability or limit the device advertises is used here and works (a
// limit one past it fails), so a property that promises what the runtime does not do fails.
#include <cstddef>
#include <cstdio>
#include <cstring>

#include "check.h"

struct Field {
  const char* name;
  std::size_t offset, size;
  cudaDeviceAttr attribute;
};

#define FIELD(f, a) \
  { #f, offsetof(cudaDeviceProp, f), sizeof(((cudaDeviceProp*)nullptr)->f), a }

// From the CUDA 13 runtime API reference: the attribute that answers each field's question.
const Field kFields[] = {
    FIELD(sharedMemPerBlock, cudaDevAttrMaxSharedMemoryPerBlock),
    FIELD(regsPerBlock, cudaDevAttrMaxRegistersPerBlock),
    FIELD(warpSize, cudaDevAttrWarpSize),
    FIELD(memPitch, cudaDevAttrMaxPitch),
    FIELD(maxThreadsPerBlock, cudaDevAttrMaxThreadsPerBlock),
    FIELD(maxThreadsDim[0], cudaDevAttrMaxBlockDimX),
    FIELD(maxThreadsDim[1], cudaDevAttrMaxBlockDimY),
    FIELD(maxThreadsDim[2], cudaDevAttrMaxBlockDimZ),
    FIELD(maxGridSize[0], cudaDevAttrMaxGridDimX),
    FIELD(maxGridSize[1], cudaDevAttrMaxGridDimY),
    FIELD(maxGridSize[2], cudaDevAttrMaxGridDimZ),
    FIELD(totalConstMem, cudaDevAttrTotalConstantMemory),
    FIELD(major, cudaDevAttrComputeCapabilityMajor),
    FIELD(minor, cudaDevAttrComputeCapabilityMinor),
    FIELD(textureAlignment, cudaDevAttrTextureAlignment),
    FIELD(texturePitchAlignment, cudaDevAttrTexturePitchAlignment),
    FIELD(multiProcessorCount, cudaDevAttrMultiProcessorCount),
    FIELD(integrated, cudaDevAttrIntegrated),
    FIELD(canMapHostMemory, cudaDevAttrCanMapHostMemory),
    FIELD(maxTexture1D, cudaDevAttrMaxTexture1DWidth),
    FIELD(maxTexture1DMipmap, cudaDevAttrMaxTexture1DMipmappedWidth),
    FIELD(maxTexture2D[0], cudaDevAttrMaxTexture2DWidth),
    FIELD(maxTexture2D[1], cudaDevAttrMaxTexture2DHeight),
    FIELD(maxTexture2DMipmap[0], cudaDevAttrMaxTexture2DMipmappedWidth),
    FIELD(maxTexture2DMipmap[1], cudaDevAttrMaxTexture2DMipmappedHeight),
    FIELD(maxTexture2DLinear[0], cudaDevAttrMaxTexture2DLinearWidth),
    FIELD(maxTexture2DLinear[1], cudaDevAttrMaxTexture2DLinearHeight),
    FIELD(maxTexture2DLinear[2], cudaDevAttrMaxTexture2DLinearPitch),
    FIELD(maxTexture2DGather[0], cudaDevAttrMaxTexture2DGatherWidth),
    FIELD(maxTexture2DGather[1], cudaDevAttrMaxTexture2DGatherHeight),
    FIELD(maxTexture3D[0], cudaDevAttrMaxTexture3DWidth),
    FIELD(maxTexture3D[1], cudaDevAttrMaxTexture3DHeight),
    FIELD(maxTexture3D[2], cudaDevAttrMaxTexture3DDepth),
    FIELD(maxTexture3DAlt[0], cudaDevAttrMaxTexture3DWidthAlt),
    FIELD(maxTexture3DAlt[1], cudaDevAttrMaxTexture3DHeightAlt),
    FIELD(maxTexture3DAlt[2], cudaDevAttrMaxTexture3DDepthAlt),
    FIELD(maxTextureCubemap, cudaDevAttrMaxTextureCubemapWidth),
    FIELD(maxTexture1DLayered[0], cudaDevAttrMaxTexture1DLayeredWidth),
    FIELD(maxTexture1DLayered[1], cudaDevAttrMaxTexture1DLayeredLayers),
    FIELD(maxTexture2DLayered[0], cudaDevAttrMaxTexture2DLayeredWidth),
    FIELD(maxTexture2DLayered[1], cudaDevAttrMaxTexture2DLayeredHeight),
    FIELD(maxTexture2DLayered[2], cudaDevAttrMaxTexture2DLayeredLayers),
    FIELD(maxTextureCubemapLayered[0], cudaDevAttrMaxTextureCubemapLayeredWidth),
    FIELD(maxTextureCubemapLayered[1], cudaDevAttrMaxTextureCubemapLayeredLayers),
    FIELD(maxSurface1D, cudaDevAttrMaxSurface1DWidth),
    FIELD(maxSurface2D[0], cudaDevAttrMaxSurface2DWidth),
    FIELD(maxSurface2D[1], cudaDevAttrMaxSurface2DHeight),
    FIELD(maxSurface3D[0], cudaDevAttrMaxSurface3DWidth),
    FIELD(maxSurface3D[1], cudaDevAttrMaxSurface3DHeight),
    FIELD(maxSurface3D[2], cudaDevAttrMaxSurface3DDepth),
    FIELD(maxSurface1DLayered[0], cudaDevAttrMaxSurface1DLayeredWidth),
    FIELD(maxSurface1DLayered[1], cudaDevAttrMaxSurface1DLayeredLayers),
    FIELD(maxSurface2DLayered[0], cudaDevAttrMaxSurface2DLayeredWidth),
    FIELD(maxSurface2DLayered[1], cudaDevAttrMaxSurface2DLayeredHeight),
    FIELD(maxSurface2DLayered[2], cudaDevAttrMaxSurface2DLayeredLayers),
    FIELD(maxSurfaceCubemap, cudaDevAttrMaxSurfaceCubemapWidth),
    FIELD(maxSurfaceCubemapLayered[0], cudaDevAttrMaxSurfaceCubemapLayeredWidth),
    FIELD(maxSurfaceCubemapLayered[1], cudaDevAttrMaxSurfaceCubemapLayeredLayers),
    FIELD(surfaceAlignment, cudaDevAttrSurfaceAlignment),
    FIELD(concurrentKernels, cudaDevAttrConcurrentKernels),
    FIELD(ECCEnabled, cudaDevAttrEccEnabled),
    FIELD(pciBusID, cudaDevAttrPciBusId),
    FIELD(pciDeviceID, cudaDevAttrPciDeviceId),
    FIELD(pciDomainID, cudaDevAttrPciDomainId),
    FIELD(tccDriver, cudaDevAttrTccDriver),
    FIELD(asyncEngineCount, cudaDevAttrAsyncEngineCount),
    FIELD(unifiedAddressing, cudaDevAttrUnifiedAddressing),
    FIELD(memoryBusWidth, cudaDevAttrGlobalMemoryBusWidth),
    FIELD(l2CacheSize, cudaDevAttrL2CacheSize),
    FIELD(persistingL2CacheMaxSize, cudaDevAttrMaxPersistingL2CacheSize),
    FIELD(maxThreadsPerMultiProcessor, cudaDevAttrMaxThreadsPerMultiProcessor),
    FIELD(streamPrioritiesSupported, cudaDevAttrStreamPrioritiesSupported),
    FIELD(globalL1CacheSupported, cudaDevAttrGlobalL1CacheSupported),
    FIELD(localL1CacheSupported, cudaDevAttrLocalL1CacheSupported),
    FIELD(sharedMemPerMultiprocessor, cudaDevAttrMaxSharedMemoryPerMultiprocessor),
    FIELD(regsPerMultiprocessor, cudaDevAttrMaxRegistersPerMultiprocessor),
    FIELD(managedMemory, cudaDevAttrManagedMemory),
    FIELD(isMultiGpuBoard, cudaDevAttrIsMultiGpuBoard),
    FIELD(multiGpuBoardGroupID, cudaDevAttrMultiGpuBoardGroupID),
    FIELD(hostNativeAtomicSupported, cudaDevAttrHostNativeAtomicSupported),
    FIELD(pageableMemoryAccess, cudaDevAttrPageableMemoryAccess),
    FIELD(concurrentManagedAccess, cudaDevAttrConcurrentManagedAccess),
    FIELD(computePreemptionSupported, cudaDevAttrComputePreemptionSupported),
    FIELD(canUseHostPointerForRegisteredMem, cudaDevAttrCanUseHostPointerForRegisteredMem),
    FIELD(cooperativeLaunch, cudaDevAttrCooperativeLaunch),
    FIELD(sharedMemPerBlockOptin, cudaDevAttrMaxSharedMemoryPerBlockOptin),
    FIELD(pageableMemoryAccessUsesHostPageTables,
          cudaDevAttrPageableMemoryAccessUsesHostPageTables),
    FIELD(directManagedMemAccessFromHost, cudaDevAttrDirectManagedMemAccessFromHost),
    FIELD(maxBlocksPerMultiProcessor, cudaDevAttrMaxBlocksPerMultiprocessor),
    FIELD(accessPolicyMaxWindowSize, cudaDevAttrMaxAccessPolicyWindowSize),
    FIELD(reservedSharedMemPerBlock, cudaDevAttrReservedSharedMemoryPerBlock),
    FIELD(hostRegisterSupported, cudaDevAttrHostRegisterSupported),
    FIELD(sparseCudaArraySupported, cudaDevAttrSparseCudaArraySupported),
    FIELD(hostRegisterReadOnlySupported, cudaDevAttrHostRegisterReadOnlySupported),
    FIELD(timelineSemaphoreInteropSupported, cudaDevAttrTimelineSemaphoreInteropSupported),
    FIELD(memoryPoolsSupported, cudaDevAttrMemoryPoolsSupported),
    FIELD(gpuDirectRDMASupported, cudaDevAttrGPUDirectRDMASupported),
    FIELD(gpuDirectRDMAFlushWritesOptions, cudaDevAttrGPUDirectRDMAFlushWritesOptions),
    FIELD(gpuDirectRDMAWritesOrdering, cudaDevAttrGPUDirectRDMAWritesOrdering),
    FIELD(memoryPoolSupportedHandleTypes, cudaDevAttrMemoryPoolSupportedHandleTypes),
    FIELD(deferredMappingCudaArraySupported, cudaDevAttrDeferredMappingCudaArraySupported),
    FIELD(ipcEventSupported, cudaDevAttrIpcEventSupport),
    FIELD(clusterLaunch, cudaDevAttrClusterLaunch),
    FIELD(deviceNumaConfig, cudaDevAttrNumaConfig),
    FIELD(deviceNumaId, cudaDevAttrNumaId),
    FIELD(mpsEnabled, cudaDevAttrMpsEnabled),
    FIELD(hostNumaId, cudaDevAttrHostNumaId),
    FIELD(gpuPciDeviceID, cudaDevAttrGpuPciDeviceId),
    FIELD(gpuPciSubsystemID, cudaDevAttrGpuPciSubsystemId),
    FIELD(hostNumaMultinodeIpcSupported, cudaDevAttrHostNumaMultinodeIpcSupported),
};

long long field_value(const cudaDeviceProp& p, const Field& f) {
  const char* at = reinterpret_cast<const char*>(&p) + f.offset;
  if (f.size == sizeof(std::size_t)) {
    std::size_t v;
    std::memcpy(&v, at, sizeof v);
    return static_cast<long long>(v);
  }
  int v;
  std::memcpy(&v, at, sizeof v);
  return v;
}

__device__ int device_value;

__global__ void add_one(int* p, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] += 1;
}

__global__ void write_warp_size(int* out) {
  *out = warpSize;
}

__global__ void count_threads(int* counter) {
  atomicAdd(counter, 1);
}

// Touches the first and the last byte of its dynamic shared memory.
__global__ void use_shared(int* out, int bytes) {
  extern __shared__ unsigned char shared[];
  shared[0] = 1;
  shared[bytes - 1] = 2;
  __syncthreads();
  *out = shared[0] + shared[bytes - 1];
}

int failures = 0;

void expect(bool ok, const char* what) {
  if (!ok) {
    std::printf("FAIL: %s\n", what);
    ++failures;
  }
}

// The launch error of the last launch, cleared.
cudaError_t launch_error() {
  const cudaError_t e = cudaGetLastError();
  cudaDeviceSynchronize();
  return e;
}

int main() {
  cudaDeviceProp p;
  CHECK(cudaGetDeviceProperties(&p, 0));
  int agree = 0;
  for (const Field& f : kFields) {
    int a = 0;
    CHECK(cudaDeviceGetAttribute(&a, f.attribute, 0));
    if (field_value(p, f) == a) {
      ++agree;
    } else {
      std::printf("FAIL: %s = %lld, attribute %d = %d\n", f.name, field_value(p, f),
                  static_cast<int>(f.attribute), a);
      ++failures;
    }
  }
  std::printf("%d of %d fields agree with their attributes\n", agree,
              static_cast<int>(sizeof kFields / sizeof kFields[0]));
  std::printf(
      "%s: compute %d.%d, %d SMs, warp %d, %d threads per block, %d per SM, %d blocks "
      "per SM\n",
      p.name, p.major, p.minor, p.multiProcessorCount, p.warpSize, p.maxThreadsPerBlock,
      p.maxThreadsPerMultiProcessor, p.maxBlocksPerMultiProcessor);
  std::printf(
      "shared %zu per block, %zu per SM; %d registers per block, %d per SM; L2 %d, bus "
      "%d bits\n",
      p.sharedMemPerBlock, p.sharedMemPerMultiprocessor, p.regsPerBlock, p.regsPerMultiprocessor,
      p.l2CacheSize, p.memoryBusWidth);
  int fp64_ratio = 0;
  CHECK(cudaDeviceGetAttribute(&fp64_ratio, cudaDevAttrSingleToDoublePrecisionPerfRatio, 0));
  std::printf("single to double precision throughput %d\n", fp64_ratio);
  std::printf(
      "capabilities: map host %d, unified addressing %d, managed %d, concurrent managed "
      "%d, cooperative %d, pools %d, host register %d, concurrent kernels %d, copy engines "
      "%d\n",
      p.canMapHostMemory, p.unifiedAddressing, p.managedMemory, p.concurrentManagedAccess,
      p.cooperativeLaunch, p.memoryPoolsSupported, p.hostRegisterSupported, p.concurrentKernels,
      p.asyncEngineCount);

  int* out = nullptr;
  CHECK(cudaMalloc(&out, sizeof(int)));
  int value = 0;

  // totalGlobalMem is what cudaMemGetInfo calls the total.
  std::size_t free_bytes = 0, total_bytes = 0;
  CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
  expect(total_bytes == p.totalGlobalMem, "totalGlobalMem is cudaMemGetInfo's total");

  write_warp_size<<<1, 1>>>(out);
  CHECK(cudaMemcpy(&value, out, sizeof(int), cudaMemcpyDeviceToHost));
  expect(value == p.warpSize, "warpSize is the kernel's");

  // Block and grid limits: the limit runs, one past it is refused.
  CHECK(cudaMemset(out, 0, sizeof(int)));
  count_threads<<<1, p.maxThreadsPerBlock>>>(out);
  expect(launch_error() == cudaSuccess, "a block of maxThreadsPerBlock threads runs");
  CHECK(cudaMemcpy(&value, out, sizeof(int), cudaMemcpyDeviceToHost));
  expect(value == p.maxThreadsPerBlock, "every thread of the largest block ran");
  count_threads<<<1, p.maxThreadsPerBlock + 1>>>(out);
  expect(launch_error() == cudaErrorInvalidConfiguration, "one thread more is refused");
  count_threads<<<1, dim3(1, 1, p.maxThreadsDim[2])>>>(out);
  expect(launch_error() == cudaSuccess, "a block of maxThreadsDim[2] in z runs");
  count_threads<<<1, dim3(1, 1, p.maxThreadsDim[2] + 1)>>>(out);
  expect(launch_error() == cudaErrorInvalidConfiguration, "maxThreadsDim[2] + 1 is refused");
  count_threads<<<dim3(1, p.maxGridSize[1] + 1), 1>>>(out);
  expect(launch_error() == cudaErrorInvalidConfiguration, "maxGridSize[1] + 1 is refused");

  // Dynamic shared memory up to sharedMemPerBlock.
  const int shared = static_cast<int>(p.sharedMemPerBlock);
  use_shared<<<1, 1, shared>>>(out, shared);
  expect(launch_error() == cudaSuccess, "sharedMemPerBlock bytes of shared memory");
  CHECK(cudaMemcpy(&value, out, sizeof(int), cudaMemcpyDeviceToHost));
  expect(value == 3, "the kernel used all of its shared memory");
  use_shared<<<1, 1, shared + 1>>>(out, shared + 1);
  expect(launch_error() == cudaErrorInvalidConfiguration, "one byte more is refused");

  // Occupancy of 32-thread blocks: bounded by the blocks and the threads an SM holds.
  int blocks = 0;
  CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, count_threads, 32, 0));
  const int expected_blocks = p.maxBlocksPerMultiProcessor < p.maxThreadsPerMultiProcessor / 32
                                  ? p.maxBlocksPerMultiProcessor
                                  : p.maxThreadsPerMultiProcessor / 32;
  expect(blocks == expected_blocks, "occupancy follows maxBlocksPerMultiProcessor");

  // canMapHostMemory: a kernel writes mapped pinned memory the host reads.
  if (p.canMapHostMemory) {
    int* mapped = nullptr;
    int* view = nullptr;
    CHECK(cudaHostAlloc(&mapped, 64 * sizeof(int), cudaHostAllocMapped));
    CHECK(cudaHostGetDevicePointer(reinterpret_cast<void**>(&view), mapped, 0));
    for (int i = 0; i < 64; ++i) mapped[i] = i;
    add_one<<<1, 64>>>(view, 64);
    CHECK(cudaDeviceSynchronize());
    expect(mapped[0] == 1 && mapped[63] == 64, "mapped host memory");
    CHECK(cudaFreeHost(mapped));
  }

  // hostRegisterSupported: a kernel writes the program's own memory once it is registered.
  if (p.hostRegisterSupported) {
    static int own[64];
    CHECK(cudaHostRegister(own, sizeof own, cudaHostRegisterDefault));
    add_one<<<1, 64>>>(own, 64);
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaHostUnregister(own));
    expect(own[0] == 1 && own[63] == 1, "registered host memory");
  }

  // managedMemory: one pointer on both sides.
  if (p.managedMemory) {
    int* managed = nullptr;
    CHECK(cudaMallocManaged(&managed, 64 * sizeof(int)));
    for (int i = 0; i < 64; ++i) managed[i] = 2 * i;
    add_one<<<2, 32>>>(managed, 64);
    CHECK(cudaDeviceSynchronize());
    expect(managed[0] == 1 && managed[63] == 127, "managed memory");
    CHECK(cudaFree(managed));
  }

  // unifiedAddressing: the runtime knows every pointer's memory, and cudaMemcpyDefault works.
  if (p.unifiedAddressing) {
    cudaPointerAttributes a;
    CHECK(cudaPointerGetAttributes(&a, out));
    expect(a.type == cudaMemoryTypeDevice && a.devicePointer == out, "a device pointer");
    CHECK(cudaPointerGetAttributes(&a, &value));
    expect(a.type == cudaMemoryTypeUnregistered, "a host pointer");
    value = 41;
    CHECK(cudaMemcpy(out, &value, sizeof(int), cudaMemcpyDefault));
    add_one<<<1, 1>>>(out, 1);
    CHECK(cudaMemcpy(&value, out, sizeof(int), cudaMemcpyDefault));
    expect(value == 42, "cudaMemcpyDefault");
    int* symbol = nullptr;
    CHECK(cudaGetSymbolAddress(reinterpret_cast<void**>(&symbol), device_value));
    CHECK(cudaPointerGetAttributes(&a, symbol));
    expect(a.type == cudaMemoryTypeDevice, "a __device__ variable's address");
    CHECK(cudaMemcpy(symbol, &value, sizeof(int), cudaMemcpyDefault));
    value = 0;
    CHECK(cudaMemcpyFromSymbol(&value, device_value, sizeof(int)));
    expect(value == 42, "cudaMemcpyDefault to a __device__ variable's address");
  }

  // cooperativeLaunch: cudaLaunchCooperativeKernel runs a grid that fits.
  if (p.cooperativeLaunch) {
    CHECK(cudaMemset(out, 0, sizeof(int)));
    void* args[] = {&out};
    CHECK(cudaLaunchCooperativeKernel(reinterpret_cast<void*>(count_threads), dim3(2), dim3(32),
                                      args, 0, nullptr));
    CHECK(cudaMemcpy(&value, out, sizeof(int), cudaMemcpyDeviceToHost));
    expect(value == 64, "a cooperative launch");
  }

  // memoryPoolsSupported: stream-ordered allocation.
  if (p.memoryPoolsSupported) {
    int* pooled = nullptr;
    CHECK(cudaMallocAsync(reinterpret_cast<void**>(&pooled), 256, nullptr));
    CHECK(cudaMemsetAsync(pooled, 0, 256, nullptr));
    add_one<<<1, 64>>>(pooled, 64);
    CHECK(cudaMemcpyAsync(&value, pooled + 5, sizeof(int), cudaMemcpyDeviceToHost, nullptr));
    CHECK(cudaFreeAsync(pooled, nullptr));
    CHECK(cudaStreamSynchronize(nullptr));
    expect(value == 1, "cudaMallocAsync");
  }

  // texturePitchAlignment and textureAlignment: every pitch cudaMallocPitch hands out is a
  // multiple of both, and memPitch is the largest pitch a 2D copy takes.
  void* pitched = nullptr;
  std::size_t pitch = 0;
  CHECK(cudaMallocPitch(&pitched, &pitch, 100, 4));
  expect(pitch >= 100 && pitch % p.texturePitchAlignment == 0 && pitch % p.textureAlignment == 0,
         "cudaMallocPitch's pitch is aligned as the device says");
  char row[100] = {};
  expect(cudaMemcpy2D(pitched, pitch, row, p.memPitch + 1, 100, 1, cudaMemcpyHostToDevice) ==
             cudaErrorInvalidPitchValue,
         "a pitch beyond memPitch is refused");
  CHECK(cudaFree(pitched));

  // Texture and surface sizes: an array at each limit is made, one element or layer past it is
  // refused (an array's own limits are its textures' and surfaces'). Widths of one byte, other
  // dimensions 1, so the arrays stay small.
  {
    const cudaChannelFormatDesc byte = cudaCreateChannelDesc<unsigned char>();
    auto made = [&](cudaExtent e, unsigned flags) {
      cudaArray_t a = nullptr;
      const cudaError_t err = cudaMalloc3DArray(&a, &byte, e, flags);
      if (err == cudaSuccess) CHECK(cudaFreeArray(a));
      (void)cudaGetLastError();
      return err == cudaSuccess;
    };
    struct Limit {
      const char* what;
      int limit;
      int w, h, d;  // the extent, with -1 where the limit goes
      unsigned flags;
    };
    const Limit limits[] = {
        {"maxTexture1D", p.maxTexture1D, -1, 0, 0, 0},
        {"maxTexture2D[0]", p.maxTexture2D[0], -1, 1, 0, 0},
        {"maxTexture2D[1]", p.maxTexture2D[1], 1, -1, 0, 0},
        {"maxTexture3D[0]", p.maxTexture3D[0], -1, 1, 1, 0},
        {"maxTexture3D[1]", p.maxTexture3D[1], 1, -1, 1, 0},
        {"maxTexture3D[2]", p.maxTexture3D[2], 1, 1, -1, 0},
        {"maxTexture1DLayered[0]", p.maxTexture1DLayered[0], -1, 0, 1, cudaArrayLayered},
        {"maxTexture1DLayered[1]", p.maxTexture1DLayered[1], 1, 0, -1, cudaArrayLayered},
        {"maxTexture2DLayered[0]", p.maxTexture2DLayered[0], -1, 1, 1, cudaArrayLayered},
        {"maxTexture2DLayered[1]", p.maxTexture2DLayered[1], 1, -1, 1, cudaArrayLayered},
        {"maxTexture2DLayered[2]", p.maxTexture2DLayered[2], 1, 1, -1, cudaArrayLayered},
        {"maxTexture2DGather[0]", p.maxTexture2DGather[0], -1, 1, 0, cudaArrayTextureGather},
        {"maxTexture2DGather[1]", p.maxTexture2DGather[1], 1, -1, 0, cudaArrayTextureGather},
        {"maxSurface1D", p.maxSurface1D, -1, 0, 0, cudaArraySurfaceLoadStore},
        {"maxSurface2D[0]", p.maxSurface2D[0], -1, 1, 0, cudaArraySurfaceLoadStore},
        {"maxSurface2D[1]", p.maxSurface2D[1], 1, -1, 0, cudaArraySurfaceLoadStore},
        {"maxSurface3D[2]", p.maxSurface3D[2], 1, 1, -1, cudaArraySurfaceLoadStore},
        {"maxSurface2DLayered[2]", p.maxSurface2DLayered[2], 1, 1, -1,
         cudaArrayLayered | cudaArraySurfaceLoadStore},
    };
    int checked = 0;
    for (const Limit& l : limits) {
      auto extent = [&](int v) {
        auto pick = [&](int x) { return static_cast<std::size_t>(x < 0 ? v : x); };
        return make_cudaExtent(pick(l.w), pick(l.h), pick(l.d));
      };
      char what[96];
      std::snprintf(what, sizeof what, "an array at %s (%d) is made", l.what, l.limit);
      expect(l.limit > 0 && made(extent(l.limit), l.flags), what);
      std::snprintf(what, sizeof what, "an array one past %s is refused", l.what);
      expect(!made(extent(l.limit + 1), l.flags), what);
      ++checked;
    }
    // Cube maps: six square faces per cube, up to maxTextureCubemapLayered[1] cubes when
    // layered (faces of one byte; a face at maxTextureCubemap would not fit the memory).
    const int cubes = p.maxTextureCubemapLayered[1];
    expect(cubes > 0 && p.maxTextureCubemap > 0 && p.maxSurfaceCubemap == p.maxTextureCubemap &&
               made(make_cudaExtent(1, 1, 6 * cubes), cudaArrayCubemap | cudaArrayLayered),
           "a layered cube map at maxTextureCubemapLayered is made");
    expect(!made(make_cudaExtent(1, 1, 6 * (cubes + 1)), cudaArrayCubemap | cudaArrayLayered),
           "a layered cube map of one cube more is refused");
    expect(!made(make_cudaExtent(2, 1, 6), cudaArrayCubemap), "a cube map of faces not square");
    std::printf("%d array limits: 1D %d, 2D %d x %d, 3D %d, layered 2D %d x %d x %d\n", checked,
                p.maxTexture1D, p.maxTexture2D[0], p.maxTexture2D[1], p.maxTexture3D[0],
                p.maxTexture2DLayered[0], p.maxTexture2DLayered[1], p.maxTexture2DLayered[2]);
  }

  // streamPrioritiesSupported: whether the priority range has more than one priority.
  int least = 0, greatest = 0;
  CHECK(cudaDeviceGetStreamPriorityRange(&least, &greatest));
  expect((least != greatest) == (p.streamPrioritiesSupported != 0), "stream priorities");

  CHECK(cudaFree(out));
  std::printf("%s\n", failures == 0 ? "PASS" : "FAIL");
  return failures == 0 ? 0 : 1;
}
