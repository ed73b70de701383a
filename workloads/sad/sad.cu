// Sums of absolute differences for H.264 motion estimation (the Parboil SAD scheme). For every
// 4x4 block of the current frame and every displacement (dx, dy) in a +-16-pixel search window
// (33 x 33 = 1089 positions), sad_4x4 sums |current - reference| over the block's 16 pixels,
// reference coordinates clamped to the frame as a clamping texture would. A CTA serves one 4x4
// block, each of its threads 18 consecutive positions (Parboil's POS_PER_THREAD): the
// reference is read at scattered addresses, which makes SAD memory-bound. sad_combine8 and
// sad_combine16 then add the 4x4 SADs of each macroblock into the larger H.264 partitions.
//
// Output per macroblock: BLOCKS_PER_MB rows of POSITIONS_PADDED SADs, u16 (at most
// 256 * 255 = 65280): rows 0-15 the 4x4 blocks (row-major in the macroblock), 16-23 the 8x4
// blocks (width x height; quadrant q = row-major 8x8 quadrant, rows 16 + 2q top, 17 + 2q
// bottom), 24-31 the 4x8 blocks (24 + 2q left, 25 + 2q right), 32-35 the 8x8 quadrants, 36-37
// the 16x8 halves (top, bottom), 38-39 the 8x16 halves (left, right), 40 the macroblock.
#define RANGE 16
#define SIDE (2 * RANGE + 1)
#define POSITIONS (SIDE * SIDE)
#define POSITIONS_PADDED 1096
#define POS_PER_THREAD 18
#define BLOCKS_PER_MB 41

// Grid: one CTA per 4x4 block (x, y); at least 61 threads (ceil(1089 / 18)).
extern "C" __global__ void sad_4x4(const unsigned char* __restrict__ cur,
                                   const unsigned char* __restrict__ ref, int width, int height,
                                   unsigned short* sads) {
  __shared__ int block[16];
  const int x0 = blockIdx.x * 4, y0 = blockIdx.y * 4;
  if (threadIdx.x < 16)
    block[threadIdx.x] = cur[(y0 + threadIdx.x / 4) * width + x0 + threadIdx.x % 4];
  __syncthreads();
  int pixel[16];
#pragma unroll
  for (int i = 0; i < 16; ++i) pixel[i] = block[i];

  const int mb = (blockIdx.y / 4) * (width / 16) + blockIdx.x / 4;
  const int sub = (blockIdx.y % 4) * 4 + blockIdx.x % 4;
  unsigned short* out = sads + (mb * BLOCKS_PER_MB + sub) * POSITIONS_PADDED;
  const int first = threadIdx.x * POS_PER_THREAD;
  const int last = min(first + POS_PER_THREAD, POSITIONS);
#pragma unroll 1
  for (int p = first; p < last; ++p) {
    const int dy = p / SIDE - RANGE, dx = p % SIDE - RANGE;
    int sad = 0;
#pragma unroll
    for (int j = 0; j < 4; ++j) {
      const unsigned char* row = ref + min(max(y0 + dy + j, 0), height - 1) * width;
#pragma unroll
      for (int i = 0; i < 4; ++i)
        sad += abs(pixel[j * 4 + i] - (int)__ldg(&row[min(max(x0 + dx + i, 0), width - 1)]));
    }
    out[p] = (unsigned short)sad;
  }
}

// Grid: one CTA per macroblock; block (32, 4): threadIdx.y is the 8x8 quadrant.
extern "C" __global__ void sad_combine8(unsigned short* sads, int mb_width) {
  unsigned short* mb =
      sads + (blockIdx.y * mb_width + blockIdx.x) * BLOCKS_PER_MB * POSITIONS_PADDED;
  const int q = threadIdx.y;
  const int top_left = (q / 2) * 8 + (q % 2) * 2;  // its first 4x4 block
  const unsigned short* a = mb + top_left * POSITIONS_PADDED;
  const unsigned short* b = a + POSITIONS_PADDED;
  const unsigned short* c = a + 4 * POSITIONS_PADDED;
  const unsigned short* d = c + POSITIONS_PADDED;
#pragma unroll 1
  for (int p = threadIdx.x; p < POSITIONS; p += blockDim.x) {
    const int sa = a[p], sb = b[p], sc = c[p], sd = d[p];
    mb[(16 + 2 * q) * POSITIONS_PADDED + p] = sa + sb;
    mb[(17 + 2 * q) * POSITIONS_PADDED + p] = sc + sd;
    mb[(24 + 2 * q) * POSITIONS_PADDED + p] = sa + sc;
    mb[(25 + 2 * q) * POSITIONS_PADDED + p] = sb + sd;
    mb[(32 + q) * POSITIONS_PADDED + p] = sa + sb + sc + sd;
  }
}

// Grid: one CTA per macroblock; its threads stride over the positions.
extern "C" __global__ void sad_combine16(unsigned short* sads, int mb_width) {
  unsigned short* mb =
      sads + (blockIdx.y * mb_width + blockIdx.x) * BLOCKS_PER_MB * POSITIONS_PADDED;
  const unsigned short* q = mb + 32 * POSITIONS_PADDED;
#pragma unroll 1
  for (int p = threadIdx.x; p < POSITIONS; p += blockDim.x) {
    const int s0 = q[p], s1 = q[POSITIONS_PADDED + p];
    const int s2 = q[2 * POSITIONS_PADDED + p], s3 = q[3 * POSITIONS_PADDED + p];
    mb[36 * POSITIONS_PADDED + p] = s0 + s1;
    mb[37 * POSITIONS_PADDED + p] = s2 + s3;
    mb[38 * POSITIONS_PADDED + p] = s0 + s2;
    mb[39 * POSITIONS_PADDED + p] = s1 + s3;
    mb[40 * POSITIONS_PADDED + p] = s0 + s1 + s2 + s3;
  }
}
