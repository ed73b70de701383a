#include "workloads/workload.h"

#include <algorithm>

namespace wf::workloads {
namespace {

std::vector<Workload>& workload_registry() {
  static std::vector<Workload> list;
  return list;
}

}  // namespace

WorkloadRegistrar::WorkloadRegistrar(Workload w) {
  workload_registry().push_back(std::move(w));
}

std::vector<const Workload*> all_workloads() {
  std::vector<const Workload*> list;
  for (const auto& w : workload_registry()) list.push_back(&w);
  std::sort(list.begin(), list.end(), [](auto* a, auto* b) { return a->name < b->name; });
  return list;
}

const Workload* find_workload(std::string_view name) {
  for (const auto& w : workload_registry())
    if (w.name == name) return &w;
  return nullptr;
}

}  // namespace wf::workloads
