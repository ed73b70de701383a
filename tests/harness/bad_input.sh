#!/usr/bin/env bash
# Bad input: exit status 2, exactly one line on stderr that names the input, nothing written.
set -uo pipefail
wf="$1"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
expect2() {  # description, needle that must appear in the message, command...
  local what="$1" needle="$2"; shift 2
  "$@" >"$tmp/out" 2>"$tmp/err"; local rc=$?
  local lines; lines=$(wc -l <"$tmp/err")
  if [ $rc -ne 2 ] || [ "$lines" -ne 1 ] || ! grep -q -- "$needle" "$tmp/err"; then
    echo "FAIL $what: exit $rc, $lines stderr lines:"; cat "$tmp/err"; fail=1
  else
    echo "ok   $what: $(cat "$tmp/err")"
  fi
}
expect2 "unknown block" "nope_arbiter" "$wf" gen nope_arbiter -o "$tmp/o1"
expect2 "unknown parameter" "bogus" "$wf" gen mwf_arbiter --param bogus=3 -o "$tmp/o2"
expect2 "value out of range" "num_warps=65" "$wf" gen mwf_arbiter --param num_warps=65 -o "$tmp/o3"
expect2 "not a number" "num_warps=many" "$wf" equiv lrr_arbiter --param num_warps=many
expect2 "bad enum" "inner=fifo" "$wf" area mwf_arbiter --param inner=fifo
expect2 "param without =" "--param" "$wf" gen mwf_arbiter --param num_warps
expect2 "unknown preset" "gtx9000" "$wf" gen --all --preset gtx9000 -o "$tmp/o4"
expect2 "unreadable rtl file" "/nonexistent/x.v" "$wf" equiv mwf_arbiter --rtl /nonexistent/x.v
printf 'module wrong_name(input wire clk_i); endmodule\n' >"$tmp/wrong.v"
expect2 "rtl file with the wrong module" "wrong.v" "$wf" equiv mwf_arbiter --param inner=gto --rtl "$tmp/wrong.v"
expect2 "coverage required of a random run" "--require-coverage" \
  "$wf" equiv lrr_arbiter --require-coverage -o "$tmp/o9"
expect2 "no block" "block" "$wf" gen -o "$tmp/o5"
expect2 "unknown option" "--frobnicate" "$wf" gen --all --frobnicate
expect2 "unknown subcommand" "bogus" "$wf" bogus
expect2 "flow with an unknown workload" "nope" "$wf" flow --workload nope -o "$tmp/o6"
expect2 "sim with an unknown workload" "nope" "$wf" sim --workload nope
expect2 "sim with an unknown issue policy" "fifo" "$wf" sim --workload vecadd --issue fifo
expect2 "sim with an unknown memory model" "dram" "$wf" sim --workload vecadd --memory dram
expect2 "sim --rtl of an unknown block" "nope_arbiter" \
  "$wf" sim --workload vecadd --rtl lrr_arbiter,nope_arbiter --stats "$tmp/s1.json"
expect2 "sim --rtl of a block the policies do not use" "mwf_arbiter" \
  "$wf" sim --workload vecadd --issue gto --rtl mwf_arbiter --stats "$tmp/s2.json"
expect2 "reproduce an unknown study" "nope" "$wf" reproduce nope
expect2 "reproduce with a workload outside the study" "vecadd" "$wf" reproduce baws --workloads vecadd -o "$tmp/o7"
expect2 "prove an unknown block" "nope_arbiter" "$wf" prove nope_arbiter -o "$tmp/o7"
"$wf" gen lrr_arbiter -o "$tmp/rtl" >/dev/null
sed 's/last_warp_q/pointer_q/g' "$tmp/rtl/lrr_arbiter_w24.v" >"$tmp/renamed.v"
expect2 "prove rtl without the register its properties read" "last_warp_q" \
  "$wf" prove lrr_arbiter --rtl "$tmp/renamed.v" -o "$tmp/o8"
sed 's/assign grant_valid_o = next_valid;/assign grant_valid_o = next_valid/' \
  "$tmp/rtl/lrr_arbiter_w24.v" >"$tmp/syntax.v"
expect2 "prove rtl with a syntax error" "syntax.v:" "$wf" prove lrr_arbiter --rtl "$tmp/syntax.v"
expect2 "prove with a zero timeout" "--timeout" "$wf" prove lrr_arbiter --timeout 0
# Block traces: record a small run, then break copies of its traces.
"$wf" sim --workload vecadd --size 1024 --param num_sms=1 --record-blocks "$tmp/tr" >/dev/null
wpt="$tmp/tr/sm00_wpt.wftrace"
mkdir "$tmp/bad"
head -c 60 "$wpt" >"$tmp/bad/truncated.wftrace"
cp "$wpt" "$tmp/bad/version.wftrace"
printf '\x07' | dd of="$tmp/bad/version.wftrace" bs=1 seek=8 conv=notrunc 2>/dev/null
printf 'module x; endmodule\n' >"$tmp/bad/text.wftrace"
expect2 "truncated trace" "truncated.wftrace: truncated" \
  "$wf" equiv --replay "$tmp/bad/truncated.wftrace" -o "$tmp/o9"
expect2 "trace of another format version" "format version 7, expected 1" \
  "$wf" equiv warp_priority_table --replay "$tmp/bad/version.wftrace" -o "$tmp/o9"
expect2 "trace of another block" "holds a trace of warp_priority_table, expected lrr_arbiter" \
  "$wf" equiv lrr_arbiter --replay "$wpt" -o "$tmp/o9"
expect2 "not a trace" "not a warpforge block trace" \
  "$wf" equiv --replay "$tmp/bad/text.wftrace" -o "$tmp/o9"
expect2 "a bad trace in a directory" "$tmp/bad/" "$wf" equiv --replay "$tmp/bad" -o "$tmp/o9"
mkdir "$tmp/empty"
expect2 "directory without traces" "expected .wftrace files" "$wf" equiv --replay "$tmp/empty"
expect2 "missing trace" "/nonexistent/t.wftrace" "$wf" equiv --replay /nonexistent/t.wftrace
expect2 "replay with --param" "--param" "$wf" equiv lrr_arbiter --param num_warps=4 --replay "$wpt"
expect2 "replay with --rtl of another module" "wrong.v" \
  "$wf" equiv warp_priority_table --rtl "$tmp/wrong.v" --replay "$wpt" -o "$tmp/o9"
expect2 "sim recording into a file" "--record-blocks" \
  "$wf" sim --workload vecadd --size 1024 --record-blocks "$tmp/wrong.v"
for d in o1 o2 o3 o4 o5 o6 o7 o8 o9; do
  if [ -e "$tmp/$d" ]; then echo "FAIL: $d was created by a failing command"; fail=1; fi
done
exit $fail
