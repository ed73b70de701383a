// The policy registry (sim_model/sm/policies/): what `warpforge sim` accepts and lists comes
// from the registered policy headers, each kind has one default, unknown names are refused with
// the registered ones listed, presets name policies through it, and the cff pairing rule reads
// each issue policy's own declaration.
#include <gtest/gtest.h>

#include <unistd.h>
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>

#include "sim_model/common/error.h"
#include "sim_model/presets/machine.h"
#include "sim_model/sm/key_use.h"
#include "sim_model/sm/policies/fetch/cff.h"
#include "sim_model/sm/policies/policy_info.h"
#include "sim_model/sm/timing_config.h"

namespace wf::sm::policies {
namespace {

using sm::unread_key_reason;

TEST(PolicyRegistry, EveryKindHasPoliciesWithUniqueNamesAndOneDefaultListedFirst) {
  for (const PolicyKind kind : kPolicyKinds) {
    SCOPED_TRACE(kind_title(kind));
    const auto& all = registered_policies(kind);
    ASSERT_FALSE(all.empty());
    std::set<std::string> names;
    unsigned defaults = 0;
    for (const auto& p : all) {
      EXPECT_TRUE(names.insert(p.name).second) << "two policies named " << p.name;
      EXPECT_FALSE(p.help.empty()) << p.name;
      EXPECT_EQ(p.help.find('\n'), std::string::npos) << p.name << ": help is one line";
      defaults += p.is_default;
    }
    EXPECT_EQ(defaults, 1u);
    EXPECT_TRUE(all.front().is_default);
    EXPECT_EQ(default_policy(kind), all.front().name);
  }
}

TEST(PolicyRegistry, UnknownNameIsRefusedListingTheRegisteredOnes) {
  for (const PolicyKind kind : kPolicyKinds) {
    try {
      find_policy(kind, "no-such-policy");
      ADD_FAILURE() << "accepted an unknown " << kind_title(kind) << " policy";
    } catch (const UsageError& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find(option_name(kind)), std::string::npos) << what;
      EXPECT_NE(what.find("no-such-policy"), std::string::npos) << what;
      for (const auto& p : registered_policies(kind))
        EXPECT_NE(what.find(p.name), std::string::npos) << what;
    }
  }
}

TEST(PolicyRegistry, ConfigDefaultsAreTheRegisteredDefaults) {
  const TimingConfig c;
  for (const PolicyKind kind : kPolicyKinds) EXPECT_EQ(c.policy(kind), default_policy(kind));
  EXPECT_NO_THROW(check_policies(c));
}

TEST(PolicyRegistry, EveryIssuePolicyWithACffModePairsWithCff) {
  for (const auto& issue : registered_policies(PolicyKind::kIssue)) {
    TimingConfig c;
    c.issue = issue.name;
    c.fetch = CffFetch::kName;
    if (issue.cff_mode.empty()) {
      EXPECT_THROW(check_policies(c), UsageError) << issue.name;
    } else {
      EXPECT_NO_THROW(check_policies(c)) << issue.name;
    }
  }
}

TEST(PolicyRegistry, CffRefusesAnIssuePolicyWithoutAMode) {
  PolicyInfo issue;
  issue.name = "some-new-policy";
  const std::string error = CffFetch::pairing_error(issue);
  EXPECT_NE(error.find("some-new-policy"), std::string::npos) << error;
  issue.cff_mode = "gto";
  EXPECT_EQ(CffFetch::pairing_error(issue), "");
}

TEST(PolicyRegistry, BlocksOfAConfigAreItsPoliciesAndTheSmsOwn) {
  TimingConfig c;
  c.issue = find_policy(PolicyKind::kIssue, "mwf-gto").name;
  c.fetch = find_policy(PolicyKind::kFetch, "cff").name;
  const auto blocks = blocks_of(c);
  const auto expect = [&](const std::vector<std::string>& names) {
    for (const auto& n : names)
      EXPECT_NE(std::find(blocks.begin(), blocks.end(), n), blocks.end()) << n;
  };
  expect(find_policy(PolicyKind::kIssue, c.issue).blocks);
  expect(find_policy(PolicyKind::kFetch, c.fetch).blocks);
  expect(sm_core_blocks());
  EXPECT_EQ(std::set<std::string>(blocks.begin(), blocks.end()).size(), blocks.size());
}

// A preset names its policies in [policy]; an unknown one is refused naming the file's preset,
// the key and the registered names.
TEST(PolicyRegistry, PresetPolicyTable) {
  const auto dir =
      std::filesystem::temp_directory_path() / ("wf-policy-preset-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  // The preset with its own [policy] table (its last) replaced.
  const std::string& gtx480_text = builtin_preset_text("gtx480");
  const std::string text = gtx480_text.substr(0, gtx480_text.find("\n[policy]"));
  const auto write = [&](const std::string& name, const std::string& policy) {
    const auto path = dir / (name + ".toml");
    std::ofstream(path) << text << "\n[policy]\n" << policy << "\n";
    return path.string();
  };
  ASSERT_NE(text.size(), gtx480_text.size()) << "gtx480 has no [policy] table";
  const TimingConfig c =
      load_timing_config(load_machine(write("good", "issue = \"gto\"\nfetch = \"fef\"")));
  EXPECT_EQ(c.issue, "gto");
  EXPECT_EQ(c.fetch, "fef");
  EXPECT_EQ(c.dispatch, default_policy(PolicyKind::kDispatch));
  try {
    load_timing_config(load_machine(write("bad", "cta_dispatch = \"fifo\"")));
    ADD_FAILURE() << "accepted an unknown dispatch policy";
  } catch (const UsageError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("[policy] cta_dispatch"), std::string::npos) << what;
    EXPECT_NE(what.find("fifo"), std::string::npos) << what;
    EXPECT_NE(what.find(default_policy(PolicyKind::kDispatch)), std::string::npos) << what;
  }
  // A pairing or a machine a policy cannot run on blames the preset's line, not an option
  // nobody typed; an option that overrides the preset is blamed as the option.
  const std::string unpaired = write("unpaired", "issue = \"blocklat\"\nfetch = \"cff\"");
  TimingConfig pair = load_timing_config(load_machine(unpaired));
  const std::string line = [&] {
    const std::string t = text + "\n[policy]\n";
    return std::to_string(std::count(t.begin(), t.end(), '\n') + 1);
  }();
  const auto refusal = [](const TimingConfig& config) -> std::string {
    try {
      check_policies(config);
    } catch (const UsageError& e) {
      return e.what();
    }
    return "accepted";
  };
  EXPECT_EQ(refusal(pair), "[policy] fetch = \"cff\" (" + unpaired + ":" +
                               std::to_string(std::stoi(line) + 1) +
                               "): the CFF fetch arbiter has no mode for issue policy blocklat "
                               "(its kCffMode is not set); the issue policy is from [policy] "
                               "issue = \"blocklat\" (" +
                               unpaired + ":" + line + ")");
  pair.fetch = "cff";
  pair.fetch_origin = "--fetch cff";
  EXPECT_EQ(refusal(pair).substr(0, 13), "--fetch cff: ");
  const std::string capless = write("capless", "cta_dispatch = \"static\"");
  EXPECT_EQ(refusal(load_timing_config(load_machine(capless))),
            "[policy] cta_dispatch = \"static\" (" + capless + ":" + line +
                "): expected [sm] cta_limit of at least 1 (--cta-limit N), the CTAs each SM may "
                "hold");
  std::filesystem::remove_all(dir);
}

// A key only some policies or machines read (key_use.h) names its readers and the run's
// choice; every other key is read by every run.
TEST(PolicyRegistry, KeysOnlySomePoliciesReadSayWhoReadsThem) {
  TimingConfig c = load_timing_config(load_machine("gtx480"));
  EXPECT_EQ(unread_key_reason(c, "sm.cta_limit"),
            "is read only by --dispatch static, and this run uses [policy] cta_dispatch = "
            "\"max\" (preset gtx480:148)");
  c.dispatch = "static";
  EXPECT_EQ(unread_key_reason(c, "sm.cta_limit"), "");
  c.issue_origin = "--issue gto";
  c.issue = "gto";
  EXPECT_EQ(unread_key_reason(c, "sm.fetch_group_size"),
            "is read only by --issue 2lev or --fetch 2lev, and this run uses --issue gto and "
            "[policy] fetch = \"lrr\" (preset gtx480:147)");
  c.fetch = "2lev";
  EXPECT_EQ(unread_key_reason(c, "sm.fetch_group_size"), "");
  EXPECT_NE(unread_key_reason(c, "sm.lwm_memory_rows"), "");
  c.large_warp_size = 256;
  EXPECT_EQ(unread_key_reason(c, "sm.lwm_memory_rows"), "");
  for (const PresetKey& k : preset_keys()) {
    const std::string key = k.qualified();
    if (key == "sm.cta_limit" || key == "sm.fetch_group_size" || key.starts_with("sm.lwm_") ||
        key.starts_with("syncmon."))
      continue;
    EXPECT_EQ(unread_key_reason(TimingConfig{}, key), "") << key;
  }
}

}  // namespace
}  // namespace wf::sm::policies
