#include "cuda_runtime/channel.h"

#include <cerrno>
#include <stdexcept>

#include <sys/socket.h>
#include <unistd.h>

namespace wf::cudart {
namespace {

bool write_all(int fd, const void* data, std::size_t size) {
  const auto* p = static_cast<const char*>(data);
  while (size > 0) {
    // MSG_NOSIGNAL: a peer that died must not kill this process with SIGPIPE.
    const ssize_t n = ::send(fd, p, size, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    p += n;
    size -= static_cast<std::size_t>(n);
  }
  return true;
}

// Bytes read before the peer closed (size when complete).
std::size_t read_all(int fd, void* data, std::size_t size) {
  auto* p = static_cast<char*>(data);
  std::size_t got = 0;
  while (got < size) {
    const ssize_t n = ::read(fd, p + got, size - got);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    got += static_cast<std::size_t>(n);
  }
  return got;
}

}  // namespace

bool Channel::send(std::uint32_t code, const std::vector<std::uint8_t>& payload) {
  const FrameHeader h{code, 0, payload.size()};
  return write_all(fd_, &h, sizeof h) && write_all(fd_, payload.data(), payload.size());
}

std::optional<Frame> Channel::receive() {
  FrameHeader h{};
  const std::size_t got = read_all(fd_, &h, sizeof h);
  if (got == 0) return std::nullopt;
  if (got != sizeof h) throw std::runtime_error("exec protocol: the peer closed inside a frame");
  if (h.length > kMaxFrame) throw std::runtime_error("exec protocol: frame too large");
  Frame f;
  f.code = h.code;
  f.payload.resize(h.length);
  if (read_all(fd_, f.payload.data(), h.length) != h.length)
    throw std::runtime_error("exec protocol: the peer closed inside a frame");
  return f;
}

}  // namespace wf::cudart
