// StoreGPU-style direct hashing (Al-Kiswany et al., HPDC 2008): a content-addressable store
// splits its data into fixed-size chunks and names each by its MD5 digest; here every thread
// hashes one 256-byte chunk with MD5 as RFC 1321 defines it (four full 64-byte blocks, then
// the padding block, which is the same for every chunk: a 1 bit, zeros and the length of 2048
// bits). The chunk is read straight from global memory, 16 bytes at a time; neighbouring
// threads read addresses 256 bytes apart, so each warp load touches 32 cache lines. No shared
// memory, no barriers, no divergence but the bounds check: the work is the 64 integer steps of
// each compression.

constexpr int kChunkBytes = 256;
constexpr int kBlocksPerChunk = kChunkBytes / 64;

__device__ __forceinline__ unsigned int rotate_left(unsigned int x, int c) {
  return (x << c) | (x >> (32 - c));
}

#define MD5_F(x, y, z) (((x) & (y)) | (~(x) & (z)))
#define MD5_G(x, y, z) (((x) & (z)) | ((y) & ~(z)))
#define MD5_H(x, y, z) ((x) ^ (y) ^ (z))
#define MD5_I(x, y, z) ((y) ^ ((x) | ~(z)))
#define MD5_STEP(f, a, b, c, d, m, t, s) a = (b) + rotate_left((a) + f(b, c, d) + (m) + (t), s)

