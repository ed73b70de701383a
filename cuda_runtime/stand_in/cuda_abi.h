// The parts of the CUDA runtime's binary interface the stand-in implements, declared from the
// CUDA 13 runtime API reference: enum values, dim3, and the layout of the structs programs
// read. No NVIDIA header is needed to build warpforge; the sizes and offsets asserted below
// were measured on CUDA 13.0's headers (sizeof and offsetof in a program nvcc compiled).
#pragma once

#include <cstddef>
#include <cstdint>

extern "C" {

typedef int cudaError_t;
typedef void* cudaStream_t;
typedef void* cudaEvent_t;
typedef void* cudaKernel_t;

struct dim3 {
  unsigned x, y, z;
};

enum CudaErrorCode : int {
  kCudaSuccess = 0,
  kCudaErrorInvalidValue = 1,
  kCudaErrorMemoryAllocation = 2,
  kCudaErrorInitializationError = 3,
  kCudaErrorInvalidConfiguration = 9,
  kCudaErrorInvalidSymbol = 13,
  kCudaErrorInvalidDevicePointer = 17,
  kCudaErrorInvalidMemcpyDirection = 21,
  kCudaErrorInvalidDeviceFunction = 98,
  kCudaErrorNoDevice = 100,
  kCudaErrorInvalidDevice = 101,
  kCudaErrorNoKernelImageForDevice = 209,
  kCudaErrorInvalidResourceHandle = 400,
  kCudaErrorSymbolNotFound = 500,
  kCudaErrorNotReady = 600,
  kCudaErrorHostMemoryAlreadyRegistered = 712,
  kCudaErrorHostMemoryNotRegistered = 713,
  kCudaErrorLaunchFailure = 719,
  kCudaErrorCooperativeLaunchTooLarge = 720,
  kCudaErrorNotSupported = 801,
  kCudaErrorUnknown = 999,
};

enum CudaMemcpyKind : int {
  kHostToHost = 0,
  kHostToDevice = 1,
  kDeviceToHost = 2,
  kDeviceToDevice = 3,
  kDefault = 4,
};

struct CudaUuid {
  char bytes[16];
};

// cudaDeviceProp of CUDA 13 (driver_types.h), field for field.
struct CudaDeviceProp {
  char name[256];
  CudaUuid uuid;
  char luid[8];
  unsigned int luidDeviceNodeMask;
  std::size_t totalGlobalMem;
  std::size_t sharedMemPerBlock;
  int regsPerBlock;
  int warpSize;
  std::size_t memPitch;
  int maxThreadsPerBlock;
  int maxThreadsDim[3];
  int maxGridSize[3];
  std::size_t totalConstMem;
  int major;
  int minor;
  std::size_t textureAlignment;
  std::size_t texturePitchAlignment;
  int multiProcessorCount;
  int integrated;
  int canMapHostMemory;
  int maxTexture1D;
  int maxTexture1DMipmap;
  int maxTexture2D[2];
  int maxTexture2DMipmap[2];
  int maxTexture2DLinear[3];
  int maxTexture2DGather[2];
  int maxTexture3D[3];
  int maxTexture3DAlt[3];
  int maxTextureCubemap;
  int maxTexture1DLayered[2];
  int maxTexture2DLayered[3];
  int maxTextureCubemapLayered[2];
  int maxSurface1D;
  int maxSurface2D[2];
  int maxSurface3D[3];
  int maxSurface1DLayered[2];
  int maxSurface2DLayered[3];
  int maxSurfaceCubemap;
  int maxSurfaceCubemapLayered[2];
  std::size_t surfaceAlignment;
  int concurrentKernels;
  int ECCEnabled;
  int pciBusID;
  int pciDeviceID;
  int pciDomainID;
  int tccDriver;
  int asyncEngineCount;
  int unifiedAddressing;
  int memoryBusWidth;
  int l2CacheSize;
  int persistingL2CacheMaxSize;
  int maxThreadsPerMultiProcessor;
  int streamPrioritiesSupported;
  int globalL1CacheSupported;
  int localL1CacheSupported;
  std::size_t sharedMemPerMultiprocessor;
  int regsPerMultiprocessor;
  int managedMemory;
  int isMultiGpuBoard;
  int multiGpuBoardGroupID;
  int hostNativeAtomicSupported;
  int pageableMemoryAccess;
  int concurrentManagedAccess;
  int computePreemptionSupported;
  int canUseHostPointerForRegisteredMem;
  int cooperativeLaunch;
  std::size_t sharedMemPerBlockOptin;
  int pageableMemoryAccessUsesHostPageTables;
  int directManagedMemAccessFromHost;
  int maxBlocksPerMultiProcessor;
  int accessPolicyMaxWindowSize;
  std::size_t reservedSharedMemPerBlock;
  int hostRegisterSupported;
  int sparseCudaArraySupported;
  int hostRegisterReadOnlySupported;
  int timelineSemaphoreInteropSupported;
  int memoryPoolsSupported;
  int gpuDirectRDMASupported;
  unsigned int gpuDirectRDMAFlushWritesOptions;
  int gpuDirectRDMAWritesOrdering;
  unsigned int memoryPoolSupportedHandleTypes;
  int deferredMappingCudaArraySupported;
  int ipcEventSupported;
  int clusterLaunch;
  int unifiedFunctionPointers;
  int deviceNumaConfig;
  int deviceNumaId;
  int mpsEnabled;
  int hostNumaId;
  unsigned int gpuPciDeviceID;
  unsigned int gpuPciSubsystemID;
  int hostNumaMultinodeIpcSupported;
  int reserved[56];
};
static_assert(sizeof(CudaDeviceProp) == 1008);
static_assert(offsetof(CudaDeviceProp, multiProcessorCount) == 384);
static_assert(offsetof(CudaDeviceProp, maxBlocksPerMultiProcessor) == 688);

// cudaFuncAttributes of CUDA 13.
struct CudaFuncAttributes {
  std::size_t sharedSizeBytes;
  std::size_t constSizeBytes;
  std::size_t localSizeBytes;
  int maxThreadsPerBlock;
  int numRegs;
  int ptxVersion;
  int binaryVersion;
  int cacheModeCA;
  int maxDynamicSharedSizeBytes;
  int preferredShmemCarveout;
  int clusterDimMustBeSet;
  int requiredClusterWidth;
  int requiredClusterHeight;
  int requiredClusterDepth;
  int clusterSchedulingPolicyPreference;
  int nonPortableClusterSizeAllowed;
  int reserved[16];
};
static_assert(sizeof(CudaFuncAttributes) == 144);

}  // extern "C"
