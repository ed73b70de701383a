// Replay of a block trace (`warpforge sim --record-blocks`, harness/TRACE_FORMAT.md): the RTL
// and the golden model see, cycle by cycle, exactly the input the block saw in the simulation
// -- the recorded input in the cycles the cycle model called the block, the block's idle input
// (H::idle of the last recorded one) in the cycles it skipped -- and every output bit is
// compared in every cycle. In recorded cycles the golden model must also give the output the
// simulation recorded; that pins the replayed model to the run (and shows that skipping the
// idle cycles changed nothing). A mismatch is reported like a random equivalence run's, and
// the replay is repeated with a waveform of the cycles before it. Coverage is sampled as in a
// random run; what a workload never exercised is reported, not failed (the CLI decides).
#pragma once

#include <fmt/core.h>
#include <chrono>
#include <cstdio>

#include "harness/equiv_engine.h"
#include "sim_model/common/error.h"
#include "sim_model/trace/trace_reader.h"

namespace wf::harness {

// Throws UsageError unless `h` is a trace of Block whose ports are Block's under `p`.
template <class Block>
void check_trace_layout(const typename Block::Params& p, const trace::TraceHeader& h,
                        const std::string& path) {
  if (h.block != Block::kName) {
    throw UsageError(fmt::format("block trace {}: holds a trace of {}, expected {}", path, h.block,
                                 Block::kName));
  }
  if (h.in_ports != trace::layout_of(Block::in_ports(p, typename Block::In{})) ||
      h.out_ports != trace::layout_of(Block::out_ports(p, typename Block::Out{}))) {
    throw UsageError(fmt::format(
        "block trace {}: its ports differ from {}'s under its parameters (written by another "
        "warpforge version?)",
        path, Block::kName));
  }
}

template <class H>
EquivResult run_replay(const typename H::Block::Params& p,
                       const DutFactory<typename H::Block>& make_dut, const EquivOptions& options) {
  using Block = typename H::Block;
  using In = typename Block::In;
  using Out = typename Block::Out;
  const auto start = std::chrono::steady_clock::now();
  EquivResult result;
  typename H::Coverage coverage(p);
  constexpr std::uint64_t kEnded = ~std::uint64_t{0};

  // Returns the first mismatching cycle, `limit`, or kEnded when the trace ended first.
  auto run = [&](RtlDut<Block>& dut, std::uint64_t limit, bool report) -> std::uint64_t {
    trace::TraceReader reader(options.replay);
    const trace::TraceHeader& h = reader.header();
    check_trace_layout<Block>(p, h, options.replay);
    const unsigned in_bits = h.in_bits();
    Block model(p);
    model.reset();
    dut.posedge(true);
    In held{};
    const Out idle_out{};
    std::uint64_t records = 0, last_record = 0;
    trace::TraceEntry next = reader.next();
    auto headline = [&](std::uint64_t cycle, bool recorded) {
      std::string where = recorded ? fmt::format("record {} of {}", records + 1, h.instance)
                          : records
                              ? fmt::format("idle cycle {} after record {} of {}",
                                            cycle - last_record, records, h.instance)
                              : fmt::format("idle cycle before the first record of {}", h.instance);
      return fmt::format("mismatch at cycle {} ({})", h.base_cycle + cycle, where);
    };
    for (std::uint64_t cycle = 0; cycle < limit; ++cycle) {
      if (next.kind == trace::TraceEntry::Kind::kEnd && cycle >= next.cycle) {
        if (report) {
          result.cycles = cycle;
          result.records = records;
        }
        return kEnded;
      }
      const bool recorded = next.kind == trace::TraceEntry::Kind::kRecord && next.cycle == cycle;
      In in;
      if (recorded) {
        const auto ports = trace::unpack_ports(h.in_ports, reader.record(), 0);
        in = H::decode(p, ports);
        const auto back = Block::in_ports(p, in);
        for (std::size_t i = 0; i < ports.size(); ++i) {
          if (!(back[i].value == ports[i].value))
            throw std::logic_error(std::string(Block::kName) + ": decode of port " + ports[i].name +
                                   " does not invert in_ports");
        }
        held = in;
      } else {
        in = H::idle(held);
      }
      const Out expected = model.eval(in);
      const Out actual = dut.eval(in);
      if (!(expected == actual)) {
        if (report) {
          result.mismatch =
              describe_port_mismatch(headline(cycle, recorded), Block::in_ports(p, in),
                                     Block::out_ports(p, expected), Block::out_ports(p, actual));
        }
        return cycle;
      }
      if (recorded) {
        const auto rec = trace::unpack_ports(h.out_ports, reader.record(), in_bits);
        const auto model_out = Block::out_ports(p, expected);
        bool same = true;
        for (std::size_t i = 0; i < rec.size(); ++i)
          same = same && rec[i].value == model_out[i].value;
        if (!same) {
          if (report) {
            result.mismatch = describe_port_mismatch(
                headline(cycle, true) + ": the golden model disagrees with the recorded output",
                Block::in_ports(p, in), rec, model_out,
                "recorded in the simulation vs golden model");
          }
          return cycle;
        }
        ++records;
        last_record = cycle;
        next = reader.next();
      }
      if (report) coverage.sample(model, in, expected);
      const bool reset = next.kind == trace::TraceEntry::Kind::kReset && next.cycle == cycle;
      if (report && reset) coverage.reset();
      if (reset) {
        model.reset();
        next = reader.next();
      } else {
        model.tick(in);
      }
      dut.posedge(reset);
      if (report && !(expected == idle_out)) ++result.grants;
      if (report && options.progress && (cycle & 0x3FFFF) == 0 && cycle) {
        std::fprintf(stderr, "\r  %s: cycle %llu", h.instance.c_str(),
                     static_cast<unsigned long long>(cycle));
      }
    }
    return limit;
  };

  auto dut = make_dut();
  const std::uint64_t first_bad = run(*dut, kEnded, true);
  if (options.progress) std::fprintf(stderr, "\r\033[K");
  result.passed = first_bad == kEnded;
  result.coverage = coverage.report();
  if (!result.passed) {
    result.cycles = first_bad;
    result.mismatch_cycle = first_bad;
    if (!options.fst_path.empty()) {
      dut.reset();
      auto traced = make_dut();
      traced->trace(options.fst_path, first_bad > 1000 ? first_bad - 1000 : 0);
      run(*traced, first_bad + 3, false);
      traced.reset();  // closes the file
      result.fst_path = options.fst_path;
    }
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace wf::harness
