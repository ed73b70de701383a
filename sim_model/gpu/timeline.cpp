#include "sim_model/gpu/timeline.h"

#include <map>
#include <utility>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace wf::gpu {

std::string timeline_json(const TimingResults& results, const sm::TimingConfig& config) {
  using nlohmann::ordered_json;
  ordered_json events = ordered_json::array();
  std::map<std::pair<std::uint32_t, std::uint32_t>, std::string> tracks;  // (sm, tid) -> name
  for (const sm::WarpPhaseSlice& s : results.timeline) {
    // A warp slot serves several CTAs over a run: one track per (CTA on the SM, warp) keeps
    // them apart, ordered by dispatch.
    const std::uint32_t tid = s.cta_on_sm * 64 + s.warp_in_cta;
    tracks.emplace(std::make_pair(s.sm, tid),
                   fmt::format("CTA {} warp {:2} (slot {})", s.cta, s.warp_in_cta, s.hw_warp));
    const ordered_json args = {{"cta", s.cta}, {"warp", s.warp_in_cta}, {"phase", s.phase}};
    if (s.arrive > s.start) {
      events.push_back({{"name", fmt::format("phase {}", s.phase)},
                        {"cat", "execute"},
                        {"ph", "X"},
                        {"ts", s.start},
                        {"dur", s.arrive - s.start},
                        {"pid", s.sm},
                        {"tid", tid},
                        {"cname", "thread_state_running"},
                        {"args", args}});
    }
    if (s.end > s.arrive) {
      events.push_back(
          {{"name", s.exit ? "exited, CTA running" : fmt::format("barrier {} wait", s.phase + 1)},
           {"cat", s.exit ? "exit" : "barrier"},
           {"ph", "X"},
           {"ts", s.arrive},
           {"dur", s.end - s.arrive},
           {"pid", s.sm},
           {"tid", tid},
           {"cname", s.exit ? "grey" : "terrible"},
           {"args", args}});
    }
  }
  std::map<std::uint32_t, bool> sms;
  for (const auto& [key, name] : tracks) {
    sms[key.first] = true;
    events.push_back({{"name", "thread_name"},
                      {"ph", "M"},
                      {"pid", key.first},
                      {"tid", key.second},
                      {"args", {{"name", name}}}});
    events.push_back({{"name", "thread_sort_index"},
                      {"ph", "M"},
                      {"pid", key.first},
                      {"tid", key.second},
                      {"args", {{"sort_index", key.second}}}});
  }
  for (const auto& [sm, _] : sms) {
    events.push_back({{"name", "process_name"},
                      {"ph", "M"},
                      {"pid", sm},
                      {"args", {{"name", fmt::format("SM {}", sm)}}}});
  }
  ordered_json j;
  j["traceEvents"] = events;
  j["displayTimeUnit"] = "ns";
  j["otherData"] = {
      {"time_unit", "core cycles (written as microseconds)"},
      {"preset", config.machine.name},
      {"issue", config.issue},
      {"fetch", config.fetch},
      {"sm", config.timeline_sm},
      {"ctas_on_sm", fmt::format("{}-{}", config.timeline_first_cta, config.timeline_last_cta)}};
  return j.dump(1) + "\n";
}

}  // namespace wf::gpu
