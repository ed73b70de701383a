// JSON and plain-text presentation of AreaReport; no Yosys here.
#include <algorithm>
#include <utility>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "synth/area.h"
#include "synth/cell_library.h"

namespace wf::synth {

void to_json(nlohmann::json& j, const AreaReport& r) {
  j = nlohmann::json{{"top", r.top},
                     {"ff_bits", r.ff_bits},
                     {"memories", r.memories},
                     {"ram_bits", r.ram_bits},
                     {"cells_by_kind", r.cells_by_kind},
                     {"total_cells", r.total_cells},
                     {"area_um2", r.area_um2},
                     {"nand2_eq", r.nand2_eq},
                     {"longest_path", r.longest_path},
                     {"yosys_seconds", r.yosys_seconds},
                     {"warnings", r.warnings}};
}

void from_json(const nlohmann::json& j, AreaReport& r) {
  j.at("top").get_to(r.top);
  j.at("ff_bits").get_to(r.ff_bits);
  j.at("memories").get_to(r.memories);
  j.at("ram_bits").get_to(r.ram_bits);
  j.at("cells_by_kind").get_to(r.cells_by_kind);
  j.at("total_cells").get_to(r.total_cells);
  j.at("area_um2").get_to(r.area_um2);
  j.at("nand2_eq").get_to(r.nand2_eq);
  j.at("longest_path").get_to(r.longest_path);
  j.at("yosys_seconds").get_to(r.yosys_seconds);
  j.at("warnings").get_to(r.warnings);
}

namespace {

// "µm²" is 3 columns wide but 5 bytes, so headers are padded by hand rather than by fmt.
std::string pad_left(std::string_view text, std::size_t columns, std::size_t width) {
  return std::string(width > columns ? width - columns : 0, ' ') + std::string(text);
}

}  // namespace

std::string format_area_table(std::span<const AreaReport> reports) {
  std::size_t name_w = 5;
  for (const AreaReport& r : reports) name_w = std::max(name_w, r.top.size());

  std::string out =
      fmt::format("{:<{}}  {:>7}  {:>8}  {:>7}  {:>10}  {}  {:>12}\n", "block", name_w, "FF bits",
                  "RAM bits", "cells", "NAND2 eq", pad_left("µm²", 3, 11), "longest path");
  auto row = [&](const std::string& name, int ff, int ram, int cells, double nand2, double area,
                 int path) {
    out += fmt::format("{:<{}}  {:>7}  {:>8}  {:>7}  {:>10.1f}  {:>11.3f}  {:>12}\n", name, name_w,
                       ff, ram, cells, nand2, area, path);
  };
  int ff = 0, ram = 0, cells = 0, path = 0;
  double nand2 = 0, area = 0;
  for (const AreaReport& r : reports) {
    row(r.top, r.ff_bits, r.ram_bits, r.total_cells, r.nand2_eq, r.area_um2, r.longest_path);
    ff += r.ff_bits;
    ram += r.ram_bits;
    cells += r.total_cells;
    nand2 += r.nand2_eq;
    area += r.area_um2;
    path = std::max(path, r.longest_path);
  }
  if (reports.size() > 1) row("total", ff, ram, cells, nand2, area, path);
  return out;
}

std::string format_area_table(const AreaReport& report) {
  return format_area_table(std::span<const AreaReport>(&report, 1));
}

std::string format_cell_breakdown(const AreaReport& r) {
  std::vector<std::pair<std::string, double>> rows;  // kind, area
  std::size_t name_w = 4;
  for (const auto& [kind, n] : r.cells_by_kind) {
    double cell_area = 0;
    for (const CellInfo& c : reference_cells()) {
      if (c.name == kind) cell_area = c.area_um2;
    }
    rows.emplace_back(kind, cell_area * n);
    name_w = std::max(name_w, kind.size());
  }
  std::stable_sort(rows.begin(), rows.end(),
                   [](const auto& a, const auto& b) { return a.second > b.second; });
  std::string out = fmt::format("{}: {} cells, {:.3f} µm², {:.1f} NAND2 eq\n", r.top, r.total_cells,
                                r.area_um2, r.nand2_eq);
  for (const auto& [kind, area] : rows) {
    double share = r.area_um2 > 0 ? 100.0 * area / r.area_um2 : 0.0;
    out += fmt::format("  {:<{}}  {:>6}  {:>10.3f} µm²  {:>5.1f}%\n", kind, name_w,
                       r.cells_by_kind.at(kind), area, share);
  }
  return out;
}

}  // namespace wf::synth
