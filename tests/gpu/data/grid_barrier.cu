// A grid-wide spin barrier: thread 0 of every CTA counts itself in, then polls the count until
// every CTA of the grid has arrived. It finishes only when the whole grid is resident at once;
// with CTAs left waiting for a slot it spins forever, and warpforge must report a livelock.
//   nvcc -ptx -arch=sm_75 -o grid_barrier.ptx grid_barrier.cu
extern "C" __global__ void grid_barrier(unsigned* arrived, unsigned* polling, unsigned* out) {
  __shared__ unsigned seen;
  if (threadIdx.x == 0) {
    atomicAdd(arrived, 1u);
    unsigned n;
    // An atomic read (a compare-and-swap that stores nothing or the value already there) and a
    // store of the value already there on every turn: neither is progress.
    while ((n = atomicCAS(arrived, 0u, 0u)) < gridDim.x) polling[blockIdx.x] = 1;
    seen = n;
  }
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = seen;
}
