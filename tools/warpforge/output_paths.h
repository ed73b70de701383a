// Checks of output options, made before a command does any work: a run of minutes must not end
// in "cannot write", and a command whose output cannot land must not report success.
#pragma once

#include <string>

namespace wf::cli {

// `path` (of option `option`, e.g. "--stats") names a file warpforge can write: not a
// directory, and in a directory (existing, or creatable below an existing one) that accepts new
// files. An existing device or FIFO is accepted (it is written through, e.g. /dev/null). Empty:
// no output asked for. Throws UsageError naming the option and the path.
void check_output_file(const std::string& option, const std::string& path);

// `path` names a directory warpforge can create files in: an existing writable directory, or
// one creatable below an existing writable directory. Empty: no output asked for.
void check_output_dir(const std::string& option, const std::string& path);

}  // namespace wf::cli
