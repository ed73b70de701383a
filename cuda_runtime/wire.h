// Payload encoding of the exec protocol (protocol.h): fixed-width little-endian integers,
// strings and byte blocks prefixed by a u64 length. Both ends are built from this header.
#pragma once

#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace wf::cudart {

class WireWriter {
 public:
  template <class T>
  WireWriter& put(const T& value) {
    static_assert(std::is_trivially_copyable_v<T>);
    append(&value, sizeof(T));
    return *this;
  }
  WireWriter& put_bytes(const void* data, std::uint64_t size) {
    put(size);
    append(data, size);
    return *this;
  }
  WireWriter& put_string(std::string_view s) { return put_bytes(s.data(), s.size()); }
  const std::vector<std::uint8_t>& bytes() const { return bytes_; }
  std::vector<std::uint8_t>& bytes() { return bytes_; }

 private:
  void append(const void* data, std::size_t size) {
    const std::size_t at = bytes_.size();
    bytes_.resize(at + size);
    if (size) std::memcpy(bytes_.data() + at, data, size);
  }
  std::vector<std::uint8_t> bytes_;
};

// Reads what a WireWriter wrote; a payload shorter than its fields claim is a protocol error.
class WireReader {
 public:
  WireReader(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}
  explicit WireReader(const std::vector<std::uint8_t>& v) : WireReader(v.data(), v.size()) {}

  template <class T>
  T get() {
    static_assert(std::is_trivially_copyable_v<T>);
    T value;
    std::memcpy(&value, take(sizeof(T)), sizeof(T));
    return value;
  }
  // A view into the payload, valid while it lives.
  std::string_view get_bytes() {
    const auto size = get<std::uint64_t>();
    const auto* p = take(size);
    return {reinterpret_cast<const char*>(p), static_cast<std::size_t>(size)};
  }
  std::string get_string() { return std::string(get_bytes()); }

 private:
  const std::uint8_t* take(std::uint64_t n) {
    if (n > size_ - pos_) throw std::runtime_error("exec protocol: truncated message");
    const std::uint8_t* p = data_ + pos_;
    pos_ += n;
    return p;
  }
  const std::uint8_t* data_;
  std::size_t size_, pos_ = 0;
};

}  // namespace wf::cudart
