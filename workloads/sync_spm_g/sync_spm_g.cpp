// sync_spm_g (SPM_G): workloads/sync/sync_driver.h runs and checks it.
#include "workloads/sync/sync_driver.h"

namespace wf::workloads {

static const WorkloadRegistrar k_sync_spm_g{sync_driver::mutex_workload(
    "sync_spm_g", "spin_mutex_global", sync_driver::Scope::kGlobal, sync_driver::Mutex::kSpin,
    "global test-and-set spin mutex (atomicCAS / atomicExch), busy-waiting, taken by thread 0 of "
    "each WG around plain updates (HeteroSync SpinMutex, AWG Table 2 SPM_G)")};

}  // namespace wf::workloads
