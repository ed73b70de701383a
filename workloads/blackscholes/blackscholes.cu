// Black-Scholes prices of European call and put options (the CUDA SDK BlackScholes scheme), one
// option per thread: d1 and d2 from the log of spot over strike, the cumulative normal
// distribution by the Abramowitz-Stegun polynomial (26.2.17), and discounting by exp(-rT).
// exp and log are written out here (Cephes single-precision range reduction and polynomials)
// with explicitly rounded operations instead of expf/logf, whose ex2.approx/lg2.approx results
// are implementation-defined: every operation below is an IEEE operation (or an fma) that a
// CPU repeats bit for bit. The `d > 0` branch of the distribution is the only divergence.

// exp(x) for x <= 0; below -80 the result is clamped to exp(-80), far below anything the
// prices can notice.
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

// log(x) for normal x > 0.
__device__ float log_approx(float x) {
  const int bits = __float_as_int(x);
  int e = ((bits >> 23) & 0xff) - 126;
  float m = __int_as_float((bits & 0x007fffff) | 0x3f000000);  // in [0.5, 1)
  if (m < 0.707106781186547524f) {
    e -= 1;
    m = __fsub_rn(__fadd_rn(m, m), 1.0f);
  } else {
    m = __fsub_rn(m, 1.0f);
  }
  const float z = __fmul_rn(m, m);
  float p = 7.0376836292e-2f;
  p = __fmaf_rn(p, m, -1.1514610310e-1f);
  p = __fmaf_rn(p, m, 1.1676998740e-1f);
  p = __fmaf_rn(p, m, -1.2420140846e-1f);
  p = __fmaf_rn(p, m, 1.4249322787e-1f);
  p = __fmaf_rn(p, m, -1.6668057665e-1f);
  p = __fmaf_rn(p, m, 2.0000714765e-1f);
  p = __fmaf_rn(p, m, -2.4999993993e-1f);
  p = __fmaf_rn(p, m, 3.3333331174e-1f);
  const float fe = (float)e;
  float y = __fmul_rn(__fmul_rn(p, m), z);
  y = __fmaf_rn(fe, -2.12194440e-4f, y);
  y = __fmaf_rn(-0.5f, z, y);
  return __fmaf_rn(fe, 0.693359375f, __fadd_rn(m, y));
}

__device__ float cnd(float d) {
  const float k = __fdiv_rn(1.0f, __fmaf_rn(0.2316419f, fabsf(d), 1.0f));
  float p = 1.330274429f;
  p = __fmaf_rn(p, k, -1.821255978f);
  p = __fmaf_rn(p, k, 1.781477937f);
  p = __fmaf_rn(p, k, -0.356563782f);
  p = __fmaf_rn(p, k, 0.319381530f);
  const float density =
      __fmul_rn(0.398942280401432678f, exp_approx(__fmul_rn(-0.5f, __fmul_rn(d, d))));
  float c = __fmul_rn(density, __fmul_rn(k, p));
  if (d > 0) c = __fsub_rn(1.0f, c);
  return c;
}

extern "C" __global__ void black_scholes(float* call, float* put, const float* spot,
                                         const float* strike, const float* years, float riskfree,
                                         float volatility, int options) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= options) return;
  const float s = spot[i], x = strike[i], t = years[i];
  const float v_sqrt_t = __fmul_rn(volatility, __fsqrt_rn(t));
  const float drift = __fadd_rn(riskfree, __fmul_rn(__fmul_rn(0.5f, volatility), volatility));
  const float d1 = __fdiv_rn(__fmaf_rn(drift, t, log_approx(__fdiv_rn(s, x))), v_sqrt_t);
  const float d2 = __fsub_rn(d1, v_sqrt_t);
  const float cnd1 = cnd(d1), cnd2 = cnd(d2);
  const float discounted = __fmul_rn(x, exp_approx(__fmul_rn(-riskfree, t)));
  call[i] = __fsub_rn(__fmul_rn(s, cnd1), __fmul_rn(discounted, cnd2));
  put[i] =
      __fsub_rn(__fmul_rn(discounted, __fsub_rn(1.0f, cnd2)), __fmul_rn(s, __fsub_rn(1.0f, cnd1)));
}
