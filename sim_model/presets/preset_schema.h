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
    kRequired,  // a preset must give it (a model's key: a preset of that model)
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
  // The golden memory model ([memory] model) the key describes; empty: every model. A preset
  // may state a key of its own model only, and a kRequired one is required with that model.
  std::string_view model = {};

  std::string qualified() const { return std::string(section).append(".").append(key); }
  // Appended rather than `"[" + std::string(...)`, which GCC 12 misreads (-Wrestrict).
  std::string display() const { return std::string("[").append(section).append("] ").append(key); }
};

// The numeric keys, in the order of docs/presets.md.
std::span<const PresetKey> preset_keys();
const PresetKey* find_preset_key(std::string_view section, std::string_view key);

// The text keys: `name` and `description` at the top, the policy names in [policy], and
// [memory] model, the golden memory model below the L1s (sim_model/mem registers the models and
// checks the name).
inline constexpr std::string_view kPolicySection = "policy";
inline constexpr std::string_view kPolicyKeys[] = {"issue", "fetch", "cta_dispatch"};
inline constexpr std::string_view kMemorySection = "memory";
inline constexpr std::string_view kMemoryModelKey = "model";
// GpuMemory (crossbar, L2, GDDR channels), whose keys the structural rules also check.
inline constexpr std::string_view kGddrMemoryModel = "gddr";
inline constexpr std::string_view kDefaultMemoryModel = kGddrMemoryModel;

// Whether a preset whose [memory] model is `model` describes key `k`.
inline bool key_describes_model(const PresetKey& k, std::string_view model) {
  return k.model.empty() || k.model == model;
}

}  // namespace wf
