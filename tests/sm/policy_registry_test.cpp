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
#include "sim_model/sm/policies/fetch/cff.h"
#include "sim_model/sm/policies/policy_info.h"
#include "sim_model/sm/timing_config.h"

namespace wf::sm::policies {
namespace {

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
  EXPECT_NE(error.find("--fetch cff"), std::string::npos) << error;
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
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace wf::sm::policies
