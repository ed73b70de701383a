#include "sim_model/gpu/livelock_report.h"

#include <fmt/format.h>

namespace wf::gpu {

std::string LivelockReport::message() const {
  const std::string when =
      unit == "cycles" ? fmt::format("at cycle {}", at) : fmt::format("after {} {}", at, unit);
  return fmt::format(
      "kernel '{}' livelocked: no CTA finished and no store changed memory for {} {} ({})", kernel,
      window, unit, when);
}

std::string LivelockReport::cause() const {
  const std::string finished =
      ctas_finished ? fmt::format("{} finished, ", ctas_finished) : std::string();
  if (ctas_waiting > 0)
    return fmt::format(
        "{} CTAs launched, {}{} resident, {} waiting for a slot: a grid-wide barrier or lock "
        "cannot finish",
        ctas_launched, finished, ctas_resident, ctas_waiting);
  return fmt::format(
      "{} CTAs launched, {}{} resident and spinning, none waiting for a slot: a lock or flag no "
      "thread will release",
      ctas_launched, finished, ctas_resident);
}

std::string LivelockReport::details() const {
  return warp_dump + "  likely cause: " + cause() + "\n";
}

}  // namespace wf::gpu
