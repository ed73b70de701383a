// sync_spmbo_g (SPMBO_G): workloads/sync/sync_driver.h runs and checks it.
#include "workloads/sync/sync_driver.h"

namespace wf::workloads {

static const WorkloadRegistrar k_sync_spmbo_g{sync_driver::mutex_workload(
    "sync_spmbo_g", "spin_mutex_backoff_global", sync_driver::Scope::kGlobal,
    sync_driver::Mutex::kSpin,
    "global test-and-set spin mutex with exponential backoff (software delay loop, 16 to 1024 "
    "iterations) around plain updates (HeteroSync SpinMutexEBO)")};

}  // namespace wf::workloads
