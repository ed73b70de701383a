// Fewest-entries-first (FEF) fetch arbiter (the fetch policy BAWS compares CFF with): one per
// SM, over all of its warps. Among the warps eligible to fetch, the one with the fewest valid
// I-buffer entries goes first; ties go round robin, starting after the warp fetched last.
//
// Eligibility is the SM's to compute and differs from the other fetch arbiters: a warp is
// eligible when its I-buffer has a free entry and no I-cache miss of it is pending. With "only
// empty I-buffers are eligible" every candidate would have 0 entries and FEF would be round
// robin under another name. The block orders by `entries` and does not re-check it against the
// depth: a warp the SM marks eligible is a candidate whatever its count.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sim_model/blocks/bitvec.h"
#include "sim_model/blocks/params.h"
#include "sim_model/presets/machine.h"

namespace wf::blocks {

class FefFetchArbiter;

struct FefFetchArbiterParams {
  using Block = FefFetchArbiter;
  unsigned num_warps = 48;     // warps of the SM
  unsigned ibuffer_depth = 2;  // I-buffer entries per warp; sets the entry-count width

  std::string validate() const { return {}; }
  static const std::vector<ParamDesc>& describe();
  // The configuration a machine preset uses (one per SM: all warps, the preset's I-buffer).
  static std::vector<FefFetchArbiterParams> for_machine(const Machine& m);
  unsigned warp_bits() const { return clog2(num_warps); }
  unsigned entry_bits() const { return count_width(ibuffer_depth); }
};

class FefFetchArbiter {
 public:
  using Params = FefFetchArbiterParams;
  static constexpr const char* kName = "fef_fetch_arbiter";
  static constexpr unsigned kMaxWarps = 64;

  struct In {
    // Bit w: warp w may fetch (a free I-buffer entry, no I-cache miss pending).
    std::uint64_t eligible = 0;
    // Per warp: its valid I-buffer entries (0..ibuffer_depth); entries of warps that are not
    // eligible are ignored.
    std::array<std::uint8_t, kMaxWarps> entries{};
  };
  struct Out {
    bool grant_valid = false;  // some warp is granted the fetch
    unsigned grant_warp = 0;   // the granted warp, 0 when none
    std::uint64_t grant = 0;   // one-hot grant_warp, zero when no grant
    bool operator==(const Out&) const = default;
  };

  explicit FefFetchArbiter(const Params& p) : p_(p) { reset(); }
  const Params& params() const { return p_; }

  Out eval(const In& in) const;
  void tick(const In& in) { tick(in, eval(in)); }
  // The same clock edge when the caller already has `out` = eval(in) (the SM's BlockSlot).
  void tick(const In& in, const Out& out);
  void reset() { last_fetch_ = p_.num_warps - 1; }  // warp 0 wins the first tie
  // Read-only state, for coverage models (harness/coverage/) that classify a decision by
  // the state it was made from.
  unsigned last_fetch() const { return last_fetch_; }  // ties go round robin after it

  static std::vector<PortValue> in_ports(const Params& p, const In& in);
  static std::vector<PortValue> out_ports(const Params& p, const Out& out);

 private:
  Params p_;
  unsigned last_fetch_ = 0;  // the warp fetched last: ties go round robin after it
};

}  // namespace wf::blocks
