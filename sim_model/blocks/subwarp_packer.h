// Sub-warp packer of the large warp microarchitecture (LWM; Narasiman et al., MICRO 2011,
// section 3.1, Fig. 5 and 7). A large warp of K rows x N columns (N = SIMD width, one column
// per lane, thread t in row t / N, column t mod N) is broken down into sub-warps of at most one
// thread per lane, one sub-warp per cycle, from a copy of its active mask.
//
// Rules (the paper's, and the decisions it leaves open):
// - Handshake. An instruction's active mask is loaded with load_valid; the packer accepts it
//   (load_ready) when it holds no threads or its last sub-warp is taken in the same cycle, so
//   `!load_ready` is the paper's stall signal to fetch. A load while not ready is ignored (the
//   fetch stage does not offer one: it is stalled). The mask and the mode are copied at the
//   clock edge; the first sub-warp comes out in the next cycle. A sub-warp is offered (valid)
//   while the copy holds any thread and taken by subwarp_ready; an offered sub-warp stays the
//   same until it is taken. An empty mask loads nothing: no sub-warp and no done.
// - Mode pack (arithmetic and branch instructions): for every column the lowest active row;
//   the taken threads are cleared from the copy. A pack instruction takes as many sub-warps as
//   the fullest column has active threads.
// - Mode rows (memory instructions, the paper's memory divergence optimisation): the lowest
//   non-empty row whole, so a sub-warp's threads are consecutive threads of one row.
// - Mode single (unconditional jumps): one sub-warp, then done. The paper only says a jump
//   needs a single sub-warp since every thread goes to the same target (one PC update). The
//   sub-warp is the one pack would emit first (every column with an active thread, from its
//   lowest active row), so its lane mask and row indices name active threads only; with it the
//   whole copy is cleared. Threads of higher rows are retired without being emitted.
// - Mode 3 is reserved and decodes as pack (the RTL decodes 1 as rows and 2 as single).
// - Outputs when nothing is offered, and the row index of a lane not in the sub-warp: zero.
// - Row indices are clog2(K) bits wide. With one row (K = 1) they have no bits: the block has
//   no subwarp_row_o port (Out::row stays 0).
// - Idle input: no load and no subwarp_ready keeps the state (the sub-warp waits).
// Storage: the mask copy (K x N bits) and the 2-bit mode; the paper's 768 bits for 256-thread
// large warps are this copy (256) plus two 256-bit temporary active-mask buffers for the paths
// of a branch (512), which belong to the branch unit, not to the packer.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "sim_model/blocks/bitvec.h"
#include "sim_model/blocks/params.h"
#include "sim_model/presets/machine.h"

namespace wf::blocks {

class SubwarpPacker;

enum class SubwarpMode : std::uint8_t { kPack = 0, kRows = 1, kSingle = 2, kReserved = 3 };

struct SubwarpPackerParams {
  using Block = SubwarpPacker;
  // Defaults: the lwm-core machine (DESIGN section 4), 256-thread large warps on 32 lanes.
  unsigned num_rows = 8;    // K: rows of the large warp
  unsigned num_lanes = 32;  // N: SIMD width, columns of the large warp

  std::string validate() const { return {}; }
  static const std::vector<ParamDesc>& describe();
  static std::vector<SubwarpPackerParams> for_machine(const Machine& m);
  unsigned row_bits() const { return clog2(num_rows); }
  bool has_row_port() const { return num_rows > 1; }
  // The paper's Fig. 5 figure for its 256-thread large warps.
  static constexpr unsigned kPaperStorageBits = 768;
};

class SubwarpPacker {
 public:
  using Params = SubwarpPackerParams;
  static constexpr const char* kName = "subwarp_packer";
  static constexpr unsigned kMaxRows = 16;
  static constexpr unsigned kMaxLanes = 64;

  struct In {
    bool load_valid = false;  // a new instruction's active mask is offered
    std::uint8_t mode = 0;    // SubwarpMode of that instruction (2 bits)
    std::array<std::uint64_t, kMaxRows> active_mask{};  // row r: bit l = thread r*N + l active
    bool subwarp_ready = false;                         // the pipeline takes the offered sub-warp
  };
  struct Out {
    bool load_ready = false;                    // a load is accepted this cycle (else fetch stalls)
    bool subwarp_valid = false;                 // a sub-warp is offered
    std::uint64_t subwarp_mask = 0;             // lane l carries a thread
    std::array<std::uint8_t, kMaxLanes> row{};  // ... of this row (0 for lanes not carried)
    bool done = false;                          // it is the instruction's last sub-warp
    bool operator==(const Out&) const = default;
  };

  explicit SubwarpPacker(const Params& p) : p_(p) { reset(); }
  const Params& params() const { return p_; }

  Out eval(const In& in) const;
  void tick(const In& in) { tick(in, eval(in)); }
  void tick(const In& in, const Out& out);
  void reset();

  // Read-only state for the coverage model.
  const std::array<std::uint64_t, kMaxRows>& mask() const { return mask_; }
  SubwarpMode mode() const { return mode_; }
  bool empty() const;

  static std::vector<PortValue> in_ports(const Params& p, const In& in);
  static std::vector<PortValue> out_ports(const Params& p, const Out& out);
  static SubwarpMode decode_mode(std::uint8_t mode);

 private:
  Params p_;
  std::array<std::uint64_t, kMaxRows> mask_{};  // the copy of the active mask, row by row
  SubwarpMode mode_ = SubwarpMode::kPack;
};

}  // namespace wf::blocks
