// Sparse matrix times dense vector (the Parboil SPMV scheme, JDS format), one thread per row.
// The host sorts the rows by their number of nonzeros, longest first (d_perm maps a sorted row
// back to the matrix row), and stores the matrix by jagged diagonals: diagonal k holds the k-th
// nonzero of every row that has one, rows in sorted order, so a warp's loads of one diagonal
// coalesce. Each diagonal is padded with zeros to a whole number of CTAs, so every thread of a
// CTA runs the same number of steps: the longest row of its CTA (d_cta_diagonals). The gather
// from the vector, x[column], is the irregular, uncoalesced access that makes SPMV memory-bound.
// No barriers.
#define MAX_DIAGONALS 2048

// Start of each jagged diagonal in d_data/d_index; the whole warp reads the same entry.
__constant__ int c_jds_ptr[MAX_DIAGONALS];

extern "C" __global__ void spmv_jds(float* dst, const float* __restrict__ d_data,
                                    const int* __restrict__ d_index, const int* __restrict__ d_perm,
                                    const float* __restrict__ x, int rows,
                                    const int* __restrict__ d_cta_diagonals) {
  const int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= rows) return;
  const int bound = d_cta_diagonals[blockIdx.x];
  float sum = 0.0f;
  for (int k = 0; k < bound; ++k) {
    const int j = c_jds_ptr[k] + row;
    sum = __fadd_rn(sum, __fmul_rn(d_data[j], __ldg(&x[d_index[j]])));
  }
  dst[d_perm[row]] = sum;
}
