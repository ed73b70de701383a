#include "tools/warpforge/run_stats.h"

#include <algorithm>
#include <fstream>

#include <nlohmann/json.hpp>

namespace wf::cli {
namespace {

CtaLimitStats read_cta_limits(const nlohmann::json& j) {
  CtaLimitStats c;
  c.period = j.at("period").get<unsigned>();
  c.ract = j.at("ract").get<double>();
  c.util = j.at("util").get<double>();
  c.avg_round_trip = j.at("avg_round_trip").get<double>();
  for (const auto& sm : j.at("sms")) {
    CtaLimitStats::Sm s;
    s.c_idle = sm.at("c_idle").get<std::uint64_t>();
    s.c_mem = sm.at("c_mem").get<std::uint64_t>();
    s.avg_n = sm.at("avg_n").get<double>();
    s.ract = sm.at("ract").get<double>();
    s.paused_warp_cycles = sm.at("paused_warp_cycles").get<std::uint64_t>();
    s.n = sm.at("n").get<std::vector<unsigned>>();
    c.sms.push_back(std::move(s));
  }
  return c;
}

}  // namespace

RunStats read_run_stats(const std::string& path) {
  RunStats s;
  std::ifstream in(path);
  if (!in) return s;
  try {
    const auto j = nlohmann::json::parse(in);
    s.status = j.at("status").get<std::string>();
    s.passed = j.at("passed").get<bool>();
    s.cycles = j.at("cycles").get<std::uint64_t>();
    s.warp_instructions = j.at("warp_instructions").get<std::uint64_t>();
    s.thread_instructions = j.at("thread_instructions").get<std::uint64_t>();
    s.ipc = j.at("ipc").get<double>();
    s.live_warp_cycles = j.at("live_warp_cycles").get<std::uint64_t>();
    s.rtru = j.at("rtru").get<double>();
    std::uint64_t busiest = 0, busy = 0;
    for (const auto& sm : j.at("sms")) {
      const auto b = sm.at("busy_cycles").get<std::uint64_t>();
      busiest = std::max(busiest, b);
      busy += b;
    }
    if (busiest && !j.at("sms").empty())
      s.sm_balance = static_cast<double>(busy) / static_cast<double>(j.at("sms").size()) /
                     static_cast<double>(busiest);
    if (s.cycles && !j.at("sms").empty())
      s.util = static_cast<double>(busy) /
               (static_cast<double>(s.cycles) * static_cast<double>(j.at("sms").size()));
    if (j.contains("avg_round_trip")) s.avg_round_trip = j.at("avg_round_trip").get<double>();
    for (unsigned i = 0; i < sm::kNumWarpStates; ++i)
      s.states[i] = j.at("states").at(sm::kWarpStateNames[i]).get<std::uint64_t>();
    if (j.contains("fu_histogram"))
      s.active_lanes = j.at("fu_histogram").at("active_lanes").get<std::vector<std::uint64_t>>();
    if (j.contains("cta_limits")) s.cta_limits = read_cta_limits(j.at("cta_limits"));
  } catch (const std::exception&) {
    s.status.clear();
  }
  return s;
}

}  // namespace wf::cli
