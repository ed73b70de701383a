// MRI Cartesian gridding after Parboil's mri-gridding: non-Cartesian k-space samples, binned
// by position (bins of BIN^3 cells, sorted by bin), are interpolated onto a Cartesian grid
// with a Kaiser-Bessel kernel of radius 2 cells read from a lookup table. Each CTA owns a
// TILE^3 tile of the grid, a thread per cell; the samples of the bins its kernel can reach
// are staged through shared memory a CTA-wide chunk at a time (load, sync, every thread
// scans the chunk for samples within its reach, sync).
#define TILE 8  // cells per axis of a tile: 512 threads
#define CTA (TILE * TILE * TILE)
#define BIN 4                  // cells per axis of a bin; the kernel reaches one bin on
#define SPAN (TILE / BIN + 2)  // each side, so a tile sees SPAN^3 bins,
#define ROWS (SPAN * SPAN)     // as ROWS runs of SPAN bins that are adjacent in memory
#define CUTOFF2 4.0f           // squared kernel radius, in cells^2
#define LUT_SCALE 64.0f        // table entries per cell^2: 256 entries up to CUTOFF2

// pos[i] = (x, y, z, density compensation) in cell units, val[i] = (re, im); the samples of
// bin (bx, by, bz) are i in [bin_start[b], bin_start[b + 1]), b = (bz * bins.y + by) *
// bins.x + bx. grid[(z * gy + y) * gx + x] = sum over samples within the radius, in order, of
// lut[r^2 * LUT_SCALE] * dcf * val, with the cell at integer coordinates (x, y, z). The
// products are rounded separately from the sums (no contraction), so a CPU can replay them.
extern "C" __global__ void mg_gridding(const float4* pos, const float2* val,
                                       const unsigned* bin_start, int bins_x, int bins_y,
                                       int bins_z, const float* lut, float2* grid) {
  __shared__ float4 s_pos[CTA];
  __shared__ float2 s_val[CTA];
  __shared__ unsigned row_first[ROWS];
  __shared__ unsigned row_base[ROWS + 1];  // where each run starts in the gathered list
  const int t = (threadIdx.z * TILE + threadIdx.y) * TILE + threadIdx.x;
  const int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y,
            z = blockIdx.z * TILE + threadIdx.z;

  // The tile's neighbourhood: ROWS runs of bins along x, each a contiguous range of samples.
  if (t < ROWS) {
    const int by = blockIdx.y * (TILE / BIN) - 1 + t % SPAN;
    const int bz = blockIdx.z * (TILE / BIN) - 1 + t / SPAN;
    const int bx0 = max(int(blockIdx.x) * (TILE / BIN) - 1, 0);
    const int bx1 = min(int(blockIdx.x) * (TILE / BIN) + TILE / BIN, bins_x - 1);
    unsigned first = 0, end = 0;
    if (by >= 0 && by < bins_y && bz >= 0 && bz < bins_z) {
      const int row = (bz * bins_y + by) * bins_x;
      first = bin_start[row + bx0];
      end = bin_start[row + bx1 + 1];
    }
    row_first[t] = first;
    row_base[t + 1] = end - first;
  }
  __syncthreads();
  if (t == 0) {
    row_base[0] = 0;
    for (int r = 1; r <= ROWS; ++r) row_base[r] += row_base[r - 1];
  }
  __syncthreads();

  const unsigned total = row_base[ROWS];
  float re = 0.0f, im = 0.0f;
#pragma unroll 1
  for (unsigned c = 0; c < total; c += CTA) {
    if (c + t < total) {
      int r = 0;
      while (row_base[r + 1] <= c + t) ++r;
      const unsigned i = row_first[r] + (c + t - row_base[r]);
      s_pos[t] = pos[i];
      s_val[t] = val[i];
    }
    __syncthreads();
    const unsigned n = min(total - c, CTA);
#pragma unroll 1
    for (unsigned s = 0; s < n; ++s) {
      const float4 p = s_pos[s];
      // Sample coordinates are multiples of 1/16, so r2 is exact however it is summed.
      const float dx = p.x - x, dy = p.y - y, dz = p.z - z;
      const float r2 = dx * dx + dy * dy + dz * dz;
      if (r2 < CUTOFF2) {
        const float w = __fmul_rn(lut[int(r2 * LUT_SCALE)], p.w);
        const float2 v = s_val[s];
        re = __fmaf_rn(w, v.x, re);
        im = __fmaf_rn(w, v.y, im);
      }
    }
    __syncthreads();
  }
  grid[(z * gridDim.y * TILE + y) * gridDim.x * TILE + x] = make_float2(re, im);
}
