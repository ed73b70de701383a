// Finds a kernel or module variable of PTX by the name a person writes. nvcc mangles C++ names
// (`_Z3addPfPKfi`), so besides the PTX name itself a query may be the demangled signature
// (`add(float*, float const*, int)`) or the bare function name (`add`, `ns::scale`) when only
// one symbol has it. Used by the runtime and by anything else that resolves names in PTX.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace wf::gpu {

// The Itanium-ABI demangling of `ptx_name`, or `ptx_name` itself when it is not mangled
// (extern "C" names, PTX written by hand).
std::string demangle(const std::string& ptx_name);

class NameLookup {
 public:
  // `what` names the kind of symbol in messages: "kernel", "device symbol".
  NameLookup(std::vector<std::string> ptx_names, std::string what);

  // The PTX name `query` denotes. Throws UsageError when none does ("unknown kernel 'x'; the
  // module's kernels are: ...") or a bare name fits several ("... is ambiguous: ...").
  const std::string& find(std::string_view query) const;
  // Like find, but nullptr instead of the unknown-name error (ambiguity still throws).
  const std::string* find_if_known(std::string_view query) const;

  // Every symbol as people read it: "add(float*, float const*, int), vecadd".
  std::string listing() const;

 private:
  struct Entry {
    std::string ptx_name;
    std::string demangled;
    std::vector<std::string> bare;  // names without the parameter list, see name_lookup.cpp
  };
  std::vector<Entry> entries_;
  std::string what_;
};

}  // namespace wf::gpu
