// Builds the policy of one kind that a run names, as the alternative of its kind's closed
// std::variant.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <variant>

#include "sim_model/sm/policies/policy_info.h"
#include "sim_model/sm/timing_config.h"

namespace wf::sm::policies {

// Throws UsageError (find_policy) when `name` is not a policy of `List`.
template <class List>
typename List::template apply<std::variant> make_policy(PolicyKind kind, const std::string& name,
                                                        const TimingConfig& c) {
  using Variant = typename List::template apply<std::variant>;
  std::optional<Variant> made;
  List::for_each([&]<class P>() {
    if (!made && name == P::kName) made.emplace(std::in_place_type<P>, c);
  });
  if (!made) find_policy(kind, name);  // throws, naming the registered ones
  return std::move(*made);
}

}  // namespace wf::sm::policies
