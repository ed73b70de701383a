// A spec buffer's contents on the host: typed elements over raw little-endian bytes, which is
// exactly what gets copied to and from the device.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "workloads/spec/element_type.h"
#include "workloads/spec/value.h"

namespace wf::workloads::spec {

struct HostBuffer {
  std::string name;
  ElementType type = ElementType::u32;
  std::vector<std::uint8_t> bytes;

  HostBuffer() = default;
  HostBuffer(std::string name, ElementType type, std::size_t count)
      : name(std::move(name)), type(type), bytes(count * element_size(type), 0) {}

  std::size_t count() const { return bytes.size() / element_size(type); }
  Value get(std::size_t i) const { return load_element(type, &bytes[i * element_size(type)]); }
  void set(std::size_t i, const Value& v) {
    store_element(type, &bytes[i * element_size(type)], v);
  }
};

}  // namespace wf::workloads::spec
