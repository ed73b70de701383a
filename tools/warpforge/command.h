// Every `warpforge` subcommand lives in its own cmd_<name>.cpp and registers itself with one
// WF_COMMAND line; main() knows none of them by name.
#pragma once

#include <algorithm>
#include <functional>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

namespace wf::cli {

// Declares the subcommand's options on `app` and returns the action to run once parsing
// succeeded. The action returns the process exit status; it throws UsageError for bad input.
using CommandSetup = std::function<std::function<int()>(CLI::App& app)>;

struct Command {
  std::string name;
  std::string summary;
  CommandSetup setup;
  int order = 100;  // position in `warpforge --help`
};

std::vector<Command>& commands();

// A flag that lists something and exits (`--list`, `--list-policies`): any other option beside
// it would be ignored, so it excludes every one but those named in `beside` (CLI11 then refuses
// "--list excludes --json"). Call at the end of the setup, once the options exist.
inline void lists_alone(CLI::App& app, CLI::Option* flag,
                        std::initializer_list<std::string_view> beside = {}) {
  for (CLI::Option* o : app.get_options()) {
    if (o == flag || o == app.get_help_ptr()) continue;
    if (std::find(beside.begin(), beside.end(), o->get_name()) != beside.end()) continue;
    flag->excludes(o);
  }
}

struct CommandRegistrar {
  explicit CommandRegistrar(Command c) { commands().push_back(std::move(c)); }
};

}  // namespace wf::cli

#define WF_CLI_CONCAT2(a, b) a##b
#define WF_CLI_CONCAT(a, b) WF_CLI_CONCAT2(a, b)
// __COUNTER__, not __LINE__: the command line compiles as a unity build, where two files' lines
// can meet in one translation unit.
#define WF_COMMAND(...) \
  static const ::wf::cli::CommandRegistrar WF_CLI_CONCAT(wf_command_, __COUNTER__){__VA_ARGS__};
