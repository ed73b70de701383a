// The decoded instruction: PTX text is parsed once into these compact records so that execution
// never looks at strings or maps.
#pragma once

#include <array>
#include <cstdint>

#include "sim_model/ptx/types.h"

namespace wf::ptx {

enum class Op : std::uint8_t {
  // integer
  Add,
  Sub,
  Mul,
  Mad,
  Mul24,
  Mad24,
  Sad,
  Div,
  Rem,
  Abs,
  Neg,
  Min,
  Max,
  Popc,
  Clz,
  Brev,
  Bfe,
  Bfi,
  Prmt,
  Shl,
  Shr,
  And,
  Or,
  Xor,
  Not,
  Cnot,
  Addc,
  Subc,
  Madc,
  Bfind,
  Fns,
  Shf,
  Lop3,
  Bmsk,   // kClamp: .clamp, else .wrap
  Video,  // SIMD video vadd2/vsub4/vabsdiff4/...: sub = VideoOp, vec = lanes (2 or 4)
  // float only
  Fma,
  Rcp,
  Sqrt,
  Rsqrt,
  Ex2,
  Lg2,
  Sin,
  Cos,
  Tanh,
  Testp,
  Copysign,
  // compare / select / convert / move
  Setp,
  Selp,
  Set,
  Cvt,
  Mov,
  // memory
  Ld,
  St,
  Cvta,
  Atom,
  Red,
  Prefetch,
  Isspacep,
  // textures and surfaces (texture_instr.h)
  Tex,
  Tld4,
  Suld,
  Sust,
  // synchronisation and warp-wide
  Bar,
  Membar,
  Nanosleep,
  Vote,
  Shfl,
  Activemask,
  Match,
  WarpSync,
  // control
  Bra,
  Call,
  Ret,
  Exit,
  Trap,
  Count
};

// What kind of unit an instruction needs; the timing model maps these to pipelines.
enum class OpClass : std::uint8_t {
  IntAlu,
  FloatAlu,
  DoubleAlu,
  Sfu,
  Memory,
  Atomic,
  Barrier,
  Control,
  WarpOp,
  Nop  // stays last: kNumOpClasses counts the classes up to it (the SM's timing table)
};
inline constexpr unsigned kNumOpClasses = static_cast<unsigned>(OpClass::Nop) + 1;

constexpr std::uint16_t kNoReg = 0xffff;
// Instr::sub of a Call through a function pointer (ops[0] is the register holding it).
constexpr std::uint8_t kIndirectCall = 1;

enum class OperandKind : std::uint8_t { None, Reg, Imm, Special, Symbol, Vec, Mem, Sink };

// Symbol addresses that depend on the thread's frame (locals, call parameters) are resolved at
// run time by adding the frame base of that space to `imm`.
struct Operand {
  OperandKind kind = OperandKind::None;
  bool negate = false;           // "!%p" as a predicate source
  Space space = Space::Generic;  // for Symbol and Mem-with-symbol: the symbol's space
  std::uint8_t count = 0;        // Vec: number of elements; Special: component 0..2
  Special special = Special::Tid;
  std::uint16_t reg = kNoReg;  // Reg, or Mem base register
  std::array<std::uint16_t, 4> vec{kNoReg, kNoReg, kNoReg, kNoReg};
  std::int64_t imm = 0;        // Imm value (raw bits); Mem offset incl. symbol address
  bool has_symbol = false;     // Mem: the address includes a symbol (space above)
  bool float_literal = false;  // Imm written in decimal float notation (imm = double bits)
  std::uint8_t bits = 64;      // Reg: declared width of the register
};

// Bit flags of Instr::flags.
enum InstrFlag : std::uint32_t {
  kFtz = 1u << 0,
  kSat = 1u << 1,
  kApprox = 1u << 2,
  kFull = 1u << 3,
  kCarryOut = 1u << 4,
  kUni = 1u << 5,
  kVolatile = 1u << 6,
  kNc = 1u << 7,
  kSync = 1u << 8,
  kToSpace = 1u << 9,
  kClamp = 1u << 10,
  kShiftWrap = 1u << 11,
  kAligned = 1u << 12,
  kNaN = 1u << 13,
  kPredOut = 1u << 14,
  kAbs = 1u << 15,
  kXorSign = 1u << 16,
  kAll = 1u << 17,
  kRelu = 1u << 18,
};

struct Instr {
  Op op = Op::Mov;
  OpClass cls = OpClass::IntAlu;
  Type type = Type::None;   // the instruction type (cvt/set: destination type)
  Type type2 = Type::None;  // cvt/set/setp-source type; bfe etc. unused
  Space space = Space::Generic;
  Rounding rnd = Rounding::None;
  std::uint8_t vec = 1;  // .v2/.v4
  std::uint8_t sub = 0;  // CmpOp/AtomOp/ShflMode/VoteMode/TestpOp/MulMode/BarMode/PrmtMode
  BoolOp bool_op = BoolOp::None;
  std::uint8_t nops = 0;
  std::uint32_t flags = 0;
  std::uint16_t guard = kNoReg;  // predicate register guarding the instruction
  std::uint16_t dest2 = kNoReg;  // second destination of "d|p" forms (setp, shfl, match)
  bool guard_negated = false;
  std::array<Operand, 5> ops{};
  std::uint32_t target = 0;      // Bra: target pc; Call: callee function index
  std::uint32_t reconverge = 0;  // Bra: pc of the immediate post-dominator (kNoPc = exit)
  std::uint32_t call_info = 0;   // Call: index into Function::calls
  std::uint32_t line = 0;        // source line (for error messages)
  // Registers read and written, computed once at decode time for the timing model's scoreboard.
  std::array<std::uint16_t, 12> reads{};
  std::array<std::uint16_t, 4> writes{};
  std::uint8_t nreads = 0, nwrites = 0;

  bool has(InstrFlag f) const { return (flags & f) != 0; }
};

constexpr std::uint32_t kNoPc = 0xffffffffu;

}  // namespace wf::ptx
