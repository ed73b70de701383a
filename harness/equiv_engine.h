// The equivalence run: the golden model and the RTL see the same input every cycle and every
// output bit is compared. On the first mismatch the run stops, reports the cycle, the inputs and
// each differing port, and replays the same stimulus with a waveform being written. Every
// compared cycle is also sampled by the block's coverage model (H::Coverage), whose table the
// result carries.
#pragma once

#include <chrono>
#include <cstdio>
#include <functional>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/core.h>

#include "harness/equiv_result.h"
#include "harness/rtl_dut.h"

namespace wf::harness {

template <class Block>
using DutFactory = std::function<std::unique_ptr<RtlDut<Block>>()>;

// `headline` is the first line ("mismatch at cycle N..."), `sides` names expected and actual.
inline std::string describe_port_mismatch(const std::string& headline,
                                          const std::vector<blocks::PortValue>& in,
                                          const std::vector<blocks::PortValue>& exp,
                                          const std::vector<blocks::PortValue>& act,
                                          const std::string& sides = "golden model vs RTL") {
  std::ostringstream s;
  s << headline << "\n";
  s << "  inputs:\n";
  for (const auto& port : in) s << "    " << port.name << " = " << port.value.hex() << "\n";
  s << "  outputs (" << sides << "):\n";
  for (std::size_t i = 0; i < exp.size(); ++i) {
    const bool differs = !(exp[i].value == act[i].value);
    s << (differs ? "  * " : "    ") << exp[i].name << ": expected " << exp[i].value.hex()
      << ", got " << act[i].value.hex() << "\n";
  }
  return s.str();
}

template <class Block>
std::string describe_mismatch(const typename Block::Params& p, std::uint64_t cycle,
                              const typename Block::In& in, const typename Block::Out& expected,
                              const typename Block::Out& actual) {
  return describe_port_mismatch("mismatch at cycle " + std::to_string(cycle),
                                Block::in_ports(p, in), Block::out_ports(p, expected),
                                Block::out_ports(p, actual));
}

// Runs `cycles` cycles of H::Stimulus. `make_dut` is called again for the waveform replay.
template <class H>
EquivResult run_equiv(const typename H::Block::Params& p,
                      const DutFactory<typename H::Block>& make_dut, const EquivOptions& options) {
  using Block = typename H::Block;
  const auto start = std::chrono::steady_clock::now();
  EquivResult result;
  typename H::Coverage coverage(p);

  // Returns the first mismatching cycle or `limit`.
  auto run = [&](RtlDut<Block>& dut, std::uint64_t limit, bool report) -> std::uint64_t {
    Block model(p);
    typename H::Stimulus stimulus(p, options.seed);
    model.reset();
    dut.posedge(true);
    const typename Block::Out idle{};
    for (std::uint64_t cycle = 0; cycle < limit; ++cycle) {
      const typename Block::In in = stimulus.next();
      const typename Block::Out expected = model.eval(in);
      const typename Block::Out actual = dut.eval(in);
      if (!(expected == actual)) {
        if (report) result.mismatch = describe_mismatch<Block>(p, cycle, in, expected, actual);
        return cycle;
      }
      if (report && !(expected == idle)) ++result.grants;
      if (report) coverage.sample(model, in, expected);
      const bool reset = stimulus.reset_now();
      if (report && reset) coverage.reset();
      if (reset) {
        model.reset();
      } else {
        model.tick(in);
      }
      dut.posedge(reset);
      if (report && options.progress && (cycle & 0x3FFFF) == 0 && cycle) {
        std::fprintf(stderr, "\r  %s: %llu / %llu cycles", Block::kName,
                     static_cast<unsigned long long>(cycle),
                     static_cast<unsigned long long>(limit));
      }
    }
    return limit;
  };

  auto dut = make_dut();
  const std::uint64_t first_bad = run(*dut, options.cycles, true);
  if (options.progress) std::fprintf(stderr, "\r\033[K");
  result.cycles = first_bad;
  result.passed = first_bad == options.cycles;
  result.coverage = coverage.report();
  if (!result.passed) {
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
