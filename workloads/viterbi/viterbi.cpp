// Host driver and CPU reference for viterbi.cu.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "workloads/compare.h"
#include "workloads/rng.h"
#include "workloads/session.h"
#include "workloads/size_option.h"
#include "workloads/workload.h"

namespace wf::workloads::viterbi {
namespace {

// The .cu's constants.
constexpr int kStates = 64;
constexpr int kFrames = 4;  // per CTA
constexpr int kSteps = 128;
constexpr int kInfoBits = kSteps - 6;
constexpr int kThreshold = 7;
constexpr unsigned kG171 = 0171, kG133 = 0133;

// Bit 1: the g171 output of encoder register r (its 7 newest input bits, the newest in bit 0),
// bit 0: the g133 output.
std::array<std::uint8_t, 2 * kStates> output_table() {
  std::array<std::uint8_t, 2 * kStates> t{};
  for (unsigned r = 0; r < t.size(); ++r)
    t[r] = static_cast<std::uint8_t>((std::popcount(r & kG171) & 1) << 1 |
                                     (std::popcount(r & kG133) & 1));
  return t;
}

// Random information bits, the 6-bit zero tail, and a channel that adds to each ideal symbol
// (0 or kThreshold) the sum of three uniform values in [-2, 2], clamped to the 3-bit range:
// enough noise that the decoder has errors to correct.
std::vector<std::uint8_t> received_symbols(std::size_t frames, std::uint64_t seed,
                                           const std::array<std::uint8_t, 2 * kStates>& out) {
  SplitMix64 rng(seed);
  std::vector<std::uint8_t> symbols(frames * 2 * kSteps);
  for (std::size_t f = 0; f < frames; ++f) {
    unsigned state = 0;
    for (int t = 0; t < kSteps; ++t) {
      const unsigned bit = t < kInfoBits ? static_cast<unsigned>(rng.below(2)) : 0;
      const unsigned reg = (state << 1 | bit) & (2 * kStates - 1);
      state = reg & (kStates - 1);
      for (int k = 0; k < 2; ++k) {
        int y = ((out[reg] >> (1 - k)) & 1) * kThreshold;
        for (int n = 0; n < 3; ++n) y += static_cast<int>(rng.below(5)) - 2;
        symbols[(f * kSteps + t) * 2 + k] = static_cast<std::uint8_t>(std::clamp(y, 0, kThreshold));
      }
    }
  }
  return symbols;
}

struct Decoded {
  std::vector<std::uint8_t> decisions, bits;
  std::vector<int> metrics;
};

// viterbi_decode on the CPU, with its tie rule (the first predecessor wins ties).
Decoded reference_decode(const std::vector<std::uint8_t>& symbols, std::size_t frames,
                         const std::array<std::uint8_t, 2 * kStates>& out) {
  Decoded d{std::vector<std::uint8_t>(frames * kSteps * kStates),
            std::vector<std::uint8_t>(frames * kInfoBits), std::vector<int>(frames)};
  auto metric = [](std::uint8_t e, int y0, int y1) {
    return std::abs(y0 - ((e >> 1) & 1) * kThreshold) + std::abs(y1 - (e & 1) * kThreshold);
  };
  for (std::size_t f = 0; f < frames; ++f) {
    std::array<int, kStates> pm{}, next{};
    pm.fill(1 << 20);
    pm[0] = 0;
    for (int t = 0; t < kSteps; ++t) {
      const int y0 = symbols[(f * kSteps + t) * 2], y1 = symbols[(f * kSteps + t) * 2 + 1];
      for (int s = 0; s < kStates; ++s) {
        const int m0 = pm[s >> 1] + metric(out[s], y0, y1);
        const int m1 = pm[(s >> 1) | kStates / 2] + metric(out[s | kStates], y0, y1);
        next[s] = m1 < m0 ? m1 : m0;
        d.decisions[(f * kSteps + t) * kStates + s] = m1 < m0;
      }
      pm = next;
    }
    d.metrics[f] = pm[0];
    int state = 0;
    for (int t = kSteps - 1; t >= 0; --t) {
      if (t < kInfoBits) d.bits[f * kInfoBits + t] = static_cast<std::uint8_t>(state & 1);
      state = (state >> 1) | (d.decisions[(f * kSteps + t) * kStates + state] << 5);
    }
  }
  return d;
}

RunResult run_viterbi(gpu::Runtime& runtime, const WorkloadOptions& options) {
  const auto frames = choose_size("viterbi", options, {.fallback = 240, .min = 1, .max = 1 << 16});
  const auto out = output_table();
  const auto symbols = received_symbols(frames, options.seed, out);
  const Decoded expected = reference_decode(symbols, frames, out);

  Session session(runtime, "viterbi");
  runtime.memcpy_to_device(runtime.symbol_address("c_outputs"), out.data(), out.size());
  gpu::DevPtr d_symbols = runtime.upload(symbols);
  gpu::DevPtr d_decisions = runtime.malloc(expected.decisions.size());
  gpu::DevPtr d_bits = runtime.malloc(expected.bits.size());
  gpu::DevPtr d_metrics = runtime.malloc(frames * sizeof(int));
  const auto ctas = static_cast<std::uint32_t>((frames + kFrames - 1) / kFrames);
  session.launch("viterbi_decode", {ctas}, {kFrames * kStates},
                 {arg(d_symbols), arg(static_cast<int>(frames)), arg(d_decisions), arg(d_bits),
                  arg(d_metrics)});
  const auto decisions = runtime.download<std::uint8_t>(d_decisions, expected.decisions.size());
  const auto bits = runtime.download<std::uint8_t>(d_bits, expected.bits.size());
  const auto metrics = runtime.download<int>(d_metrics, frames);
  for (auto p : {d_symbols, d_decisions, d_bits, d_metrics}) runtime.free(p);
  if (auto m = first_mismatch("decisions", expected.decisions, decisions)) return session.finish(m);
  if (auto m = first_mismatch("path metrics", expected.metrics, metrics)) return session.finish(m);
  return session.finish(first_mismatch("decoded bits", expected.bits, bits));
}

}  // namespace

WF_WORKLOAD("viterbi",
            "Viterbi decoding of the K=7 rate-1/2 convolutional code (LWM paper): a thread per "
            "trellis state, add-compare-select and a bar.sync per step, then a serial traceback "
            "by one thread per frame",
            "frames of 128 steps (default 240: 60 CTAs of 4 frames x 64 states)", run_viterbi, 7,
            {"lwm"});

}  // namespace wf::workloads::viterbi
