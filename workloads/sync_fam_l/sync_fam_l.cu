// FAM_L: a centralized (fetch-and-add) ticket mutex per logical CU.
// Busy-waiting form (the AWG paper's baseline); the primitive and the body are in
// ../sync/sync.cuh. A waiting-atomic form will be a second kernel here, the same body with
// another Wait policy.
#include "../sync/sync.cuh"

using namespace sync_prims;

extern "C" __global__ void ticket_mutex_local(unsigned* sync, unsigned* counter, unsigned* data,
                                              unsigned* log, unsigned log_stride, unsigned rounds,
                                              unsigned num_cus) {
  mutex_body<TicketMutex, BusyWait>(sync, counter, data, log, log_stride, rounds, num_cus);
}
