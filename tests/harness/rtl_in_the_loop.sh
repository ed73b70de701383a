#!/usr/bin/env bash
# RTL in the loop (sim --rtl): with the blocks of every SM running as their Verilated RTL, a run
# ends in the same cycle with byte-identical statistics as the golden-model run. The policy
# pairs come from the registry (policy_pairs.sh); each run puts every block its pair uses in
# the loop. Every registered block must be among them, and each run must report the Verilated
# instances it made (one per SM and role), so the RTL did answer.
set -euo pipefail
wf="$1" preset="$2"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# shellcheck source=tests/harness/policy_pairs.sh
source "$(dirname "${BASH_SOURCE[0]}")/policy_pairs.sh"
policy_pairs "$wf" >"$tmp/pairs"
[ -s "$tmp/pairs" ]

covered=""
# On two SMs the CTAs share an SM, so the CTA-ordering blocks have CTAs and barriers to order.
for workload in "matmul --size 64" "bptree --size 32"; do
  while read -r issue fetch <&3; do
    args=(sim --workload $workload --param gpu.num_sms=2 --issue "$issue" --fetch "$fetch")
    "$wf" "${args[@]}" --stats "$tmp/model.json" >/dev/null
    blocks=$(policy_blocks "$wf" "$issue" "$fetch")
    name="${workload%% *}-$issue-$fetch"
    "$wf" "${args[@]}" --rtl "$blocks" --stats "$tmp/rtl.json" | tee "$tmp/out"
    if ! cmp "$tmp/model.json" "$tmp/rtl.json"; then
      echo "$name: the statistics with $blocks as RTL differ from the golden model's" >&2
      diff "$tmp/model.json" "$tmp/rtl.json" | head -20 >&2
      exit 1
    fi
    IFS=, read -ra list <<<"$blocks"
    for b in "${list[@]}"; do
      # Per SM: two issue arbiters (two schedulers), one fetch arbiter, one table; a block in
      # two roles (the two-level arbiter) runs in two configurations.
      if ! grep -qE "Verilated RTL in the loop: .*${b}_[a-z0-9_]+ x(2|4)\b" "$tmp/out"; then
        echo "$name: no Verilated $b instance per SM reported" >&2; exit 1
      fi
      covered+=" $b"
    done
  done 3<"$tmp/pairs"
done
# Large warps (LWM): the blocks an SM holds only then, on lwm-core with 256-thread large warps.
large=$("$wf" sim --list-policies |
        sed -n 's/^every SM with large warps .* also holds: \[\([^]]*\)\].*/\1/p')
[ -n "$large" ]
lwm=(sim --preset lwm-core --workload viterbi --size 64 --param large_warp_size=256
     --param max_warps=4 --param max_warps_per_cta=4 --param max_ctas=4)
"$wf" "${lwm[@]}" --stats "$tmp/lwm.model.json" >/dev/null
"$wf" "${lwm[@]}" --rtl "$large" --stats "$tmp/lwm.rtl.json" | tee "$tmp/out"
if ! cmp "$tmp/lwm.model.json" "$tmp/lwm.rtl.json"; then
  echo "lwm-core large warps: the statistics with $large as RTL differ from the golden model's" >&2
  diff "$tmp/lwm.model.json" "$tmp/lwm.rtl.json" | head -20 >&2
  exit 1
fi
IFS=, read -ra list <<<"$large"
for b in "${list[@]}"; do
  # One scheduler: one instance per SM.
  if ! grep -qE "Verilated RTL in the loop: .*${b}_[a-z0-9_]+ x1\b" "$tmp/out"; then
    echo "lwm-core large warps: no Verilated $b instance reported" >&2; exit 1
  fi
  covered+=" $b"
done
for b in $("$wf" params --list | cut -d' ' -f1); do
  if ! grep -qw "$b" <<<"$covered"; then
    echo "block $b: no registered policy uses it, so no run put it in the loop" >&2; exit 1
  fi
done
# A configuration that is not linked in (six CTA slots): verilated into the cache as a shared
# object and loaded.
sed -e 's/^max_ctas = 8/max_ctas = 6/' -e 's/^name = .*/name = "six-slots"/' "$preset" \
  >"$tmp/six.toml"
args=(sim --preset "$tmp/six.toml" --workload matmul --size 64 --param gpu.num_sms=2
      --issue mwf-gto --fetch cff)
"$wf" "${args[@]}" --stats "$tmp/six.model.json" >/dev/null
"$wf" "${args[@]}" --rtl mwf_arbiter --stats "$tmp/six.rtl.json" | tee "$tmp/out"
grep -q "Verilated RTL in the loop: mwf_arbiter_w24_c6_m48_gto x4" "$tmp/out"
cmp "$tmp/six.model.json" "$tmp/six.rtl.json"
echo "every block as RTL in the loop gives the golden model's statistics"
