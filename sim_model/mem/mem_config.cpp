#include "sim_model/mem/mem_config.h"

#include <bit>
#include <string>

#include <toml++/toml.h>

#include "sim_model/common/error.h"

namespace wf::mem {
namespace {

class Reader {
 public:
  Reader(const toml::table& t, const std::string& origin) : t_(t), origin_(origin) {}

  unsigned get(const char* section, const char* key, unsigned fallback, unsigned min,
               unsigned max) const {
    const auto node = t_[section][key];
    if (!node) return fallback;
    const auto value = node.value<std::int64_t>();
    if (!value || *value < min || *value > max) fail(section, key, min, max);
    return static_cast<unsigned>(*value);
  }

  [[noreturn]] void fail(const char* section, const char* key, unsigned min, unsigned max) const {
    throw UsageError(origin_ + ": [" + section + "] " + key + ": expected an integer in " +
                     std::to_string(min) + ".." + std::to_string(max));
  }

  [[noreturn]] void fail(const std::string& what) const { throw UsageError(origin_ + ": " + what); }

 private:
  const toml::table& t_;
  const std::string& origin_;
};

}  // namespace

MemConfig load_mem_config(const Machine& machine) {
  const std::string origin = "preset " + machine.name;
  toml::table t;
  try {
    t = toml::parse(machine.toml_text, origin);
  } catch (const toml::parse_error& e) {
    throw UsageError(origin + ": " + std::string(e.description()));
  }
  const Reader r(t, origin);
  MemConfig c;
  c.core_mhz = r.get("gpu", "core_clock_mhz", 700, 1, 10000);
  c.dram_mhz = r.get("gpu", "dram_clock_mhz", 924, 1, 10000);

  L1Config& l1 = c.l1;
  l1.sets = r.get("l1d", "sets", 32, 1, 1 << 16);
  l1.ways = r.get("l1d", "ways", 4, 1, 64);
  l1.line_bytes = r.get("l1d", "line_bytes", 128, 32, 4096);
  l1.mshr_entries = r.get("l1d", "mshr_entries", 32, 1, 1024);
  l1.mshr_max_merge = r.get("l1d", "mshr_max_merge", 8, 1, 64);
  l1.miss_queue = r.get("l1d", "miss_queue", 8, 1, 1024);
  l1.hit_latency = r.get("l1d", "hit_latency", 1, 1, 1000);
  l1.warp_size = machine.warp_size;

  c.channels = r.get("memory", "channels", 6, 1, 64);
  c.subpartitions_per_channel = r.get("memory", "subpartitions_per_channel", 2, 1, 2);
  c.l2_min_latency = r.get("memory", "l2_min_latency", 120, 0, 100000);
  c.dram_min_latency = r.get("memory", "dram_min_latency", 220, 0, 100000);
  IcntConfig& ic = c.icnt;
  ic.latency = r.get("memory", "icnt_latency", 5, 1, 1000);
  ic.flit_bytes = r.get("memory", "icnt_flit_bytes", 32, 8, 4096);
  ic.input_buffer = r.get("memory", "icnt_input_buffer", 8, 1, 1024);
  ic.output_buffer = r.get("memory", "icnt_output_buffer", 8, 1, 1024);

  DramConfig& d = c.dram;
  d.queue = r.get("memory", "dram_queue", 32, 1, 1024);
  d.tCL = r.get("memory", "tCL", 10, 1, 1000);
  d.tRP = r.get("memory", "tRP", 10, 1, 1000);
  d.tRC = r.get("memory", "tRC", 35, 1, 1000);
  d.tRAS = r.get("memory", "tRAS", 25, 1, 1000);
  d.tRCD = r.get("memory", "tRCD", 12, 1, 1000);
  d.tRRD = r.get("memory", "tRRD", 8, 0, 1000);
  d.banks = r.get("dram", "banks", 16, 1, 64);
  d.row_bytes = r.get("dram", "row_bytes", 2048, 128, 1 << 20);
  d.bus_bits = r.get("dram", "bus_bits", 64, 8, 4096);
  d.burst_length = r.get("dram", "burst_length", 8, 1, 64);
  d.beats_per_clock = r.get("dram", "beats_per_clock", 4, 1, 8);
  d.return_latency = r.get("dram", "return_latency", 100, 0, 100000);

  L2Config& l2 = c.l2;
  const unsigned l2_bytes = r.get("memory", "l2_bytes", 786432, 1024, 1u << 30);
  l2.ways = r.get("l2", "ways", 8, 1, 64);
  l2.line_bytes = r.get("l2", "line_bytes", 128, 32, 4096);
  l2.mshr_entries = r.get("l2", "mshr_entries", 32, 1, 1024);
  l2.mshr_max_merge = r.get("l2", "mshr_max_merge", 4, 1, 64);
  l2.rop_latency = r.get("l2", "rop_latency", 120, 1, 10000);
  l2.input_queue = r.get("l2", "input_queue", 8, 1, 1024);
  l2.output_queue = r.get("l2", "output_queue", 8, 1, 1024);

  // Lines are the unit everywhere below the L1; one size keeps request and fill 1:1.
  if (l1.line_bytes != l2.line_bytes || !std::has_single_bit(l1.line_bytes)) {
    r.fail("[l1d] line_bytes and [l2] line_bytes must be the same power of two");
  }
  const unsigned per_sub = l2_bytes / c.subpartitions();
  if (per_sub % (l2.ways * l2.line_bytes) != 0) {
    r.fail("[memory] l2_bytes must split into sub-partitions of whole sets of [l2] ways lines");
  }
  l2.sets = per_sub / (l2.ways * l2.line_bytes);
  if (d.burst_length % d.beats_per_clock != 0 || d.row_bytes % l2.line_bytes != 0 ||
      l2.line_bytes % d.burst_bytes() != 0) {
    r.fail("[dram] a line must be whole bursts, a row whole lines, a burst whole clocks");
  }
  if (c.l2_hit_round_trip() < c.l2_min_latency) {
    r.fail("the L2 hit round trip (" + std::to_string(c.l2_hit_round_trip()) +
           " cycles) is below [memory] l2_min_latency");
  }
  // An L2 miss adds at least the return latency plus one row activation and access.
  const unsigned dram_access_core = (d.tRCD + d.tCL) * c.core_mhz / c.dram_mhz;
  if (c.l2_hit_round_trip() + d.return_latency + dram_access_core < c.dram_min_latency) {
    r.fail("the DRAM round trip is below [memory] dram_min_latency");
  }
  return c;
}

}  // namespace wf::mem
