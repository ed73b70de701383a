// Host driver and CPU reference for lud.cu.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include <fmt/format.h>

#include "workloads/compare.h"
#include "workloads/rng.h"
#include "workloads/session.h"
#include "workloads/size_option.h"
#include "workloads/workload.h"

namespace wf::workloads::lud {
namespace {

constexpr std::size_t kBs = 16;  // BS in lud.cu

// The three kernels on the CPU, in the same blocked order and with each element's operations
// in the kernels' order (x86-64 without FMA never contracts them, so every rounding matches).
class ReferenceLud {
 public:
  ReferenceLud(std::vector<float>& m, std::size_t dim) : m_(m), dim_(dim) {}

  void run() {
    std::size_t o = 0;
    for (; o < dim_ - kBs; o += kBs) {
      diagonal(o);
      for (std::size_t b = o + kBs; b < dim_; b += kBs) perimeter(o, b);
      for (std::size_t r = o + kBs; r < dim_; r += kBs)
        for (std::size_t c = o + kBs; c < dim_; c += kBs) internal(o, r, c);
    }
    diagonal(o);
  }

 private:
  float& at(std::size_t r, std::size_t c) { return m_[r * dim_ + c]; }

  void diagonal(std::size_t o) {
    for (std::size_t i = 0; i + 1 < kBs; ++i) {
      for (std::size_t t = i + 1; t < kBs; ++t) {
        for (std::size_t j = 0; j < i; ++j) at(o + t, o + i) -= at(o + t, o + j) * at(o + j, o + i);
        at(o + t, o + i) /= at(o + i, o + i);
      }
      for (std::size_t t = i + 1; t < kBs; ++t)
        for (std::size_t j = 0; j <= i; ++j)
          at(o + i + 1, o + t) -= at(o + i + 1, o + j) * at(o + j, o + t);
    }
  }

  // b: the first row (and column) of the perimeter blocks' pair.
  void perimeter(std::size_t o, std::size_t b) {
    for (std::size_t c = 0; c < kBs; ++c)
      for (std::size_t i = 1; i < kBs; ++i)
        for (std::size_t j = 0; j < i; ++j) at(o + i, b + c) -= at(o + i, o + j) * at(o + j, b + c);
    for (std::size_t r = 0; r < kBs; ++r)
      for (std::size_t i = 0; i < kBs; ++i) {
        for (std::size_t j = 0; j < i; ++j) at(b + r, o + i) -= at(b + r, o + j) * at(o + j, o + i);
        at(b + r, o + i) /= at(o + i, o + i);
      }
  }

  void internal(std::size_t o, std::size_t r0, std::size_t c0) {
    for (std::size_t r = r0; r < r0 + kBs; ++r)
      for (std::size_t c = c0; c < c0 + kBs; ++c) {
        float sum = 0.0f;
        for (std::size_t i = 0; i < kBs; ++i) sum += at(r, o + i) * at(o + i, c);
        at(r, c) -= sum;
      }
  }

  std::vector<float>& m_;
  std::size_t dim_;
};

// How far L * U (unit lower L) is from the input, relative to the input's largest element:
// guards the reference itself, since the bit-exact check only compares two runs of one order.
double factor_error(const std::vector<float>& a, const std::vector<float>& lu, std::size_t n) {
  double worst = 0, scale = 0;
  for (std::size_t r = 0; r < n; ++r)
    for (std::size_t c = 0; c < n; ++c) {
      double sum = 0;
      for (std::size_t k = 0; k <= std::min(r, c); ++k)
        sum += (k == r ? 1.0 : static_cast<double>(lu[r * n + k])) * lu[k * n + c];
      worst = std::max(worst, std::abs(sum - a[r * n + c]));
      scale = std::max(scale, std::abs(static_cast<double>(a[r * n + c])));
    }
  return worst / scale;
}

RunResult run_lud(gpu::Runtime& runtime, const WorkloadOptions& options) {
  const auto n =
      choose_size("lud", options, {.fallback = 256, .min = kBs, .max = 2048, .multiple = kBs});
  // Random entries in [0, 1) with a dominant diagonal, so that no pivoting is needed.
  SplitMix64 rng(options.seed);
  std::vector<float> a(n * n);
  for (std::size_t r = 0; r < n; ++r)
    for (std::size_t c = 0; c < n; ++c)
      a[r * n + c] = static_cast<float>(rng.unit()) + (r == c ? static_cast<float>(n) : 0.0f);
  std::vector<float> expected = a;
  ReferenceLud(expected, n).run();

  Session session(runtime, "lud");
  if (const double e = factor_error(a, expected, n); e > 1e-5)
    return session.finish(fmt::format("the reference's L*U is {} off the input", e));
  gpu::DevPtr d_m = runtime.upload(a);
  const int dim = static_cast<int>(n);
  int offset = 0;
  for (; offset < dim - static_cast<int>(kBs); offset += kBs) {
    const auto blocks = static_cast<std::uint32_t>((dim - offset) / kBs - 1);
    session.launch("lud_diagonal", {1}, {kBs}, {arg(d_m), arg(dim), arg(offset)});
    session.launch("lud_perimeter", {blocks}, {2 * kBs}, {arg(d_m), arg(dim), arg(offset)});
    session.launch("lud_internal", {blocks, blocks}, {kBs, kBs}, {arg(d_m), arg(dim), arg(offset)});
  }
  session.launch("lud_diagonal", {1}, {kBs}, {arg(d_m), arg(dim), arg(offset)});
  auto result = runtime.download<float>(d_m, n * n);
  runtime.free(d_m);
  return session.finish(first_mismatch("lu", expected, result));
}

}  // namespace

WF_WORKLOAD("lud",
            "blocked LU decomposition (Rodinia lud): diagonal, perimeter and internal kernels "
            "per 16x16 block step, barriers inside the diagonal and perimeter blocks",
            "matrix order n, a multiple of 16 (default 256: 15 steps, the first lud_internal "
            "15x15 CTAs of 256 threads)",
            run_lud, 32, {"baws-other", "dyncta"});

}  // namespace wf::workloads::lud
