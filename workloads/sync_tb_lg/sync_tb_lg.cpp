// sync_tb_lg (TB_LG): workloads/sync/sync_driver.h runs and checks it.
#include "workloads/sync/sync_driver.h"

namespace wf::workloads {

static const WorkloadRegistrar k_sync_tb_lg{sync_driver::barrier_workload(
    "sync_tb_lg", "tree_barrier", /*lf_tree=*/false, /*local_exchange=*/false,
    "two-level atomic tree barrier (per logical CU, then global; busy-waiting on flags), data "
    "exchanged with the next WG of the grid (HeteroSync AtomicTreeBarr, AWG TB_LG)")};

}  // namespace wf::workloads
