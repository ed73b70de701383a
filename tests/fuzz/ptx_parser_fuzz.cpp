// libFuzzer target for the PTX front end: any input must either parse or be rejected with a
// UsageError; crashes, leaks, hangs and sanitizer reports are bugs.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "sim_model/common/error.h"
#include "sim_model/ptx/parser.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    wf::ptx::Module m = wf::ptx::parse_module(text, "fuzz.ptx");
    (void)m;
  } catch (const wf::UsageError&) {
    // rejected with a message: fine
  }
  return 0;
}
