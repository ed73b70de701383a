// Critical-fetch-first (CFF) fetch arbiter of BAWS (Liu et al., ICS 2016, section 4.2): among
// the warps eligible to fetch (I-buffer empty, no I-cache miss pending), fetch for the warp the
// issue policy would pick next. One per SM, over all of its warps. Modes:
//   lrr:     the baseline, round robin after the warp fetched last;
//   gto:     CFF for GTO: a warp a scheduler issued last, else the oldest (CTA age, warp id);
//   mwf_lrr: CFF for MWF(LRR): the CTA order of MWF, inside it round robin after the warp that
//            CTA issued last;
//   mwf_gto: CFF for MWF(GTO): the CTA order of MWF, inside it the warp that CTA issued last,
//            else its smallest warp id;
//   saws_lrr, saws_gto: CFF for SAWS (the BAWS paper's SAWS+CFF): as mwf_lrr / mwf_gto with the
//            CTA order of SAWS, the CTA that first hit its current barrier first
//            (first_hit_order.h; the block keeps its own copy of that order's state);
//   2lev:    CFF for two-level scheduling: prefer eligible warps in the fetch groups the
//            schedulers are in -- the group of the warp each issue port issued last -- round
//            robin after the warp fetched last; when none of them is eligible, round robin
//            after the warp fetched last over all eligible warps, which walks on to the next
//            group as the schedulers will. Within a group the schedulers issue round robin, so
//            which of its warps issues next is not worth predicting; the group is. Groups are
//            group_size consecutive SM warp ids ([sm] fetch_group_size per scheduler:
//            schedulers take warps round robin, so SM group g is the union of the schedulers'
//            issue groups g).
// The issue ports tell the arbiter which warps the schedulers issued, so it tracks the same
// "issued last" state the issue arbiters keep. The paper shares that state with MWF and counts
// CFF as free; this block keeps its own copy so that it can be verified and costed alone.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sim_model/blocks/bitvec.h"
#include "sim_model/blocks/first_hit_order.h"
#include "sim_model/blocks/params.h"
#include "sim_model/presets/machine.h"

namespace wf::blocks {

enum class FetchMode { kLrr, kGto, kMwfLrr, kMwfGto, kSawsLrr, kSawsGto, kTwoLevel };

class CffFetchArbiter;

struct CffFetchArbiterParams {
  using Block = CffFetchArbiter;
  unsigned num_warps = 48;          // warps of the SM
  unsigned num_cta_slots = 8;       // CTA slots per SM
  unsigned max_warps_per_cta = 48;  // sets the WPT count width
  unsigned num_issue_ports = 2;     // warp schedulers; port k reports scheduler k's issue
  FetchMode mode = FetchMode::kMwfGto;
  unsigned group_size = 16;  // 2lev mode: warps per fetch group (SM warp ids)

  std::string validate() const { return {}; }
  static const std::vector<ParamDesc>& describe();
  // The configurations a machine preset uses (several when the preset offers variants).
  static std::vector<CffFetchArbiterParams> for_machine(const Machine& m);
  unsigned warp_bits() const { return clog2(num_warps); }
  unsigned cta_bits() const { return clog2(num_cta_slots); }
  unsigned count_bits() const { return count_width(max_warps_per_cta); }
  bool mwf() const { return mode == FetchMode::kMwfLrr || mode == FetchMode::kMwfGto; }
  bool saws() const { return mode == FetchMode::kSawsLrr || mode == FetchMode::kSawsGto; }
  // The CTA-then-warp modes (mwf_*, saws_*) with GTO inside the CTA.
  bool inner_gto() const { return mode == FetchMode::kMwfGto || mode == FetchMode::kSawsGto; }
};

class CffFetchArbiter {
 public:
  using Params = CffFetchArbiterParams;
  static constexpr const char* kName = "cff_fetch_arbiter";
  static constexpr unsigned kMaxWarps = 64;
  static constexpr unsigned kMaxCtas = 32;
  static constexpr unsigned kMaxPorts = 4;

  struct In {
    // Bit w: warp w may fetch (I-buffer empty, no I-cache miss pending).
    std::uint64_t eligible = 0;
    std::array<std::uint8_t, kMaxWarps> warp_cta{};    // CTA slot of each warp (mwf, saws)
    std::array<std::uint8_t, kMaxCtas> wpt_count{};    // mwf and saws modes: WPT count_o
    std::array<std::uint8_t, kMaxCtas> cta_age{};      // gto mode: dispatch rank, 0 = oldest
    std::array<bool, kMaxPorts> issue_valid{};         // scheduler k issued this cycle ...
    std::array<std::uint8_t, kMaxPorts> issue_warp{};  // ... this warp (SM-wide id)
  };
  struct Out {
    bool grant_valid = false;  // some warp is granted the fetch
    unsigned grant_warp = 0;   // the granted warp, 0 when none
    std::uint64_t grant = 0;   // one-hot grant_warp, zero when no grant
    bool operator==(const Out&) const = default;
  };

  explicit CffFetchArbiter(const Params& p) : p_(p), order_(p.num_cta_slots) { reset(); }
  const Params& params() const { return p_; }

  Out eval(const In& in) const;
  // Call every cycle: the issue ports (and, in saws modes, the counts) update the state.
  void tick(const In& in) { tick(in, eval(in)); }
  // The same clock edge when the caller already has `out` = eval(in) (the SM's BlockSlot).
  void tick(const In& in, const Out& out);
  void reset();
  // Read-only state, for coverage models (harness/coverage/): the warp CTA slot `cta` issued
  // last as the inner policy uses it (lrr always starts after it; gto has none until the CTA
  // issued).
  std::optional<unsigned> inner_last(unsigned cta) const {
    if (p_.inner_gto() && !last_valid_[cta]) return std::nullopt;
    return last_warp_[cta];
  }
  // The warp fetched last (lrr, 2lev round robin) and the warp issue port k issued last
  // (gto, 2lev; none until it issued).
  unsigned last_fetch() const { return last_fetch_; }
  std::optional<unsigned> issued_last(unsigned port) const {
    return greedy_valid_[port] ? std::optional<unsigned>(greedy_warp_[port]) : std::nullopt;
  }

  static std::vector<PortValue> in_ports(const Params& p, const In& in);
  static std::vector<PortValue> out_ports(const Params& p, const Out& out);

 private:
  int pick(const In& in) const;

  Params p_;
  unsigned last_fetch_ = 0;                            // lrr, 2lev
  std::array<std::uint8_t, kMaxPorts> greedy_warp_{};  // gto, 2lev: per scheduler, issued last
  std::array<bool, kMaxPorts> greedy_valid_{};
  std::array<std::uint8_t, kMaxCtas> last_warp_{};  // mwf, saws: per CTA slot, issued last
  std::array<bool, kMaxCtas> last_valid_{};
  FirstHitOrder order_;  // saws
};

}  // namespace wf::blocks
