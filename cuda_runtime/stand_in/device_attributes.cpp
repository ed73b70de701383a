#include "cuda_runtime/stand_in/device_attributes.h"

#include <iterator>

#include "cuda_runtime/stand_in/cuda_abi.h"

namespace wf::cudart {

std::optional<int> device_attribute(const DeviceInfo& d, int a) {
  auto i = [](std::uint64_t v) { return static_cast<int>(v); };
  switch (a) {
    case 1:
      return i(d.max_threads_per_block);
    case 2:
    case 3:
    case 4:
      return kMaxBlock[a - 2];
    case 5:
    case 6:
    case 7:
      return kMaxGrid[a - 5];
    case 8:
    case 97:
      return i(d.shared_bytes_per_block);  // per block, and its opt-in maximum
    case 9:
      return i(d.const_bytes);
    case 10:
      return i(d.warp_size);
    case 11:
      return kMaxPitch;
    case 12:
    case 82:
      return i(d.registers_per_sm);
    case 13:
      return i(d.core_clock_khz);
    case 14:
    case 30:
      return kTextureAlignment;  // and surface alignment
    case 16:
      return i(d.multiprocessors);
    case 20:
      return 0;  // compute mode: default (shared)
    case 36:
      return i(d.memory_clock_khz);
    case 37:
      return i(d.memory_bus_bits);
    case 38:
      return i(d.l2_bytes);
    case 39:
      return i(d.max_threads_per_sm);
    case 19:
      return 1;  // pinned host memory is mapped for the device (mapped_host_memory.h)
    case 41:
      return 1;  // one address space: device pointers never look like host pointers
    case 83:
      return 1;  // cudaMallocManaged and __managed__ (managed_memory.cpp)
    case 89:
      // The host may not touch managed memory while a kernel runs: its copy and the device's
      // are made equal only at launch boundaries.
      return 0;
    case 95:
      return 1;  // cudaLaunchCooperativeKernel and grid.sync() (launch.cpp)
    case 115:
      return 1;  // cudaMallocAsync and cudaFreeAsync, from the device's default pool
    case 99:
      return 1;  // cudaHostRegister (mapped_host_memory.h)
    case 51:
      return kTexturePitchAlignment;
    case 75:
      return kComputeMajor;
    case 76:
      return kComputeMinor;
    case 79:
    case 80:
      return 1;  // globals and locals are cached in the L1
    case 81:
      return i(d.shared_bytes_per_sm);
    case 87:
      return i(d.fp64_ratio);
    case 106:
      return i(d.max_blocks_per_sm);
    case 111:
      return 0;  // shared memory the driver reserves per block
    case 126:
      return 1;  // memory synchronization domains
    case 131:
    case 134:
      return -1;  // no NUMA node
    case 21:      // textures and surfaces on arrays: the array limits
    case 55:
      return kMaxArray1D;
    case 22:
    case 23:
      return kMaxArray2D[a - 22];
    case 56:
    case 57:
      return kMaxArray2D[a - 56];
    case 24:
    case 25:
    case 26:
    case 58:
    case 59:
    case 60:
      return kMaxArray3D;
    case 42:
    case 43:
      return kMaxArray1DLayered[a - 42];
    case 61:
    case 62:
      return kMaxArray1DLayered[a - 61];
    case 27:
    case 28:
    case 29:
      return kMaxArray2DLayered[a - 27];
    case 63:
    case 64:
    case 65:
      return kMaxArray2DLayered[a - 63];
    case 45:
    case 46:
      return kMaxArrayGather;
    case 69:
      return kMaxTexture1DLinear;
    case 70:
    case 71:
    case 72:
      return kMaxTexture2DLinear[a - 70];
    case 52:  // cube maps: textures and surfaces
    case 53:
    case 66:
    case 67:
      return kMaxArrayCubemap;
    case 54:
    case 68:
      return kMaxArrayCubemapLayers;
    // The alternate 3D shape (47-49) and mipmaps (73, 74, 77): 0, below.
    case 92:
    case 93:
    case 94:
    case 96:
    case 122:
    case 123:
    case 124:
    case 127:
    case 128:
    case 129:
    case 132:
    case 141:
    case 145:
      return std::nullopt;  // reserved
    default:
      // Everything else CUDA 13 defines is a capability or a limit of something the model
      // does not have.
      if (a >= 15 && a <= 147) return 0;
      return std::nullopt;
  }
}

#define WF_FIELD(field, attribute) \
  { offsetof(CudaDeviceProp, field), sizeof(CudaDeviceProp::field) == 8, attribute }
#define WF_ARRAY(field, i, attribute) \
  { offsetof(CudaDeviceProp, field) + (i) * sizeof(int), false, attribute }

// cudaDeviceProp's fields next to the cudaDeviceAttr that answers the same question, from the
// CUDA 13 runtime API reference (every field but name, uuid, luid and totalGlobalMem has one).
const PropertyAttribute kPropertyAttributes[] = {
    WF_FIELD(sharedMemPerBlock, 8),
    WF_FIELD(regsPerBlock, 12),
    WF_FIELD(warpSize, 10),
    WF_FIELD(memPitch, 11),
    WF_FIELD(maxThreadsPerBlock, 1),
    WF_ARRAY(maxThreadsDim, 0, 2),
    WF_ARRAY(maxThreadsDim, 1, 3),
    WF_ARRAY(maxThreadsDim, 2, 4),
    WF_ARRAY(maxGridSize, 0, 5),
    WF_ARRAY(maxGridSize, 1, 6),
    WF_ARRAY(maxGridSize, 2, 7),
    WF_FIELD(totalConstMem, 9),
    WF_FIELD(major, 75),
    WF_FIELD(minor, 76),
    WF_FIELD(textureAlignment, 14),
    WF_FIELD(texturePitchAlignment, 51),
    WF_FIELD(multiProcessorCount, 16),
    WF_FIELD(integrated, 18),
    WF_FIELD(canMapHostMemory, 19),
    WF_FIELD(maxTexture1D, 21),
    WF_FIELD(maxTexture1DMipmap, 77),
    WF_ARRAY(maxTexture2D, 0, 22),
    WF_ARRAY(maxTexture2D, 1, 23),
    WF_ARRAY(maxTexture2DMipmap, 0, 73),
    WF_ARRAY(maxTexture2DMipmap, 1, 74),
    WF_ARRAY(maxTexture2DLinear, 0, 70),
    WF_ARRAY(maxTexture2DLinear, 1, 71),
    WF_ARRAY(maxTexture2DLinear, 2, 72),
    WF_ARRAY(maxTexture2DGather, 0, 45),
    WF_ARRAY(maxTexture2DGather, 1, 46),
    WF_ARRAY(maxTexture3D, 0, 24),
    WF_ARRAY(maxTexture3D, 1, 25),
    WF_ARRAY(maxTexture3D, 2, 26),
    WF_ARRAY(maxTexture3DAlt, 0, 47),
    WF_ARRAY(maxTexture3DAlt, 1, 48),
    WF_ARRAY(maxTexture3DAlt, 2, 49),
    WF_FIELD(maxTextureCubemap, 52),
    WF_ARRAY(maxTexture1DLayered, 0, 42),
    WF_ARRAY(maxTexture1DLayered, 1, 43),
    WF_ARRAY(maxTexture2DLayered, 0, 27),
    WF_ARRAY(maxTexture2DLayered, 1, 28),
    WF_ARRAY(maxTexture2DLayered, 2, 29),
    WF_ARRAY(maxTextureCubemapLayered, 0, 53),
    WF_ARRAY(maxTextureCubemapLayered, 1, 54),
    WF_FIELD(maxSurface1D, 55),
    WF_ARRAY(maxSurface2D, 0, 56),
    WF_ARRAY(maxSurface2D, 1, 57),
    WF_ARRAY(maxSurface3D, 0, 58),
    WF_ARRAY(maxSurface3D, 1, 59),
    WF_ARRAY(maxSurface3D, 2, 60),
    WF_ARRAY(maxSurface1DLayered, 0, 61),
    WF_ARRAY(maxSurface1DLayered, 1, 62),
    WF_ARRAY(maxSurface2DLayered, 0, 63),
    WF_ARRAY(maxSurface2DLayered, 1, 64),
    WF_ARRAY(maxSurface2DLayered, 2, 65),
    WF_FIELD(maxSurfaceCubemap, 66),
    WF_ARRAY(maxSurfaceCubemapLayered, 0, 67),
    WF_ARRAY(maxSurfaceCubemapLayered, 1, 68),
    WF_FIELD(surfaceAlignment, 30),
    WF_FIELD(concurrentKernels, 31),
    WF_FIELD(ECCEnabled, 32),
    WF_FIELD(pciBusID, 33),
    WF_FIELD(pciDeviceID, 34),
    WF_FIELD(pciDomainID, 50),
    WF_FIELD(tccDriver, 35),
    WF_FIELD(asyncEngineCount, 40),
    WF_FIELD(unifiedAddressing, 41),
    WF_FIELD(memoryBusWidth, 37),
    WF_FIELD(l2CacheSize, 38),
    WF_FIELD(persistingL2CacheMaxSize, 108),
    WF_FIELD(maxThreadsPerMultiProcessor, 39),
    WF_FIELD(streamPrioritiesSupported, 78),
    WF_FIELD(globalL1CacheSupported, 79),
    WF_FIELD(localL1CacheSupported, 80),
    WF_FIELD(sharedMemPerMultiprocessor, 81),
    WF_FIELD(regsPerMultiprocessor, 82),
    WF_FIELD(managedMemory, 83),
    WF_FIELD(isMultiGpuBoard, 84),
    WF_FIELD(multiGpuBoardGroupID, 85),
    WF_FIELD(hostNativeAtomicSupported, 86),
    WF_FIELD(pageableMemoryAccess, 88),
    WF_FIELD(concurrentManagedAccess, 89),
    WF_FIELD(computePreemptionSupported, 90),
    WF_FIELD(canUseHostPointerForRegisteredMem, 91),
    WF_FIELD(cooperativeLaunch, 95),
    WF_FIELD(sharedMemPerBlockOptin, 97),
    WF_FIELD(pageableMemoryAccessUsesHostPageTables, 100),
    WF_FIELD(directManagedMemAccessFromHost, 101),
    WF_FIELD(maxBlocksPerMultiProcessor, 106),
    WF_FIELD(accessPolicyMaxWindowSize, 109),
    WF_FIELD(reservedSharedMemPerBlock, 111),
    WF_FIELD(hostRegisterSupported, 99),
    WF_FIELD(sparseCudaArraySupported, 112),
    WF_FIELD(hostRegisterReadOnlySupported, 113),
    WF_FIELD(timelineSemaphoreInteropSupported, 114),
    WF_FIELD(memoryPoolsSupported, 115),
    WF_FIELD(gpuDirectRDMASupported, 116),
    WF_FIELD(gpuDirectRDMAFlushWritesOptions, 117),
    WF_FIELD(gpuDirectRDMAWritesOrdering, 118),
    WF_FIELD(memoryPoolSupportedHandleTypes, 119),
    WF_FIELD(deferredMappingCudaArraySupported, 121),
    WF_FIELD(ipcEventSupported, 125),
    WF_FIELD(clusterLaunch, 120),
    WF_FIELD(deviceNumaConfig, 130),
    WF_FIELD(deviceNumaId, 131),
    WF_FIELD(mpsEnabled, 133),
    WF_FIELD(hostNumaId, 134),
    WF_FIELD(gpuPciDeviceID, 139),
    WF_FIELD(gpuPciSubsystemID, 140),
    WF_FIELD(hostNumaMultinodeIpcSupported, 143),
};
const std::size_t kPropertyAttributeCount = std::size(kPropertyAttributes);

#undef WF_FIELD
#undef WF_ARRAY

}  // namespace wf::cudart
