// TB_LG: two-level atomic tree barrier (per logical CU, then global); WGs exchange data with
// the next WG of the grid.
// Busy-waiting form (the AWG paper's baseline); the primitive and the body are in
// ../sync/sync.cuh. A waiting-atomic form will be a second kernel here, the same body with
// another Wait policy.
#include "../sync/sync.cuh"

using namespace sync_prims;

extern "C" __global__ void tree_barrier(unsigned* sync, unsigned* data, unsigned* seen,
                                        unsigned episodes, unsigned num_cus) {
  barrier_body<BusyWait, /*kLfTree=*/false, /*kLocalExchange=*/false>(sync, data, seen, episodes,
                                                                      num_cus);
}