// One MD5 compression of the 16 little-endian words `m` into `h` (RFC 1321 §3.4, rounds 1-4).
__device__ void md5_compress(unsigned int h[4], const unsigned int m[16]) {
  unsigned int a = h[0], b = h[1], c = h[2], d = h[3];
  MD5_STEP(MD5_F, a, b, c, d, m[0], 0xd76aa478, 7);
  MD5_STEP(MD5_F, d, a, b, c, m[1], 0xe8c7b756, 12);
  MD5_STEP(MD5_F, c, d, a, b, m[2], 0x242070db, 17);
  MD5_STEP(MD5_F, b, c, d, a, m[3], 0xc1bdceee, 22);
  MD5_STEP(MD5_F, a, b, c, d, m[4], 0xf57c0faf, 7);
  MD5_STEP(MD5_F, d, a, b, c, m[5], 0x4787c62a, 12);
  MD5_STEP(MD5_F, c, d, a, b, m[6], 0xa8304613, 17);
  MD5_STEP(MD5_F, b, c, d, a, m[7], 0xfd469501, 22);
  MD5_STEP(MD5_F, a, b, c, d, m[8], 0x698098d8, 7);
  MD5_STEP(MD5_F, d, a, b, c, m[9], 0x8b44f7af, 12);
  MD5_STEP(MD5_F, c, d, a, b, m[10], 0xffff5bb1, 17);
  MD5_STEP(MD5_F, b, c, d, a, m[11], 0x895cd7be, 22);
  MD5_STEP(MD5_F, a, b, c, d, m[12], 0x6b901122, 7);
  MD5_STEP(MD5_F, d, a, b, c, m[13], 0xfd987193, 12);
  MD5_STEP(MD5_F, c, d, a, b, m[14], 0xa679438e, 17);
  MD5_STEP(MD5_F, b, c, d, a, m[15], 0x49b40821, 22);

  MD5_STEP(MD5_G, a, b, c, d, m[1], 0xf61e2562, 5);
  MD5_STEP(MD5_G, d, a, b, c, m[6], 0xc040b340, 9);
  MD5_STEP(MD5_G, c, d, a, b, m[11], 0x265e5a51, 14);
  MD5_STEP(MD5_G, b, c, d, a, m[0], 0xe9b6c7aa, 20);
  MD5_STEP(MD5_G, a, b, c, d, m[5], 0xd62f105d, 5);
  MD5_STEP(MD5_G, d, a, b, c, m[10], 0x02441453, 9);
  MD5_STEP(MD5_G, c, d, a, b, m[15], 0xd8a1e681, 14);
  MD5_STEP(MD5_G, b, c, d, a, m[4], 0xe7d3fbc8, 20);
  MD5_STEP(MD5_G, a, b, c, d, m[9], 0x21e1cde6, 5);
  MD5_STEP(MD5_G, d, a, b, c, m[14], 0xc33707d6, 9);
  MD5_STEP(MD5_G, c, d, a, b, m[3], 0xf4d50d87, 14);
  MD5_STEP(MD5_G, b, c, d, a, m[8], 0x455a14ed, 20);
  MD5_STEP(MD5_G, a, b, c, d, m[13], 0xa9e3e905, 5);
  MD5_STEP(MD5_G, d, a, b, c, m[2], 0xfcefa3f8, 9);
  MD5_STEP(MD5_G, c, d, a, b, m[7], 0x676f02d9, 14);
  MD5_STEP(MD5_G, b, c, d, a, m[12], 0x8d2a4c8a, 20);

  MD5_STEP(MD5_H, a, b, c, d, m[5], 0xfffa3942, 4);
  MD5_STEP(MD5_H, d, a, b, c, m[8], 0x8771f681, 11);
  MD5_STEP(MD5_H, c, d, a, b, m[11], 0x6d9d6122, 16);
  MD5_STEP(MD5_H, b, c, d, a, m[14], 0xfde5380c, 23);
  MD5_STEP(MD5_H, a, b, c, d, m[1], 0xa4beea44, 4);
  MD5_STEP(MD5_H, d, a, b, c, m[4], 0x4bdecfa9, 11);
  MD5_STEP(MD5_H, c, d, a, b, m[7], 0xf6bb4b60, 16);
  MD5_STEP(MD5_H, b, c, d, a, m[10], 0xbebfbc70, 23);
  MD5_STEP(MD5_H, a, b, c, d, m[13], 0x289b7ec6, 4);
  MD5_STEP(MD5_H, d, a, b, c, m[0], 0xeaa127fa, 11);
  MD5_STEP(MD5_H, c, d, a, b, m[3], 0xd4ef3085, 16);
  MD5_STEP(MD5_H, b, c, d, a, m[6], 0x04881d05, 23);
  MD5_STEP(MD5_H, a, b, c, d, m[9], 0xd9d4d039, 4);
  MD5_STEP(MD5_H, d, a, b, c, m[12], 0xe6db99e5, 11);
  MD5_STEP(MD5_H, c, d, a, b, m[15], 0x1fa27cf8, 16);
  MD5_STEP(MD5_H, b, c, d, a, m[2], 0xc4ac5665, 23);

  MD5_STEP(MD5_I, a, b, c, d, m[0], 0xf4292244, 6);
  MD5_STEP(MD5_I, d, a, b, c, m[7], 0x432aff97, 10);
  MD5_STEP(MD5_I, c, d, a, b, m[14], 0xab9423a7, 15);
  MD5_STEP(MD5_I, b, c, d, a, m[5], 0xfc93a039, 21);
  MD5_STEP(MD5_I, a, b, c, d, m[12], 0x655b59c3, 6);
  MD5_STEP(MD5_I, d, a, b, c, m[3], 0x8f0ccc92, 10);
  MD5_STEP(MD5_I, c, d, a, b, m[10], 0xffeff47d, 15);
  MD5_STEP(MD5_I, b, c, d, a, m[1], 0x85845dd1, 21);
  MD5_STEP(MD5_I, a, b, c, d, m[8], 0x6fa87e4f, 6);
  MD5_STEP(MD5_I, d, a, b, c, m[15], 0xfe2ce6e0, 10);
  MD5_STEP(MD5_I, c, d, a, b, m[6], 0xa3014314, 15);
  MD5_STEP(MD5_I, b, c, d, a, m[13], 0x4e0811a1, 21);
  MD5_STEP(MD5_I, a, b, c, d, m[4], 0xf7537e82, 6);
  MD5_STEP(MD5_I, d, a, b, c, m[11], 0xbd3af235, 10);
  MD5_STEP(MD5_I, c, d, a, b, m[2], 0x2ad7d2bb, 15);
  MD5_STEP(MD5_I, b, c, d, a, m[9], 0xeb86d391, 21);
  h[0] += a;
  h[1] += b;
  h[2] += c;
  h[3] += d;
}

// data: `chunks` chunks of kChunkBytes; digests: 16 bytes per chunk, the MD5 digest in RFC 1321
// byte order (A, B, C, D as little-endian words).
extern "C" __global__ void md5_chunks(const uint4* data, uint4* digests, int chunks) {
  const int chunk = blockIdx.x * blockDim.x + threadIdx.x;
  if (chunk >= chunks) return;
  unsigned int h[4] = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476};
  const uint4* in = data + static_cast<long long>(chunk) * (kChunkBytes / 16);
  unsigned int m[16];
  for (int b = 0; b < kBlocksPerChunk; ++b) {
#pragma unroll
    for (int q = 0; q < 4; ++q) {
      const uint4 v = in[4 * b + q];
      m[4 * q] = v.x;
      m[4 * q + 1] = v.y;
      m[4 * q + 2] = v.z;
      m[4 * q + 3] = v.w;
    }
    md5_compress(h, m);
  }
#pragma unroll
  for (int i = 0; i < 16; ++i) m[i] = 0;
  m[0] = 0x80;
  m[14] = kChunkBytes * 8;
  md5_compress(h, m);
  digests[chunk] = make_uint4(h[0], h[1], h[2], h[3]);
}
