// Jacobi iterations of a 7-point 3-D stencil (the Parboil stencil scheme) in one persistent
// kernel with a global barrier between time steps, the way the STN benchmark of Singh et al.
// (HPCA 2013) replaces one launch per step.
//
// The interior is cut into tiles of TX x TY columns, TZ planes deep; the launch has only as
// many CTAs as the GPU holds at once, and each CTA loops over tiles (tile = blockIdx.x,
// + gridDim.x, ...). A thread owns one column of its tile and walks up through the planes,
// keeping the cells below, at and above its own in registers (Parboil's register tiling in z)
// and sharing the current plane through shared memory for the x and y neighbours: a barrier
// before a plane is written (everyone has read the previous one) and one after (the halo is
// in place). Boundary cells never change; the host fills both buffers with the same volume.
//
// grid_sync is a sense-reversing barrier across CTAs whose flag counts the barriers completed
// (its parity is the sense), so that the host can check that every one completed: thread 0 of
// every CTA fences its CTA's writes and counts itself in with an atomic; the last to arrive
// resets the count and moves the flag on, which the others spin on. It only completes if every
// CTA of the grid is resident at once; a larger grid would spin forever.
#define TX 32
#define TY 16
#define TZ 8

// `passed` is this CTA's count of completed barriers, in shared memory.
__device__ void grid_sync(unsigned* count, volatile unsigned* flag, unsigned* passed) {
  __syncthreads();
  if (threadIdx.x == 0 && threadIdx.y == 0) {
    unsigned next = *passed + 1;
    *passed = next;
    __threadfence();
    if (atomicAdd(count, 1u) == gridDim.x - 1) {
      atomicExch(count, 0u);  // before the release, so no CTA can arrive at the next barrier
      __threadfence();        // and find the old count
      *flag = next;
    } else {
      while (*flag != next) {
      }
    }
    __threadfence();
  }
  __syncthreads();
}

// One time step's new value: the neighbours' sum in a fixed order (the CPU reference adds
// them in the same order) weighted 1/8, the cell itself 1/4.
__device__ float relax(float west, float east, float south, float north, float below, float above,
                       float here) {
  float sum = ((((west + east) + south) + north) + below) + above;
  return 0.125f * sum + 0.25f * here;
}

extern "C" __global__ void stencil3d(float* a, float* b, unsigned* barrier, int nx, int ny, int nz,
                                     int steps) {
  __shared__ float plane[TY + 2][TX + 2];
  __shared__ unsigned passed;
  int tx = threadIdx.x, ty = threadIdx.y;
  if (tx == 0 && ty == 0) passed = 0;
  int tiles_x = (nx - 2) / TX, tiles_y = (ny - 2) / TY;
  int tiles = tiles_x * tiles_y * ((nz - 2) / TZ);
  int plane_size = nx * ny;
  for (int step = 0; step < steps; ++step) {
    const float* src = step % 2 == 0 ? a : b;
    float* dst = step % 2 == 0 ? b : a;
    for (int tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
      int x = 1 + (tile % tiles_x) * TX + tx;
      int y = 1 + (tile / tiles_x % tiles_y) * TY + ty;
      int z0 = 1 + tile / (tiles_x * tiles_y) * TZ;
      int at = (z0 * ny + y) * nx + x;
      float below = src[at - plane_size], here = src[at];
      // Not unrolled: Parboil's z loop runs to a bound known only at run time.
#pragma unroll 1
      for (int z = z0; z < z0 + TZ; ++z, at += plane_size) {
        float above = src[at + plane_size];
        __syncthreads();
        plane[ty + 1][tx + 1] = here;
        if (tx == 0) plane[ty + 1][0] = src[at - 1];
        if (tx == TX - 1) plane[ty + 1][TX + 1] = src[at + 1];
        if (ty == 0) plane[0][tx + 1] = src[at - nx];
        if (ty == TY - 1) plane[TY + 1][tx + 1] = src[at + nx];
        __syncthreads();
        dst[at] = relax(plane[ty + 1][tx], plane[ty + 1][tx + 2], plane[ty][tx + 1],
                        plane[ty + 2][tx + 1], below, above, here);
        below = here;
        here = above;
      }
    }
    grid_sync(&barrier[0], &barrier[1], &passed);
  }
}
