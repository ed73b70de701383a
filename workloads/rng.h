// The random numbers behind every generated input. SplitMix64 rather than <random>'s
// distributions, whose output differs between standard libraries: a seed must give the same
// graph and the same keys on every machine.
#pragma once

#include <cstdint>

namespace wf::workloads {

class SplitMix64 {
 public:
  explicit SplitMix64(std::uint64_t seed) : state_(seed) {}

  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }

  // Uniform in [0, bound); the modulo bias is far below anything a workload could notice.
  std::uint64_t below(std::uint64_t bound) { return bound == 0 ? 0 : next() % bound; }

  // Uniform in [0, 1) with 53 random bits.
  double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

 private:
  std::uint64_t state_;
};

}  // namespace wf::workloads
