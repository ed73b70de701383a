// sync_sem_l (SEM_L): workloads/sync/sync_driver.h runs and checks it.
#include "workloads/sync/sync_driver.h"

namespace wf::workloads {

static const WorkloadRegistrar k_sync_sem_l{sync_driver::semaphore_workload(
    "sync_sem_l", "semaphore_local", sync_driver::Scope::kLocal,
    "counting semaphore of 2 units per logical CU, busy-waiting (HeteroSync SpinSem local scope)")};

}  // namespace wf::workloads
