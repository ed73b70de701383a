#include "sim_model/gpu/name_lookup.h"

#include <cxxabi.h>

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <tuple>

#include <fmt/format.h>

#include "sim_model/common/error.h"

namespace wf::gpu {
namespace {

// Spaces dropped, so that `add(float*,float const*,int)` matches what the demangler prints.
std::string without_spaces(std::string_view s) {
  std::string out;
  for (char c : s)
    if (c != ' ') out += c;
  return out;
}

// Index of the '(' opening the last top-level parenthesised group, or npos.
std::size_t parameter_list_start(const std::string& s) {
  if (s.empty() || s.back() != ')') return std::string::npos;
  int depth = 0;
  for (std::size_t i = s.size(); i-- > 0;) {
    if (s[i] == ')') ++depth;
    if (s[i] == '(' && --depth == 0) return i;
  }
  return std::string::npos;
}

// `s` without template argument lists: "ns::scale<float>" -> "ns::scale".
std::string without_templates(std::string_view s) {
  std::string out;
  int depth = 0;
  for (char c : s) {
    if (c == '<') ++depth;
    if (depth == 0) out += c;
    if (c == '>' && depth > 0) --depth;
  }
  return out;
}

// The last top-level position of `sep` in `s` (outside <> and ()), or npos.
std::size_t last_top_level(const std::string& s, std::string_view sep) {
  int depth = 0;
  std::size_t found = std::string::npos;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '<' || s[i] == '(') ++depth;
    if (s[i] == '>' || s[i] == ')') --depth;
    if (depth == 0 && s.compare(i, sep.size(), sep) == 0) found = i;
  }
  return found;
}

// The names a demangled symbol answers to besides its full text: the qualified name without
// the parameter list (and without a template function's return type), the name without its
// namespaces, and both without template arguments: for "void ns::scale<float>(float*, float)"
// that is ns::scale<float>, scale<float>, ns::scale, scale.
std::vector<std::string> bare_names(const std::string& demangled) {
  std::string qualified = demangled.substr(0, parameter_list_start(demangled));
  if (const auto space = last_top_level(qualified, " "); space != std::string::npos)
    qualified = qualified.substr(space + 1);
  std::vector<std::string> out{qualified};
  if (const auto colons = last_top_level(qualified, "::"); colons != std::string::npos)
    out.push_back(qualified.substr(colons + 2));
  for (std::size_t i = 0, n = out.size(); i < n; ++i) out.push_back(without_templates(out[i]));
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace

std::string demangle(const std::string& ptx_name) {
  if (ptx_name.rfind("_Z", 0) != 0) return ptx_name;
  int status = 0;
  std::unique_ptr<char, decltype(&std::free)> text(
      abi::__cxa_demangle(ptx_name.c_str(), nullptr, nullptr, &status), &std::free);
  return status == 0 && text ? std::string(text.get()) : ptx_name;
}

NameLookup::NameLookup(std::vector<std::string> ptx_names, std::string what)
    : what_(std::move(what)) {
  for (auto& name : ptx_names) {
    Entry e;
    e.demangled = demangle(name);
    e.bare = bare_names(e.demangled);
    e.ptx_name = std::move(name);
    entries_.push_back(std::move(e));
  }
  // In the order people scan a listing.
  std::sort(entries_.begin(), entries_.end(), [](const Entry& a, const Entry& b) {
    return std::tie(a.demangled, a.ptx_name) < std::tie(b.demangled, b.ptx_name);
  });
}

const std::string* NameLookup::find_if_known(std::string_view query) const {
  for (const auto& e : entries_)
    if (e.ptx_name == query) return &e.ptx_name;
  const std::string compact = without_spaces(query);
  for (const auto& e : entries_)
    if (without_spaces(e.demangled) == compact) return &e.ptx_name;
  std::vector<const Entry*> hits;
  for (const auto& e : entries_)
    if (std::find(e.bare.begin(), e.bare.end(), query) != e.bare.end()) hits.push_back(&e);
  if (hits.empty()) return nullptr;
  if (hits.size() == 1) return &hits[0]->ptx_name;
  std::string candidates;
  for (const Entry* e : hits) candidates += (candidates.empty() ? "" : ", ") + e->demangled;
  throw UsageError(
      fmt::format("{} '{}' is ambiguous: {}; write the full signature", what_, query, candidates));
}

const std::string& NameLookup::find(std::string_view query) const {
  if (const std::string* name = find_if_known(query)) return *name;
  throw UsageError(
      fmt::format("unknown {} '{}'; the module's {}s are: {}", what_, query, what_, listing()));
}

std::string NameLookup::listing() const {
  if (entries_.empty()) return "(none)";
  std::string out;
  for (const auto& e : entries_) out += (out.empty() ? "" : ", ") + e.demangled;
  return out;
}

}  // namespace wf::gpu
