// Coulombic potential on a 2-D slice of a lattice (the direct-summation "cenergy" kernel of
// VMD's cionize and the GPGPU-Sim CP benchmark): every grid point sums q / r over all atoms.
// The atoms live in constant memory, as (x, y, dz^2, q) with the slice's dz^2 precomputed on
// the host, so the whole warp reads one atom at a time (a broadcast). Each thread computes
// UNROLLX points of a row, BLOCKSIZEX points apart so that a warp's stores coalesce, and
// reuses dy^2 + dz^2 for all of them. The host launches once per chunk of MAXATOMS atoms and
// each launch adds its sums into the grid.
//
// VMD uses rsqrtf, whose PTX rsqrt.approx result is implementation-defined; here every
// operation is an IEEE operation with one rounding (__fsqrt_rn, __fdiv_rn, __fmul_rn,
// __fadd_rn), so the CPU repeats them in the same order and the check compares bit for bit.
#define MAXATOMS 4000
#define UNROLLX 8
#define BLOCKSIZEX 16

__constant__ float4 c_atoms[MAXATOMS];

// Block (BLOCKSIZEX, any y); the grid row is gridDim.x * BLOCKSIZEX * UNROLLX points wide.
extern "C" __global__ void cenergy(int atoms, float spacing, float* energy) {
  const unsigned x = blockIdx.x * BLOCKSIZEX * UNROLLX + threadIdx.x;
  const unsigned y = blockIdx.y * blockDim.y + threadIdx.y;
  const unsigned out = gridDim.x * BLOCKSIZEX * UNROLLX * y + x;
  const float coor_y = __fmul_rn(spacing, (float)y);
  const float coor_x = __fmul_rn(spacing, (float)x);
  const float step = __fmul_rn(spacing, (float)BLOCKSIZEX);
  float e[UNROLLX];
#pragma unroll
  for (int u = 0; u < UNROLLX; ++u) e[u] = 0.0f;
#pragma unroll 1
  for (int a = 0; a < atoms; ++a) {
    const float4 atom = c_atoms[a];
    const float dy = __fsub_rn(coor_y, atom.y);
    const float dyz2 = __fadd_rn(__fmul_rn(dy, dy), atom.z);
    float dx = __fsub_rn(coor_x, atom.x);
#pragma unroll
    for (int u = 0; u < UNROLLX; ++u) {
      const float r = __fsqrt_rn(__fadd_rn(__fmul_rn(dx, dx), dyz2));
      e[u] = __fadd_rn(e[u], __fdiv_rn(atom.w, r));
      dx = __fadd_rn(dx, step);
    }
  }
#pragma unroll
  for (int u = 0; u < UNROLLX; ++u)
    energy[out + u * BLOCKSIZEX] = __fadd_rn(energy[out + u * BLOCKSIZEX], e[u]);
}
