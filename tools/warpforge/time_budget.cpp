#include "tools/warpforge/time_budget.h"

#include <algorithm>

#include "tools/warpforge/number_options.h"

namespace wf::cli {

namespace {
constexpr std::uint64_t kMaxSeconds = 365ull * 24 * 3600;
}

void TimeBudget::add_option(CLI::App& app, const std::string& help, const std::string& names) {
  app.add_option_function<std::uint64_t>(
         names,
         [this](const std::uint64_t& s) {
           seconds_ = s;
           given_ = true;
         },
         help + " (0: none)")
      ->type_name("SECONDS")
      ->check(unsigned_in(0, kMaxSeconds));
}

std::chrono::seconds TimeBudget::check(std::chrono::seconds fallback) const {
  return given_ ? std::chrono::seconds(seconds_) : fallback;
}

std::chrono::seconds TimeBudget::simulation(std::uint64_t cycles) const {
  const std::uint64_t per_cycle_us = static_cast<std::uint64_t>(kPerCycle.count());
  const std::uint64_t allowance = cycles > kMaxSeconds * 1'000'000 / per_cycle_us
                                      ? kMaxSeconds
                                      : (cycles * per_cycle_us + 999'999) / 1'000'000;
  return check(kSimulationFloor + std::chrono::seconds(allowance));
}

std::chrono::seconds TimeBudget::verilator_build() const {
  if (!given_) return kTool;
  if (seconds_ == 0) return std::chrono::seconds(0);
  return std::max(kTool, std::chrono::seconds(seconds_));
}

}  // namespace wf::cli
