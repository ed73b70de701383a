#!/usr/bin/env bash
# RTL in the loop (sim --rtl): with the blocks of every SM running as their Verilated RTL, a run
# ends in the same cycle with byte-identical statistics as the golden-model run. The policy
# pairs come from the registry (`warpforge sim --list-policies`): every issue policy with the
# cff fetch policy (so the CFF arbiter runs in each issue policy's mode; the default fetch
# policy where cff does not pair), and every fetch policy with the default issue policy; each
# run puts every block its pair uses in the loop. Every registered block must be among them,
# and each run must report the Verilated instances it made (one per SM and role), so the RTL
# did answer.
set -euo pipefail
wf="$1" preset="$2"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# "kind name blocks" per registered policy (blocks comma separated, maybe empty).
"$wf" sim --list-policies | awk '
  /^issue policies/ { kind = "issue" } /^fetch policies/ { kind = "fetch" }
  /^CTA dispatch policies/ { kind = "dispatch" }
  /^every SM also holds:/ { gsub(/[][]/, "", $5); print "core - " $5 }
  /^  / { b = $2; gsub(/[][]/, "", b); print kind, $1, b }' >"$tmp/policies"
blocks_of() { awk -v k="$1" -v n="$2" '$1 == k && $2 == n { print $3 }' "$tmp/policies"; }
default_of() {
  "$wf" sim --list-policies | awk -v k="$1" '/policies \(/ { kind = $1 } kind == k && /\(default\)$/ { print $1 }'
}
issues=$(awk '$1 == "issue" { print $2 }' "$tmp/policies")
fetches=$(awk '$1 == "fetch" { print $2 }' "$tmp/policies")
core=$(awk '$1 == "core" { print $3 }' "$tmp/policies")
default_issue=$(default_of issue)
default_fetch=$(default_of fetch)
[ -n "$issues" ] && [ -n "$fetches" ] && [ -n "$default_issue" ] && [ -n "$default_fetch" ]

pairs=""
for i in $issues; do
  if grep -qx cff <<<"$fetches"; then pairs+="$i:cff "; else pairs+="$i:$default_fetch "; fi
done
for f in $fetches; do pairs+="$default_issue:$f "; done

covered=""
# On two SMs the CTAs share an SM, so the CTA-ordering blocks have CTAs and barriers to order.
for workload in "matmul --size 64" "bptree --size 32"; do
  for pair in $(tr ' ' '\n' <<<"$pairs" | awk 'NF && !seen[$0]++'); do
    issue="${pair%%:*}" fetch="${pair##*:}"
    args=(sim --workload $workload --param gpu.num_sms=2 --issue "$issue" --fetch "$fetch")
    set +e
    "$wf" "${args[@]}" --stats "$tmp/model.json" >"$tmp/out" 2>&1
    rc=$?
    set -e
    if [ $rc -eq 2 ] && [ "$fetch" = cff ]; then  # cff does not pair with this issue policy
      fetch="$default_fetch"
      args=(sim --workload $workload --param gpu.num_sms=2 --issue "$issue" --fetch "$fetch")
      "$wf" "${args[@]}" --stats "$tmp/model.json" >/dev/null
    elif [ $rc -ne 0 ]; then
      cat "$tmp/out" >&2; exit 1
    fi
    blocks=$(printf '%s\n' "$(blocks_of issue "$issue")" "$(blocks_of fetch "$fetch")" "$core" |
             tr ',' '\n' | awk 'NF && !seen[$0]++' | paste -sd, -)
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
  done
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
