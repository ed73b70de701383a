// Module variables and structs of device pointers: a __constant__ polynomial, a __device__
// counter and table read back by symbol and by address, a struct of pointers passed by value,
// and an array of such structs in device memory.
#include <cmath>
#include <cstdio>
#include <vector>

#include "check.h"

__constant__ float c_coeffs[4];
__device__ int d_counter;
__device__ float d_table[64];

struct Vectors {
  const float* x;
  float* y;
  int n;
};

__global__ void polynomial(Vectors v) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= v.n) return;
  const float x = v.x[i];
  v.y[i] = c_coeffs[0] + x * (c_coeffs[1] + x * (c_coeffs[2] + x * c_coeffs[3]));
  atomicAdd(&d_counter, 1);
  if (i < 64) d_table[i] = v.y[i];
}

// One CTA per struct: the sum of its x, through the pointers the struct holds.
__global__ void sums(const Vectors* all, float* out) {
  __shared__ float partial[128];
  const Vectors v = all[blockIdx.x];
  float s = 0;
  for (int i = threadIdx.x; i < v.n; i += blockDim.x) s += v.x[i];
  partial[threadIdx.x] = s;
  __syncthreads();
  for (int step = blockDim.x / 2; step > 0; step /= 2) {
    if (threadIdx.x < step) partial[threadIdx.x] += partial[threadIdx.x + step];
    __syncthreads();
  }
  if (threadIdx.x == 0) out[blockIdx.x] = partial[0];
}

int main() {
  const int n = 1000;
  const float coeffs[4] = {1.0f, -2.0f, 0.5f, 0.25f};
  std::vector<float> x(n);
  for (int i = 0; i < n; ++i) x[i] = (i % 17) * 0.125f;
  float *dx, *dy;
  CHECK(cudaMalloc(&dx, n * sizeof(float)));
  CHECK(cudaMalloc(&dy, n * sizeof(float)));
  CHECK(cudaMemcpy(dx, x.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpyToSymbol(c_coeffs, coeffs, sizeof coeffs));
  const int zero = 0;
  CHECK(cudaMemcpyToSymbol(d_counter, &zero, sizeof zero));
  polynomial<<<(n + 127) / 128, 128>>>(Vectors{dx, dy, n});
  CHECK(cudaGetLastError());

  std::vector<float> y(n);
  CHECK(cudaMemcpy(y.data(), dy, n * sizeof(float), cudaMemcpyDeviceToHost));
  int counter = 0;
  CHECK(cudaMemcpyFromSymbol(&counter, d_counter, sizeof counter));
  float* table = nullptr;
  CHECK(cudaGetSymbolAddress(reinterpret_cast<void**>(&table), d_table));
  std::vector<float> t(64);
  CHECK(cudaMemcpy(t.data(), table, 64 * sizeof(float), cudaMemcpyDeviceToHost));
  int wrong = 0;
  for (int i = 0; i < n; ++i) {
    const float e = coeffs[0] + x[i] * (coeffs[1] + x[i] * (coeffs[2] + x[i] * coeffs[3]));
    wrong += std::fabs(y[i] - e) > 1e-4f;
    if (i < 64) wrong += t[i] != y[i];
  }
  std::printf("constant polynomial: y[5] = %.4f, %d wrong\n", y[5], wrong);
  std::printf("device counter: %d (expected %d)\n", counter, n);

  // Three structs of pointers into one buffer, copied to the device as an array.
  const Vectors parts[3] = {{dx, dy, 100}, {dx + 100, dy, 300}, {dx + 400, dy, 600}};
  Vectors* d_parts;
  float* d_sums;
  CHECK(cudaMalloc(&d_parts, sizeof parts));
  CHECK(cudaMalloc(&d_sums, 3 * sizeof(float)));
  CHECK(cudaMemcpy(d_parts, parts, sizeof parts, cudaMemcpyHostToDevice));
  sums<<<3, 128>>>(d_parts, d_sums);
  CHECK(cudaGetLastError());
  float s[3];
  CHECK(cudaMemcpy(s, d_sums, sizeof s, cudaMemcpyDeviceToHost));
  int bad_sums = 0;
  for (int k = 0; k < 3; ++k) {
    double e = 0;
    for (int i = 0; i < parts[k].n; ++i) e += x[(parts[k].x - dx) + i];
    bad_sums += std::fabs(s[k] - e) > 1e-3;
    std::printf("struct %d: sum of %d elements = %.3f\n", k, parts[k].n, s[k]);
  }
  const bool pass = wrong == 0 && counter == n && bad_sums == 0;
  std::printf("%s\n", pass ? "PASS" : "FAIL");
  return pass ? 0 : 1;
}
