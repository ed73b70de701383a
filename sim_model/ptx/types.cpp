#include "sim_model/ptx/types.h"

namespace wf::ptx {

std::string_view type_name(Type t) {
  switch (t) {
    case Type::None:
      return "none";
    case Type::B8:
      return ".b8";
    case Type::B16:
      return ".b16";
    case Type::B32:
      return ".b32";
    case Type::B64:
      return ".b64";
    case Type::U8:
      return ".u8";
    case Type::U16:
      return ".u16";
    case Type::U32:
      return ".u32";
    case Type::U64:
      return ".u64";
    case Type::S8:
      return ".s8";
    case Type::S16:
      return ".s16";
    case Type::S32:
      return ".s32";
    case Type::S64:
      return ".s64";
    case Type::F16:
      return ".f16";
    case Type::F16x2:
      return ".f16x2";
    case Type::F32:
      return ".f32";
    case Type::F64:
      return ".f64";
    case Type::Pred:
      return ".pred";
  }
  return "?";
}

std::string_view space_name(Space s) {
  switch (s) {
    case Space::Generic:
      return "generic";
    case Space::Global:
      return "global";
    case Space::Shared:
      return "shared";
    case Space::Local:
      return "local";
    case Space::Const:
      return "const";
    case Space::Param:
      return "param";
    case Space::FuncParam:
      return "param";
  }
  return "?";
}

}  // namespace wf::ptx
