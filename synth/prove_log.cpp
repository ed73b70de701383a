// Reading the verdict and the model out of the log of Yosys' `sat -tempinduct`.
#include <algorithm>
#include <map>
#include <stdexcept>

#include <fmt/format.h>

#include "sim_model/common/text.h"
#include "synth/prove.h"

namespace wf::synth {

namespace {

// A Verilog hex literal of a binary string, most significant bit first: 24'h00_0100 (the
// format of the equivalence reports).
std::string hex_literal(std::string_view bits) {
  const std::size_t width = bits.size();
  const std::size_t digits = (width + 3) / 4;
  std::string s;
  for (std::size_t d = digits; d-- > 0;) {
    unsigned v = 0;
    for (std::size_t b = 0; b < 4; ++b) {
      const std::size_t bit = d * 4 + (3 - b);  // bit index from the lsb
      v <<= 1;
      if (bit < width && bits[width - 1 - bit] == '1') v |= 1;
    }
    s += fmt::format("{:x}", v);
    if (d != 0 && d % 4 == 0) s += '_';
  }
  return fmt::format("{}'h{}", width, s.empty() ? "0" : s);
}

// One model table: per time step, signal -> bits (MSB first). Step 0 holds the "init" rows.
using Model = std::map<unsigned, std::vector<std::pair<std::string, std::string>>>;

// The table that starts at the first "Time Signal Name" header at or after line `from`.
Model parse_model(const std::vector<std::string_view>& lines, std::size_t from) {
  Model model;
  std::size_t i = from;
  while (i < lines.size() && !lines[i].starts_with("  Time Signal Name")) ++i;
  if (i == lines.size()) throw std::runtime_error("yosys log: no model after the verdict");
  for (++i; i < lines.size(); ++i) {
    const auto words = text::split_words(lines[i]);
    if (words.empty()) break;
    if (words[0].starts_with("----")) continue;
    // time, signal (may be "\name [7:4]"), dec, hex, bin; the table ends at the first other
    // line (a blank one, or the VCD dump's message).
    const bool timed =
        words[0] == "init" || words[0].find_first_not_of("0123456789") == std::string_view::npos;
    if (!timed || words.size() < 5) break;
    unsigned step = 0;
    if (words[0] != "init") step = static_cast<unsigned>(std::stoul(std::string(words[0])));
    std::string name;
    for (std::size_t w = 1; w + 3 < words.size(); ++w) {
      if (!name.empty()) name += words[w].starts_with("[") ? "" : " ";
      name += words[w];
    }
    if (name.starts_with('\\')) name.erase(0, 1);
    model[step].emplace_back(std::move(name), std::string(words.back()));
  }
  return model;
}

// The first step of `model` at which some check's wire is 0, with the labels of those checks;
// {0, {}} when every check holds throughout.
std::pair<unsigned, std::vector<std::string>> first_failure(const Model& model,
                                                            const std::vector<ProveCheck>& checks) {
  for (const auto& [step, values] : model) {
    if (step == 0) continue;
    std::vector<std::string> failed;
    for (const auto& check : checks) {
      for (const auto& [name, bits] : values) {
        if (name == check.wire && bits == "0") failed.push_back(check.label);
      }
    }
    if (!failed.empty()) return {step, failed};
  }
  return {0, {}};
}

std::size_t find_line(const std::vector<std::string_view>& lines, std::string_view needle) {
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (lines[i].find(needle) != std::string_view::npos) return i;
  }
  return lines.size();
}

}  // namespace

ProveResult parse_prove_log(std::string_view log, const std::vector<ProveCheck>& checks) {
  const auto lines = text::split_lines(log);
  const std::size_t proven = find_line(lines, "Induction step proven: SUCCESS!");
  const std::size_t violated = find_line(lines, "model found for base case: FAIL!");
  const std::size_t exhausted =
      find_line(lines, "Reached maximum number of time steps -> proof failed.");
  const std::size_t searched =
      find_line(lines, "Reached maximum number of time steps -> proved base case for ");
  const std::size_t verdict = std::min({proven, violated, exhausted, searched});
  if (verdict == lines.size()) throw std::runtime_error("yosys log: no verdict of the SAT proof");

  unsigned length = 0;
  std::size_t last_attempt = lines.size();
  constexpr std::string_view kAttempt = "** Trying induction with length ";
  for (std::size_t i = 0; i < verdict; ++i) {
    const std::size_t at = lines[i].find(kAttempt);
    if (at == std::string_view::npos) continue;
    length = static_cast<unsigned>(std::stoul(std::string(lines[i].substr(at + kAttempt.size()))));
    last_attempt = i;
  }

  ProveResult r;
  if (verdict == proven) {
    r.status = ProveStatus::kProven;
    r.steps = length;
    return r;
  }
  if (verdict == violated) {
    r.status = ProveStatus::kViolated;
    const Model model = parse_model(lines, violated);
    auto [step, failed] = first_failure(model, checks);
    if (step == 0) throw std::runtime_error("yosys log: counterexample without a failing check");
    r.steps = step;
    r.failed = std::move(failed);
    for (const auto& [s, values] : model) {
      if (s == 0 || s > step) continue;
      TraceStep t;
      t.step = s;
      for (const auto& [name, bits] : values) {
        bool is_check = false;
        for (const auto& check : checks) is_check |= name == check.wire;
        if (is_check || name == "clk_i") continue;
        t.values.emplace_back(name, hex_literal(bits));
      }
      r.trace.push_back(std::move(t));
    }
    return r;
  }
  if (verdict == searched) {  // a base-case phase found no counterexample
    r.status = ProveStatus::kUnproven;
    r.steps = length;
    return r;
  }
  // The induction did not close: the last failed induction step printed its model.
  r.status = ProveStatus::kUnproven;
  r.steps = length;
  if (last_attempt < lines.size()) {
    std::size_t table = lines.size();
    for (std::size_t i = last_attempt; i < exhausted; ++i) {
      if (lines[i].starts_with("  Time Signal Name")) table = i;
    }
    if (table < lines.size()) {
      const Model model = parse_model(lines, table);
      const auto& last = model.empty() ? Model::mapped_type{} : model.rbegin()->second;
      for (const auto& check : checks) {
        for (const auto& [name, bits] : last) {
          if (name == check.wire && bits == "0") r.failed.push_back(check.label);
        }
      }
    }
  }
  return r;
}

}  // namespace wf::synth
