// Critical-fetch-first (CFF) fetch arbiter of BAWS (Liu et al., ICS 2016, section 4.2): among
// the warps eligible to fetch (I-buffer empty, no I-cache miss pending), fetch for the warp the
// issue policy would pick next. One per SM, over all of its warps. Modes:
//   lrr:     the baseline, round robin after the warp fetched last;
//   gto:     CFF for GTO: a warp a scheduler issued last, else the oldest (CTA age, warp id);
//   mwf_lrr: CFF for MWF(LRR): the CTA order of MWF, inside it round robin after the warp that
//            CTA issued last;
//   mwf_gto: CFF for MWF(GTO): the CTA order of MWF, inside it the warp that CTA issued last,
//            else its smallest warp id.
// The issue ports tell the arbiter which warps the schedulers issued, so it tracks the same
// "issued last" state the issue arbiters keep. The paper shares that state with MWF and counts
// CFF as free; this block keeps its own copy so that it can be verified and costed alone.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "sim_model/blocks/bitvec.h"
#include "sim_model/blocks/params.h"
#include "sim_model/presets/machine.h"

namespace wf::blocks {

enum class FetchMode { kLrr, kGto, kMwfLrr, kMwfGto };

class CffFetchArbiter;

struct CffFetchArbiterParams {
  using Block = CffFetchArbiter;
  unsigned num_warps = 48;          // warps of the SM
  unsigned num_cta_slots = 8;       // CTA slots per SM
  unsigned max_warps_per_cta = 48;  // sets the WPT count width
  unsigned num_issue_ports = 2;     // warp schedulers; port k reports scheduler k's issue
  FetchMode mode = FetchMode::kMwfGto;

  std::string validate() const { return {}; }
  static const std::vector<ParamDesc>& describe();
  // The configurations a machine preset uses (several when the preset offers variants).
  static std::vector<CffFetchArbiterParams> for_machine(const Machine& m);
  unsigned warp_bits() const { return clog2(num_warps); }
  unsigned cta_bits() const { return clog2(num_cta_slots); }
  unsigned count_bits() const { return count_width(max_warps_per_cta); }
  bool mwf() const { return mode == FetchMode::kMwfLrr || mode == FetchMode::kMwfGto; }
};

class CffFetchArbiter {
 public:
  using Params = CffFetchArbiterParams;
  static constexpr const char* kName = "cff_fetch_arbiter";
  static constexpr unsigned kMaxWarps = 64;
  static constexpr unsigned kMaxCtas = 32;
  static constexpr unsigned kMaxPorts = 4;

  struct In {
    std::uint64_t eligible = 0;  // bit w: warp w may fetch
    std::array<std::uint8_t, kMaxWarps> warp_cta{};
    std::array<std::uint8_t, kMaxCtas> wpt_count{};    // mwf modes
    std::array<std::uint8_t, kMaxCtas> cta_age{};      // gto mode: dispatch rank, 0 = oldest
    std::array<bool, kMaxPorts> issue_valid{};         // scheduler k issued this cycle ...
    std::array<std::uint8_t, kMaxPorts> issue_warp{};  // ... this warp (SM-wide id)
  };
  struct Out {
    bool grant_valid = false;
    unsigned grant_warp = 0;
    std::uint64_t grant = 0;
    bool operator==(const Out&) const = default;
  };

  explicit CffFetchArbiter(const Params& p) : p_(p) { reset(); }
  const Params& params() const { return p_; }

  Out eval(const In& in) const;
  void tick(const In& in);
  void reset();

  static std::vector<PortValue> in_ports(const Params& p, const In& in);
  static std::vector<PortValue> out_ports(const Params& p, const Out& out);

 private:
  int pick(const In& in) const;

  Params p_;
  unsigned last_fetch_ = 0;                            // lrr
  std::array<std::uint8_t, kMaxPorts> greedy_warp_{};  // gto: per scheduler, issued last
  std::array<bool, kMaxPorts> greedy_valid_{};
  std::array<std::uint8_t, kMaxCtas> last_warp_{};  // mwf: per CTA slot, issued last
  std::array<bool, kMaxCtas> last_valid_{};
};

}  // namespace wf::blocks
