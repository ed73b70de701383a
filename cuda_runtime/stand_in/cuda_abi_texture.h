// The CUDA 13 runtime's texture, surface and array types, declared from the runtime API
// reference (driver_types.h, texture_types.h); the sizes and offsets asserted below were
// measured on CUDA 13.0's headers, as cuda_abi.h's were.
#pragma once

#include <cstddef>
#include <cstdint>

extern "C" {

typedef unsigned long long cudaTextureObject_t;
typedef unsigned long long cudaSurfaceObject_t;
typedef struct cudaArray* cudaArray_t;
typedef const struct cudaArray* cudaArray_const_t;

enum CudaResourceType : int {
  kResourceArray = 0,
  kResourceMipmappedArray = 1,
  kResourceLinear = 2,
  kResourcePitch2D = 3,
};

// cudaArray flags (cudaMallocArray, cudaMalloc3DArray).
enum CudaArrayFlags : unsigned {
  kArrayLayered = 0x01,
  kArraySurfaceLoadStore = 0x02,
  kArrayCubemap = 0x04,
  kArrayTextureGather = 0x08,
};

struct CudaChannelFormatDesc {
  int x, y, z, w;
  int f;  // cudaChannelFormatKind
};
static_assert(sizeof(CudaChannelFormatDesc) == 20);

struct CudaResourceDesc {
  int resType;
  union {
    struct {
      cudaArray_t array;
    } array;
    struct {
      void* mipmap;
    } mipmap;
    struct {
      void* devPtr;
      CudaChannelFormatDesc desc;
      std::size_t sizeInBytes;
    } linear;
    struct {
      void* devPtr;
      CudaChannelFormatDesc desc;
      std::size_t width, height, pitchInBytes;
    } pitch2D;
    struct {
      int reserved[32];
    } reserved;
  } res;
  unsigned flags;
};
static_assert(sizeof(CudaResourceDesc) == 144);
static_assert(offsetof(CudaResourceDesc, flags) == 136);
static_assert(offsetof(CudaResourceDesc, res.pitch2D.width) == 40);

struct CudaTextureDesc {
  int addressMode[3];
  int filterMode;
  int readMode;
  int sRGB;
  float borderColor[4];
  int normalizedCoords;
  unsigned maxAnisotropy;
  int mipmapFilterMode;
  float mipmapLevelBias;
  float minMipmapLevelClamp;
  float maxMipmapLevelClamp;
  int disableTrilinearOptimization;
  int seamlessCubemap;
};
static_assert(sizeof(CudaTextureDesc) == 72);
static_assert(offsetof(CudaTextureDesc, borderColor) == 24);

struct CudaExtent {
  std::size_t width, height, depth;
};
struct CudaPos {
  std::size_t x, y, z;
};
struct CudaPitchedPtr {
  void* ptr;
  std::size_t pitch, xsize, ysize;
};
struct CudaMemcpy3DParms {
  cudaArray_t srcArray;
  CudaPos srcPos;
  CudaPitchedPtr srcPtr;
  cudaArray_t dstArray;
  CudaPos dstPos;
  CudaPitchedPtr dstPtr;
  CudaExtent extent;
  int kind;
};
static_assert(sizeof(CudaMemcpy3DParms) == 160);
static_assert(offsetof(CudaMemcpy3DParms, kind) == 152);

}  // extern "C"
