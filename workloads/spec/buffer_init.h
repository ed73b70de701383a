// How a spec buffer starts out: zeros, one constant, an arithmetic sequence, seeded random
// values in a range, or the raw bytes of a file.
#pragma once

#include <cstdint>
#include <vector>

#include "workloads/spec/host_buffer.h"
#include "workloads/spec/value.h"

namespace wf::workloads::spec {

struct BufferInit {
  enum class Kind { zeros, constant, iota, random, file };
  Kind kind = Kind::zeros;
  Value value;                           // constant
  Value start = Value::integer(0);       // iota: start + i * step
  Value step = Value::integer(1);        //
  std::uint64_t seed = 0;                // random: uniform in [min, max] for integer types,
  Value min, max;                        //   [min, max) for float types
  std::vector<std::uint8_t> file_bytes;  // file: read by the loader, size already checked
};

// Fills every element of `buffer` as `init` says.
void fill(HostBuffer& buffer, const BufferInit& init);

}  // namespace wf::workloads::spec
