// Scalar types, state spaces and the small enums that qualify PTX instructions.
#pragma once

#include <cstdint>
#include <string_view>

namespace wf::ptx {

enum class Type : std::uint8_t {
  None,
  B8,
  B16,
  B32,
  B64,
  U8,
  U16,
  U32,
  U64,
  S8,
  S16,
  S32,
  S64,
  F16,
  F16x2,  // two f16 in one 32-bit register, low half first
  F32,
  F64,
  Pred
};

constexpr unsigned type_bits(Type t) {
  switch (t) {
    case Type::B8:
    case Type::U8:
    case Type::S8:
      return 8;
    case Type::B16:
    case Type::U16:
    case Type::S16:
    case Type::F16:
      return 16;
    case Type::B32:
    case Type::U32:
    case Type::S32:
    case Type::F16x2:
    case Type::F32:
      return 32;
    case Type::B64:
    case Type::U64:
    case Type::S64:
    case Type::F64:
      return 64;
    case Type::Pred:
      return 1;
    case Type::None:
      return 0;
  }
  return 0;
}
constexpr unsigned type_bytes(Type t) {
  return t == Type::Pred ? 1 : type_bits(t) / 8;
}
constexpr bool is_signed(Type t) {
  return t == Type::S8 || t == Type::S16 || t == Type::S32 || t == Type::S64;
}
constexpr bool is_float(Type t) {
  return t == Type::F16 || t == Type::F16x2 || t == Type::F32 || t == Type::F64;
}

// Generic means "no space given": the address is decoded through the windows in address_map.h.
// FuncParam is our name for the per-thread .param frame of a .func or a call sequence; Param is
// the read-only kernel parameter buffer of a launch.
enum class Space : std::uint8_t { Generic, Global, Shared, Local, Const, Param, FuncParam };

enum class Rounding : std::uint8_t { None, RN, RZ, RM, RP, RNI, RZI, RMI, RPI };

enum class CmpOp : std::uint8_t {
  Eq,
  Ne,
  Lt,
  Le,
  Gt,
  Ge,
  Lo,
  Ls,
  Hi,
  Hs,
  Equ,
  Neu,
  Ltu,
  Leu,
  Gtu,
  Geu,
  Num,
  Nan
};
enum class BoolOp : std::uint8_t { None, And, Or, Xor };
enum class AtomOp : std::uint8_t { Add, Inc, Dec, Exch, Cas, Min, Max, And, Or, Xor, CmpWait };
enum class ShflMode : std::uint8_t { Up, Down, Bfly, Idx };
enum class VoteMode : std::uint8_t { All, Any, Uni, Ballot };
enum class TestpOp : std::uint8_t { Finite, Infinite, Number, NotANumber, Normal, Subnormal };
enum class MulMode : std::uint8_t { Lo, Hi, Wide };
enum class BarMode : std::uint8_t { Sync, Arrive, RedPopc, RedAnd, RedOr };
enum class VideoOp : std::uint8_t { Add, Sub, Avrg, Absdiff, Min, Max };
enum class PrmtMode : std::uint8_t { Default, F4e, B4e, Rc8, Ecl, Ecr, Rc16 };

enum class Special : std::uint8_t {
  Tid,
  Ntid,
  Ctaid,
  Nctaid,
  LaneId,
  WarpId,
  NWarpId,
  SmId,
  NSmId,
  GridId,
  Clock,
  Clock64,
  LanemaskEq,
  LanemaskLe,
  LanemaskLt,
  LanemaskGe,
  LanemaskGt,
  GlobalTimer,
  DynamicSmemSize,
  TotalSmemSize,
  WarpSize,  // WARP_SZ
  EnvReg     // %envreg<count>: driver-defined (env_registers.h)
};

std::string_view type_name(Type t);
std::string_view space_name(Space s);

}  // namespace wf::ptx
