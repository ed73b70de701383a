// Writes a file so that readers never see half of it: the text goes to a temporary beside the
// target, which is renamed over the target only once everything was written. An existing
// special file (a device such as /dev/null, a FIFO) is written to directly instead.
#pragma once

#include <filesystem>
#include <string_view>

namespace wf {

// Throws UsageError naming the path when the directory cannot be created or written.
void write_file_atomically(const std::filesystem::path& path, std::string_view contents);

// Reads a whole regular file of at most kMaxDataBytes (input_file.h); throws UsageError naming
// the path when it cannot be read.
std::string read_file(const std::filesystem::path& path);

}  // namespace wf
