// "A" or "A+64": the device address of a spec buffer, or of its element 64 (C's `A + 64`, so
// the offset counts elements of A's type, or whole structs for a struct buffer). Kernel
// arguments, buffer initial values, memset and copy steps refer to buffers this way.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace wf::workloads::spec {

struct BufferRef {
  std::string buffer;
  std::uint64_t offset = 0;  // in elements
};

// Splits "NAME", "NAME+N" or "NAME + N" (N decimal or 0x-hex); nullopt for anything else. The
// name is not checked against the spec's buffers.
std::optional<BufferRef> parse_buffer_ref(std::string_view text);

std::string to_string(const BufferRef& ref);

}  // namespace wf::workloads::spec
