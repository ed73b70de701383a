#!/usr/bin/env bash
# Bad input: exit status 2, exactly one line on stderr that names the input (at most 1000
# bytes: names from the input are cut), nothing written, no temporary left in $TMPDIR.
set -uo pipefail
wf="$1"
wf_presets="$(cd "$(dirname "$0")/../../sim_model/presets" && pwd)"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
export TMPDIR="$tmp/tmpdir"
mkdir "$TMPDIR"
fail=0
expect2() {  # description, needle that must appear in the message, command...
  local what="$1" needle="$2"; shift 2
  "$@" >"$tmp/out" 2>"$tmp/err"; local rc=$?
  local lines; lines=$(wc -l <"$tmp/err")
  local bytes; bytes=$(wc -c <"$tmp/err")
  if [ $rc -ne 2 ] || [ "$lines" -ne 1 ] || [ "$bytes" -gt 1000 ] ||
     ! grep -qF -- "$needle" "$tmp/err"; then
    echo "FAIL $what: exit $rc, $lines stderr lines, $bytes bytes:"; head -c 2000 "$tmp/err"
    fail=1
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
expect2 "unknown corner" "--corner nosuch" "$wf" gen --all --corner nosuch -o "$tmp/o14"
expect2 "a named block without the corner" "lrr_arbiter" \
  "$wf" gen lrr_arbiter --corner small_groups -o "$tmp/o15"
expect2 "a --param only of blocks the corner skips" "inner=gto" \
  "$wf" gen --all --corner uneven --param inner=gto -o "$tmp/o16"
expect2 "a named block the machine does not have" "does not have this block" \
  "$wf" equiv syncmon_cache
expect2 "a preset key out of range through gen --param" "fetch_group_size=65" \
  "$wf" gen two_level_arbiter --preset lwm-core --param fetch_group_size=65 -o "$tmp/o17"
expect2 "sim with fetch group 0" "fetch_group_size=0" \
  "$wf" sim --workload vecadd --issue 2lev --param fetch_group_size=0
expect2 "--rtl with --all --corner" "--rtl" "$wf" equiv --all --corner small_groups --rtl "$tmp/wrong.v"
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
expect2 "reproduce lwm with a workload outside the study" "scalarprod" "$wf" reproduce lwm --workloads scalarprod -o "$tmp/o7"
expect2 "prove an unknown block" "nope_arbiter" "$wf" prove nope_arbiter -o "$tmp/o7"
"$wf" gen lrr_arbiter -o "$tmp/rtl" >/dev/null
sed 's/last_warp_q/pointer_q/g' "$tmp/rtl/lrr_arbiter_w24.v" >"$tmp/renamed.v"
expect2 "prove rtl without the register its properties read" "last_warp_q" \
  "$wf" prove lrr_arbiter --rtl "$tmp/renamed.v" -o "$tmp/o8"
sed 's/assign grant_valid_o = next_valid;/assign grant_valid_o = next_valid/' \
  "$tmp/rtl/lrr_arbiter_w24.v" >"$tmp/syntax.v"
expect2 "prove rtl with a syntax error" "syntax.v:" "$wf" prove lrr_arbiter --rtl "$tmp/syntax.v"
expect2 "prove with a negative time budget" "--time-budget" "$wf" prove lrr_arbiter --time-budget -1
expect2 "prove with a negative memory budget" "--memory-budget" \
  "$wf" prove lrr_arbiter --memory-budget -1
expect2 "prove with a memory budget in GB" "--memory-budget" \
  "$wf" prove lrr_arbiter --memory-budget 4G
expect2 "prove a bounded check of no cycles" "--bounded" "$wf" prove lrr_arbiter --bounded 0
expect2 "prove bounded and with a deepest counterexample" "excludes" \
  "$wf" prove lrr_arbiter --bounded 4 --max-steps 8
# A name of a million characters, which Yosys' scanner cannot hold: one line naming the file.
long=$(head -c 1000000 /dev/zero | tr '\0' a)
src=$(cat "$tmp/rtl/lrr_arbiter_w24.v")
printf '%s\n' "${src/last_warp_q/$long}" >"$tmp/long_name.v"
expect2 "prove rtl with a name of a million characters" \
  "long_name.v: Yosys could not read module lrr_arbiter_w24" \
  "$wf" prove lrr_arbiter --rtl "$tmp/long_name.v" -o "$tmp/o8"
printf 'module %s(input wire clk_i); endmodule\n' "$long" >"$tmp/long_module.v"
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
expect2 "replay with --corner" "--corner" "$wf" equiv lrr_arbiter --corner tiny --replay "$wpt"
expect2 "replay with --rtl of another module" "wrong.v" \
  "$wf" equiv warp_priority_table --rtl "$tmp/wrong.v" --replay "$wpt" -o "$tmp/o9"
expect2 "replay with --rtl of a module named by a million characters" \
  "found aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa...aaaaaaaaaaaaaaaa (1000000 characters)" \
  "$wf" equiv lrr_arbiter --rtl "$tmp/long_module.v" --replay "$tmp/tr" -o "$tmp/o9"
expect2 "sim recording into a file" "--record-blocks" \
  "$wf" sim --workload vecadd --size 1024 --record-blocks "$tmp/wrong.v"
# Inputs that are not regular files: refused at once (never read for ever), naming the file.
mkfifo "$tmp/fifo.toml" "$tmp/fifo.ptx"
mkdir "$tmp/dir.toml" "$tmp/fifodir"
mkfifo "$tmp/fifodir/sm00_wpt.wftrace"
printf 'name = "s"\nptx = "fifo.ptx"\n' >"$tmp/fifo_ptx.toml"
expect2 "ptx that is a device" "/dev/zero: expected a regular PTX file, but it is a character device" \
  timeout 20 "$wf" run --ptx /dev/zero --kernel k --json "$tmp/o10"
expect2 "preset that is a FIFO" "fifo.toml: expected a regular preset file, but it is a FIFO" \
  timeout 20 "$wf" sim --workload vecadd --preset "$tmp/fifo.toml" --stats "$tmp/o10"
expect2 "preset that is a directory" "dir.toml: expected a regular preset file, but it is a directory" \
  timeout 20 "$wf" gen --all --preset "$tmp/dir.toml" -o "$tmp/o10"
expect2 "rtl that is a device" "/dev/zero: expected a regular Verilog file" \
  timeout 20 "$wf" equiv mwf_arbiter --rtl /dev/zero -o "$tmp/o10"
expect2 "spec that is a FIFO" "expected a regular launch spec, but it is a FIFO" \
  timeout 20 "$wf" sim --spec "$tmp/fifo.toml" --stats "$tmp/o10"
expect2 "spec whose ptx is a FIFO" "ptx: $tmp/fifo.ptx: expected a regular PTX file, but it is a FIFO" \
  timeout 20 "$wf" run "$tmp/fifo_ptx.toml" --json "$tmp/o10"
expect2 "replay of a device" "/dev/zero: expected a regular" \
  timeout 20 "$wf" equiv --replay /dev/zero -o "$tmp/o10"
expect2 "replay of a FIFO in a directory" "sm00_wpt.wftrace: expected a regular" \
  timeout 20 "$wf" equiv --replay "$tmp/fifodir" -o "$tmp/o10"
# Outputs that cannot be written: refused before any work.
touch "$tmp/afile"
expect2 "gen -o under /proc" "-o /proc/x: expected a directory warpforge can write" \
  "$wf" gen mwf_arbiter -o /proc/x
expect2 "gen -o an existing file" "but it is an existing file" "$wf" gen mwf_arbiter -o "$tmp/afile"
expect2 "prove -o under /proc" "-o /proc/x" timeout 20 "$wf" prove lrr_arbiter -o /proc/x
expect2 "equiv --json under a file" "is not a directory" \
  "$wf" equiv lrr_arbiter --json "$tmp/afile/o10.json"
expect2 "area --json a directory" "--json $tmp/dir.toml: expected a file warpforge can write, but it is a directory" \
  "$wf" area lrr_arbiter --json "$tmp/dir.toml"
expect2 "flow -o an existing file" "-o $tmp/afile" "$wf" flow lrr_arbiter -o "$tmp/afile"
expect2 "sim --stats a directory" "--stats $tmp/dir.toml: expected a file warpforge can write, but it is a directory" \
  "$wf" sim --workload vecadd --stats "$tmp/dir.toml"
expect2 "sim --csv under /proc" "--csv /proc/x.csv" "$wf" sim --workload vecadd --csv /proc/x.csv
expect2 "sim --timeline under /proc" "--timeline /proc/x/t.json" \
  "$wf" sim --workload vecadd --timeline /proc/x/t.json
expect2 "run --json under /proc" "--json /proc/x" "$wf" run --workload vecadd --json /proc/x
expect2 "exec --stats under /proc" "--stats /proc/x" "$wf" exec --stats /proc/x -- /bin/true
expect2 "reproduce -o an existing file" "-o $tmp/afile" "$wf" reproduce baws --quick -o "$tmp/afile"
# A memory preset key out of range is bad input found before the run: no statistics are written.
sed 's/^ways = 4$/ways = 0/' "$wf_presets/gtx480.toml" >"$tmp/badmem.toml"
expect2 "sim with a bad memory preset key" "ways: expected an integer in 1..64" \
  "$wf" sim --workload vecadd --size 1024 --preset "$tmp/badmem.toml" --stats "$tmp/o11"
# One preset validation for every command: the file, the line and the rule, before any output.
sed 's/^max_warps_per_cta = 48 .*/max_warps_per_cta = 64/' "$wf_presets/gtx480.toml" >"$tmp/wpc.toml"
wpc_rule="wpc.toml:16: [sm] max_warps_per_cta = 64 must not exceed [sm] max_warps = 48"
expect2 "gen with more warps per CTA than per SM" "$wpc_rule" "$wf" gen --all --preset "$tmp/wpc.toml" -o "$tmp/o12"
expect2 "equiv with more warps per CTA than per SM" "$wpc_rule" \
  "$wf" equiv lrr_arbiter --preset "$tmp/wpc.toml" -o "$tmp/o12"
expect2 "sim with more warps per CTA than per SM" "$wpc_rule" \
  "$wf" sim --workload vecadd --preset "$tmp/wpc.toml" --stats "$tmp/o12"
sed 's/^wayz = 4$/ways = 4/; s/^ways = 4$/wayz = 4/' "$wf_presets/gtx480.toml" >"$tmp/typo.toml"
expect2 "a misspelt preset key" "typo.toml:27: [l1d] wayz: unknown key" \
  "$wf" params --preset "$tmp/typo.toml"
sed 's/^issue = "lrr"/issue = "bogus"/' "$wf_presets/gtx480.toml" >"$tmp/policy.toml"
expect2 "gen with an unknown [policy] issue" "policy.toml: [policy] issue: unknown issue policy" \
  "$wf" gen --all --preset "$tmp/policy.toml" -o "$tmp/o12"
expect2 "sim with 64-wide wavefronts" "preset awg-apu:16: [sm] warp_size = 64 is not modelled by the cycle model" \
  "$wf" sim --workload vecadd --preset awg-apu --stats "$tmp/o12"
expect2 "--param max_warps alone" "[sm] max_warps_per_cta = 48 must not exceed [sm] max_warps = 8 (--param max_warps=8)" \
  "$wf" sim --workload vecadd --param max_warps=8 --stats "$tmp/o12"
expect2 "an ambiguous --param" "--param ways=2: ways is in more than one section" \
  "$wf" sim --workload vecadd --param ways=2 --stats "$tmp/o12"
expect2 "--param of the memory not simulated" "--param memory.l2_min_latency=100: [memory] l2_min_latency sets the fixed-latency memory" \
  "$wf" sim --workload vecadd --param memory.l2_min_latency=100 --stats "$tmp/o12"
expect2 "--param of the golden memory under fixed-latency" "--param l2.ways=4: [l2] ways sets the golden memory" \
  "$wf" sim --workload vecadd --memory fixed-latency --param l2.ways=4 --stats "$tmp/o12"
expect2 "--param max_cycles=0" "--param max_cycles=0: expected a positive integer" \
  "$wf" sim --workload vecadd --param max_cycles=0 --stats "$tmp/o12"
# Numbers on the command line: range-checked, never wrapped or saturated.
expect2 "negative --max-cycles" "--max-cycles: expected an integer from 1" \
  "$wf" sim --workload vecadd --max-cycles -1 --stats "$tmp/o11"
expect2 "--max-cycles of 2^64" "got \"18446744073709551616\"" \
  "$wf" sim --workload vecadd --max-cycles 18446744073709551616 --stats "$tmp/o11"
expect2 "--max-cycles 0" "--max-cycles: expected an integer from 1" \
  "$wf" sim --workload vecadd --max-cycles 0 --stats "$tmp/o11"
expect2 "negative --instruction-limit" "--instruction-limit: expected an integer from 1" \
  "$wf" run --workload vecadd --instruction-limit -1 --json "$tmp/o11"
expect2 "negative --seed" "--seed: expected an integer from 0" \
  "$wf" run --workload vecadd --seed -1 --json "$tmp/o11"
expect2 "--warp-size out of range" "--warp-size: expected an integer from 32 to 64" \
  "$wf" run --workload vecadd --warp-size 4294967328 --json "$tmp/o11"
expect2 "negative -j" "--jobs: expected an integer from 0 to 1024" \
  "$wf" reproduce baws --quick -j -1 -o "$tmp/o11"
expect2 "empty issue policy" "--issue: expected a policy name, got an empty string" \
  "$wf" sim --workload vecadd --issue "" --stats "$tmp/o11"
expect2 "empty fetch policy" "--fetch: expected a policy name" \
  "$wf" exec --fetch "" --stats "$tmp/o11" -- /bin/true
# Every option refuses an empty value, not only those that check their own (main.cpp).
expect2 "empty corner" "--corner: expected a value, got an empty string" \
  "$wf" gen --all --corner "" -o "$tmp/o14"
[ ! -e "$tmp/o14" ] || { echo "FAIL empty corner: gen wrote $tmp/o14"; fail=1; }
expect2 "empty stats file" "--stats: expected a value, got an empty string" \
  "$wf" sim --workload vecadd --stats ""
expect2 "empty param" "--param: expected a value, got an empty string" \
  "$wf" sim --workload vecadd --param "" --stats "$tmp/o13"
# Launches that cannot run: refused before any CTA runs, naming the input at fault (the spec,
# the --ptx launch, or for a built-in workload the machine), under every command that runs them.
wf_data="$(cd "$(dirname "$0")/../workloads/data" && pwd)"
wf_exec_bin="$(cd "$(dirname "$0")/../exec/programs/bin" && pwd)"
printf '.version 7.0\n.target sm_50\n.address_size 64\n.visible .entry k()\n{\n  ret;\n}\n' >"$tmp/k.ptx"
printf 'ptx = "k.ptx"\n[[launch]]\nkernel = "k"\ngrid = [65535, 65535, 65535]\nblock = 1\nargs = []\n' \
  >"$tmp/huge.toml"
huge="a grid of 281462092005375 CTAs (65535 x 65535 x 65535), expected at most 16777216 per launch"
expect2 "run --ptx of a 65535^3 grid" "launch 'k': $huge" \
  timeout 20 "$wf" run --ptx "$tmp/k.ptx" --kernel k --grid 65535,65535,65535 --json "$tmp/o11"
expect2 "run a spec of a 65535^3 grid" "huge.toml: launch[0] (k): launch 'k': $huge" \
  timeout 20 "$wf" run "$tmp/huge.toml" --json "$tmp/o11"
expect2 "sim a spec of a 65535^3 grid" "huge.toml: launch[0] (k): launch 'k': $huge" \
  timeout 20 "$wf" sim --spec "$tmp/huge.toml" --stats "$tmp/o11"
expect2 "exec a program launching a 65535^3 grid" "huge_grid: launch 'empty()': $huge" \
  timeout 20 "$wf" exec --functional -- "$wf_exec_bin/huge_grid"
expect2 "run --ptx of a block beyond CUDA's limits" "block (1, 1, 65) exceeds CUDA's limits" \
  timeout 20 "$wf" run --ptx "$tmp/k.ptx" --kernel k --block 1,1,65 --json "$tmp/o11"
fit="does not fit an SM: at most 4 ([sm] max_warps_per_cta = 4 (--param max_warps_per_cta=4))"
expect2 "sim a workload whose CTA the machine cannot take" \
  "workload vecadd: the machine (preset or --param) cannot take its CTAs: launch 'vecadd': a CTA of 8 warps $fit" \
  "$wf" sim --workload vecadd --size 1024 --param max_warps=4 --param max_warps_per_cta=4 \
  --param max_ctas=4 --param max_threads=128 --stats "$tmp/o11"
expect2 "sim a spec whose CTA the machine cannot take" "exceeds the SM's 48 KiB ([sm] shared_memory_bytes = 49152 (preset gtx480:18))" \
  "$wf" sim --spec "$wf_data/big_shared.toml" --stats "$tmp/o11"
expect2 "run a spec whose CTA the default machine cannot take" "exceeds the SM's 48 KiB ([sm] shared_memory_bytes = 49152 (preset gtx480:18))" \
  "$wf" run "$wf_data/big_shared.toml" --json "$tmp/o11"
# An option the chosen mode never reads is refused, not ignored; two settings of one value that
# disagree are refused, whatever their order.
expect2 "--cta-limit under the default dispatch" \
  "--cta-limit 4: [sm] cta_limit is read only by --dispatch static, and this run uses [policy] cta_dispatch = \"max\" (preset gtx480:" \
  "$wf" sim -w vecadd --param num_sms=1 --cta-limit 4 --stats "$tmp/o12"
expect2 "--param cta_limit under --dispatch dyncta" \
  "--param cta_limit=3: [sm] cta_limit is read only by --dispatch static, and this run uses --dispatch dyncta" \
  "$wf" sim -w vecadd --dispatch dyncta --param cta_limit=3 --stats "$tmp/o12"
expect2 "--cta-limit and --param cta_limit disagree" \
  "--cta-limit 2 and --param cta_limit=5 set [sm] cta_limit to different values" \
  "$wf" sim -w vecadd --dispatch static --cta-limit 2 --param cta_limit=5 --stats "$tmp/o12"
expect2 "--param cta_limit and --cta-limit disagree" \
  "--cta-limit 2 and --param cta_limit=5 set [sm] cta_limit to different values" \
  "$wf" sim -w vecadd --dispatch static --param cta_limit=5 --cta-limit 2 --stats "$tmp/o12"
expect2 "one --param twice, differently" \
  "--param num_sms=1 and --param gpu.num_sms=2 set [gpu] num_sms to different values" \
  "$wf" sim -w vecadd --param num_sms=1 --param gpu.num_sms=2 --stats "$tmp/o12"
expect2 "--max-cycles and --param max_cycles disagree" \
  "--max-cycles 5 and --param max_cycles=6 set max_cycles to different values" \
  "$wf" sim -w vecadd --max-cycles 5 --param max_cycles=6 --stats "$tmp/o12"
expect2 "--param fetch_group_size without two-level scheduling" \
  "--param fetch_group_size=4: [sm] fetch_group_size is read only by --issue 2lev or --fetch 2lev" \
  "$wf" sim -w vecadd --issue gto --param fetch_group_size=4 --stats "$tmp/o12"
expect2 "--param lwm_memory_rows without large warps" \
  "[sm] lwm_memory_rows is read only by an SM with large warps" \
  "$wf" sim -w vecadd --param lwm_memory_rows=0 --stats "$tmp/o12"
for opt in "--dispatch static" "--issue gto" "--max-cycles 100" "--cta-limit 2" \
           "--memory fixed-latency" "--param sfu_latency=9" "--param watchdog_cycles=9"; do
  # shellcheck disable=SC2086
  expect2 "exec --functional $opt" "$opt: exec --functional runs no cycle model" \
    "$wf" exec --functional $opt --stats "$tmp/o12" -- "$wf_exec_bin/huge_grid"
done
expect2 "--timeline-sm without --timeline" "--timeline-sm requires --timeline" \
  "$wf" sim -w vecadd --timeline-sm 1 --stats "$tmp/o12"
expect2 "run --grid without --ptx" "--grid requires --ptx" "$wf" run -w vecadd --grid 2 --json "$tmp/o12"
expect2 "sim --list-policies beside a workload" "--workload excludes --list-policies" \
  "$wf" sim --list-policies -w vecadd
expect2 "equiv --replay with --cycles" "--cycles excludes --replay" \
  "$wf" equiv lrr_arbiter --replay "$tmp" --cycles 5 --json "$tmp/o12"
expect2 "run --all beside a workload" "--workload excludes --all" "$wf" run --all -w vecadd --json "$tmp/o12"
expect2 "prove --list with --json" "--json excludes --list" "$wf" prove lrr_arbiter --list --json "$tmp/o12"
expect2 "a block parameter twice, differently" \
  "--param num_warps=4 and --param num_warps=5 set parameter num_warps to different values" \
  "$wf" gen lrr_arbiter --param num_warps=4 --param num_warps=5 -o "$tmp/o12"
expect2 "an unknown option of 300 characters" "(300 characters); see warpforge run --help" \
  "$wf" run "--$(printf 'x%.0s' $(seq 300))"
expect2 "a workload beyond the machine's device memory" \
  "more than the device memory free (1048576 of 1048576 bytes, [memory] device_bytes)" \
  "$wf" sim -w vecadd --size 1000000 --param device_bytes=1048576 --stats "$tmp/o12"
# --param judges the machine by the preset's rules, as an edit of the preset file would.
expect2 "--param large_warp_size against lwm-core's stated max_threads" \
  "preset lwm-core:15: [sm] max_threads = 1024 must be [sm] max_warps = 32 (preset lwm-core:14) × [sm] large_warp_size = 256 (--param large_warp_size=256)" \
  "$wf" sim --preset lwm-core -w vecadd --param large_warp_size=256 --stats "$tmp/o12"
# The message blames what the user gave: an unknown option before any check of a value, and a
# preset's policy as the preset's line.
expect2 "an option of another command" \
  "run: unknown option --dispatch (an option of sim, exec); see warpforge run --help" \
  "$wf" run -w vecadd --dispatch dyncta --json "$tmp/o12"
sed -e 's/^issue = "lrr"/issue = "blocklat"/' -e 's/^fetch = "lrr"/fetch = "cff"/' \
  "$wf_presets/gtx480.toml" >"$tmp/unpaired.toml"
expect2 "a preset pairing cff with blocklat" \
  "[policy] fetch = \"cff\" ($tmp/unpaired.toml:147): the CFF fetch arbiter has no mode for issue policy blocklat" \
  "$wf" sim --preset "$tmp/unpaired.toml" -w vecadd --stats "$tmp/o12"
for d in o10 o11 o12; do
  if [ -e "$tmp/$d" ]; then echo "FAIL: $d was created by a failing command"; fail=1; fi
done
if ls /proc/x* "$tmp"/afile/* 2>/dev/null | grep -q .; then echo "FAIL: an output landed"; fail=1; fi
if ls -a "$tmp" "$tmp"/* 2>/dev/null | grep -q warpforge-probe; then
  echo "FAIL: a probe file was left behind"; fail=1
fi
for d in o1 o2 o3 o4 o5 o6 o7 o8 o9; do
  if [ -e "$tmp/$d" ]; then echo "FAIL: $d was created by a failing command"; fail=1; fi
done
if [ -n "$(ls -A "$TMPDIR")" ]; then echo "FAIL: left in \$TMPDIR: $(ls -A "$TMPDIR")"; fail=1; fi
exit $fail
