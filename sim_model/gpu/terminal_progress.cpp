#include "sim_model/gpu/terminal_progress.h"

#include <cstdio>

#include <fmt/format.h>

namespace wf::gpu {

double TerminalProgress::seconds() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

void TerminalProgress::cycles(std::uint64_t cycles, std::uint64_t thread_instructions) {
  const double s = seconds();
  fmt::print(stderr, "\r  cycle {:>12}  IPC {:8.2f}  {:8.0f} cycles/s", cycles,
             cycles ? static_cast<double>(thread_instructions) / cycles : 0.0,
             s > 0 ? cycles / s : 0.0);
  std::fflush(stderr);
  shown_ = true;
}

void TerminalProgress::warp_instructions(const std::string& kernel,
                                         std::uint64_t warp_instructions) {
  const double s = seconds();
  // Cut to keep the line within 80 columns.
  fmt::print(stderr, "\r  {:<24.24}  warp instr {:>14}  {:8.1f} M/s", kernel, warp_instructions,
             s > 0 ? warp_instructions / s / 1e6 : 0.0);
  std::fflush(stderr);
  shown_ = true;
}

void TerminalProgress::erase() {
  if (!shown_) return;
  fmt::print(stderr, "\r{:78}\r", "");
  std::fflush(stderr);
  shown_ = false;
}

}  // namespace wf::gpu
