// SEM_G: a counting semaphore, one for all WGs.
// Busy-waiting form (the AWG paper's baseline); the primitive and the body are in
// ../sync/sync.cuh. A waiting-atomic form will be a second kernel here, the same body with
// another Wait policy.
#include "../sync/sync.cuh"

using namespace sync_prims;

extern "C" __global__ void semaphore_global(unsigned* sync, unsigned* counter, unsigned* data,
                                            unsigned* log, unsigned* inside, unsigned* peak,
                                            unsigned log_stride, unsigned rounds) {
  semaphore_body<BusyWait>(sync, counter, data, log, inside, peak, log_stride, rounds, 1);
}
