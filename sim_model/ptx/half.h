// IEEE binary16 for the .f16/.f16x2 instructions: exact widening, and narrowing with every PTX
// rounding mode implemented on the bits (not through the host FPU, which has no f16 format).
#pragma once

#include <cstdint>

#include "sim_model/ptx/instr.h"
#include "sim_model/ptx/types.h"

namespace wf::ptx::half {

constexpr std::uint16_t kCanonicalNaN = 0x7fff;

double to_double(std::uint16_t h);
bool is_nan(std::uint16_t h);

// Rounds x to binary16. `residual` is the sign (-1, 0, +1) of an exact remainder that x itself
// could not hold (x + tiny), so that a value computed exactly as x + r rounds once, correctly.
std::uint16_t from_double(double x, Rounding r, int residual = 0);

// One lane of an f16 arithmetic instruction (add, sub, mul, fma, min, max, neg, abs, ex2) with
// its .ftz/.sat/.relu/.NaN modifiers.
std::uint16_t arith(const Instr& in, std::uint16_t a, std::uint16_t b, std::uint16_t c);

// add.rn without .ftz on f16 or f16x2 bits (atom.add.noftz).
std::uint64_t add_rn(Type t, std::uint64_t a, std::uint64_t b);

// f16 and f16x2 (per half, low half first) arithmetic on the register bits.
std::uint64_t exec(const Instr& in, std::uint64_t a, std::uint64_t b, std::uint64_t c);

}  // namespace wf::ptx::half
