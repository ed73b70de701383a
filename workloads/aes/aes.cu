// AES-128 decryption of independent 16-byte blocks (ECB), one thread per block, with the
// table-based equivalent inverse cipher of FIPS-197 §5.3.5 (the OpenSSL/GPGPU AES scheme): each
// of the 9 middle rounds is 16 lookups in four 256-word tables Td0..Td3 (InvSubBytes,
// InvShiftRows and InvMixColumns in one step), the last round 16 lookups in the inverse S-box.
// The host expands the key and builds the tables; a CTA copies the tables into shared memory
// (one barrier), the 44 round-key words sit in constant memory (every thread reads the same
// word at once). A state column is a big-endian word: byte 0 of the column in bits 31..24, so
// each 16-byte block is one 128-bit load whose little-endian words are byte-swapped.

__constant__ unsigned int c_round_keys[44];

__device__ unsigned int swap_bytes(unsigned int w) {
  return __byte_perm(w, 0, 0x0123);
}

// tables: Td0, Td1, Td2, Td3 (256 words each), then the inverse S-box (256 words, one byte
// each).
extern "C" __global__ void aes_decrypt(const uint4* in, uint4* out, const unsigned int* tables,
                                       int blocks) {
  __shared__ unsigned int td[4][256];
  __shared__ unsigned char inv_sbox[256];
  for (int i = threadIdx.x; i < 4 * 256; i += blockDim.x) td[i / 256][i % 256] = tables[i];
  for (int i = threadIdx.x; i < 256; i += blockDim.x) inv_sbox[i] = tables[4 * 256 + i];
  __syncthreads();

  const int block = blockIdx.x * blockDim.x + threadIdx.x;
  if (block >= blocks) return;
  const uint4 c = in[block];
  unsigned int s0 = swap_bytes(c.x) ^ c_round_keys[0];
  unsigned int s1 = swap_bytes(c.y) ^ c_round_keys[1];
  unsigned int s2 = swap_bytes(c.z) ^ c_round_keys[2];
  unsigned int s3 = swap_bytes(c.w) ^ c_round_keys[3];
  for (int round = 1; round < 10; ++round) {
    const unsigned int* rk = c_round_keys + 4 * round;
    const unsigned int t0 = td[0][s0 >> 24] ^ td[1][(s3 >> 16) & 0xff] ^ td[2][(s2 >> 8) & 0xff] ^
                            td[3][s1 & 0xff] ^ rk[0];
    const unsigned int t1 = td[0][s1 >> 24] ^ td[1][(s0 >> 16) & 0xff] ^ td[2][(s3 >> 8) & 0xff] ^
                            td[3][s2 & 0xff] ^ rk[1];
    const unsigned int t2 = td[0][s2 >> 24] ^ td[1][(s1 >> 16) & 0xff] ^ td[2][(s0 >> 8) & 0xff] ^
                            td[3][s3 & 0xff] ^ rk[2];
    const unsigned int t3 = td[0][s3 >> 24] ^ td[1][(s2 >> 16) & 0xff] ^ td[2][(s1 >> 8) & 0xff] ^
                            td[3][s0 & 0xff] ^ rk[3];
    s0 = t0;
    s1 = t1;
    s2 = t2;
    s3 = t3;
  }
  const unsigned int* rk = c_round_keys + 40;
  uint4 p;
  p.x = swap_bytes(((unsigned int)inv_sbox[s0 >> 24] << 24 |
                    (unsigned int)inv_sbox[(s3 >> 16) & 0xff] << 16 |
                    (unsigned int)inv_sbox[(s2 >> 8) & 0xff] << 8 | inv_sbox[s1 & 0xff]) ^
                   rk[0]);
  p.y = swap_bytes(((unsigned int)inv_sbox[s1 >> 24] << 24 |
                    (unsigned int)inv_sbox[(s0 >> 16) & 0xff] << 16 |
                    (unsigned int)inv_sbox[(s3 >> 8) & 0xff] << 8 | inv_sbox[s2 & 0xff]) ^
                   rk[1]);
  p.z = swap_bytes(((unsigned int)inv_sbox[s2 >> 24] << 24 |
                    (unsigned int)inv_sbox[(s1 >> 16) & 0xff] << 16 |
                    (unsigned int)inv_sbox[(s0 >> 8) & 0xff] << 8 | inv_sbox[s3 & 0xff]) ^
                   rk[2]);
  p.w = swap_bytes(((unsigned int)inv_sbox[s3 >> 24] << 24 |
                    (unsigned int)inv_sbox[(s2 >> 16) & 0xff] << 16 |
                    (unsigned int)inv_sbox[(s1 >> 8) & 0xff] << 8 | inv_sbox[s0 & 0xff]) ^
                   rk[3]);
  out[block] = p;
}
