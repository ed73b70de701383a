// A source operand resolved once per instruction, for the lane loops of the common forms
// (integer arithmetic, integer setp, mov): a register's row of lane values, or one value that
// every lane reads. The general paths decode the operand's kind again for every lane; with this
// a lane costs a load.
#pragma once

#include <cstdint>

#include "sim_model/ptx/executor.h"
#include "sim_model/ptx/instr.h"
#include "sim_model/ptx/warp.h"

namespace wf::ptx {

class LaneSource {
 public:
  LaneSource() = default;
  // Rows point into the warp's registers and a uniform value points at this object: no copies.
  LaneSource(const LaneSource&) = delete;
  LaneSource& operator=(const LaneSource&) = delete;

  // Binds a register or immediate operand; false for any other kind (take the general path).
  bool bind(const Warp& w, const Operand& o) {
    if (o.kind == OperandKind::Reg) {
      row_ = w.reg_row(o.reg);
      step_ = ~0u;
      return true;
    }
    if (o.kind == OperandKind::Imm) {
      uniform(static_cast<std::uint64_t>(o.imm));
      return true;
    }
    return false;
  }
  // Every lane reads `v`.
  void uniform(std::uint64_t v) {
    value_ = v;
    row_ = &value_;
    step_ = 0;
  }
  // Lane l reads r[l].
  void row(const std::uint64_t* r) {
    row_ = r;
    step_ = ~0u;
  }
  std::uint64_t operator[](unsigned lane) const { return row_[lane & step_]; }

 private:
  std::uint64_t value_ = 0;
  const std::uint64_t* row_ = &value_;
  unsigned step_ = 0;  // ~0 for a register row, 0 for a uniform value
};

// The destination register's row and the mask its declared width puts on every write (what
// Executor::set applies).
struct LaneDest {
  std::uint64_t* row;
  std::uint64_t mask;
};
inline bool bind_dest(Warp& w, const Operand& o, LaneDest& d) {
  if (o.kind != OperandKind::Reg) return false;
  d.row = w.reg_row(o.reg);
  d.mask = width_mask(o.bits);
  return true;
}

}  // namespace wf::ptx
