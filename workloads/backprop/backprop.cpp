// Host driver and CPU reference for backprop.cu.
#include <cmath>
#include <cstdint>
#include <vector>

#include "workloads/compare.h"
#include "workloads/rng.h"
#include "workloads/session.h"
#include "workloads/size_option.h"
#include "workloads/workload.h"

namespace wf::workloads::backprop {
namespace {

constexpr unsigned kHeight = 16;  // HEIGHT in backprop.cu: input units per CTA
constexpr unsigned kHid = 16;     // WIDTH in backprop.cu: hidden units
constexpr unsigned kCols = kHid + 1;
constexpr float kEta = 0.3f, kMomentum = 0.3f;

float squash(float x) {
  return 1.0f / (1.0f + std::exp(-x));
}

// The network around the input layer: one output unit fed by the hidden units.
struct Net {
  std::vector<float> input;           // in + 1 units, [0] the bias unit
  std::vector<float> weights;         // (in + 1) x kCols, input to hidden, row 0 the bias
  std::vector<float> hidden_weights;  // kCols, hidden to the output unit, [0] the bias
  float target = 0;
};

Net random_net(std::size_t in, std::uint64_t seed) {
  SplitMix64 rng(seed);
  Net net;
  net.input.resize(in + 1);
  net.input[0] = 1.0f;
  for (std::size_t i = 1; i <= in; ++i) net.input[i] = static_cast<float>(rng.unit());
  net.weights.resize((in + 1) * kCols);
  for (auto& w : net.weights) w = static_cast<float>(rng.unit());
  net.hidden_weights.resize(kCols);
  for (auto& w : net.hidden_weights) w = static_cast<float>(rng.unit());
  net.target = 0.1f;
  return net;
}

// backprop_forward on the CPU: each CTA's column sums by the kernel's tree.
std::vector<float> reference_partials(const Net& net, std::size_t in) {
  const std::size_t blocks = in / kHeight;
  std::vector<float> partial(blocks * kHid);
  for (std::size_t by = 0; by < blocks; ++by)
    for (std::size_t tx = 0; tx < kHid; ++tx) {
      float v[kHeight];
      for (std::size_t ty = 0; ty < kHeight; ++ty) {
        const std::size_t row = by * kHeight + ty + 1;
        v[ty] = net.weights[row * kCols + tx + 1] * net.input[row];
      }
      for (std::size_t span = 2; span <= kHeight; span *= 2)
        for (std::size_t ty = 0; ty < kHeight; ty += span) v[ty] += v[ty + span / 2];
      partial[by * kHid + tx] = v[0];
    }
  return partial;
}

// The host's part between the kernels, as in Rodinia: finish the hidden layer, run the output
// unit, and return the hidden deltas (kCols entries, [0] unused).
std::vector<float> hidden_deltas(const Net& net, const std::vector<float>& partial,
                                 std::size_t in) {
  std::vector<float> hidden(kCols);
  hidden[0] = 1.0f;
  for (std::size_t j = 1; j <= kHid; ++j) {
    float sum = 0;
    for (std::size_t b = 0; b < in / kHeight; ++b) sum += partial[b * kHid + j - 1];
    hidden[j] = squash(sum + net.weights[j]);
  }
  float out = 0;
  for (std::size_t j = 0; j < kCols; ++j) out += net.hidden_weights[j] * hidden[j];
  out = squash(out);
  const float out_delta = out * (1.0f - out) * (net.target - out);
  std::vector<float> delta(kCols, 0.0f);
  for (std::size_t j = 1; j <= kHid; ++j)
    delta[j] = hidden[j] * (1.0f - hidden[j]) * out_delta * net.hidden_weights[j];
  return delta;
}

// backprop_adjust on the CPU; the last changes start at zero, as in Rodinia.
void reference_adjust(std::vector<float>& weights, std::vector<float>& change,
                      const std::vector<float>& delta, const std::vector<float>& input,
                      std::size_t in) {
  for (std::size_t row = 1; row <= in; ++row)
    for (std::size_t x = 1; x <= kHid; ++x) {
      const std::size_t i = row * kCols + x;
      const float c = kEta * delta[x] * input[row] + kMomentum * change[i];
      weights[i] += c;
      change[i] = c;
    }
  for (std::size_t x = 1; x <= kHid; ++x) {
    const float c = kEta * delta[x] + kMomentum * change[x];
    weights[x] += c;
    change[x] = c;
  }
}

RunResult run_backprop(gpu::Runtime& runtime, const WorkloadOptions& options) {
  const auto in = choose_size(
      "backprop", options, {.fallback = 8192, .min = kHeight, .max = 1 << 22, .multiple = kHeight});
  const Net net = random_net(in, options.seed);
  const auto expected_partial = reference_partials(net, in);
  std::vector<float> expected_weights = net.weights, expected_change(net.weights.size(), 0.0f);
  reference_adjust(expected_weights, expected_change, hidden_deltas(net, expected_partial, in),
                   net.input, in);

  Session session(runtime, "backprop");
  const std::size_t blocks = in / kHeight;
  gpu::DevPtr d_input = runtime.upload(net.input);
  gpu::DevPtr d_weights = runtime.upload(net.weights);
  gpu::DevPtr d_partial = runtime.malloc(blocks * kHid * sizeof(float));
  const gpu::Dim3 grid{1, static_cast<std::uint32_t>(blocks)}, block{kHid, kHeight};
  const int hid = kHid;
  session.launch("backprop_forward", grid, block,
                 {arg(d_input), arg(d_weights), arg(d_partial), arg(hid)});
  const auto partial = runtime.download<float>(d_partial, blocks * kHid);
  if (auto m = first_mismatch("partial sums", expected_partial, partial)) return session.finish(m);

  const auto delta = hidden_deltas(net, partial, in);
  gpu::DevPtr d_delta = runtime.upload(delta);
  gpu::DevPtr d_change = runtime.malloc(net.weights.size() * sizeof(float));
  runtime.memset(d_change, 0, net.weights.size() * sizeof(float));
  runtime.memcpy_to_device(d_weights, net.weights.data(), net.weights.size() * sizeof(float));
  session.launch("backprop_adjust", grid, block,
                 {arg(d_delta), arg(hid), arg(d_input), arg(d_weights), arg(d_change)});
  const auto weights = runtime.download<float>(d_weights, net.weights.size());
  const auto change = runtime.download<float>(d_change, net.weights.size());
  for (auto p : {d_input, d_weights, d_partial, d_delta, d_change}) runtime.free(p);
  if (auto m = first_mismatch("weights", expected_weights, weights)) return session.finish(m);
  return session.finish(first_mismatch("last changes", expected_change, change));
}

}  // namespace

WF_WORKLOAD("backprop",
            "perceptron training step (Rodinia backprop): layer forward with a column-sum tree "
            "in shared memory (barrier per level), then the weight adjustment",
            "input units, a multiple of 16 (default 8192: 512 CTAs of 256 threads, 16 hidden)",
            run_backprop, 256, {"baws-other", "dyncta"});

}  // namespace wf::workloads::backprop
