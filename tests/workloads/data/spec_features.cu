// Kernels for the launch-spec tests of C++ features host code usually takes care of: mangled
// and overloaded names, structs of pointers, __constant__ and __device__ variables, kernels
// relaunched with an iteration index or until a flag stays clear, and a CTA too big for an SM.
// Regenerate with
//   cd tests/workloads/data && nvcc -ptx -arch=sm_75 -o spec_features.ptx spec_features.cu

// Two overloads: the bare name `add` is ambiguous, `add(float*, float const*, int)` is not.
__global__ void add(float* a, const float* b, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] += b[i];
}
__global__ void add(int* a, const int* b, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] += b[i];
}

namespace ops {
template <class T>
__global__ void scale(T* a, T factor, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] *= factor;
}
template __global__ void scale<float>(float*, float, int);
}  // namespace ops

// A struct of pointers, as host code builds them: dst[i] = src[i] * weight for i < n.
struct Job {
  float* dst;
  const float* src;
  unsigned n;
  float weight;
};
__global__ void run_jobs(const Job* jobs, int count) {
  const Job& job = jobs[blockIdx.x < count ? blockIdx.x : 0];
  if (blockIdx.x >= count) return;
  for (unsigned i = threadIdx.x; i < job.n; i += blockDim.x) job.dst[i] = job.src[i] * job.weight;
}

// Module variables a host program fills with cudaMemcpyToSymbol.
__constant__ float c_coeffs[4];
__device__ unsigned d_launches;
__device__ float* d_target;  // a device pointer held in a __device__ variable
__global__ void apply_coeffs(const float* in, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) d_target[i] = in[i] * c_coeffs[i % 4];
  if (i == 0) atomicAdd(&d_launches, 1u);
}

// log[iteration] = 3 * iteration + 1: one launch per iteration of a repeat loop.
__global__ void record_iteration(unsigned* log, unsigned iteration) {
  if (threadIdx.x == 0) log[iteration] = 3 * iteration + 1;
}

// One count down per launch; `more` is raised while the counter has not reached 0 (a host
// loop clears it before each launch and stops when it stays clear).
__global__ void count_down(unsigned* counter, unsigned* more) {
  if (threadIdx.x != 0) return;
  const unsigned left = --*counter;
  if (left) *more = 1;
}

// 48 KiB of static shared memory: any dynamic shared memory on top is more than a GTX480 SM.
__global__ void big_shared(float* out) {
  __shared__ float tile[12288];
  extern __shared__ float extra[];
  tile[threadIdx.x] = threadIdx.x;
  extra[threadIdx.x] = 1;
  __syncthreads();
  out[threadIdx.x] = tile[blockDim.x - 1 - threadIdx.x] + extra[threadIdx.x];
}
