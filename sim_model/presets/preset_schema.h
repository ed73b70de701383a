// Every key a machine preset may hold: its section, its range, whether the hardware needs a
// power of two, and what a preset that leaves it out gets. The loader refuses any other key, so
// a misspelt key is an error rather than a silently used default; --param accepts exactly these
// numeric keys. docs/presets.md describes each one.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace wf {

struct PresetKey {
  enum class Absent {
    kRequired,  // a preset must give it
    kFallback,  // `fallback` (the GTX480 value), so small test presets stay short
    kDerived,   // computed from other keys; a preset may state it, and must agree
  };
  // The memory below the SMs a key describes: `--memory fixed-latency` replaces the golden one
  // (sim_model/mem) with fixed L2/DRAM latencies, so a --param for the memory not simulated is
  // refused rather than read and ignored.
  enum class Memory { kBoth, kGolden, kFixedLatency };
  std::string_view section, key;
  std::uint64_t min, max;
  bool power_of_two;
  Absent absent;
  std::uint64_t fallback;
  Memory memory = Memory::kBoth;

  std::string qualified() const { return std::string(section).append(".").append(key); }
  // Appended rather than `"[" + std::string(...)`, which GCC 12 misreads (-Wrestrict).
  std::string display() const { return std::string("[").append(section).append("] ").append(key); }
};

// The numeric keys, in the order of docs/presets.md.
std::span<const PresetKey> preset_keys();
const PresetKey* find_preset_key(std::string_view section, std::string_view key);

// The text keys: `name` and `description` at the top, the policy names in [policy].
inline constexpr std::string_view kPolicySection = "policy";
inline constexpr std::string_view kPolicyKeys[] = {"issue", "fetch", "cta_dispatch"};

}  // namespace wf
