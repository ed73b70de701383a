// sync_fam_g (FAM_G): workloads/sync/sync_driver.h runs and checks it.
#include "workloads/sync/sync_driver.h"

namespace wf::workloads {

static const WorkloadRegistrar k_sync_fam_g{sync_driver::mutex_workload(
    "sync_fam_g", "ticket_mutex_global", sync_driver::Scope::kGlobal, sync_driver::Mutex::kTicket,
    "global centralized ticket mutex (atomicAdd ticket, poll the ticket served), busy-waiting, "
    "around plain updates (HeteroSync FAMutex, AWG FAM_G)")};

}  // namespace wf::workloads
