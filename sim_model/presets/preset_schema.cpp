#include "sim_model/presets/preset_schema.h"

#include <algorithm>
#include <array>

namespace wf {
namespace {

using A = PresetKey::Absent;
constexpr auto kGolden = PresetKey::Memory::kGolden;
constexpr auto kFixed = PresetKey::Memory::kFixedLatency;
constexpr std::uint64_t kMi = 1 << 20;
// The memory models' own keys (sim_model/mem: gpu_memory.h, row_buffer_dram.h).
constexpr std::string_view kGddr = "gddr";
constexpr std::string_view kRowBuffer = "row_buffer";

// Ranges are what the model and the generated RTL handle; powers of two where the hardware
// indexes by address bits (cache sets and lines, banks, bus and flit widths, rows).
constexpr std::array kKeys = {
    PresetKey{"gpu", "num_sms", 1, 256, false, A::kFallback, 15},
    PresetKey{"gpu", "core_clock_mhz", 1, 10000, false, A::kFallback, 700},
    PresetKey{"gpu", "launch_overhead_cycles", 0, 10000000, false, A::kFallback, 0},
    PresetKey{"gpu", "dram_clock_mhz", 1, 10000, false, A::kFallback, 924, kGolden, kGddr},

    PresetKey{"sm", "warp_size", 1, 1024, true, A::kRequired, 0},
    // Before max_threads, which follows from it.
    PresetKey{"sm", "large_warp_size", 0, 512, false, A::kFallback, 0},
    PresetKey{"sm", "max_warps", 1, 64, false, A::kRequired, 0},
    PresetKey{"sm", "max_threads", 1, 65536, false, A::kDerived, 0},
    PresetKey{"sm", "max_ctas", 1, 32, false, A::kRequired, 0},
    PresetKey{"sm", "max_warps_per_cta", 1, 64, false, A::kRequired, 0},
    PresetKey{"sm", "registers", 1024, kMi, false, A::kFallback, 32768},
    PresetKey{"sm", "shared_memory_bytes", 0, kMi, false, A::kFallback, 49152},
    PresetKey{"sm", "schedulers", 1, 4, false, A::kRequired, 0},
    PresetKey{"sm", "ibuffer_entries", 1, 8, false, A::kFallback, 2},
    // Two-level scheduling's fetch group, (large) warps per scheduler: the arbiters' range.
    PresetKey{"sm", "fetch_group_size", 1, 64, false, A::kFallback, 8},
    PresetKey{"sm", "barrel_processing", 0, 1, false, A::kFallback, 0},
    // CTA dispatch `static`: CTAs per SM at most (0: none given).
    PresetKey{"sm", "cta_limit", 0, 32, false, A::kFallback, 0},
    PresetKey{"sm", "lwm_memory_rows", 0, 1, false, A::kFallback, 1},
    PresetKey{"sm", "lwm_single_jump", 0, 1, false, A::kFallback, 1},
    PresetKey{"sm", "sp_units", 1, 8, false, A::kFallback, 2},
    PresetKey{"sm", "sfu_units", 1, 8, false, A::kFallback, 1},
    PresetKey{"sm", "ldst_units", 1, 8, false, A::kFallback, 1},

    PresetKey{"l1d", "sets", 1, 65536, true, A::kFallback, 32},
    PresetKey{"l1d", "ways", 1, 64, false, A::kFallback, 4},
    PresetKey{"l1d", "line_bytes", 32, 4096, true, A::kFallback, 128},
    PresetKey{"l1d", "mshr_entries", 1, 1024, false, A::kFallback, 32},
    PresetKey{"l1d", "mshr_max_merge", 1, 64, false, A::kFallback, 8, kGolden},
    PresetKey{"l1d", "miss_queue", 1, 1024, false, A::kFallback, 8, kGolden},
    PresetKey{"l1d", "hit_latency", 1, 1000, false, A::kFallback, 1, kGolden},

    PresetKey{"l1i", "bytes", 128, kMi, false, A::kFallback, 2048},
    PresetKey{"l1i", "line_bytes", 32, 1024, true, A::kFallback, 128},
    PresetKey{"l1i", "ways", 1, 64, false, A::kFallback, 4},
    PresetKey{"l1i", "miss_latency", 1, 10000, false, A::kFallback, 20},
    PresetKey{"l1i", "from_memory", 0, 1, false, A::kFallback, 0},
    PresetKey{"l1i", "near_bytes", 0, 16 * kMi, false, A::kFallback, 0},

    PresetKey{"pipeline", "int_latency", 1, 1000, false, A::kFallback, 4},
    PresetKey{"pipeline", "int_interval", 1, 1000, false, A::kFallback, 1},
    PresetKey{"pipeline", "fp_latency", 1, 1000, false, A::kFallback, 4},
    PresetKey{"pipeline", "fp_interval", 1, 1000, false, A::kFallback, 1},
    PresetKey{"pipeline", "dp_latency", 1, 1000, false, A::kFallback, 8},
    PresetKey{"pipeline", "dp_interval", 1, 1000, false, A::kFallback, 2},
    PresetKey{"pipeline", "sfu_latency", 1, 1000, false, A::kFallback, 20},
    PresetKey{"pipeline", "sfu_interval", 1, 1000, false, A::kFallback, 4},
    PresetKey{"pipeline", "branch_latency", 1, 1000, false, A::kFallback, 4},
    PresetKey{"pipeline", "shared_latency", 1, 1000, false, A::kFallback, 24},
    PresetKey{"pipeline", "shared_banks", 1, 64, true, A::kFallback, 32},
    PresetKey{"pipeline", "l1d_hit_latency", 1, 1000, false, A::kFallback, 20},
    PresetKey{"pipeline", "const_latency", 1, 1000, false, A::kFallback, 8},

    PresetKey{"memory", "channels", 1, 64, false, A::kFallback, 6, kGolden, kGddr},
    PresetKey{"memory", "subpartitions_per_channel", 1, 2, false, A::kFallback, 2, kGolden, kGddr},
    PresetKey{"memory", "l2_bytes", 1024, std::uint64_t{1} << 30, false, A::kFallback, 786432,
              kGolden, kGddr},
    PresetKey{"memory", "l2_min_latency", 1, 100000, false, A::kFallback, 120, kFixed},
    PresetKey{"memory", "dram_min_latency", 1, 100000, false, A::kFallback, 220, kFixed},
    PresetKey{"memory", "dram_queue", 1, 1024, false, A::kFallback, 32, kGolden},
    PresetKey{"memory", "tCL", 1, 1000, false, A::kFallback, 10, kGolden, kGddr},
    PresetKey{"memory", "tRP", 1, 1000, false, A::kFallback, 10, kGolden, kGddr},
    PresetKey{"memory", "tRC", 1, 1000, false, A::kFallback, 35, kGolden, kGddr},
    PresetKey{"memory", "tRAS", 1, 1000, false, A::kFallback, 25, kGolden, kGddr},
    PresetKey{"memory", "tRCD", 1, 1000, false, A::kFallback, 12, kGolden, kGddr},
    PresetKey{"memory", "tRRD", 0, 1000, false, A::kFallback, 8, kGolden, kGddr},
    PresetKey{"memory", "icnt_latency", 1, 1000, false, A::kFallback, 5, kGolden, kGddr},
    PresetKey{"memory", "icnt_flit_bytes", 8, 4096, false, A::kFallback, 32, kGolden, kGddr},
    PresetKey{"memory", "icnt_input_buffer", 1, 1024, false, A::kFallback, 8, kGolden, kGddr},
    PresetKey{"memory", "icnt_output_buffer", 1, 1024, false, A::kFallback, 8, kGolden, kGddr},
    // Device memory, which the cycle model does not bound (its memory is sparse): what `warpforge
    // exec` lets a program allocate. A GeForce GTX 480 carries 1536 MB of GDDR5 (NVIDIA's
    // specifications, on its 384-bit bus: 6 channels of 64 bits here).
    PresetKey{"memory", "device_bytes", kMi, std::uint64_t{1} << 40, false, A::kFallback,
              1536 * kMi},

    PresetKey{"l2", "ways", 1, 64, false, A::kFallback, 8, kGolden, kGddr},
    PresetKey{"l2", "line_bytes", 32, 4096, true, A::kFallback, 128, kGolden, kGddr},
    PresetKey{"l2", "mshr_entries", 1, 1024, false, A::kFallback, 32, kGolden, kGddr},
    PresetKey{"l2", "mshr_max_merge", 1, 64, false, A::kFallback, 4, kGolden, kGddr},
    PresetKey{"l2", "rop_latency", 1, 10000, false, A::kFallback, 120, kGolden, kGddr},
    PresetKey{"l2", "input_queue", 1, 1024, false, A::kFallback, 8, kGolden, kGddr},
    PresetKey{"l2", "output_queue", 1, 1024, false, A::kFallback, 8, kGolden, kGddr},
    PresetKey{"l2", "atomic_ops_per_cycle", 1, 64, false, A::kFallback, 1, kGolden, kGddr},
    PresetKey{"l2", "atomic_same_address_cycles", 0, 1000, false, A::kFallback, 1, kGolden, kGddr},
    PresetKey{"l2", "copies_allocate", 0, 1, false, A::kFallback, 1, kGolden, kGddr},

    PresetKey{"dram", "banks", 1, 64, true, A::kFallback, 16, kGolden},
    PresetKey{"dram", "row_bytes", 128, kMi, true, A::kFallback, 2048, kGolden},
    PresetKey{"dram", "bus_bits", 8, 4096, true, A::kFallback, 64, kGolden, kGddr},
    PresetKey{"dram", "burst_length", 1, 64, true, A::kFallback, 8, kGolden, kGddr},
    PresetKey{"dram", "beats_per_clock", 1, 8, true, A::kFallback, 4, kGolden, kGddr},
    PresetKey{"dram", "return_latency", 0, 100000, false, A::kFallback, 100, kGolden, kGddr},
    // Required with [memory] model = "row_buffer"; the fallback is LWM's Table 1 (lwm-core).
    PresetKey{"dram", "row_hit_latency", 1, 100000, false, A::kRequired, 100, kGolden, kRowBuffer},
    PresetKey{"dram", "row_conflict_latency", 1, 100000, false, A::kRequired, 300, kGolden,
              kRowBuffer},
    PresetKey{"dram", "line_transfer_cycles", 1, 10000, false, A::kRequired, 8, kGolden,
              kRowBuffer},

    // AWG's SyncMon (Dutu et al., ISCA 2020 §V-C), per L2 bank: a condition cache of
    // cache_sets × cache_ways waiting conditions whose entries point into a waiting-WG list of
    // wg_entries, and bloom_filters Bloom filters of bloom_bits bits and bloom_hashes hash
    // functions that count the unique values written to each monitored address. cache_sets = 0:
    // the machine has no SyncMon (every preset but awg-apu); the other fallbacks are the paper's.
    PresetKey{"syncmon", "cache_sets", 0, 4096, false, A::kFallback, 0},
    PresetKey{"syncmon", "cache_ways", 1, 16, false, A::kFallback, 4},
    PresetKey{"syncmon", "wg_entries", 2, 4096, false, A::kFallback, 512},
    PresetKey{"syncmon", "bloom_filters", 1, 4096, false, A::kFallback, 512},
    PresetKey{"syncmon", "bloom_bits", 2, 64, false, A::kFallback, 24},
    PresetKey{"syncmon", "bloom_hashes", 1, 16, false, A::kFallback, 6},
    // AWG's resume prediction: a "resume one" guess arms a timer of resume_timeout cycles that
    // resumes the rest of the condition's waiters if no later update does; resume_timers such
    // timers per SyncMon. The paper gives no number; the fallbacks are awg-apu's, reasoned in
    // awg-apu.toml and on the resume predictor's page.
    PresetKey{"syncmon", "resume_timeout", 1, 1000000, false, A::kFallback, 2000},
    PresetKey{"syncmon", "resume_timers", 1, 64, false, A::kFallback, 16},
};

}  // namespace

std::span<const PresetKey> preset_keys() {
  return kKeys;
}

const PresetKey* find_preset_key(std::string_view section, std::string_view key) {
  const auto it = std::find_if(kKeys.begin(), kKeys.end(), [&](const PresetKey& k) {
    return k.section == section && k.key == key;
  });
  return it == kKeys.end() ? nullptr : &*it;
}

}  // namespace wf
