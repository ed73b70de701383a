// sync_fam_l (FAM_L): workloads/sync/sync_driver.h runs and checks it.
#include "workloads/sync/sync_driver.h"

namespace wf::workloads {

static const WorkloadRegistrar k_sync_fam_l{sync_driver::mutex_workload(
    "sync_fam_l", "ticket_mutex_local", sync_driver::Scope::kLocal, sync_driver::Mutex::kTicket,
    "centralized ticket mutex per logical CU, busy-waiting, around plain updates (HeteroSync "
    "FAMutex local scope, AWG FAM_L)")};

}  // namespace wf::workloads
