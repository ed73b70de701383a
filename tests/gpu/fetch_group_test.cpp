// [sm] fetch_group_size reaches the two-level arbiters of the cycle model: on lwm-core (one
// scheduler of 32 warps) groups of 2 and of 32 warps schedule viterbi differently, and one group
// of all the warps (or more) is plain round robin, the lrr policies' schedule cycle for cycle.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "sim_model/gpu/runtime.h"
#include "sim_model/gpu/timing_session.h"
#include "sim_model/presets/machine.h"
#include "sim_model/sm/timing_config.h"
#include "workloads/workload.h"

namespace wf::gpu {
namespace {

TimingResults run(const std::string& policy, const std::string& group) {
  Machine m = load_machine("lwm-core");
  set_machine_param(m, "fetch_group_size", group);
  check_machine(m);
  sm::TimingConfig c = sm::load_timing_config(m);
  c.issue = policy;
  c.fetch = policy;
  auto session = std::make_shared<TimingSession>(c);
  RuntimeOptions o;
  o.timing = session;
  Runtime runtime(o);
  const workloads::Workload* w = workloads::find_workload("viterbi");
  EXPECT_NE(w, nullptr);
  workloads::WorkloadOptions wo;
  wo.size = w->test_size;
  const workloads::RunResult r = w->run(runtime, wo);
  EXPECT_TRUE(r.passed) << r.message;
  EXPECT_EQ(session->results().status, "ok") << session->results().message;
  return session->results();
}

TEST(FetchGroupSize, ChangesTheTwoLevelSchedule) {
  const TimingResults small = run("2lev", "2"), whole = run("2lev", "32");
  ASSERT_EQ(small.sms.size(), 1u);
  ASSERT_EQ(whole.sms.size(), 1u);
  EXPECT_EQ(small.sms[0].thread_instructions, whole.sms[0].thread_instructions);
  EXPECT_NE(small.cycles, whole.cycles);
  EXPECT_NE(small.sms[0].states, whole.sms[0].states);
}

TEST(FetchGroupSize, OneGroupOfAllWarpsIsRoundRobin) {
  const TimingResults lrr = run("lrr", "8");
  for (const char* group : {"32", "64"}) {
    SCOPED_TRACE(group);
    const TimingResults one = run("2lev", group);
    ASSERT_EQ(one.sms.size(), 1u);
    EXPECT_EQ(one.cycles, lrr.cycles);
    EXPECT_EQ(one.sms[0].states, lrr.sms[0].states);
    EXPECT_EQ(one.sms[0].icache_misses, lrr.sms[0].icache_misses);
    EXPECT_EQ(one.sms[0].memory_latency_cycles, lrr.sms[0].memory_latency_cycles);
  }
}

}  // namespace
}  // namespace wf::gpu
