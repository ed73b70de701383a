// sync_spmbo_l (SPMBO_L): workloads/sync/sync_driver.h runs and checks it.
#include "workloads/sync/sync_driver.h"

namespace wf::workloads {

static const WorkloadRegistrar k_sync_spmbo_l{sync_driver::mutex_workload(
    "sync_spmbo_l", "spin_mutex_backoff_local", sync_driver::Scope::kLocal,
    sync_driver::Mutex::kSpin,
    "test-and-set spin mutex per logical CU with exponential backoff (software delay loop) around "
    "plain updates (HeteroSync SpinMutexEBO local scope)")};

}  // namespace wf::workloads
