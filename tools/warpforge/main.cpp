// The `warpforge` command line: builds one CLI11 app from the registered subcommands.
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <exception>
#include <string>

#include <fmt/core.h>

#include "sim_model/common/error.h"
#include "sim_model/common/huge_pages.h"
#include "sim_model/common/text.h"
#include "synth/child_processes.h"
#include "tools/warpforge/command.h"

namespace wf::cli {
std::vector<Command>& commands() {
  static std::vector<Command> list;
  return list;
}
}  // namespace wf::cli

namespace {

// The first named option of the chosen command given an empty value, as "--name". No option
// takes one (`--corner ""` was once read as "no corner", `--stats ""` as "no file"), so it is
// refused here, for every option at once, rather than by each command. Flags and positionals
// are not checked: a flag has no value, and `exec`'s positionals are the program's own
// arguments, where "" is an argument like any other.
std::string option_given_empty(const CLI::App& app) {
  for (const CLI::App* sub : app.get_subcommands()) {
    for (const CLI::Option* opt : sub->get_options()) {
      if (!opt->nonpositional() || opt->get_type_size_max() == 0 || opt->count() == 0) continue;
      for (const std::string& value : opt->results()) {
        if (value.empty()) return opt->get_name(false, true);
      }
    }
  }
  return {};
}

// The first option on the command line that the chosen command does not have, as a one-line
// message, or empty. CLI11 runs validators before it reports unknown options, so `run -w vecadd
// --dispatch dyncta` would blame `dyncta` as a missing spec file; the unknown option is the
// input at fault. Everything after `--` is positional (exec's program and its arguments).
std::string unknown_option(const CLI::App& app, int argc, char** argv) {
  if (argc < 2) return {};
  const CLI::App* sub = nullptr;
  for (const CLI::App* s : app.get_subcommands({}))
    if (s->get_name() == argv[1]) sub = s;
  if (!sub) return {};
  for (int i = 2; i < argc; ++i) {
    const std::string token = argv[i];
    if (token == "--") break;
    if (token.size() < 2 || token[0] != '-') continue;
    if (std::isdigit(static_cast<unsigned char>(token[1])) || token[1] == '.') continue;  // -1
    // `--name=value`; `-wvecadd` is -w with its value attached.
    const std::string name =
        token[1] == '-' ? token.substr(0, token.find('=')) : token.substr(0, 2);
    if (sub->get_option_no_throw(name)) continue;
    std::string others;
    for (const CLI::App* s : app.get_subcommands({}))
      if (s != sub && s->get_option_no_throw(name))
        others += (others.empty() ? "" : ", ") + s->get_name();
    return fmt::format("{}: unknown option {}{}; see warpforge {} --help", sub->get_name(), name,
                       others.empty() ? "" : " (an option of " + others + ")", sub->get_name());
  }
  return {};
}

}  // namespace

int main(int argc, char** argv) {
  // A simulation touches tens of MB (registers, simulated memory, 15 SMs' state) all over in
  // every cycle, far more than the TLB covers with 4 KiB pages. 2 MiB pages made matmul 11 %
  // and bfs 6 % faster (medians of interleaved pairs). Address space only: pages are committed
  // when touched.
  wf::back_heap_with_huge_pages(std::size_t{1} << 30);
  // SIGINT or SIGTERM ends the tools, runners and programs warpforge started along with it.
  wf::ChildProcesses::install_signal_handlers();
  CLI::App app{
      "warpforge: GPU warp/CTA scheduling hardware research toolkit.\n"
      "Generates Verilog for scheduling blocks, proves it equivalent to the C++ golden model,\n"
      "estimates its area, and simulates whole GPUs built from the same models.",
      "warpforge"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("warpforge ") + WF_VERSION);

  auto& list = wf::cli::commands();
  std::stable_sort(list.begin(), list.end(),
                   [](const auto& a, const auto& b) { return a.order < b.order; });
  std::function<int()> action;
  for (auto& command : list) {
    CLI::App* sub = app.add_subcommand(command.name, command.summary);
    auto run = command.setup(*sub);
    sub->final_callback([&action, run] { action = run; });
  }

  // CLI11 would say only "A subcommand is required" for a misspelt one.
  if (argc > 1 && argv[1][0] != '-') {
    std::string names;
    bool known = false;
    for (const auto& command : list) {
      known |= command.name == argv[1];
      names += (names.empty() ? "" : ", ") + command.name;
    }
    if (!known) {
      fmt::print(stderr, "warpforge: error: {}\n",
                 wf::text::bound_message(
                     fmt::format("unknown command '{}': expected one of {}", argv[1], names)));
      return 2;
    }
  }

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    if (const std::string unknown = unknown_option(app, argc, argv); !unknown.empty()) {
      fmt::print(stderr, "warpforge: error: {}\n", wf::text::bound_message(unknown));
      return 2;
    }
    // One line, exit status 2, for every kind of bad command line.
    std::string what = e.what();
    std::replace(what.begin(), what.end(), '\n', ' ');
    fmt::print(stderr, "warpforge: error: {}\n", wf::text::bound_message(what));
    return 2;
  }

  if (const std::string empty = option_given_empty(app); !empty.empty()) {
    fmt::print(stderr, "warpforge: error: {}: expected a value, got an empty string\n", empty);
    return 2;
  }

  try {
    return action ? action() : 0;
  } catch (const wf::UsageError& e) {
    fmt::print(stderr, "warpforge: error: {}\n", e.what());
    return 2;
  } catch (const wf::CheckFailure& e) {
    fmt::print(stderr, "warpforge: error: {}\n", e.what());
    return 1;
  } catch (const std::exception& e) {
    fmt::print(stderr, "warpforge: internal error: {}\n", e.what());
    return 1;
  }
}
