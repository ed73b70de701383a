// One training step of a two-layer perceptron's input layer (the Rodinia backprop scheme):
// `in` input units feed 16 hidden units through an (in + 1) x 17 weight matrix whose row 0 is
// the bias and column 0 unused. Each CTA owns 16 input units.
//   backprop_forward  stages its 16x16 block of weights in shared memory, scales row ty by
//                     input unit ty, and sums each column with a tree over the rows (one
//                     barrier per level); thread (ty, 0) writes column ty's sum as this CTA's
//                     partial sum for hidden unit ty. The host adds the partial sums, squashes
//                     them and computes the output and the hidden deltas.
//   backprop_adjust   moves every weight by eta * delta * input plus momentum times its last
//                     change; the first CTA's first row also moves the bias weights.
//
// Every product is __fmul_rn so that nvcc cannot fuse it into an fma: the CPU reference repeats
// each rounding step and the check can demand bit equality.
#define HEIGHT 16  // input units per CTA
#define WIDTH 16   // hidden units
#define ETA 0.3f
#define MOMENTUM 0.3f

extern "C" __global__ void backprop_forward(const float* input, float* weights, float* partial,
                                            int hid) {
  __shared__ float node[HEIGHT];
  __shared__ float w[HEIGHT][WIDTH];
  const int by = blockIdx.y, tx = threadIdx.x, ty = threadIdx.y;
  const int index = (hid + 1) * HEIGHT * by + (hid + 1) * ty + tx + 1 + (hid + 1);
  if (tx == 0) node[ty] = input[HEIGHT * by + ty + 1];
  __syncthreads();
  w[ty][tx] = weights[index];
  __syncthreads();
  w[ty][tx] = __fmul_rn(w[ty][tx], node[ty]);
  __syncthreads();
  for (int span = 2; span <= HEIGHT; span *= 2) {
    if (ty % span == 0) w[ty][tx] += w[ty + span / 2][tx];
    __syncthreads();
  }
  // Rodinia writes the reduced block back over the weights; its host uploads the weights again
  // before the adjustment, and so does ours.
  weights[index] = w[ty][tx];
  __syncthreads();
  if (tx == 0) partial[by * hid + ty] = w[tx][ty];
}

extern "C" __global__ void backprop_adjust(const float* delta, int hid, const float* input,
                                           float* weights, float* last_change) {
  const int by = blockIdx.y, tx = threadIdx.x, ty = threadIdx.y;
  const int index = (hid + 1) * HEIGHT * by + (hid + 1) * ty + tx + 1 + (hid + 1);
  const int index_y = HEIGHT * by + ty + 1;
  const int index_x = tx + 1;
  const float change = __fmul_rn(__fmul_rn(ETA, delta[index_x]), input[index_y]) +
                       __fmul_rn(MOMENTUM, last_change[index]);
  weights[index] += change;
  last_change[index] = change;
  __syncthreads();
  if (ty == 0 && by == 0) {
    const float bias_change =
        __fmul_rn(ETA, delta[index_x]) + __fmul_rn(MOMENTUM, last_change[index_x]);
    weights[index_x] += bias_change;
    last_change[index_x] = bias_change;
  }
}
