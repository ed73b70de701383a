// Element-wise c = a + b: the smallest complete kernel, one element per thread, no
// synchronization. It exercises parameter loads, index arithmetic and a bounds check.
extern "C" __global__ void vecadd(const float* a, const float* b, float* c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}
