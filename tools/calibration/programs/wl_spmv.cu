// The project's spmv workload kernel (workloads/spmv/spmv.cu): a random 8192 x 8192 sparse
// matrix times a dense vector in Parboil's JDS layout, one thread per row, 64 CTAs of 128
// threads, launch 0. Rows have 1 to 64 nonzeros, one row in 256 is heavy with 512 (the
// workload's cap of rows / 16); the rows sorted longest first, each jagged diagonal padded with
// zeros to whole CTAs (329600 entries, 2.6 MB). Matrix and vector hold small integers, so every
// sum is exact and the host checks every element of the product bit for bit.
#include <algorithm>
#include <numeric>

#include "common.h"
#include "../../../workloads/spmv/spmv.cu"

int main() {
  const int rows = 8192, threads = 128, heavy_every = 256;
  Rng rng(11);
  // CSR, as the workload's host builds it.
  std::vector<int> row_start{0}, column, cols;
  std::vector<float> value;
  const auto small_value = [&] {
    const int v = static_cast<int>(rng.below(16));
    return static_cast<float>(v < 8 ? v - 8 : v - 7);
  };
  for (int r = 0; r < rows; ++r) {
    int nnz = 1 + static_cast<int>(rng.below(64));
    if (r % heavy_every == heavy_every / 2)
      nnz = std::max(nnz, std::min(512 + static_cast<int>(rng.below(512)), rows / 16));
    cols.clear();
    while (static_cast<int>(cols.size()) < nnz) {
      cols.push_back(static_cast<int>(rng.below(rows)));
      if (static_cast<int>(cols.size()) == nnz) {
        std::sort(cols.begin(), cols.end());
        cols.erase(std::unique(cols.begin(), cols.end()), cols.end());
      }
    }
    for (int c : cols) {
      column.push_back(c);
      value.push_back(small_value());
    }
    row_start.push_back(static_cast<int>(column.size()));
  }
  std::vector<float> x(rows), want(rows);
  for (auto& v : x) v = static_cast<float>(static_cast<int>(rng.below(17)) - 8);
  for (int r = 0; r < rows; ++r) {
    float sum = 0.0f;
    for (int e = row_start[r]; e < row_start[r + 1]; ++e) sum += value[e] * x[column[e]];
    want[r] = sum;
  }
  // JDS: rows sorted by length, longest first; diagonal k padded to whole CTAs.
  const auto length = [&](int r) { return row_start[r + 1] - row_start[r]; };
  std::vector<int> perm(rows), diagonal_start, cta_diagonals, index;
  std::vector<float> data;
  std::iota(perm.begin(), perm.end(), 0);
  std::stable_sort(perm.begin(), perm.end(), [&](int a, int b) { return length(a) > length(b); });
  const int ctas = (rows + threads - 1) / threads;
  for (int c = 0; c < ctas; ++c) cta_diagonals.push_back(length(perm[c * threads]));
  const int diagonals = length(perm[0]);
  require(diagonals <= MAX_DIAGONALS, "spmv: too many jagged diagonals");
  int with_k = rows;
  for (int k = 0; k < diagonals; ++k) {
    while (with_k > 0 && length(perm[with_k - 1]) <= k) --with_k;
    const int padded = (with_k + threads - 1) / threads * threads;
    diagonal_start.push_back(static_cast<int>(index.size()));
    for (int s = 0; s < padded; ++s) {
      const bool real = s < with_k;
      index.push_back(real ? column[row_start[perm[s]] + k] : 0);
      data.push_back(real ? value[row_start[perm[s]] + k] : 0.0f);
    }
  }

  float *d_dst, *d_data, *d_x;
  int *d_index, *d_perm, *d_cta;
  CHECK(cudaMalloc(&d_dst, rows * 4));
  CHECK(cudaMalloc(&d_data, data.size() * 4));
  CHECK(cudaMalloc(&d_index, index.size() * 4));
  CHECK(cudaMalloc(&d_perm, rows * 4));
  CHECK(cudaMalloc(&d_x, rows * 4));
  CHECK(cudaMalloc(&d_cta, ctas * 4));
  CHECK(cudaMemcpyToSymbol(c_jds_ptr, diagonal_start.data(), diagonal_start.size() * 4));
  CHECK(cudaMemcpy(d_data, data.data(), data.size() * 4, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_index, index.data(), index.size() * 4, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_perm, perm.data(), rows * 4, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_x, x.data(), rows * 4, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_cta, cta_diagonals.data(), ctas * 4, cudaMemcpyHostToDevice));
  flush_l2();
  spmv_jds<<<ctas, threads>>>(d_dst, d_data, d_index, d_perm, d_x, rows, d_cta);
  LAUNCHED();
  std::vector<float> got(rows);
  CHECK(cudaMemcpy(got.data(), d_dst, rows * 4, cudaMemcpyDeviceToHost));
  require(got == want, "spmv product");
  std::printf("PASS\n");
  return 0;
}
