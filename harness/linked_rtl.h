// Verilated models linked into warpforge itself: the checked-in rtl/ of the presets, verilated
// when the build is configured. Each registers under its module name together with the Verilog
// it was built from, so a stale build (generator changed, rtl/ not regenerated) is noticed.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>

#include "harness/rtl_dut.h"

namespace wf::harness {

template <class Block>
struct LinkedRtl {
  struct Entry {
    std::string verilog;
    std::function<std::unique_ptr<RtlDut<Block>>(const typename Block::Params&)> make;
  };
  static std::map<std::string, Entry>& entries() {
    static std::map<std::string, Entry> map;
    return map;
  }
};

}  // namespace wf::harness
