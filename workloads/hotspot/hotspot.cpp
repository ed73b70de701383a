// Host driver and CPU reference for hotspot.cu.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "workloads/compare.h"
#include "workloads/rng.h"
#include "workloads/session.h"
#include "workloads/size_option.h"
#include "workloads/workload.h"

namespace wf::workloads::hotspot {
namespace {

constexpr int kBlock = 16;         // BLOCK in hotspot.cu
constexpr int kPyramidHeight = 2;  // steps per launch (Rodinia's run script)
constexpr int kTotalSteps = 4;     // two launches, so the buffers swap once

// Rodinia's chip and silicon constants, which give the per-cell capacitance and resistances.
struct Chip {
  float cap, rx, ry, rz, step;
};

Chip chip_constants(std::size_t rows, std::size_t cols) {
  constexpr double kHeight = 0.016, kWidth = 0.016, kThickness = 0.0005;
  constexpr double kFactor = 0.5, kSpecHeat = 1.75e6, kConductivity = 100, kMaxPowerDensity = 3.0e6;
  constexpr double kPrecision = 0.001;
  const double gh = kHeight / static_cast<double>(rows), gw = kWidth / static_cast<double>(cols);
  const double max_slope = kMaxPowerDensity / (kFactor * kThickness * kSpecHeat);
  return {static_cast<float>(kFactor * kSpecHeat * kThickness * gw * gh),
          static_cast<float>(gw / (2.0 * kConductivity * kThickness * gh)),
          static_cast<float>(gh / (2.0 * kConductivity * kThickness * gw)),
          static_cast<float>(kThickness / (kConductivity * gh * gw)),
          static_cast<float>(kPrecision / max_slope)};
}

// One step on the whole chip, with the kernel's operations in the kernel's order (x86-64
// without FMA never contracts them, so every rounding matches).
std::vector<float> reference_step(const std::vector<float>& t, const std::vector<float>& power,
                                  std::size_t rows, std::size_t cols, const Chip& k) {
  const float step_div_cap = k.step / k.cap;
  const float rx_1 = 1.0f / k.rx, ry_1 = 1.0f / k.ry, rz_1 = 1.0f / k.rz;
  const float amb = 80.0f;
  std::vector<float> next(t.size());
  for (std::size_t r = 0; r < rows; ++r)
    for (std::size_t c = 0; c < cols; ++c) {
      const std::size_t i = r * cols + c;
      const float tc = t[i];
      const float tn = t[(r == 0 ? r : r - 1) * cols + c];
      const float ts = t[(r == rows - 1 ? r : r + 1) * cols + c];
      const float tw = t[r * cols + (c == 0 ? c : c - 1)];
      const float te = t[r * cols + (c == cols - 1 ? c : c + 1)];
      const float flow = power[i] + (ts + tn - 2.0f * tc) * ry_1 + (te + tw - 2.0f * tc) * rx_1 +
                         (amb - tc) * rz_1;
      next[i] = tc + step_div_cap * flow;
    }
  return next;
}

RunResult run_hotspot(gpu::Runtime& runtime, const WorkloadOptions& options) {
  const auto side = choose_size("hotspot", options, {.fallback = 256, .min = 16, .max = 4096});
  const std::size_t rows = side, cols = side;
  SplitMix64 rng(options.seed);
  // Temperatures around Rodinia's inputs (323..343 K) and small per-cell powers.
  std::vector<float> temp(rows * cols), power(rows * cols);
  for (auto& x : temp) x = 323.0f + static_cast<float>(rng.below(20000)) * 0.001f;
  for (auto& x : power) x = static_cast<float>(rng.below(1000)) * 1e-5f;
  const Chip k = chip_constants(rows, cols);

  std::vector<float> expected = temp;
  for (int s = 0; s < kTotalSteps; ++s) expected = reference_step(expected, power, rows, cols, k);

  Session session(runtime, "hotspot");
  gpu::DevPtr d_power = runtime.upload(power);
  gpu::DevPtr d_temp[2] = {runtime.upload(temp), runtime.malloc(rows * cols * sizeof(float))};
  const int border = kPyramidHeight;  // halo cells on each side of a tile
  const int small = kBlock - 2 * kPyramidHeight;
  const auto tiles_x = static_cast<std::uint32_t>((cols + small - 1) / small);
  const auto tiles_y = static_cast<std::uint32_t>((rows + small - 1) / small);
  int src = 0;
  for (int t = 0; t < kTotalSteps; t += kPyramidHeight) {
    const int steps = std::min(kPyramidHeight, kTotalSteps - t);
    session.launch("hotspot_step", {tiles_x, tiles_y}, {kBlock, kBlock},
                   {arg(steps), arg(d_power), arg(d_temp[src]), arg(d_temp[1 - src]),
                    arg(static_cast<int>(cols)), arg(static_cast<int>(rows)), arg(border),
                    arg(border), arg(k.cap), arg(k.rx), arg(k.ry), arg(k.rz), arg(k.step)});
    src = 1 - src;
  }
  auto result = runtime.download<float>(d_temp[src], rows * cols);
  for (auto p : {d_power, d_temp[0], d_temp[1]}) runtime.free(p);
  return session.finish(first_mismatch("temperature", expected, result));
}

}  // namespace

WF_WORKLOAD("hotspot",
            "chip thermal stencil (Rodinia hotspot): 16x16 tiles with a 2-cell halo, two steps "
            "per launch in shared memory, two barriers per step",
            "chip side in cells (default 256: 22x22 CTAs of 256 threads, 4 steps in 2 launches)",
            run_hotspot, 28, {"baws-other", "lwm", "dyncta"});

}  // namespace wf::workloads::hotspot
