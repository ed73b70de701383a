// The progress line of a long run on a terminal (sim, run, and Runtime users that set
// RuntimeOptions::terminal_progress): rewritten in place on stderr, erased when done so that
// the results print on a clean line. The caller decides whether stderr is a terminal.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

namespace wf::gpu {

class TerminalProgress {
 public:
  TerminalProgress() : start_(std::chrono::steady_clock::now()) {}
  ~TerminalProgress() { erase(); }
  TerminalProgress(const TerminalProgress&) = delete;
  TerminalProgress& operator=(const TerminalProgress&) = delete;

  // The cycle model: "cycle N  IPC x  y cycles/s".
  void cycles(std::uint64_t cycles, std::uint64_t thread_instructions);
  // The functional executor: "KERNEL  warp instr N  x M warp instr/s".
  void warp_instructions(const std::string& kernel, std::uint64_t warp_instructions);
  // Erases the line, if one was printed.
  void erase();
  // Seconds since construction.
  double seconds() const;

 private:
  std::chrono::steady_clock::time_point start_;
  bool shown_ = false;
};

}  // namespace wf::gpu
