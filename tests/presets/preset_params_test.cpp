// --param sets any preset key within its range; the rules between keys are checked once all
// are set, and a refusal names where each value came from.
#include <gtest/gtest.h>

#include <string>

#include "sim_model/common/error.h"
#include "sim_model/mem/mem_config.h"
#include "sim_model/presets/machine.h"
#include "sim_model/sm/timing_config.h"

namespace wf {
namespace {

std::string param_refusal(Machine& m, const std::string& key, const std::string& value) {
  try {
    set_machine_param(m, key, value);
    check_machine(m);
  } catch (const UsageError& e) {
    return e.what();
  }
  return "accepted";
}

TEST(PresetParams, QualifiedAndUniqueBareKeysSetTheValue) {
  Machine m = load_machine("gtx480");
  ASSERT_TRUE(set_machine_param(m, "num_sms", "2"));
  ASSERT_TRUE(set_machine_param(m, "l1d.ways", "1"));
  ASSERT_TRUE(set_machine_param(m, "memory.channels", "3"));
  check_machine(m);
  EXPECT_EQ(m.value("gpu.num_sms"), 2u);
  EXPECT_EQ(m.values.at("l1d.ways").origin, "--param l1d.ways=1");
  // Both memories and the cycle model see them.
  EXPECT_EQ(mem::load_mem_config(m).l1.ways, 1u);
  EXPECT_EQ(mem::load_mem_config(m).channels, 3u);
  EXPECT_EQ(sm::load_timing_config(m).l1d_ways, 1u);
  EXPECT_EQ(sm::load_timing_config(m).num_sms, 2u);
  EXPECT_FALSE(set_machine_param(m, "watchdog_cycles", "5"));  // not a preset key
}

TEST(PresetParams, BlockFieldsFollow) {
  Machine m = load_machine("gtx480");
  set_machine_param(m, "max_warps", "8");
  set_machine_param(m, "max_warps_per_cta", "8");
  set_machine_param(m, "max_threads", "256");
  check_machine(m);  // only the three are a machine; fewer are not
  EXPECT_EQ(m.max_warps, 8u);
  EXPECT_EQ(m.max_warps_per_cta, 8u);
  EXPECT_EQ(m.value("sm.max_threads"), 256u);
}

// One set of rules, however the keys were given: a max_threads the preset states holds against
// a --param of what it derives from, as it does against an edit of the file; one nobody stated
// follows.
TEST(PresetParams, AStatedDerivedKeyIsJudgedNotRederived) {
  Machine lwm = load_machine("lwm-core");
  EXPECT_EQ(param_refusal(lwm, "large_warp_size", "256"),
            "preset lwm-core:15: [sm] max_threads = 1024 must be [sm] max_warps = 32 (preset "
            "lwm-core:14) × [sm] large_warp_size = 256 (--param large_warp_size=256)");
  std::string text = builtin_preset_text("lwm-core");
  text.replace(text.find("max_warps = 32"), 0, "large_warp_size = 256\n");
  try {
    parse_machine(text, "my.toml");
    ADD_FAILURE() << "large_warp_size = 256 accepted in a file";
  } catch (const UsageError& e) {
    EXPECT_STREQ(e.what(),
                 "my.toml:16: [sm] max_threads = 1024 must be [sm] max_warps = 32 "
                 "(my.toml:15) × [sm] large_warp_size = 256 (my.toml:14)");
  }
  Machine gtx = load_machine("gtx480");
  EXPECT_EQ(param_refusal(gtx, "max_threads", "128"),
            "--param max_threads=128: [sm] max_threads = 128 must be [sm] max_warps = 48 (preset "
            "gtx480:13) × [sm] warp_size = 32 (preset gtx480:12)");
  // A preset that leaves max_threads out: it follows max_warps.
  std::string unstated = builtin_preset_text("gtx480");
  unstated.erase(unstated.find("max_threads = 1536\n"), 19);
  Machine derived = parse_machine(unstated, "my.toml");
  set_machine_param(derived, "max_warps", "8");
  set_machine_param(derived, "max_warps_per_cta", "8");
  check_machine(derived);
  EXPECT_EQ(derived.value("sm.max_threads"), 256u);
}

TEST(PresetParams, RefusalsNameTheParameterAndThePreset) {
  Machine m = load_machine("gtx480");
  EXPECT_EQ(param_refusal(m, "ways", "2"),
            "--param ways=2: ways is in more than one section; expected one of l1d.ways, "
            "l1i.ways, l2.ways");
  EXPECT_EQ(param_refusal(m, "l1d.sets", "3"),
            "--param l1d.sets=3: expected a power of two in 1..65536");
  EXPECT_EQ(param_refusal(m, "num_sms", "-1"), "--param num_sms=-1: expected an integer in 1..256");
  EXPECT_EQ(param_refusal(m, "num_sms", "0x10"),
            "--param num_sms=0x10: expected an integer in 1..256");
  EXPECT_EQ(param_refusal(m, "max_warps", "8"),
            "preset gtx480:16: [sm] max_warps_per_cta = 48 must not exceed [sm] max_warps = 8 "
            "(--param max_warps=8)");
}

// Two-level scheduling's fetch group: 1..64 (large) warps per scheduler; more than the warps
// there are is one group, and allowed.
TEST(PresetParams, FetchGroupSizeIsOneTo64Warps) {
  Machine m = load_machine("lwm-core");
  EXPECT_EQ(m.value("sm.fetch_group_size"), 8u);
  EXPECT_EQ(load_machine("gtx480").value("sm.fetch_group_size"), 8u);
  EXPECT_EQ(param_refusal(m, "fetch_group_size", "0"),
            "--param fetch_group_size=0: expected an integer in 1..64");
  EXPECT_EQ(param_refusal(m, "fetch_group_size", "65"),
            "--param fetch_group_size=65: expected an integer in 1..64");
  EXPECT_EQ(param_refusal(m, "fetch_group_size", "64"), "accepted");
  EXPECT_EQ(m.value("sm.fetch_group_size"), 64u);
  // In a preset file: the file's line.
  std::string text = builtin_preset_text("lwm-core");
  text.replace(text.find("max_warps = 32"), 0, "fetch_group_size = 0\n");
  try {
    parse_machine(text, "my.toml");
    ADD_FAILURE() << "fetch_group_size = 0 accepted";
  } catch (const UsageError& e) {
    EXPECT_STREQ(e.what(), "my.toml:14: [sm] fetch_group_size: expected an integer in 1..64");
  }
}

// A key of a memory model the preset does not use would be read by nothing.
// Large warps: whole rows of the 32-thread warp up to 512 threads, only with barrel processing;
// max_threads then follows from the large warp size.
TEST(PresetParams, LargeWarpsAreRowsOfTheWarpUnderBarrelProcessing) {
  Machine lwm = load_machine("lwm-core");
  set_machine_param(lwm, "large_warp_size", "256");
  set_machine_param(lwm, "max_warps", "4");
  set_machine_param(lwm, "max_warps_per_cta", "4");
  set_machine_param(lwm, "max_ctas", "4");
  check_machine(lwm);
  EXPECT_EQ(lwm.value("sm.max_threads"), 1024u);
  Machine odd = load_machine("lwm-core");
  EXPECT_EQ(param_refusal(odd, "large_warp_size", "100"),
            "--param large_warp_size=100: [sm] large_warp_size = 100 must be a multiple of [sm] "
            "warp_size = 32 (preset lwm-core:13) up to 512");
  Machine plain = load_machine("gtx480");
  EXPECT_EQ(param_refusal(plain, "large_warp_size", "64"),
            "--param large_warp_size=64: [sm] large_warp_size = 64 needs [sm] barrel_processing "
            "= 1: a large warp is fetched again only when all its sub-warps have left the "
            "pipeline");
}

TEST(PresetParams, AnotherMemoryModelsKeyIsRefused) {
  Machine lwm = load_machine("lwm-core");
  EXPECT_EQ(param_refusal(lwm, "l2.ways", "4"),
            "--param l2.ways=4: [l2] ways belongs to [memory] model \"gddr\", and the preset's is "
            "\"row_buffer\" (preset lwm-core:78); leave it out");
  ASSERT_TRUE(set_machine_param(lwm, "row_hit_latency", "120"));
  check_machine(lwm);
  EXPECT_EQ(lwm.value("dram.row_hit_latency"), 120u);
  EXPECT_EQ(param_refusal(lwm, "row_conflict_latency", "119"),
            "--param row_conflict_latency=119: [dram] row_conflict_latency = 119 must be at least "
            "[dram] row_hit_latency = 120 (--param row_hit_latency=120): a conflict is a hit after "
            "a precharge and an activate");
  Machine gtx = load_machine("gtx480");
  EXPECT_EQ(param_refusal(gtx, "row_hit_latency", "120"),
            "--param row_hit_latency=120: [dram] row_hit_latency belongs to [memory] model "
            "\"row_buffer\", and the preset's is \"gddr\" (the default); leave it out");
}

TEST(PresetParams, RunControlZeroIsRefused) {
  sm::TimingConfig c = sm::load_timing_config(load_machine("gtx480"));
  EXPECT_THROW(sm::set_timing_param(c, "max_cycles", "0"), UsageError);
  EXPECT_THROW(sm::set_timing_param(c, "watchdog_cycles", "0"), UsageError);
  sm::set_timing_param(c, "max_cycles", "7");
  EXPECT_EQ(c.max_cycles, 7u);
  sm::set_timing_param(c, "l1d.sets", "8");  // a preset key through the config
  EXPECT_EQ(c.l1d_sets, 8u);
  EXPECT_EQ(c.machine.value("l1d.sets"), 8u);
  EXPECT_THROW(sm::set_timing_param(c, "bogus", "1"), UsageError);
}

// awg-apu's 64-wide wavefronts are a machine the blocks take whole; the cycle model, whose warps
// are 32 threads, refuses to run it, naming the preset's line.
TEST(PresetParams, TheCycleModelRefusesWavefrontsOf64) {
  const Machine awg = load_machine("awg-apu");
  EXPECT_EQ(awg.warp_size, 64u);
  EXPECT_EQ(awg.value("syncmon.cache_sets"), 256u);
  try {
    sm::load_timing_config(awg);
    ADD_FAILURE() << "the cycle model took 64-wide warps";
  } catch (const UsageError& e) {
    const std::string what = e.what();
    EXPECT_EQ(what.rfind("preset awg-apu:", 0), 0u) << what;
    EXPECT_NE(what.find("[sm] warp_size = 64 is not modelled by the cycle model"),
              std::string::npos)
        << what;
  }
}

}  // namespace
}  // namespace wf
