// SEM_L: a counting semaphore per logical CU.
// Busy-waiting form (the AWG paper's baseline); the primitive and the body are in
// ../sync/sync.cuh. A waiting-atomic form will be a second kernel here, the same body with
// another Wait policy.
#include "../sync/sync.cuh"

using namespace sync_prims;

extern "C" __global__ void semaphore_local(unsigned* sync, unsigned* counter, unsigned* data,
                                           unsigned* log, unsigned* inside, unsigned* peak,
                                           unsigned log_stride, unsigned rounds, unsigned num_cus) {
  semaphore_body<BusyWait>(sync, counter, data, log, inside, peak, log_stride, rounds, num_cus);
}
