// One end of the exec socket: whole frames in, whole frames out (protocol.h).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "cuda_runtime/protocol.h"

namespace wf::cudart {

struct Frame {
  std::uint32_t code = 0;
  std::vector<std::uint8_t> payload;
};

class Channel {
 public:
  explicit Channel(int fd) : fd_(fd) {}
  int fd() const { return fd_; }
  // False when the peer has gone (the socket closed or broke).
  bool send(std::uint32_t code, const std::vector<std::uint8_t>& payload);
  // Empty when the peer closed the socket between frames; throws std::runtime_error when it
  // closed inside one or sent a frame larger than kMaxFrame.
  std::optional<Frame> receive();

  // Far more than any device allocation warpforge's sparse memory can hold in a test, and a
  // bound on what a corrupt header can make the reader allocate.
  static constexpr std::uint64_t kMaxFrame = std::uint64_t{16} << 30;

 private:
  int fd_;
};

}  // namespace wf::cudart
