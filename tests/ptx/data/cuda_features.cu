// Atomics, warp and block-wide votes, and the things benchmark kernels do besides arithmetic
// (switches, stack arrays, struct copies, recursion, dynamic shared memory, 3-D grids, constant
// tables, volatile and __ldg loads, printf, assert). Regenerate with
//   cd tests/ptx/data && nvcc -ptx -arch=sm_75 -o cuda_features.ptx cuda_features.cu
#include <cassert>
#include <cstdio>

extern "C" __global__ void atomics_all(float* f, double* d, int* s, unsigned* u,
                                       long long* sl, unsigned long long* ul, int n) {
  __shared__ float sf;
  __shared__ unsigned long long sul;
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x == 0) {
    sf = 0.0f;
    sul = 0;
  }
  __syncthreads();
  if (t < n) {
    atomicAdd(&f[0], 0.5f);
    atomicAdd(&d[0], 0.25);
    atomicAdd(&sf, 1.0f);
    atomicMin(&s[0], 1000 - t);
    atomicMax(&s[1], t - 1000);
    atomicMin(&u[0], 5000u - t);
    atomicMax(&u[1], (unsigned)t * 3u);
    atomicMin(&sl[0], -(long long)t * 100000000000LL);
    atomicMax(&sl[1], (long long)t * 100000000000LL);
    atomicMin(&ul[0], 0xffffffffffffull - t);
    atomicMax(&ul[1], (unsigned long long)t << 40);
    atomicAdd(&ul[2], 1ull << 33);
    atomicInc(&u[2], 9u);
    atomicDec(&u[3], 9u);
    atomicAnd(&u[4], ~(1u << (t % 32)));
    atomicOr(&u[5], 1u << (t % 32));
    atomicXor(&u[6], (unsigned)t);
    atomicExch(&u[7], 7u);
    atomicAdd(&sul, (unsigned long long)t);
    unsigned long long old = ul[3], assumed;
    do {
      assumed = old;
      old = atomicCAS(&ul[3], assumed, assumed + (unsigned long long)t);
    } while (old != assumed);
    atomicOr(&ul[4], 1ull << (t % 64));
    atomicAnd(&ul[5], ~(1ull << (t % 64)));
    atomicXor(&ul[6], (unsigned long long)t << 20);
    atomicExch(&ul[7], 3ull << 40);
    atomicSub(&s[2], 2);
    atomicCAS(&s[3], 0, t + 1);
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    atomicAdd(&f[1], sf);
    atomicAdd(&ul[8], sul);
  }
}

extern "C" __global__ void warp_sync(const int* in, unsigned* out) {
  unsigned t = threadIdx.x;
  int v = in[blockIdx.x * blockDim.x + t];
  unsigned* o = out + (blockIdx.x * blockDim.x + t) * 16;
  o[0] = __ballot_sync(0xffffffffu, v & 1);
  o[1] = __any_sync(0xffffffffu, v > 90);
  o[2] = __all_sync(0xffffffffu, v >= 0);
  o[3] = __activemask();
  o[4] = __match_any_sync(0xffffffffu, v % 4);
  int pred = 0;
  o[5] = __match_all_sync(0xffffffffu, v / 1000, &pred);
  o[6] = pred;
  float fv = (float)v * 0.5f;
  float sum = fv;
  for (int off = 16; off > 0; off /= 2) sum += __shfl_xor_sync(0xffffffffu, sum, off);
  o[7] = (unsigned)(int)sum;
  double dv = v * 0.25;
  o[8] = (unsigned)(int)(__shfl_down_sync(0xffffffffu, dv, 1) * 4.0);
  long long lv = (long long)v << 33;
  o[9] = (unsigned)(__shfl_up_sync(0xffffffffu, lv, 2) >> 33);
  o[10] = (unsigned)__shfl_sync(0xffffffffu, v, (t + 3) & 31, 16);
  o[11] = __syncthreads_count(v & 1);
  o[12] = __syncthreads_and(v >= 0);
  o[13] = __syncthreads_or(v == 42);
  __threadfence();
  __threadfence_block();
  __threadfence_system();
  if (t & 1) {
    o[14] = __activemask();
    o[15] = __ballot_sync(__activemask(), v & 2);
  } else {
    o[14] = __activemask();
    o[15] = 0;
  }
  __syncwarp();
}

struct Particle {
  float pos[3];
  float vel[3];
  int id;
  double mass;
};

__constant__ int kTable[16] = {3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3};
__constant__ float kCoef[4] = {0.5f, 0.25f, 0.125f, 2.0f};

__device__ __noinline__ int ackermannish(int m, int n) {
  if (m == 0) return n + 1;
  if (n == 0) return ackermannish(m - 1, 1);
  return ackermannish(m - 1, ackermannish(m, n - 1));
}

__device__ __noinline__ Particle step(Particle p, float dt) {
  for (int k = 0; k < 3; ++k) p.pos[k] += p.vel[k] * dt;
  p.mass *= 1.5;
  return p;
}

__device__ __noinline__ int classify(int x) {
  switch (x & 15) {
    case 0: return 11;
    case 1: return 23;
    case 2: return 37;
    case 3: return x * 3;
    case 4: return x ^ 0x55;
    case 5: return 101;
    case 6: return x - 9;
    case 7: return 77;
    case 8: return x << 2;
    case 9: return 1234;
    case 10: return -5;
    case 11: return x / 3;
    default: return 0;
  }
}

extern "C" __global__ void __launch_bounds__(128, 2)
misc(const int* in, int* out, Particle* parts, volatile int* flag) {
  extern __shared__ int dyn[];
  unsigned bid = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
  unsigned tid = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  unsigned nthreads = blockDim.x * blockDim.y * blockDim.z;
  unsigned g = bid * nthreads + tid;
  int v = __ldg(&in[g]);
  assert(v >= 0);  // before the stack array that v indexes
  dyn[tid] = v;
  __syncthreads();
  int nb = dyn[(tid + 1) % nthreads];
  int local[24];
  for (int k = 0; k < 24; ++k) local[k] = v * k + nb;
  int acc = 0;
  for (int k = 0; k < 24; ++k) acc += local[(k * 7 + v) % 24];
  int* o = out + g * 8;
  o[0] = acc;
  o[1] = classify(v);
  o[2] = kTable[v & 15] * (int)(kCoef[v & 3] * 8.0f);
  o[3] = ackermannish(2, v & 3);
  Particle p = parts[g];
  Particle q = step(p, 0.5f);
  parts[g] = q;
  o[4] = (int)bid;
  o[5] = (int)tid;
  o[6] = *flag;
  if (g == 0) *flag = 1;
  o[7] = (int)(blockIdx.z * 100 + blockIdx.y * 10 + blockIdx.x);
  if (g == 3) printf("misc: g=%u v=%d acc=%d %f %lld %s\n", g, v, acc, 1.5, -3ll, "ok");
}
