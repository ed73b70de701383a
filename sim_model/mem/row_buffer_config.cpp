#include "sim_model/mem/row_buffer_config.h"

#include "sim_model/mem/row_buffer_dram.h"
#include "sim_model/presets/preset_rules.h"

namespace wf::mem {
namespace {

RowBufferConfig read_row_buffer_config(const Machine& m) {
  auto u = [&](const char* key) { return static_cast<unsigned>(m.value(key)); };
  RowBufferConfig c;
  c.banks = u("dram.banks");
  c.row_bytes = u("dram.row_bytes");
  c.line_bytes = u("l1d.line_bytes");
  c.row_hit_latency = u("dram.row_hit_latency");
  c.row_conflict_latency = u("dram.row_conflict_latency");
  c.line_transfer_cycles = u("dram.line_transfer_cycles");
  c.queue = u("memory.dram_queue");
  return c;
}

void row_buffer_rules(const Machine& m) {
  if (m.memory_model != RowBufferDram::kName) return;
  const RowBufferConfig c = read_row_buffer_config(m);
  // Both are powers of two: a row of whole lines is one at least a line long.
  if (c.row_bytes < c.line_bytes)
    break_preset_rule(m, "dram.row_bytes",
                      "must be whole lines of " + m.describe("l1d.line_bytes"));
  if (c.row_conflict_latency < c.row_hit_latency)
    break_preset_rule(m, "dram.row_conflict_latency",
                      "must be at least " + m.describe("dram.row_hit_latency") +
                          ": a conflict is a hit after a precharge and an activate");
  if (c.row_hit_latency < c.line_transfer_cycles)
    break_preset_rule(m, "dram.row_hit_latency",
                      "must be at least " + m.describe("dram.line_transfer_cycles") +
                          ": the transfer is the last part of an access");
  // The fixed-latency memory must not be slower than the machine it stands for: with no L2
  // here, both of its latencies stand for the fastest DRAM access, a row hit.
  for (const char* key : {"memory.l2_min_latency", "memory.dram_min_latency"})
    if (m.value(key) > c.row_hit_latency)
      break_preset_rule(m, key,
                        "exceeds " + m.describe("dram.row_hit_latency") +
                            ", the row_buffer memory's fastest access (it has no L2)");
}

const PresetRuleRegistrar row_buffer_registered(row_buffer_rules);

}  // namespace

RowBufferConfig load_row_buffer_config(const Machine& machine) {
  return read_row_buffer_config(machine);
}

}  // namespace wf::mem
