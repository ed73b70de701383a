// sync_spm_l (SPM_L): workloads/sync/sync_driver.h runs and checks it.
#include "workloads/sync/sync_driver.h"

namespace wf::workloads {

static const WorkloadRegistrar k_sync_spm_l{sync_driver::mutex_workload(
    "sync_spm_l", "spin_mutex_local", sync_driver::Scope::kLocal, sync_driver::Mutex::kSpin,
    "test-and-set spin mutex per logical CU (WG id mod 15), busy-waiting, around plain updates "
    "(HeteroSync SpinMutex local scope, AWG SPM_L)")};

}  // namespace wf::workloads
