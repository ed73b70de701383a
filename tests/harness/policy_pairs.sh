# Sourced by the end-to-end tests that run one simulation per policy pair. Defines
#   policy_pairs WARPFORGE    prints "ISSUE FETCH" lines from the policy registry
#                             (`warpforge sim --list-policies`): every issue policy with the cff
#                             fetch policy (so the CFF arbiter runs in each issue policy's mode),
#                             or with the default fetch policy where cff does not pair with it,
#                             then every fetch policy with the default issue policy; each pair once.
#   policy_blocks WARPFORGE ISSUE FETCH
#                             prints the blocks an SM of that pair calls, comma separated.
policy_list() {
  "$1" sim --list-policies | awk '
    /^issue policies/ { kind = "issue" } /^fetch policies/ { kind = "fetch" }
    /^CTA dispatch policies/ { kind = "dispatch" }
    /^every SM also holds:/ { b = $5; gsub(/[][]/, "", b); print "core - " b " 0" }
    /^  / { b = $2; gsub(/[][]/, "", b); print kind, $1, b, /\(default\)$/ ? 1 : 0 }'
}

policy_pairs() {
  local wf="$1" list issue fetch default_issue default_fetch
  list=$(policy_list "$wf")
  default_issue=$(awk '$1 == "issue" && $4 == 1 { print $2 }' <<<"$list")
  default_fetch=$(awk '$1 == "fetch" && $4 == 1 { print $2 }' <<<"$list")
  {
    for issue in $(awk '$1 == "issue" { print $2 }' <<<"$list"); do
      fetch="$default_fetch"
      if awk '$1 == "fetch" && $2 == "cff"' <<<"$list" | grep -q . &&
         "$wf" sim --workload vecadd --size 64 --issue "$issue" --fetch cff >/dev/null 2>&1; then
        fetch=cff
      fi
      echo "$issue $fetch"
    done
    for fetch in $(awk '$1 == "fetch" { print $2 }' <<<"$list"); do
      echo "$default_issue $fetch"
    done
  } | awk '!seen[$0]++'
}

policy_blocks() {
  local wf="$1" issue="$2" fetch="$3"
  policy_list "$wf" | awk -v i="$issue" -v f="$fetch" '
    ($1 == "issue" && $2 == i) || ($1 == "fetch" && $2 == f) || $1 == "core" {
      n = split($3, b, ","); for (k = 1; k <= n; ++k) if (!seen[b[k]]++) out = out (out ? "," : "") b[k]
    }
    END { print out }'
}
