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

# One simulation (NAME, the sim arguments in array ARGS) as the golden model and with BLOCKS
# (comma separated) as RTL: the same statistics, and each block reported as Verilated with an
# instance count matching COUNTS (a regex) per SM.
rtl_run() {
  local name="$1" blocks="$2" counts="$3" b
  "$wf" "${args[@]}" --stats "$tmp/model.json" >/dev/null
  "$wf" "${args[@]}" --rtl "$blocks" --stats "$tmp/rtl.json" | tee "$tmp/out"
  if ! cmp "$tmp/model.json" "$tmp/rtl.json"; then
    echo "$name: the statistics with $blocks as RTL differ from the golden model's" >&2
    diff "$tmp/model.json" "$tmp/rtl.json" | head -20 >&2
    exit 1
  fi
  IFS=, read -ra list <<<"$blocks"
  for b in "${list[@]}"; do
    if ! grep -qE "Verilated RTL in the loop: .*${b}_[a-z0-9_]+ x($counts)\b" "$tmp/out"; then
      echo "$name: no Verilated $b instance per SM reported" >&2; exit 1
    fi
    covered+=" $b"
  done
}

covered=""
# On two SMs the CTAs share an SM, so the CTA-ordering blocks have CTAs and barriers to order.
# Per SM: two issue arbiters (two schedulers), one fetch arbiter, one table; a block in two roles
# (the two-level arbiter) runs in two configurations.
for workload in "matmul --size 64" "bptree --size 32"; do
  while read -r issue fetch <&3; do
    args=(sim --workload $workload --param gpu.num_sms=2 --issue "$issue" --fetch "$fetch")
    rtl_run "${workload%% *}-$issue-$fetch" "$(policy_blocks "$wf" "$issue" "$fetch")" "2|4"
  done 3<"$tmp/pairs"
done
# CTA dispatch policies with blocks of their own (one per SM: DYNCTA's controllers; one for the
# GPU: BLOCKLAT's SM throttle), on the baseline issue and fetch policies.
while read -r dispatch blocks <&3; do
  args=(sim --workload matmul --size 64 --param gpu.num_sms=2 --dispatch "$dispatch")
  rtl_run "matmul-dispatch-$dispatch" "$blocks" "1|2"
done 3< <(policy_list "$wf" | awk '$1 == "dispatch" && NF == 4 { print $2, $3 }')
# Large warps (LWM): the blocks an SM holds only then, on lwm-core with 256-thread large warps
# and its one scheduler.
large=$("$wf" sim --list-policies |
        sed -n 's/^every SM with large warps .* also holds: \[\([^]]*\)\].*/\1/p')
[ -n "$large" ]
args=(sim --preset lwm-core --workload viterbi --size 64 --param large_warp_size=256
      --param max_warps=4 --param max_warps_per_cta=4 --param max_ctas=4)
rtl_run "lwm-core large warps" "$large" "1"
for b in $("$wf" params --list | cut -d' ' -f1); do
  # A block the machine does not have (no configuration under the preset: AWG's SyncMon on a
  # GPU without one) cannot be in its simulation.
  [ -n "$("$wf" params "$b" --preset "$preset" 2>/dev/null)" ] || continue
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
