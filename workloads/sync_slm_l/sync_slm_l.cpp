// sync_slm_l (SLM_L): workloads/sync/sync_driver.h runs and checks it.
#include "workloads/sync/sync_driver.h"

namespace wf::workloads {

static const WorkloadRegistrar k_sync_slm_l{sync_driver::mutex_workload(
    "sync_slm_l", "sleep_mutex_local", sync_driver::Scope::kLocal, sync_driver::Mutex::kRing,
    "decentralized ticket mutex (ring of slots) per logical CU, busy-waiting (HeteroSync "
    "SleepMutex local scope, AWG SLM_L)")};

}  // namespace wf::workloads
