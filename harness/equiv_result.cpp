#include "harness/equiv_result.h"

namespace wf::harness {

// Coverage as an array in the model's order (a JSON object would sort the names), and the
// points never hit beside it for readers that only want those.
nlohmann::json to_json(const EquivResult& r) {
  nlohmann::json coverage = nlohmann::json::array();
  for (const auto& p : r.coverage) coverage.push_back({{"point", p.name}, {"hits", p.hits}});
  return {{"passed", r.passed},
          {"cycles", r.cycles},
          {"seconds", r.seconds},
          {"mismatch_cycle", r.mismatch_cycle},
          {"mismatch", r.mismatch},
          {"fst_path", r.fst_path},
          {"rtl", r.rtl},
          {"active_cycles", r.grants},
          {"records", r.records},
          {"coverage", coverage},
          {"coverage_missed", r.missed()}};
}

EquivResult equiv_result_from_json(const nlohmann::json& j) {
  EquivResult r;
  r.passed = j.at("passed").get<bool>();
  r.cycles = j.at("cycles").get<std::uint64_t>();
  r.seconds = j.at("seconds").get<double>();
  r.mismatch_cycle = j.at("mismatch_cycle").get<std::uint64_t>();
  r.mismatch = j.at("mismatch").get<std::string>();
  r.fst_path = j.at("fst_path").get<std::string>();
  r.rtl = j.at("rtl").get<std::string>();
  r.grants = j.at("active_cycles").get<std::uint64_t>();
  r.records = j.value("records", std::uint64_t{0});
  for (const auto& p : j.at("coverage"))
    r.coverage.push_back({p.at("point").get<std::string>(), p.at("hits").get<std::uint64_t>()});
  return r;
}

}  // namespace wf::harness
