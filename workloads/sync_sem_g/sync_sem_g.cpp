// sync_sem_g (SEM_G): workloads/sync/sync_driver.h runs and checks it.
#include "workloads/sync/sync_driver.h"

namespace wf::workloads {

static const WorkloadRegistrar k_sync_sem_g{sync_driver::semaphore_workload(
    "sync_sem_g", "semaphore_global", sync_driver::Scope::kGlobal,
    "global counting semaphore of 2 units (atomicCAS take, atomicAdd give), busy-waiting, taken by "
    "thread 0 of each WG (HeteroSync SpinSem)")};

}  // namespace wf::workloads
