// Evaluates a spec's [[check]] tables against the buffers copied back from the device.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "workloads/spec/host_buffer.h"
#include "workloads/spec/launch_spec.h"

namespace wf::workloads::spec {

// nullopt when the check holds, else why not: "check[1]: c[5] = 3, expected 4 (2 of 16
// elements differ)". `buffers` holds every buffer of the spec, by name.
std::optional<std::string> run_check(const CheckSpec& check,
                                     const std::vector<HostBuffer>& buffers);

// The checksums of the format, exposed for tests and for people writing expected values.
std::uint64_t checksum_sum(const HostBuffer& b);    // integers: wrapping sum of the values
double checksum_sum_float(const HostBuffer& b);     // floats: sum in double, in index order
std::uint64_t checksum_xor(const HostBuffer& b);    // XOR of each element's bits, zero-extended
std::uint64_t checksum_fnv1a(const HostBuffer& b);  // 64-bit FNV-1a over the raw bytes

}  // namespace wf::workloads::spec
