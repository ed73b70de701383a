// Each value a command line sets, by key, so that two settings of one value that disagree
// (`--cta-limit 2 --param cta_limit=5`, or one --param twice) are refused rather than the last
// one silently winning. Shared by the machine options (sim, exec) and the block options (gen,
// equiv, prove, area, params, flow).
#pragma once

#include <map>
#include <string>

namespace wf::cli {

class GivenSettings {
 public:
  // `key` identifies the value ("sm.cta_limit", "max_cycles"), `name` shows it ("[sm]
  // cta_limit"), `text` is the option as given ("--cta-limit 2"). Throws UsageError when `key`
  // was given before with another value (as a number: 5 and 05 agree).
  void add(const std::string& key, const std::string& name, const std::string& text,
           const std::string& value);

 private:
  struct Given {
    std::string text, value;
  };
  std::map<std::string, Given> given_;
};

}  // namespace wf::cli
