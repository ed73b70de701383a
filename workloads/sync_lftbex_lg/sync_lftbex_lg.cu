// LFTBEX_LG: decentralized (lock-free) two-level tree barrier; WGs exchange data with the
// next WG of their own CU (HeteroSync's LFTreeBarrLocalExch).
// Busy-waiting form (the AWG paper's baseline); the primitive and the body are in
// ../sync/sync.cuh. A waiting-atomic form will be a second kernel here, the same body with
// another Wait policy.
#include "../sync/sync.cuh"

using namespace sync_prims;

extern "C" __global__ void lf_tree_barrier_local_exchange(unsigned* sync, unsigned* data,
                                                          unsigned* seen, unsigned episodes,
                                                          unsigned num_cus) {
  barrier_body<BusyWait, /*kLfTree=*/true, /*kLocalExchange=*/true>(sync, data, seen, episodes,
                                                                    num_cus);
}
