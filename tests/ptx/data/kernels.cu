// Test kernels for the PTX executor. The checked-in kernels.ptx was produced with
//   nvcc -ptx -arch=sm_75 kernels.cu -o kernels.ptx
// (CUDA 13); the tests read only the .ptx.
#include <cassert>
#include <cstdio>

__device__ __noinline__ int collatz_steps(int x) {
  int n = 0;
  while (x != 1 && n < 1000) {
    if (x & 1) x = 3 * x + 1;
    else x >>= 1;
    ++n;
  }
  return n;
}

__device__ __noinline__ int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }

extern "C" __global__ void control(int* out, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n) return;
  int v = 0;
  if (t % 3 == 0) {
    if (t % 2 == 0) v = 1;
    else v = 2;
  } else if (t % 3 == 1) {
    v = 3;
  } else {
    v = 4;
  }
  int s = 0;
  for (int i = 0; i < t % 17; ++i) {
    if (i == 11) break;
    if (i % 3 == 1) continue;
    s += i;
  }
  if (t & 1) s += collatz_steps(t + 1);
  s += fact(t % 8);
  out[t] = v * 100000 + s;
}

extern "C" __global__ void warp_ops(unsigned* out) {
  unsigned t = threadIdx.x;
  unsigned ball = __ballot_sync(0xffffffff, t % 3 == 0);
  int any = __any_sync(0xffffffff, t == 5), all = __all_sync(0xffffffff, t < 20);
  unsigned down = __shfl_down_sync(0xffffffff, t * 10, 3);
  unsigned up = __shfl_up_sync(0xffffffff, t * 10, 2);
  unsigned x = __shfl_xor_sync(0xffffffff, t * 10, 5);
  unsigned idx = __shfl_sync(0xffffffff, t * 10, 7, 8);
  unsigned am = 0;
  if (t & 1) am = __activemask();
  unsigned* o = out + t * 8;
  o[0] = ball; o[1] = any; o[2] = all; o[3] = down; o[4] = up; o[5] = x; o[6] = idx; o[7] = am;
}

extern "C" __global__ void barrier_kernel(int* out) {
  __shared__ int buf[1024];
  int t = threadIdx.x;
  buf[t] = t * 2;
  __syncthreads();
  int v = buf[(t + 33) % blockDim.x];
  __syncthreads();
  buf[t] = v + 1;
  __syncthreads();
  int cnt = __syncthreads_count(buf[t] % 4 == 1);
  out[blockIdx.x * blockDim.x + t] = buf[(t + 1) % blockDim.x] + cnt * 10000;
}

extern "C" __global__ void atomics(int* counters, unsigned* wrap, float* fsum, int* mm) {
  __shared__ int s;
  if (threadIdx.x == 0) s = 0;
  __syncthreads();
  atomicAdd(&counters[0], 1);
  atomicAdd(&s, 2);
  atomicInc(wrap, 9);
  atomicAdd(fsum, 0.5f);
  atomicMin(&mm[0], -(int)threadIdx.x);
  atomicMax(&mm[1], (int)threadIdx.x);
  atomicOr((unsigned*)&mm[2], 1u << (threadIdx.x % 32));
  atomicCAS(&mm[3], (int)threadIdx.x, (int)threadIdx.x + 1);
  __syncthreads();
  if (threadIdx.x == 0) atomicAdd(&counters[1], s);
}

extern "C" __global__ void grid_barrier(volatile int* flag, int* out) {
  if (threadIdx.x == 0) {
    atomicAdd((int*)flag, 1);
    while (*flag < (int)gridDim.x) {
    }
  }
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = *flag;
}

extern "C" __global__ void dyn_shared(int* out) {
  extern __shared__ int d[];
  d[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = d[blockDim.x - 1 - threadIdx.x];
}

extern "C" __global__ void asserting(int* p) { assert(p[threadIdx.x] < 5); }
extern "C" __global__ void trapping(int* p) {
  if (threadIdx.x == 3) __trap();
  p[threadIdx.x] = 1;
}
extern "C" __global__ void misaligned(char* p) { *(int*)(p + 1) = 5; }
extern "C" __global__ void out_of_bounds(int* p) { p[threadIdx.x * 1000] = 1; }
extern "C" __global__ void spin_forever(volatile int* p) {
  while (*p == 0) {
  }
}
extern "C" __global__ void printing(int v) {
  if (threadIdx.x == 1) printf("value=%d hex=%x f=%.2f s=%s\n", v, v, 1.5, "ok");
}
