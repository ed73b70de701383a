// sync_slm_g (SLM_G): workloads/sync/sync_driver.h runs and checks it.
#include "workloads/sync/sync_driver.h"

namespace wf::workloads {

static const WorkloadRegistrar k_sync_slm_g{sync_driver::mutex_workload(
    "sync_slm_g", "sleep_mutex_global", sync_driver::Scope::kGlobal, sync_driver::Mutex::kRing,
    "global decentralized ticket mutex (a ring of per-WG slots, each WG polls its own), "
    "busy-waiting (HeteroSync SleepMutex, AWG SLM_G)")};

}  // namespace wf::workloads
