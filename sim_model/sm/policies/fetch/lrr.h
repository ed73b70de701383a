// Fetch policy `lrr` (the baseline): round robin after the warp fetched last, among the warps
// whose I-buffer is empty. It is the CFF fetch arbiter in its lrr mode whatever the issue
// policy, so it is `cff` with the mode fixed.
#pragma once

#include "sim_model/sm/policies/fetch/cff.h"

namespace wf::sm::policies {

class LrrFetch : public CffFetch {
 public:
  static constexpr const char* kName = "lrr";
  static constexpr const char* kHelp =
      "round robin after the warp fetched last, among empty I-buffers (the baseline)";
  static constexpr bool kDefault = true;

  static std::string pairing_error(const PolicyInfo&) { return {}; }

  explicit LrrFetch(const TimingConfig& c) : CffFetch(c, "lrr") {}
};

WF_REGISTER_POLICY(LrrFetch)

}  // namespace wf::sm::policies
