// Reading a file the user named. Every such read goes through read_input_file, so that a device
// (/dev/zero), a FIFO or a directory given where a file belongs, or a file far larger than the
// input can sensibly be, ends in one line naming it instead of reading for ever or failing
// deep inside a stream.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

namespace wf {

// Bounds on one input file. Text inputs are parsed whole into memory several times their size,
// so they stay well above the largest real ones (the biggest PTX of the public suites is a few
// MB) and well below what would exhaust memory.
inline constexpr std::uint64_t kMaxConfigBytes = std::uint64_t{16} << 20;  // presets, specs
inline constexpr std::uint64_t kMaxSourceBytes = std::uint64_t{64} << 20;  // PTX, Verilog
inline constexpr std::uint64_t kMaxDataBytes = std::uint64_t{4} << 30;     // traces, init data

// Reads the whole regular file `path`, `what` naming the input in messages ("PTX file").
// Throws UsageError (one line naming the path) when the file is missing or unreadable, is not a
// regular file (directory, device, FIFO, socket) or holds more than `max_bytes`. Never blocks
// on a FIFO.
std::string read_input_file(const std::filesystem::path& path, std::uint64_t max_bytes,
                            std::string_view what);

}  // namespace wf
