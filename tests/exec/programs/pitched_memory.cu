// Pitched 2D and 3D linear memory: cudaMallocPitch and cudaMalloc3D, cudaMemcpy2D/3D in every
// direction (with offsets and sub-rectangles), cudaMemset2D/3D, checked against the same work
// on the CPU, and the arguments a GPU refuses. (3D copies to and from CUDA arrays are
// textures.cu's.)
#include <cstdio>
#include <vector>

#include "check.h"

// Adds row * 1000 + column to each element of a width x height float matrix.
__global__ void add_position(float* m, size_t pitch, int width, int height) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y;
  if (x < width && y < height) {
    float* row = reinterpret_cast<float*>(reinterpret_cast<char*>(m) + y * pitch);
    row[x] += y * 1000 + x;
  }
}

// Doubles each int of a width x height x depth box.
__global__ void double_box(cudaPitchedPtr p, int width, int height, int depth) {
  const int x = threadIdx.x, y = blockIdx.x, z = blockIdx.y;
  if (x >= width || y >= height || z >= depth) return;
  char* slice = static_cast<char*>(p.ptr) + z * p.pitch * p.ysize;
  reinterpret_cast<int*>(slice + y * p.pitch)[x] *= 2;
}

int main() {
  int wrong = 0;
  // 2D: 100 x 30 floats, their rows padded to the pitch.
  const int w = 100, h = 30;
  std::vector<float> host(w * h), back(w * h, -1.0f);
  for (int i = 0; i < w * h; ++i) host[i] = 0.5f * i;
  float* m = nullptr;
  size_t pitch = 0;
  CHECK(cudaMallocPitch(reinterpret_cast<void**>(&m), &pitch, w * sizeof(float), h));
  std::printf("cudaMallocPitch: %zu bytes a row for %zu\n", pitch, w * sizeof(float));
  CHECK(cudaMemcpy2D(m, pitch, host.data(), w * sizeof(float), w * sizeof(float), h,
                     cudaMemcpyHostToDevice));
  add_position<<<dim3(1, h), 128>>>(m, pitch, w, h);
  CHECK(cudaMemcpy2D(back.data(), w * sizeof(float), m, pitch, w * sizeof(float), h,
                     cudaMemcpyDeviceToHost));
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) wrong += back[y * w + x] != 0.5f * (y * w + x) + y * 1000 + x;
  std::printf("2D round trip: back[29][99] = %.1f\n", back[h * w - 1]);

  // A 10 x 5 window at (20, 3) set to bytes of 0, then copied device to device into a second
  // pitched matrix and from there (asynchronously, cudaMemcpyDefault) to the host.
  CHECK(cudaMemset2D(reinterpret_cast<char*>(m) + 3 * pitch + 20 * sizeof(float), pitch, 0,
                     10 * sizeof(float), 5));
  float* m2 = nullptr;
  size_t pitch2 = 0;
  CHECK(cudaMallocPitch(reinterpret_cast<void**>(&m2), &pitch2, 40 * sizeof(float), 8));
  CHECK(cudaMemset2DAsync(m2, pitch2, 0, 40 * sizeof(float), 8, nullptr));
  CHECK(cudaMemcpy2D(m2, pitch2, reinterpret_cast<char*>(m) + 2 * pitch + 15 * sizeof(float),
                     pitch, 20 * sizeof(float), 7, cudaMemcpyDeviceToDevice));
  std::vector<float> window(40 * 8, -1.0f);
  CHECK(cudaMemcpy2DAsync(window.data(), 40 * sizeof(float), m2, pitch2, 40 * sizeof(float), 8,
                          cudaMemcpyDefault, nullptr));
  CHECK(cudaStreamSynchronize(nullptr));
  for (int y = 0; y < 8; ++y) {
    for (int x = 0; x < 40; ++x) {
      float expected = 0.0f;  // the cudaMemset2DAsync
      if (y < 7 && x < 20) {
        const int sy = y + 2, sx = x + 15;
        const bool zeroed = sy >= 3 && sy < 8 && sx >= 20 && sx < 30;
        expected = zeroed ? 0.0f : 0.5f * (sy * w + sx) + sy * 1000 + sx;
      }
      wrong += window[y * 40 + x] != expected;
    }
  }
  std::printf("2D window: [1][5] = %.1f, [0][0] = %.1f\n", window[45], window[0]);

  // 3D: a 7 x 6 x 5 box of ints in an 8 x 6 x 5 host array, through cudaMalloc3D.
  const int bw = 7, bh = 6, bd = 5, hw = 8;
  std::vector<int> box(hw * bh * bd), box_back(hw * bh * bd, -1);
  for (int i = 0; i < hw * bh * bd; ++i) box[i] = i;
  cudaPitchedPtr d;
  CHECK(cudaMalloc3D(&d, make_cudaExtent(bw * sizeof(int), bh, bd)));
  std::printf("cudaMalloc3D: pitch %zu, xsize %zu, ysize %zu\n", d.pitch, d.xsize, d.ysize);
  CHECK(cudaMemset3D(d, 0xff, make_cudaExtent(bw * sizeof(int), bh, bd)));
  cudaMemcpy3DParms up = {};
  up.srcPtr = make_cudaPitchedPtr(box.data(), hw * sizeof(int), hw, bh);
  up.dstPtr = d;
  up.extent = make_cudaExtent(bw * sizeof(int), bh, bd);
  up.kind = cudaMemcpyHostToDevice;
  CHECK(cudaMemcpy3D(&up));
  double_box<<<dim3(bh, bd), 32>>>(d, bw, bh, bd);
  // Back: the 3 x 2 x 2 sub-box at (x 2, y 3, z 1) of the device box, into the same place of a
  // host array filled with -1, and a 0 memset of slice 4 before.
  CHECK(cudaMemset3DAsync(make_cudaPitchedPtr(static_cast<char*>(d.ptr) + 4 * d.pitch * d.ysize,
                                              d.pitch, bw, bh),
                          0, make_cudaExtent(bw * sizeof(int), bh, 1), nullptr));
  cudaMemcpy3DParms down = {};
  down.srcPtr = d;
  down.srcPos = make_cudaPos(2 * sizeof(int), 3, 1);
  down.dstPtr = make_cudaPitchedPtr(box_back.data(), hw * sizeof(int), hw, bh);
  down.dstPos = make_cudaPos(2 * sizeof(int), 3, 1);
  down.extent = make_cudaExtent(3 * sizeof(int), 2, 4);
  down.kind = cudaMemcpyDeviceToHost;
  CHECK(cudaMemcpy3DAsync(&down, nullptr));
  CHECK(cudaDeviceSynchronize());
  for (int z = 0; z < bd; ++z) {
    for (int y = 0; y < bh; ++y) {
      for (int x = 0; x < hw; ++x) {
        const int i = (z * bh + y) * hw + x;
        const bool copied = x >= 2 && x < 5 && y >= 3 && y < 5 && z >= 1;
        const int expected = !copied ? -1 : z == 4 ? 0 : 2 * box[i];
        wrong += box_back[i] != expected;
      }
    }
  }
  std::printf("3D sub-box: [3][4][4] = %d, [2][3][2] = %d\n", box_back[(3 * bh + 4) * hw + 4],
              box_back[(2 * bh + 3) * hw + 2]);

  // What a GPU refuses.
  const cudaError_t wide = cudaMemcpy2D(m, pitch, host.data(), 8, 16, 2, cudaMemcpyHostToDevice);
  const cudaError_t wide_dst = cudaMemcpy2D(m, 8, host.data(), 16, 16, 2, cudaMemcpyHostToDevice);
  const cudaError_t wide_set = cudaMemset2D(m, 8, 0, 16, 2);
  cudaMemcpy3DParms outside = up;
  outside.dstPos = make_cudaPos(d.pitch - 4, 0, 0);
  const cudaError_t beyond_pitch = cudaMemcpy3D(&outside);
  const cudaError_t direction =
      cudaMemcpy2D(m, pitch, host.data(), pitch, 16, 2, static_cast<cudaMemcpyKind>(9));
  std::printf("refused: width over source pitch %d, over destination pitch %d, memset %d, 3D "
              "past the pitch %d, direction %d\n",
              wide, wide_dst, wide_set, beyond_pitch, direction);
  cudaGetLastError();

  CHECK(cudaFree(m));
  CHECK(cudaFree(m2));
  CHECK(cudaFree(d.ptr));
  const bool pass = wrong == 0 && pitch % 512 == 0 && pitch >= w * sizeof(float) &&
                    d.pitch % 512 == 0 && wide == cudaErrorInvalidPitchValue &&
                    wide_dst == cudaErrorInvalidPitchValue && wide_set == cudaErrorInvalidValue &&
                    beyond_pitch == cudaErrorInvalidValue &&
                    direction == cudaErrorInvalidMemcpyDirection;
  std::printf("%d wrong\n%s\n", wrong, pass ? "PASS" : "FAIL");
  return pass ? 0 : 1;
}
