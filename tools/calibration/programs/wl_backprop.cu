// The project's backprop workload kernels (workloads/backprop/backprop.cu): one training step
// of the input layer of a perceptron with 8192 input units and 16 hidden units (a 8193 x 17
// weight matrix, 557 KB), 512 CTAs of 16x16 threads. backprop_forward (launch 0) writes each
// CTA's partial sums for the hidden units; the host finishes the hidden layer and the output
// unit and computes the hidden deltas, uploads them, the weights again and zeroed last changes
// (as the workload's host does) and flushes the L2 again; backprop_adjust (launch 1) moves the
// weights. The kernels round every product on its own (__fmul_rn) and the host repeats the
// sums in the kernels' order, so it checks every partial sum, weight and last change bit for
// bit.
#include <cmath>

#include "common.h"
#include "../../../workloads/backprop/backprop.cu"

static float squash(float x) {
  return 1.0f / (1.0f + std::exp(-x));
}

int main() {
  const int in = 8192, hid = WIDTH, cols = WIDTH + 1, blocks = in / HEIGHT;
  Rng rng(15);
  const auto unit = [&] { return static_cast<float>(rng.below(1u << 24)) / 16777216.0f; };
  std::vector<float> input(in + 1), weights((in + 1) * cols), hidden_weights(cols);
  input[0] = 1.0f;
  for (int i = 1; i <= in; ++i) input[i] = unit();
  for (auto& w : weights) w = unit();
  for (auto& w : hidden_weights) w = unit();
  const float target = 0.1f;

  // backprop_forward's partial sums: per CTA, each column's products summed by the kernel's tree.
  std::vector<float> want_partial(blocks * hid);
  for (int by = 0; by < blocks; ++by)
    for (int tx = 0; tx < hid; ++tx) {
      float v[HEIGHT];
      for (int ty = 0; ty < HEIGHT; ++ty) {
        const int row = by * HEIGHT + ty + 1;
        v[ty] = weights[row * cols + tx + 1] * input[row];
      }
      for (int span = 2; span <= HEIGHT; span *= 2)
        for (int ty = 0; ty < HEIGHT; ty += span) v[ty] += v[ty + span / 2];
      want_partial[by * hid + tx] = v[0];
    }

  float *d_input, *d_weights, *d_partial, *d_delta, *d_change;
  CHECK(cudaMalloc(&d_input, (in + 1) * 4));
  CHECK(cudaMalloc(&d_weights, weights.size() * 4));
  CHECK(cudaMalloc(&d_partial, blocks * hid * 4));
  CHECK(cudaMalloc(&d_delta, cols * 4));
  CHECK(cudaMalloc(&d_change, weights.size() * 4));
  CHECK(cudaMemcpy(d_input, input.data(), (in + 1) * 4, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_weights, weights.data(), weights.size() * 4, cudaMemcpyHostToDevice));
  flush_l2();
  const dim3 grid(1, blocks), block(WIDTH, HEIGHT);
  backprop_forward<<<grid, block>>>(d_input, d_weights, d_partial, hid);
  LAUNCHED();
  std::vector<float> partial(blocks * hid);
  CHECK(cudaMemcpy(partial.data(), d_partial, blocks * hid * 4, cudaMemcpyDeviceToHost));
  require(partial == want_partial, "backprop partial sums");

  // The host's part between the kernels, as in Rodinia: the hidden layer, the output unit and
  // the hidden deltas ([0] unused).
  std::vector<float> hidden(cols), delta(cols, 0.0f);
  hidden[0] = 1.0f;
  for (int j = 1; j <= hid; ++j) {
    float sum = 0;
    for (int b = 0; b < blocks; ++b) sum += partial[b * hid + j - 1];
    hidden[j] = squash(sum + weights[j]);
  }
  float out = 0;
  for (int j = 0; j < cols; ++j) out += hidden_weights[j] * hidden[j];
  out = squash(out);
  const float out_delta = out * (1.0f - out) * (target - out);
  for (int j = 1; j <= hid; ++j)
    delta[j] = hidden[j] * (1.0f - hidden[j]) * out_delta * hidden_weights[j];

  // backprop_adjust on the host; the last changes start at zero.
  std::vector<float> want_weights = weights, want_change(weights.size(), 0.0f);
  for (int row = 1; row <= in; ++row)
    for (int x = 1; x <= hid; ++x) {
      const int i = row * cols + x;
      const float c = ETA * delta[x] * input[row] + MOMENTUM * want_change[i];
      want_weights[i] += c;
      want_change[i] = c;
    }
  for (int x = 1; x <= hid; ++x) {
    const float c = ETA * delta[x] + MOMENTUM * want_change[x];
    want_weights[x] += c;
    want_change[x] = c;
  }

  const std::vector<float> zero(weights.size(), 0.0f);
  CHECK(cudaMemcpy(d_delta, delta.data(), cols * 4, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_change, zero.data(), zero.size() * 4, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_weights, weights.data(), weights.size() * 4, cudaMemcpyHostToDevice));
  flush_l2();
  backprop_adjust<<<grid, block>>>(d_delta, hid, d_input, d_weights, d_change);
  LAUNCHED();
  std::vector<float> got_weights(weights.size()), got_change(weights.size());
  CHECK(cudaMemcpy(got_weights.data(), d_weights, weights.size() * 4, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(got_change.data(), d_change, weights.size() * 4, cudaMemcpyDeviceToHost));
  require(got_weights == want_weights, "backprop weights");
  require(got_change == want_change, "backprop last changes");
  std::printf("PASS\n");
  return 0;
}
