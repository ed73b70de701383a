// Reads and validates a launch spec. Every problem is a UsageError of one line:
// "<file>: <key>: <what was expected>", with keys written like buffer[1].init.seed (0-based).
#pragma once

#include <filesystem>
#include <string_view>

#include "workloads/spec/launch_spec.h"

namespace wf::workloads::spec {

LaunchSpec load_spec_file(const std::filesystem::path& path);

// The same from text already in memory; `path` names it in messages and its folder is where
// relative file names in the spec are resolved.
LaunchSpec load_spec_text(std::string_view text, const std::filesystem::path& path);

}  // namespace wf::workloads::spec
