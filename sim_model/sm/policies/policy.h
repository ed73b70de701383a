// What every scheduling policy of the cycle model declares, whatever its kind (issue, fetch,
// CTA dispatch), and how it registers. A policy is one header under
// sim_model/sm/policies/<kind>/ holding a class with:
//   kName     the name `warpforge sim --<kind>` and the presets' [policy] table spell;
//   kHelp     one line for `warpforge sim --help` and `--list-policies`;
//   kDefault  true for the one policy of its kind a preset gets when it names none;
//   Blocks    std::tuple of the golden block models it calls (empty for none);
// plus the members its kind asks for (issue_policy.h, fetch_policy.h, dispatch_policy.h).
// The header ends with WF_REGISTER_POLICY(ClassName) inside namespace wf::sm::policies: the
// build reads those lines and generates the closed list of each kind
// (<build>/generated/sim_model/sm/policies/<kind>_policies.h), from which the stages build their
// std::variant and the registry its names, so nothing else names a policy.
#pragma once

#include <concepts>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "sim_model/sm/block_slot.h"

namespace wf::sm::policies {

template <class... Ts>
struct TypeList {
  template <template <class...> class T>
  using apply = T<Ts...>;
  // Calls f.template operator()<T>() for every type, in order.
  template <class F>
  static void for_each(F&& f) {
    (f.template operator()<Ts>(), ...);
  }
};

template <class P>
concept NamedPolicy = requires {
  { P::kName } -> std::convertible_to<const char*>;
  { P::kHelp } -> std::convertible_to<const char*>;
  { P::kDefault } -> std::convertible_to<bool>;
  typename P::Blocks;
};

template <class Tuple, std::size_t... I>
std::vector<std::string> names_of(std::index_sequence<I...>) {
  return {std::tuple_element_t<I, Tuple>::kName...};
}

// The names of the blocks policy P calls, in its Blocks order.
template <class P>
std::vector<std::string> block_names() {
  using B = typename P::Blocks;
  return names_of<B>(std::make_index_sequence<std::tuple_size_v<B>>{});
}

// The common shape of a policy: it calls one block, held in `block_`; the policy adds its name,
// help, constructor (the block's configuration for the machine) and the call that fills the
// block's In from the SM's state.
template <class Block>
class OneBlockPolicy {
 public:
  using Blocks = std::tuple<Block>;

  void reset() { block_.reset(); }
  template <class F>
  void for_each_block(F&& f) {
    f(block_);
  }

 protected:
  explicit OneBlockPolicy(const typename Block::Params& p) : block_(p) {}

  BlockSlot<Block> block_;
};

// The number a granting block's output stands for: its warp, or -1 without a grant.
template <class Out>
int granted(const Out& out) {
  return out.grant_valid ? static_cast<int>(out.grant_warp) : -1;
}

}  // namespace wf::sm::policies

// The registration line at the end of a policy's header. It checks the common part here; the
// generated list checks the kind's members.
#define WF_REGISTER_POLICY(TYPE)                                         \
  static_assert(::wf::sm::policies::NamedPolicy<TYPE>, #TYPE             \
                ": a policy declares kName, kHelp, kDefault and Blocks " \
                "(sim_model/sm/policies/policy.h)");
