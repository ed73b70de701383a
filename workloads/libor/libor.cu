// LIBOR market model Monte Carlo (the CUDA SDK MonteCarloLIBOR scheme after Giles), one path
// per thread: path_calc moves NN forward rates through NMAT time steps driven by the path's
// normal samples, portfolio prices a portfolio of NOPT swaptions on the final rates and
// discounts it. Each thread keeps its rates and the portfolio's discount and annuity factors
// in arrays indexed by the loop counters, which nvcc places in local memory: every step reads
// and writes them there, the traffic that makes it memory-bound (Type-M) in the DYNCTA paper.
// No barriers.
//
// The SDK uses __expf and __fdividef, whose approximate results are implementation-defined;
// here every operation is an IEEE operation with one rounding (or an fma), and exp is written
// out (as in workloads/blackscholes), so the CPU repeats them in the same order bit for bit.
#define NN 40    // forward rates
#define NMAT 20  // time steps (maturity of the first swaption period)
#define NOPT 15  // swaptions
#define DELTA 0.25f
#define SQRT_DELTA 0.5f
#define L0 0.051f

__constant__ float c_lambda[NN];
__constant__ int c_maturities[NOPT];
__constant__ float c_swaprates[NOPT];

// exp(x) for -80 <= x <= 88 by Cephes' single-precision range reduction and polynomial.
__device__ float exp_approx(float x) {
  x = fmaxf(x, -80.0f);
  const float n = rintf(__fmul_rn(x, 1.44269504088896341f));
  float r = __fmaf_rn(-n, 0.693359375f, x);
  r = __fmaf_rn(-n, -2.12194440e-4f, r);
  float p = 1.9875691500e-4f;
  p = __fmaf_rn(p, r, 1.3981999507e-3f);
  p = __fmaf_rn(p, r, 8.3334519073e-3f);
  p = __fmaf_rn(p, r, 4.1665795894e-2f);
  p = __fmaf_rn(p, r, 1.6666665459e-1f);
  p = __fmaf_rn(p, r, 5.0000001201e-1f);
  const float y = __fadd_rn(__fmaf_rn(p, __fmul_rn(r, r), r), 1.0f);
  return __fmul_rn(y, __int_as_float(((int)n + 127) << 23));
}

// z points at the path's first sample; sample n is z[n * stride].
__device__ void path_calc(float* L, const float* z, int stride) {
  for (int n = 0; n < NMAT; ++n) {
    const float sqez = __fmul_rn(SQRT_DELTA, z[n * stride]);
    float v = 0.0f;
    for (int i = n + 1; i < NN; ++i) {
      const float lam = c_lambda[i - n - 1];
      const float con1 = __fmul_rn(DELTA, lam);
      v = __fadd_rn(v, __fdiv_rn(__fmul_rn(con1, L[i]), __fadd_rn(1.0f, __fmul_rn(DELTA, L[i]))));
      const float vrat = exp_approx(
          __fadd_rn(__fmul_rn(con1, v), __fmul_rn(lam, __fsub_rn(sqez, __fmul_rn(0.5f, con1)))));
      L[i] = __fmul_rn(L[i], vrat);
    }
  }
}

__device__ float portfolio(const float* L) {
  float B[NMAT], S[NMAT];
  float b = 1.0f, s = 0.0f;
  for (int m = 0; m < NN - NMAT; ++m) {
    b = __fdiv_rn(b, __fadd_rn(1.0f, __fmul_rn(DELTA, L[m + NMAT])));
    s = __fadd_rn(s, __fmul_rn(DELTA, b));
    B[m] = b;
    S[m] = s;
  }
  float v = 0.0f;
  for (int n = 0; n < NOPT; ++n) {
    const int m = c_maturities[n] - 1;
    const float swapval = __fsub_rn(__fadd_rn(B[m], __fmul_rn(c_swaprates[n], S[m])), 1.0f);
    if (swapval < 0.0f) v = __fadd_rn(v, __fmul_rn(-100.0f, swapval));
  }
  for (int n = 0; n < NMAT; ++n) v = __fdiv_rn(v, __fadd_rn(1.0f, __fmul_rn(DELTA, L[n])));
  return v;
}

// z holds NMAT samples per path, sample-major: z[n * npath + path].
extern "C" __global__ void libor_portfolio(const float* __restrict__ z, int npath, float* values) {
  const int path = blockIdx.x * blockDim.x + threadIdx.x;
  if (path >= npath) return;
  float L[NN];
  for (int i = 0; i < NN; ++i) L[i] = L0;
  path_calc(L, z + path, npath);
  values[path] = portfolio(L);
}
