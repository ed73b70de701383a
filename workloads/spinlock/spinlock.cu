// A global spin mutex guarding a plain (non-atomic) counter. Thread 0 of every CTA takes the
// lock `rounds` times: spin on atomicCAS(0 -> 1), fence, read-modify-write the counter and
// log the CTA id at the old count, fence, release with atomicExch. Only one thread per CTA
// spins, because spinning threads of one warp could starve the lock holder under SIMT
// execution. The other threads wait at the barrier, as in a CTA-level critical section.
extern "C" __global__ void spinlock_count(int* lock, volatile unsigned* counter, unsigned* log,
                                          unsigned rounds) {
  if (threadIdx.x == 0) {
    for (unsigned r = 0; r < rounds; ++r) {
      while (atomicCAS(lock, 0, 1) != 0) {
      }
      __threadfence();
      unsigned old = *counter;
      log[old] = blockIdx.x;
      *counter = old + 1;
      __threadfence();
      atomicExch(lock, 0);
    }
  }
  __syncthreads();
}
