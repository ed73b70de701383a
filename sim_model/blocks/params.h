// Describes a block's Params struct field by field, so that the command line (`--param k=v`),
// the preset loader, the RTL header comment and the module signature all come from one table.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace wf::blocks {

struct ParamDesc {
  std::string name;   // as on the command line: num_warps
  std::string tag;    // short form used in the module signature: w
  std::string help;   // one line
  std::string range;  // what is accepted, for error messages: "1..64" or "lrr|gto"
  std::function<std::string(const void*)> get;
  // Returns an empty string on success, else what was expected.
  std::function<std::string(void*, const std::string&)> set;
  // Whether the parameter means anything for this configuration (empty: always). One that does
  // not is left out of the signature, the RTL header and the parameter list, so that adding a
  // parameter for a new mode does not rename the modules of the existing ones.
  std::function<bool(const void*)> applies;
};

// `d`, meaningful only for the configurations `pred` accepts.
template <class P>
ParamDesc only_when(ParamDesc d, bool (*pred)(const P&)) {
  d.applies = [pred](const void* p) { return pred(*static_cast<const P*>(p)); };
  return d;
}

template <class P>
bool param_applies(const ParamDesc& d, const P& p) {
  return !d.applies || d.applies(&p);
}

template <class P>
ParamDesc uint_param(std::string name, std::string tag, std::string help, unsigned P::*member,
                     unsigned min, unsigned max) {
  ParamDesc d;
  d.name = std::move(name);
  d.tag = std::move(tag);
  d.help = std::move(help);
  d.range = std::to_string(min) + ".." + std::to_string(max);
  d.get = [member](const void* p) { return std::to_string(static_cast<const P*>(p)->*member); };
  d.set = [member, min, max, range = d.range](void* p, const std::string& text) -> std::string {
    if (text.empty() || text.size() > 9 ||
        text.find_first_not_of("0123456789") != std::string::npos)
      return "an integer in " + range;
    const unsigned long v = std::stoul(text);
    if (v < min || v > max) return "an integer in " + range;
    static_cast<P*>(p)->*member = static_cast<unsigned>(v);
    return {};
  };
  return d;
}

template <class P, class E>
ParamDesc enum_param(std::string name, std::string tag, std::string help, E P::*member,
                     std::vector<std::pair<std::string, E>> choices) {
  ParamDesc d;
  d.name = std::move(name);
  d.tag = std::move(tag);
  d.help = std::move(help);
  for (const auto& [text, value] : choices) d.range += (d.range.empty() ? "" : "|") + text;
  d.get = [member, choices](const void* p) {
    for (const auto& [text, value] : choices)
      if (static_cast<const P*>(p)->*member == value) return text;
    return std::string("?");
  };
  d.set = [member, choices, range = d.range](void* p, const std::string& text) -> std::string {
    for (const auto& [t, value] : choices) {
      if (t == text) {
        static_cast<P*>(p)->*member = value;
        return {};
      }
    }
    return "one of " + range;
  };
  return d;
}

// key=value pairs in table order, the parameters that apply to `p`.
using ParamList = std::vector<std::pair<std::string, std::string>>;

template <class P>
ParamList param_list(const P& p) {
  ParamList out;
  for (const auto& d : P::describe())
    if (param_applies(d, p)) out.emplace_back(d.name, d.get(&p));
  return out;
}

// The signature that makes module names unique per parameter set: w24_c8_m48_gto.
template <class P>
std::string param_signature(const P& p) {
  std::string sig;
  for (const auto& d : P::describe()) {
    if (!param_applies(d, p)) continue;
    if (!sig.empty()) sig += '_';
    sig += d.tag + d.get(&p);
  }
  return sig;
}

// Returns an empty string on success, else the one-line error (names key and expectation).
template <class P>
std::string set_param(P& p, const std::string& block, const std::string& key,
                      const std::string& value) {
  for (const auto& d : P::describe()) {
    if (d.name != key) continue;
    std::string expected = d.set(&p, value);
    if (expected.empty()) return {};
    return "parameter " + key + "=" + value + " of " + block + ": expected " + expected;
  }
  std::string known;
  for (const auto& d : P::describe()) known += (known.empty() ? "" : ", ") + d.name;
  return "unknown parameter '" + key + "' for " + block + " (known: " + known + ")";
}

// Smallest w with 2^w >= n, at least 1: the width of an index into n things.
constexpr unsigned clog2(unsigned n) {
  unsigned w = 1;
  while ((1u << w) < n) ++w;
  return w;
}

// Width of a counter that must hold 0..max.
constexpr unsigned count_width(unsigned max) {
  return clog2(max + 1);
}

}  // namespace wf::blocks
