// Integer intrinsics and half precision for the PTX executor. Regenerate with
//   cd tests/ptx/data && nvcc -ptx -arch=sm_75 -o cuda_intrinsics.ptx cuda_intrinsics.cu
// The test checks every result against a host reimplementation of the intrinsic.
#include <cuda_fp16.h>

extern "C" __global__ void int_intrin(const unsigned* a_in, const unsigned long long* l_in,
                                      unsigned* out, unsigned long long* lout, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned a = a_in[i], b = a_in[(i + 1) % n], c = a_in[(i + 2) % n];
  unsigned long long x = l_in[i], y = l_in[(i + 1) % n];
  unsigned* o = out + i * 24;
  o[0] = __ffs((int)a);
  o[1] = __ffsll((long long)x);
  o[2] = __clz((int)a);
  o[3] = __clzll((long long)x);
  o[4] = __popc(a);
  o[5] = __popcll(x);
  o[6] = __brev(a);
  o[7] = __byte_perm(a, b, c);
  o[8] = __umulhi(a, b);
  o[9] = (unsigned)__mulhi((int)a, (int)b);
  o[10] = __sad((int)a, (int)b, c);
  o[11] = __usad(a, b, c);
  o[12] = __funnelshift_l(a, b, c);
  o[13] = __funnelshift_r(a, b, c);
  o[14] = __funnelshift_lc(a, b, c);
  o[15] = __funnelshift_rc(a, b, c);
  o[16] = __vadd2(a, b);
  o[17] = __vsub4(a, b);
  o[18] = __vabsdiffu4(a, b);
  o[19] = __vcmpgtu2(a, b);
  o[20] = __vmaxu4(a, b);
  o[21] = __vavgu2(a, b);
  o[22] = __vsetgtu4(a, b);
  o[23] = __fns(a, 0, 1);
  unsigned long long* lo = lout + i * 8;
  lo[0] = __umul64hi(x, y);
  lo[1] = (unsigned long long)__mul64hi((long long)x, (long long)y);
  lo[2] = __brevll(x);
  lo[3] = y ? x / y : 0;
  lo[4] = y ? x % y : 0;
  long long sx = (long long)x, sy = (long long)y;
  lo[5] = sy ? (unsigned long long)(sx / sy) : 0;
  lo[6] = sy ? (unsigned long long)(sx % sy) : 0;
  lo[7] = (unsigned long long)(llabs(sx) + llmin(sx, sy) + (long long)umin(a, b));
}

extern "C" __global__ void half_ops(const float* in, float* out, unsigned short* hout, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = in[i], y = in[(i + 1) % n];
  __half hx = __float2half(x), hy = __float2half(y);
  __half2 p = __floats2half2_rn(x, y), q = __halves2half2(hy, hx);
  float* o = out + i * 16;
  o[0] = __half2float(hx);
  o[1] = __half2float(__hadd(hx, hy));
  o[2] = __half2float(__hmul(hx, hy));
  o[3] = __half2float(__hsub(hx, hy));
  o[4] = __half2float(__hfma(hx, hy, hx));
  __half2 s = __hadd2(p, q), m = __hmul2(p, q), f = __hfma2(p, q, p);
  o[5] = __low2float(s);
  o[6] = __high2float(s);
  o[7] = __low2float(m);
  o[8] = __high2float(m);
  o[9] = __low2float(f);
  o[10] = __high2float(f);
  o[11] = __hlt(hx, hy) ? 1.0f : 0.0f;
  o[12] = __half2float(__hneg(hx));
  o[13] = __half2float(__habs(hx));
  o[14] = __half2float(__float2half_rz(x));
  o[15] = __half2float(__hmax(hx, hy));
  hout[i * 2] = __half_as_ushort(hx);
  hout[i * 2 + 1] = __half_as_ushort(__int2half_rn(i - 7));
}

extern "C" __global__ void vid(const unsigned* a_in, unsigned* out) {
  unsigned a = a_in[threadIdx.x], b = a_in[threadIdx.x + 32];
  unsigned* o = out + threadIdx.x * 64;
  int k = 0;
  o[k++] = __vabs2(a); o[k++] = __vabs4(a); o[k++] = __vabsdiffs2(a, b); o[k++] = __vabsdiffs4(a, b);
  o[k++] = __vabsdiffu2(a, b); o[k++] = __vabsdiffu4(a, b); o[k++] = __vabsss2(a); o[k++] = __vabsss4(a);
  o[k++] = __vadd2(a, b); o[k++] = __vadd4(a, b); o[k++] = __vaddss2(a, b); o[k++] = __vaddss4(a, b);
  o[k++] = __vaddus2(a, b); o[k++] = __vaddus4(a, b); o[k++] = __vavgs2(a, b); o[k++] = __vavgs4(a, b);
  o[k++] = __vavgu2(a, b); o[k++] = __vavgu4(a, b); o[k++] = __vcmpeq2(a, b); o[k++] = __vcmpeq4(a, b);
  o[k++] = __vcmpges2(a, b); o[k++] = __vcmpges4(a, b); o[k++] = __vcmpgeu2(a, b); o[k++] = __vcmpgeu4(a, b);
  o[k++] = __vcmpgts2(a, b); o[k++] = __vcmpgts4(a, b); o[k++] = __vcmpgtu2(a, b); o[k++] = __vcmpgtu4(a, b);
  o[k++] = __vcmples2(a, b); o[k++] = __vcmples4(a, b); o[k++] = __vcmpleu2(a, b); o[k++] = __vcmpleu4(a, b);
  o[k++] = __vcmplts2(a, b); o[k++] = __vcmplts4(a, b); o[k++] = __vcmpltu2(a, b); o[k++] = __vcmpltu4(a, b);
  o[k++] = __vcmpne2(a, b); o[k++] = __vcmpne4(a, b); o[k++] = __vhaddu2(a, b); o[k++] = __vhaddu4(a, b);
  o[k++] = __vmaxs2(a, b); o[k++] = __vmaxs4(a, b); o[k++] = __vmaxu2(a, b); o[k++] = __vmaxu4(a, b);
  o[k++] = __vmins2(a, b); o[k++] = __vmins4(a, b); o[k++] = __vminu2(a, b); o[k++] = __vminu4(a, b);
  o[k++] = __vneg2(a); o[k++] = __vneg4(a); o[k++] = __vnegss2(a); o[k++] = __vnegss4(a);
  o[k++] = __vsads2(a, b); o[k++] = __vsads4(a, b); o[k++] = __vsadu2(a, b); o[k++] = __vsadu4(a, b);
  o[k++] = __vseteq2(a, b); o[k++] = __vsetges4(a, b); o[k++] = __vsub2(a, b); o[k++] = __vsub4(a, b);
  o[k++] = __vsubss2(a, b); o[k++] = __vsubss4(a, b); o[k++] = __vsubus2(a, b); o[k++] = __vsubus4(a, b);
}

extern "C" __global__ void half2_extra(const __half2* in, __half2* out, __half2* acc2,
                                       __half* acc) {
  int t = threadIdx.x;
  __half2 a = in[t], b = in[t + 32];
  out[t * 4 + 0] = __hmax2(a, b);
  out[t * 4 + 1] = __hmin2(a, b);
  out[t * 4 + 2] = __hge2(a, b);
  out[t * 4 + 3] = __shfl_xor_sync(0xffffffffu, a, 1);
  atomicAdd(acc2, __halves2half2(__float2half(0.5f), __float2half(1.0f)));
  atomicAdd(acc, __float2half(0.25f));
}
