// Two kernels ptxas gives different register counts, for the cubin register test
// (cubin_registers_test.cpp). Regenerate registers.sm_75.cubin with
//   nvcc -cubin -arch=sm_75 -O2 -Xptxas -v -o registers.sm_75.cubin registers.cu
// and update the counts ptxas prints into the test.
__global__ void few(int* p) { p[threadIdx.x] = threadIdx.x; }

__global__ void many(const float* in, float* out, int n) {
  float acc[24];
#pragma unroll
  for (int k = 0; k < 24; ++k) acc[k] = in[threadIdx.x * 24 + k];
  for (int i = 0; i < n; ++i) {
#pragma unroll
    for (int k = 0; k < 24; ++k) acc[k] = acc[k] * acc[(k + 5) % 24] + acc[(k + 11) % 24];
  }
  float s = 0;
#pragma unroll
  for (int k = 0; k < 24; ++k) s += acc[k] * k;
  out[threadIdx.x] = s;
}
