// The preset loader refuses every key, range and combination the machine cannot be, naming the
// file, the line and the rule; and docs/presets.md lists every key with its range.
#include <gtest/gtest.h>

#include <cctype>
#include <fstream>
#include <sstream>
#include <string>

#include "sim_model/common/error.h"
#include "sim_model/mem/mem_config.h"
#include "sim_model/mem/memory_model.h"
#include "sim_model/presets/machine.h"
#include "sim_model/presets/preset_schema.h"
#include "sim_model/sm/policies/policy_info.h"
#include "sim_model/sm/timing_config.h"

namespace wf {
namespace {

// gtx480 with the first line starting with `from` replaced by `to` (or `to` appended to the
// file when `from` is empty).
std::string edited(const std::string& from, const std::string& to) {
  std::string text = builtin_preset_text("gtx480");
  if (from.empty()) return text + "\n" + to + "\n";
  const auto at = text.find("\n" + from);
  EXPECT_NE(at, std::string::npos) << from;
  const auto end = text.find('\n', at + 1);
  return text.replace(at + 1, end - at - 1, to);
}

// A minimal preset: name and the required [sm] keys, the rest left out.
std::string small(const std::string& sm) {
  return "name = \"small\"\n[sm]\nwarp_size = 32\n" + sm + "\n";
}

std::string refusal(const std::string& text) {
  try {
    parse_machine(text, "my.toml");
  } catch (const UsageError& e) {
    return e.what();
  }
  return "accepted";
}

TEST(PresetLoader, Gtx480HasEveryKeyItsFileGives) {
  const Machine m = load_machine("gtx480");
  EXPECT_EQ(m.origin, "preset gtx480");
  EXPECT_EQ(m.values.size(), preset_keys().size());
  EXPECT_EQ(m.value("sm.max_threads"), 1536u);
  EXPECT_EQ(m.value("l1d.sets"), 32u);
  EXPECT_EQ(m.value("dram.return_latency"), 100u);
  EXPECT_EQ(m.describe("sm.max_warps"), "[sm] max_warps = 48 (preset gtx480:13)");
  EXPECT_EQ(m.policies.at("issue"), "lrr");
  // The memory system and the cycle model read the same values.
  EXPECT_EQ(mem::load_mem_config(m).l2.sets, 64u);
  EXPECT_EQ(sm::load_timing_config(m).l1d_sets, 32u);
}

TEST(PresetLoader, LeftOutKeysGetTheirDocumentedValues) {
  const Machine m = parse_machine(
      "name = \"small\"\n[sm]\nwarp_size = 32\nmax_warps = 8\nmax_ctas = 2\n"
      "max_warps_per_cta = 8\nschedulers = 2\n",
      "small.toml");
  EXPECT_EQ(m.value("sm.max_threads"), 256u);  // derived
  EXPECT_EQ(m.values.at("sm.max_threads").origin, "derived");
  EXPECT_EQ(m.value("gpu.num_sms"), 15u);
  EXPECT_EQ(m.values.at("gpu.num_sms").origin, "default");
}

struct Refused {
  const char* what;
  std::string text;
  std::string message;
};

class PresetRefusal : public testing::TestWithParam<Refused> {};

TEST_P(PresetRefusal, NamesTheFileLineAndRule) {
  EXPECT_EQ(refusal(GetParam().text), GetParam().message) << GetParam().what;
}

// One case per class of bad preset: syntax, unknown keys, types, ranges, powers of two, every
// rule between keys and the policy names.
INSTANTIATE_TEST_SUITE_P(
    Cases, PresetRefusal,
    testing::Values(
        Refused{"syntax", edited("max_ctas = 8", "max_ctas = = 8"),
                "my.toml:15:12: Error while parsing value: could not determine value type"},
        Refused{"unknown key", edited("ways = 4", "wayz = 4"),
                "my.toml:27: [l1d] wayz: unknown key; expected one of sets, ways, line_bytes, "
                "mshr_entries, mshr_max_merge, miss_queue, hit_latency"},
        Refused{"unknown section", edited("", "[extra]\nx = 1"),
                "my.toml:150: [extra]: unknown section; expected name, description, [gpu], [sm], "
                "[l1d], [l1i], [pipeline], [memory], [l2], [dram], [syncmon] or [policy]"},
        Refused{"unknown top-level key",
                edited("name = \"gtx480\"", "nmae = \"x\"\nname = \"gtx480\""),
                "my.toml:3: nmae: unknown key; expected name, description, [gpu], [sm], [l1d], "
                "[l1i], [pipeline], [memory], [l2], [dram], [syncmon] or [policy]"},
        Refused{"section as a value", "name = \"x\"\nsm = 3\n",
                "my.toml:2: sm: expected a table [sm]"},
        Refused{"missing name", edited("name = \"gtx480\"", ""),
                "my.toml: name: expected a string naming the preset"},
        Refused{"missing required key", edited("schedulers = 2", ""),
                "my.toml: [sm] schedulers: missing; expected an integer in 1..4"},
        Refused{"float", edited("max_warps = 48", "max_warps = 48.0"),
                "my.toml:13: [sm] max_warps: expected an integer in 1..64"},
        Refused{"zero channels", edited("channels = 6", "channels = 0"),
                "my.toml:77: [memory] channels: expected an integer in 1..64"},
        Refused{"negative", edited("sp_units = 2", "sp_units = -2"),
                "my.toml:21: [sm] sp_units: expected an integer in 1..8"},
        Refused{"100-byte line", edited("line_bytes = 128", "line_bytes = 100"),
                "my.toml:28: [l1d] line_bytes: expected a power of two in 32..4096"},
        Refused{"threads", edited("max_threads = 1536", "max_threads = 1500"),
                "my.toml:14: [sm] max_threads = 1500 must be [sm] max_warps = 48 (my.toml:13) × "
                "[sm] warp_size = 32 (my.toml:12)"},
        Refused{"warps per CTA", edited("max_warps_per_cta = 48", "max_warps_per_cta = 64"),
                "my.toml:16: [sm] max_warps_per_cta = 64 must not exceed [sm] max_warps = 48 "
                "(my.toml:13)"},
        Refused{"one warp over two schedulers",
                small("max_warps = 1\nmax_ctas = 1\nmax_warps_per_cta = 1\nschedulers = 2"),
                "my.toml:4: [sm] max_warps = 1 must be a multiple of [sm] schedulers = 2 "
                "(my.toml:7), so that every scheduler has the same warps"},
        Refused{"CTA slots",
                small("max_warps = 2\nmax_ctas = 4\nmax_warps_per_cta = 2\nschedulers = 2"),
                "my.toml:5: [sm] max_ctas = 4 must not exceed [sm] max_warps = 2 (my.toml:4): a "
                "CTA holds at least one warp"},
        Refused{"line sizes", edited("line_bytes = 128", "line_bytes = 64"),
                "my.toml:28: [l1d] line_bytes = 64 must equal [l2] line_bytes = 128 (my.toml:109)"},
        Refused{"L1I geometry", edited("bytes = 2048", "bytes = 1536"),
                "my.toml:41: [l1i] bytes = 1536 must be a power-of-two number of sets of [l1i] "
                "ways = 4 (my.toml:43) × [l1i] line_bytes = 128 (my.toml:42)"},
        Refused{"L1I line read from memory",
                [] {
                  std::string t = builtin_preset_text("gtx480");
                  const std::string from = "\nbytes = 2048\nline_bytes = 128\n";
                  return t.replace(t.find(from), from.size(), "\nbytes = 1024\nline_bytes = 64\n");
                }(),
                "my.toml:42: [l1i] line_bytes = 64 must equal [l1d] line_bytes = 128 (my.toml:28) "
                "when l1i.from_memory is 1"},
        Refused{"nearby instruction cache geometry",
                edited("near_bytes = 32768", "near_bytes = 3000"),
                "my.toml:51: [l1i] near_bytes = 3000 must be 0 or a power-of-two number of sets of "
                "[l1i] ways = 4 (my.toml:43) × [l1i] line_bytes = 128 (my.toml:42)"},
        Refused{"L2 geometry", edited("l2_bytes = 786432", "l2_bytes = 786000"),
                "my.toml:79: [memory] l2_bytes = 786000 must split into [memory] channels = 6 "
                "(my.toml:77) × [memory] subpartitions_per_channel = 2 (my.toml:78) "
                "sub-partitions of a power-of-two number of sets of [l2] ways = 8 (my.toml:108) × "
                "[l2] line_bytes = 128 (my.toml:109)"},
        Refused{"bursts", edited("burst_length = 8", "burst_length = 2"),
                "my.toml:138: [dram] burst_length = 2 must be whole clocks of [dram] "
                "beats_per_clock = 4 (my.toml:139)"},
        Refused{"bus", edited("bus_bits = 64", "bus_bits = 4096"),
                "my.toml:109: [l2] line_bytes = 128 must be whole bursts of [dram] bus_bits = 4096 "
                "(my.toml:137) × [dram] burst_length = 8 (my.toml:138)"},
        Refused{"latency floor", edited("l2_min_latency = 120", "l2_min_latency = 500"),
                "my.toml:80: [memory] l2_min_latency = 500 exceeds the L2 hit round trip of 133 "
                "cycles (2 × [memory] icnt_latency + [l2] rop_latency + reply flits - 1)"},
        Refused{"policy", edited("issue = \"lrr\"", "issue = \"bogus\""),
                "my.toml: [policy] issue: unknown issue policy \"bogus\"; expected one of " +
                    sm::policies::policy_names(sm::policies::PolicyKind::kIssue, ", ")},
        Refused{"policy key", edited("issue = \"lrr\"", "isue = \"lrr\""),
                "my.toml:146: [policy] isue: unknown key; expected issue, fetch or cta_dispatch"}),
    [](const testing::TestParamInfo<Refused>& info) {
      std::string name;
      for (const char c : std::string(info.param.what)) name += std::isalnum(c) ? c : '_';
      return name;
    });

// The policy names are checked by the registry the preset library cannot see; reference it so
// that this binary links the file that registers the rule.
TEST(PresetLoader, PolicyRuleIsLinked) {
  EXPECT_EQ(sm::policies::default_policy(sm::policies::PolicyKind::kIssue), "lrr");
}

// lwm-core with the first line starting with `from` replaced by `to` (or `to` appended).
std::string edited_lwm(const std::string& from, const std::string& to) {
  std::string text = builtin_preset_text("lwm-core");
  if (from.empty()) return text + "\n" + to + "\n";
  const auto at = text.find("\n" + from);
  EXPECT_NE(at, std::string::npos) << from;
  const auto end = text.find('\n', at + 1);
  return text.replace(at + 1, end - at - 1, to);
}

TEST(PresetLoader, LwmCoreChoosesTheRowBufferMemory) {
  // The memory-model registry checks [memory] model; reference it so that it is linked.
  EXPECT_EQ(mem::memory_model_names(), "gddr, row_buffer");
  const Machine m = load_machine("lwm-core");
  EXPECT_EQ(m.memory_model, "row_buffer");
  EXPECT_EQ(m.memory_model_origin, "preset lwm-core:78");
  EXPECT_EQ(m.value("sm.max_threads"), 1024u);
  EXPECT_EQ(m.schedulers, 1u);
  EXPECT_EQ(m.ibuffer_entries, 1u);
  EXPECT_EQ(m.value("dram.row_conflict_latency"), 300u);
  EXPECT_EQ(mem::load_mem_config(m).l1.sets, 64u);
  EXPECT_EQ(load_machine("gtx480").memory_model, "gddr");
  EXPECT_EQ(load_machine("gtx480").memory_model_origin, "default");
}

// A model's keys exist only in presets of that model; its required keys are required there.
INSTANTIATE_TEST_SUITE_P(
    MemoryModels, PresetRefusal,
    testing::Values(
        Refused{"gddr key in a row_buffer preset",
                edited_lwm("banks = 8", "banks = 8\nbus_bits = 64"),
                "my.toml:91: [dram] bus_bits: belongs to [memory] model \"gddr\", and the preset's "
                "is \"row_buffer\" (my.toml:78); leave it out"},
        Refused{"L2 key in a row_buffer preset", edited_lwm("", "[l2]\nways = 8"),
                "my.toml:108: [l2] ways: belongs to [memory] model \"gddr\", and the preset's is "
                "\"row_buffer\" (my.toml:78); leave it out"},
        Refused{
            "row_buffer key in a gddr preset",
            edited("return_latency = 100", "return_latency = 100\nrow_hit_latency = 100"),
            "my.toml:144: [dram] row_hit_latency: belongs to [memory] model \"row_buffer\", and "
            "the preset's is \"gddr\" (the default); leave it out"},
        Refused{"missing row_buffer key", edited_lwm("row_hit_latency = 100", ""),
                "my.toml: [dram] row_hit_latency: missing; expected an integer in 1..100000 "
                "(required with [memory] model = \"row_buffer\")"},
        Refused{"model not a string", edited_lwm("model = \"row_buffer\"", "model = 3"),
                "my.toml:78: [memory] model: expected a memory model name (a string)"},
        Refused{"conflict faster than hit",
                edited_lwm("row_conflict_latency = 300", "row_conflict_latency = 90"),
                "my.toml:93: [dram] row_conflict_latency = 90 must be at least [dram] "
                "row_hit_latency = 100 (my.toml:92): a conflict is a hit after a precharge and an "
                "activate"},
        Refused{"hit shorter than its transfer",
                edited_lwm("line_transfer_cycles = 8", "line_transfer_cycles = 101"),
                "my.toml:92: [dram] row_hit_latency = 100 must be at least [dram] "
                "line_transfer_cycles = 101 (my.toml:100): the transfer is the last part of an "
                "access"},
        Refused{"row_buffer latency floor",
                edited_lwm("dram_min_latency = 100", "dram_min_latency = 101"),
                "my.toml:84: [memory] dram_min_latency = 101 exceeds [dram] row_hit_latency = 100 "
                "(my.toml:92), the row_buffer memory's fastest access (it has no L2)"}),
    [](const testing::TestParamInfo<Refused>& info) {
      std::string name;
      for (const char c : std::string(info.param.what)) name += std::isalnum(c) ? c : '_';
      return name;
    });

// The gddr model's L2 and burst rules do not bind a row_buffer preset, which cannot state those
// keys: its lines may be any size its rows hold.
TEST(PresetLoader, GddrRulesDoNotBindOtherModels) {
  const Machine m = parse_machine(edited_lwm("line_bytes = 128", "line_bytes = 64"), "my.toml");
  EXPECT_EQ(m.value("l1d.line_bytes"), 64u);
  EXPECT_EQ(refusal(edited_lwm("row_bytes = 2048", "row_bytes = 128")
                        .replace(builtin_preset_text("lwm-core").find("line_bytes = 128"), 16,
                                 "line_bytes = 256")),
            "my.toml:91: [dram] row_bytes = 128 must be whole lines of [l1d] line_bytes = 256 "
            "(my.toml:44)");
}

// docs/presets.md has a row for every key, with its range, in the key's section.
TEST(PresetLoader, DocsListEveryKeyWithItsRange) {
  std::ifstream in(WF_PRESETS_DOC);
  ASSERT_TRUE(in) << WF_PRESETS_DOC;
  std::stringstream buffer;
  buffer << in.rdbuf();
  const std::string doc = buffer.str();
  for (const PresetKey& k : preset_keys()) {
    const auto section = doc.find("### [" + std::string(k.section) + "]");
    ASSERT_NE(section, std::string::npos) << k.section;
    const auto next = doc.find("### ", section + 4);
    const std::string row = "| `" + std::string(k.key) + "` | ";
    const auto at = doc.find(row, section);
    EXPECT_TRUE(at != std::string::npos && at < next) << k.qualified() << " has no row";
    if (at == std::string::npos) continue;
    const std::string line = doc.substr(at, doc.find('\n', at) - at);
    EXPECT_NE(line.find(".."), std::string::npos) << line;
    EXPECT_EQ(line.find("power of two") != std::string::npos, k.power_of_two) << line;
  }
}

// ... and the text key [memory] model, naming every registered model.
TEST(PresetLoader, DocsListEveryMemoryModel) {
  std::ifstream in(WF_PRESETS_DOC);
  ASSERT_TRUE(in) << WF_PRESETS_DOC;
  std::stringstream buffer;
  buffer << in.rdbuf();
  const std::string doc = buffer.str();
  const auto section = doc.find("### [memory]");
  ASSERT_NE(section, std::string::npos);
  const auto at = doc.find("| `model` | ", section);
  ASSERT_NE(at, std::string::npos);
  const std::string line = doc.substr(at, doc.find('\n', at) - at);
  for (const mem::MemoryModelInfo& model : mem::memory_models()) {
    // Appended rather than `"`" + std::string(...)`, which GCC 12 misreads (-Wrestrict).
    const std::string quoted = std::string("`").append(model.name).append("`");
    EXPECT_NE(line.find(quoted), std::string::npos) << line;
    EXPECT_NE(doc.find(std::string("| ").append(quoted)), std::string::npos)
        << model.name << " has no row in the table of memory models";
  }
}

}  // namespace
}  // namespace wf
