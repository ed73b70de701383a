#!/usr/bin/env bash
# RTL in the loop (sim --rtl): with the named blocks of every SM running as their Verilated RTL,
# a run ends in the same cycle with byte-identical statistics as the golden-model run, for two
# workloads and policy sets that between them put every block the SM uses in the loop; the run
# reports the Verilated instances it made (one per SM and role), so the RTL did answer.
set -euo pipefail
wf="$1" preset="$2"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# On two SMs the CTAs share an SM, so the CTA-ordering blocks have CTAs and barriers to order.
sets="mwf-gto:cff:mwf_arbiter,warp_priority_table,cff_fetch_arbiter
saws:fef:saws_arbiter,fef_fetch_arbiter,warp_priority_table
2lev:2lev:two_level_arbiter
gto:lrr:gto_arbiter,cff_fetch_arbiter
lrr:lrr:lrr_arbiter"
for workload in "matmul --size 64" "bptree --size 32"; do
  for set in $sets; do
    IFS=: read -r issue fetch blocks <<<"$set"
    name="${workload%% *}-$issue-$fetch"
    args=(sim --workload $workload --param gpu.num_sms=2 --issue "$issue" --fetch "$fetch")
    "$wf" "${args[@]}" --stats "$tmp/$name.model.json" >/dev/null
    "$wf" "${args[@]}" --rtl "$blocks" --stats "$tmp/$name.rtl.json" | tee "$tmp/out"
    if ! cmp "$tmp/$name.model.json" "$tmp/$name.rtl.json"; then
      echo "$name: the statistics with $blocks as RTL differ from the golden model's" >&2
      diff "$tmp/$name.model.json" "$tmp/$name.rtl.json" | head -20 >&2
      exit 1
    fi
    IFS=, read -ra list <<<"$blocks"
    for b in "${list[@]}"; do
      # Per SM: two issue arbiters (two schedulers), one fetch arbiter, one table; the
      # two-level arbiter serves both roles, in two configurations.
      if ! grep -qE "Verilated RTL in the loop: .*${b}_[a-z0-9_]+ x(2|4)\b" "$tmp/out"; then
        echo "$name: no Verilated $b instance per SM reported" >&2; exit 1
      fi
    done
  done
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
