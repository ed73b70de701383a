// CUDA math library coverage for the PTX executor (float and double). Regenerate with
//   cd tests/ptx/data && nvcc -ptx -arch=sm_75 -o cuda_math.ptx cuda_math.cu
// Each thread evaluates every function on its input and the next thread's; the test compares
// with host long-double references within the ULP bounds of the CUDA Programming Guide.
#include <cmath>

extern "C" __global__ void math_f32(const float* in, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = in[i];
  float y = in[(i + 1) % n];
  float* o = out + i * 32;
  o[0] = expf(x);
  o[1] = logf(fabsf(x) + 0.5f);
  o[2] = powf(fabsf(x) + 0.25f, y);
  o[3] = sinf(x);
  o[4] = cosf(x);
  o[5] = tanf(x);
  float s, c;
  sincosf(x, &s, &c);
  o[6] = s + 2.0f * c;
  o[7] = erff(x);
  o[8] = atan2f(x, y);
  o[9] = fmodf(x, y);
  o[10] = exp2f(x);
  o[11] = log10f(fabsf(x) + 1.0f);
  o[12] = cbrtf(x);
  o[13] = hypotf(x, y);
  o[14] = rsqrtf(fabsf(x) + 1.0f);
  o[15] = fminf(x, y) + fmaxf(x, y) * 3.0f;
  o[16] = rintf(x);
  o[17] = truncf(x);
  o[18] = floorf(x);
  o[19] = ceilf(x);
  o[20] = __expf(x);
  o[21] = __logf(fabsf(x) + 0.5f);
  o[22] = __sinf(x);
  o[23] = __cosf(x);
  o[24] = __fdividef(x, y);
  o[25] = __saturatef(x);
  o[26] = sqrtf(fabsf(x));
  o[27] = x / y;
  o[28] = tanhf(x);
  o[29] = roundf(x);
  o[30] = log2f(fabsf(x) + 1.0f);
  o[31] = acosf(fminf(fmaxf(x * 0.1f, -1.0f), 1.0f)) + asinf(fminf(fmaxf(y * 0.1f, -1.0f), 1.0f));
}

extern "C" __global__ void math_f64(const double* in, double* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double x = in[i];
  double y = in[(i + 1) % n];
  double* o = out + i * 24;
  o[0] = exp(x);
  o[1] = log(fabs(x) + 0.5);
  o[2] = pow(fabs(x) + 0.25, y);
  o[3] = sin(x);
  o[4] = cos(x);
  o[5] = tan(x);
  o[6] = erf(x);
  o[7] = atan2(x, y);
  o[8] = fmod(x, y);
  o[9] = exp2(x);
  o[10] = log10(fabs(x) + 1.0);
  o[11] = cbrt(x);
  o[12] = hypot(x, y);
  o[13] = rsqrt(fabs(x) + 1.0);
  o[14] = fmin(x, y) + 3.0 * fmax(x, y);
  o[15] = rint(x);
  o[16] = trunc(x);
  o[17] = floor(x);
  o[18] = ceil(x);
  o[19] = sqrt(fabs(x));
  o[20] = x / y;
  o[21] = tanh(x);
  o[22] = 1.0 / y;
  o[23] = (double)(float)x + (double)(long long)(x * 1000.0) + (double)(unsigned)(fabs(x));
}
