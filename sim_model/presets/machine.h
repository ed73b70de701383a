// A machine preset: the TOML description of a simulated GPU (sim_model/presets/*.toml). This
// is the part every block derives its parameters from; the cycle model reads the rest.
#pragma once

#include <string>
#include <vector>

namespace wf {

struct Machine {
  std::string name;
  std::string description;
  std::string toml_text;  // the whole preset, for the parts other components read

  // [sm]
  unsigned warp_size = 32;
  unsigned max_warps = 48;          // warps per SM
  unsigned max_ctas = 8;            // CTA slots per SM
  unsigned max_warps_per_cta = 48;  // largest CTA the SM accepts
  unsigned schedulers = 2;          // warp schedulers per SM (warp w -> scheduler w mod n)
  unsigned ibuffer_entries = 2;     // I-buffer entries per warp

  unsigned warps_per_scheduler() const { return (max_warps + schedulers - 1) / schedulers; }
};

// `name_or_path` is a built-in preset's name (gtx480) or a path to a .toml file. Throws
// UsageError naming the preset and what was expected.
Machine load_machine(const std::string& name_or_path);

// Names of the presets compiled into warpforge.
std::vector<std::string> builtin_presets();

// Default preset of every command.
inline constexpr const char* kDefaultPreset = "gtx480";

}  // namespace wf
