// How a spec buffer starts out: zeros, one constant, an arithmetic sequence, seeded random
// values in a range, the raw bytes of a file, or listed values (some of them device addresses
// of buffers) with zeros after them.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "workloads/spec/buffer_ref.h"
#include "workloads/spec/host_buffer.h"
#include "workloads/spec/value.h"

namespace wf::workloads::spec {

// One listed value: an element, or a field of a struct element.
struct InitSlot {
  std::size_t offset = 0;  // bytes from the buffer's start
  ElementType type = ElementType::u32;
  Value value;
  std::optional<BufferRef> address;  // set: the value is this device address, known at run time
};

struct BufferInit {
  enum class Kind { zeros, constant, iota, random, file, values };
  Kind kind = Kind::zeros;
  Value value;                           // constant
  Value start = Value::integer(0);       // iota: start + i * step
  Value step = Value::integer(1);        //
  std::uint64_t seed = 0;                // random: uniform in [min, max] for integer types,
  Value min, max;                        //   [min, max) for float types
  std::vector<std::uint8_t> file_bytes;  // file: read by the loader, size already checked
  std::vector<InitSlot> slots;           // values
};

// Fills every element of `buffer` as `init` says; address slots are left zero (the runner
// writes them once buffers have addresses).
void fill(HostBuffer& buffer, const BufferInit& init);

}  // namespace wf::workloads::spec
