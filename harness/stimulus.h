// Constrained-random stimulus shared by the block harnesses. Inputs come in phases of a few
// hundred to a few thousand cycles, each with its own densities, so that a run sees sparse and
// saturated requests, stable and churning CTA assignments, ties and extremes -- not one uniform
// distribution that rarely reaches the corners.
#pragma once

#include <algorithm>
#include <cstdint>
#include <random>

namespace wf::harness {

class Random {
 public:
  explicit Random(std::uint64_t seed) : rng_(seed * 0x9E3779B97F4A7C15ull + 1) {}

  std::uint64_t bits(unsigned n) {
    const std::uint64_t v = rng_();
    return n >= 64 ? v : v & ((std::uint64_t{1} << n) - 1);
  }
  // Uniform in [0, n).
  unsigned below(unsigned n) { return n ? static_cast<unsigned>(rng_() % n) : 0; }
  bool chance(double p) { return std::uniform_real_distribution<double>(0, 1)(rng_) < p; }
  // n bits, each set with probability p.
  std::uint64_t mask(unsigned n, double p) {
    std::uint64_t m = 0;
    for (unsigned i = 0; i < n; ++i)
      if (chance(p)) m |= std::uint64_t{1} << i;
    return m;
  }
  // A density for a phase: often sparse, often full, sometimes in between.
  double density() {
    static constexpr double kLevels[] = {0.0, 0.03, 0.1, 0.3, 0.5, 0.8, 0.95, 1.0};
    return kLevels[below(8)];
  }

 private:
  std::mt19937_64 rng_;
};

// Phase bookkeeping plus the reset schedule every block shares: a reset now and then so that
// the reset values themselves are compared, not just the first cycle's. One in 10^4 cycles: a
// default run of 10^5 cycles then resets ten times on average (none with probability 5e-5),
// which the WPT's "reset clears waiting counts" coverage point relies on, and still leaves
// thousands of cycles between resets for counts to climb to saturation.
class PhasedStimulus {
 public:
  explicit PhasedStimulus(std::uint64_t seed) : rng_(seed) {}

  // Call once per cycle; true when a new phase starts.
  bool advance() {
    ++cycle_;
    if (cycle_ < phase_end_) return false;
    phase_end_ = cycle_ + 64 + rng_.below(4000);
    return true;
  }
  bool reset_now() { return rng_.below(10000) == 0; }
  Random& rng() { return rng_; }

 private:
  Random rng_;
  std::uint64_t cycle_ = 0;
  std::uint64_t phase_end_ = 0;
};

// Assigns warps to CTA slots the ways an SM does and the ways it might: contiguous groups,
// interleaved (round-robin dispatch into two schedulers), and scattered (slots reused).
template <class Array>
void random_cta_assignment(Random& r, Array& warp_cta, unsigned num_warps, unsigned num_ctas) {
  const unsigned style = r.below(3);
  const unsigned group = 1 + r.below(num_warps);
  for (unsigned w = 0; w < num_warps; ++w) {
    unsigned c = 0;
    if (style == 0) c = (w / group) % num_ctas;
    if (style == 1) c = w % num_ctas;
    if (style == 2) c = r.below(num_ctas);
    warp_cta[w] = static_cast<std::uint8_t>(c);
  }
}

// WPT-like counts: mostly small values so that ties between CTAs are common, sometimes any
// value the port can carry.
template <class Array>
void random_counts(Random& r, Array& count, unsigned num_ctas, unsigned count_bits) {
  const bool wide = r.chance(0.2);
  const unsigned max = (1u << count_bits) - 1;  // a 1-bit count cannot carry 2
  for (unsigned c = 0; c < num_ctas; ++c) {
    count[c] = static_cast<std::uint8_t>(wide ? r.bits(count_bits) : std::min(r.below(3), max));
  }
}

// WPT counts the way a barrier unit moves them: each cycle each slot changes with probability
// `rate` -- a slot at 0 gets its first arrival (1, or any value the port carries), a waiting
// slot gets another arrival or is released to 0. First hits and releases of several slots in
// one cycle happen too, which is where first-hit orders have their ties.
template <class Array>
void barrier_counts(Random& r, Array& count, unsigned num_ctas, unsigned count_bits, double rate) {
  const unsigned max = (1u << count_bits) - 1;
  for (unsigned c = 0; c < num_ctas; ++c) {
    if (!r.chance(rate)) continue;
    if (count[c] == 0) {
      count[c] = static_cast<std::uint8_t>(r.chance(0.8) ? 1 : 1 + r.below(max));
    } else if (r.chance(0.5)) {
      count[c] = 0;
    } else if (count[c] < max) {
      ++count[c];
    }
  }
}

}  // namespace wf::harness
