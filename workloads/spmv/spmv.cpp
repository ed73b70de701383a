// Host driver and CPU reference for spmv.cu: a random sparse matrix in Parboil's JDS layout,
// rows of 1 to 64 nonzeros and one row in 256 a heavy row of 512 to 1023 (at most a sixteenth
// of the row count). Matrix and vector hold small nonzero integers, so every product and every
// partial sum is an exact float and the check can demand bit equality whatever order the sums
// are taken in.
#include <algorithm>
#include <cstdint>
#include <numeric>
#include <vector>

#include "workloads/compare.h"
#include "workloads/rng.h"
#include "workloads/session.h"
#include "workloads/size_option.h"
#include "workloads/workload.h"

namespace wf::workloads::spmv {
namespace {

constexpr unsigned kThreads = 128;
// Rows have at most 1023 nonzeros, within spmv.cu's MAX_DIAGONALS = 2048 jagged diagonals.
constexpr std::uint64_t kHeavyEvery = 256;

struct CsrMatrix {
  std::vector<int> row_start;  // rows + 1 entries
  std::vector<int> column;
  std::vector<float> value;
};

// A small nonzero integer in [-8, 8]: products stay below 2^6 and a row of 1023 sums below 2^16.
float small_value(SplitMix64& rng) {
  const auto v = static_cast<int>(rng.below(16));
  return static_cast<float>(v < 8 ? v - 8 : v - 7);
}

CsrMatrix random_matrix(std::size_t rows, SplitMix64& rng) {
  CsrMatrix m;
  m.row_start.push_back(0);
  std::vector<int> cols;
  for (std::size_t r = 0; r < rows; ++r) {
    std::size_t nnz = 1 + rng.below(64);
    // The heavy rows' cap keeps a small matrix from being all one CTA's tail.
    if (r % kHeavyEvery == kHeavyEvery / 2)
      nnz = std::max(nnz, std::min<std::size_t>(512 + rng.below(512), rows / 16));
    nnz = std::min(nnz, rows);
    cols.clear();
    while (cols.size() < nnz) {
      cols.push_back(static_cast<int>(rng.below(rows)));
      if (cols.size() == nnz) {
        std::sort(cols.begin(), cols.end());
        cols.erase(std::unique(cols.begin(), cols.end()), cols.end());
      }
    }
    for (int c : cols) {
      m.column.push_back(c);
      m.value.push_back(small_value(rng));
    }
    m.row_start.push_back(static_cast<int>(m.column.size()));
  }
  return m;
}

// Parboil's JDS layout of a CSR matrix, each diagonal padded with zeros (column 0) to whole CTAs.
struct JdsMatrix {
  std::vector<int> perm;            // sorted row -> matrix row
  std::vector<int> diagonal_start;  // per jagged diagonal
  std::vector<int> cta_diagonals;   // per CTA: the length of its longest row
  std::vector<int> index;
  std::vector<float> data;
};

JdsMatrix to_jds(const CsrMatrix& m, std::size_t rows) {
  JdsMatrix j;
  j.perm.resize(rows);
  std::iota(j.perm.begin(), j.perm.end(), 0);
  const auto length = [&](int r) { return m.row_start[r + 1] - m.row_start[r]; };
  std::stable_sort(j.perm.begin(), j.perm.end(),
                   [&](int a, int b) { return length(a) > length(b); });
  const std::size_t ctas = (rows + kThreads - 1) / kThreads;
  for (std::size_t c = 0; c < ctas; ++c) j.cta_diagonals.push_back(length(j.perm[c * kThreads]));
  const int diagonals = length(j.perm[0]);
  std::size_t with_k = rows;  // rows that have a k-th nonzero: a prefix of the sorted rows
  for (int k = 0; k < diagonals; ++k) {
    while (with_k > 0 && length(j.perm[with_k - 1]) <= k) --with_k;
    const std::size_t padded = (with_k + kThreads - 1) / kThreads * kThreads;
    j.diagonal_start.push_back(static_cast<int>(j.index.size()));
    for (std::size_t s = 0; s < padded; ++s) {
      const bool real = s < with_k;
      j.index.push_back(real ? m.column[m.row_start[j.perm[s]] + k] : 0);
      j.data.push_back(real ? m.value[m.row_start[j.perm[s]] + k] : 0.0f);
    }
  }
  return j;
}

RunResult run_spmv(gpu::Runtime& runtime, const WorkloadOptions& options) {
  const auto rows =
      choose_size("spmv", options, {.fallback = 1200 * kThreads, .min = 1, .max = 1 << 20});
  SplitMix64 rng(options.seed);
  const CsrMatrix m = random_matrix(rows, rng);
  std::vector<float> x(rows);
  for (auto& v : x) v = static_cast<float>(static_cast<int>(rng.below(17)) - 8);

  std::vector<float> expected(rows);
  for (std::size_t r = 0; r < rows; ++r) {
    float sum = 0.0f;
    for (int e = m.row_start[r]; e < m.row_start[r + 1]; ++e) sum += m.value[e] * x[m.column[e]];
    expected[r] = sum;
  }

  const JdsMatrix j = to_jds(m, rows);
  Session session(runtime, "spmv");
  runtime.memcpy_to_device(runtime.symbol_address("c_jds_ptr"), j.diagonal_start.data(),
                           j.diagonal_start.size() * sizeof(int));
  gpu::DevPtr d_dst = runtime.malloc(rows * sizeof(float));
  gpu::DevPtr d_data = runtime.upload(j.data);
  gpu::DevPtr d_index = runtime.upload(j.index);
  gpu::DevPtr d_perm = runtime.upload(j.perm);
  gpu::DevPtr d_x = runtime.upload(x);
  gpu::DevPtr d_cta = runtime.upload(j.cta_diagonals);
  session.launch("spmv_jds", {static_cast<std::uint32_t>(j.cta_diagonals.size())}, {kThreads},
                 {arg(d_dst), arg(d_data), arg(d_index), arg(d_perm), arg(d_x),
                  arg(static_cast<int>(rows)), arg(d_cta)});
  const auto y = runtime.download<float>(d_dst, rows);
  for (auto p : {d_dst, d_data, d_index, d_perm, d_x, d_cta}) runtime.free(p);
  return session.finish(first_mismatch("y", expected, y));
}

}  // namespace

WF_WORKLOAD("spmv",
            "sparse matrix-vector product (Parboil SPMV, JDS format): a thread per row walks its "
            "jagged diagonals, gathering x irregularly; memory-bound, no barriers",
            "matrix rows (default 153600: 1200 CTAs of 128 threads; 1 to 64 nonzeros a row, one "
            "row in 256 heavy with 512 to 1023)",
            run_spmv, 1024, {"dyncta"});

}  // namespace wf::workloads::spmv
