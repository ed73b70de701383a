#!/usr/bin/env bash
# `warpforge sweep` (docs/sweeps.md): the product of the axes less the excludes, one row per
# run sorted by the axes; the same table from one job or two, from a fresh folder, a resumed
# one whose run was deleted, or one killed halfway and resumed; a failed run is a row with its reason and exit status 1; bad sweep
# files and bad --emit / --task / --collect arguments are one line of exit status 2 and leave
# no folder (sweep_engines.sh runs the engines themselves). Runs at test sizes: seconds.
set -uo pipefail
wf="$1"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
check() {  # description, then a command that must succeed
  local what="$1"; shift
  if "$@"; then echo "ok   $what"; else echo "FAIL $what"; fail=1; fi
}
cat >"$tmp/s.toml" <<'EOF'
name = "demo"
workloads = ["vecadd", "reduce"]
issue = ["lrr", "gto"]
sizes = ["test"]
[params]
"l1d.mshr_entries" = [16, 32]

[[exclude]]
workload = "reduce"
issue = "gto"
EOF
"$wf" sweep "$tmp/s.toml" -j 2 -o "$tmp/a" >"$tmp/out" 2>"$tmp/err"
check "a sweep that passes exits 0" test $? -eq 0
# vecadd's 4 runs then reduce's 2 (its gto runs excluded), the last axis fastest.
want="workload,issue,l1d.mshr_entries
vecadd,lrr,16
vecadd,lrr,32
vecadd,gto,16
vecadd,gto,32
reduce,lrr,16
reduce,lrr,32"
check "the runs are the product less the excludes, in axis order" \
  test "$(cut -d, -f1,3,7 "$tmp/a/sweep.csv")" = "$want"
check "every run passed" test "$(tail -n +2 "$tmp/a/sweep.csv" | cut -d, -f8 | sort -u)" = "ok"
check "the summary's table: workloads by issue policy" \
  grep -q '^| workload \\ issue | lrr | gto |$' "$tmp/a/summary.md"
check "reduce under gto was excluded: no mean" grep -q '^| reduce | [0-9.]* | – |$' "$tmp/a/summary.md"
check "the plot was drawn" test -s "$tmp/a/sweep.png"
"$wf" sweep "$tmp/s.toml" -j 1 -o "$tmp/b" >/dev/null 2>&1
check "one job or two: the same table" cmp -s "$tmp/a/sweep.csv" "$tmp/b/sweep.csv"
rm "$tmp/b/runs/reduce__gtx480__lrr__preset__preset__test__32.json"
"$wf" sweep "$tmp/s.toml" -j 2 -o "$tmp/b" --resume >"$tmp/out" 2>&1
check "--resume keeps the 5 passed runs" grep -q "(5 kept by --resume)" "$tmp/out"
check "a resumed sweep: the same table" cmp -s "$tmp/a/sweep.csv" "$tmp/b/sweep.csv"

# Killed halfway (SIGTERM once two runs are done, the next one running) and resumed: the same
# table as an uninterrupted sweep. matmul's default size takes most of a second a run.
printf 'name = "kill"\nworkloads = ["matmul"]\nissue = ["lrr", "gto"]\n[params]\n"l1d.mshr_entries" = [8, 16, 32, 64]\n' \
  >"$tmp/k.toml"
"$wf" sweep "$tmp/k.toml" -j 1 -o "$tmp/k-whole" >/dev/null 2>&1
"$wf" sweep "$tmp/k.toml" -j 1 -o "$tmp/k" >/dev/null 2>&1 &
pid=$!
for _ in $(seq 300); do
  [ "$(ls "$tmp/k/runs/"*.json 2>/dev/null | wc -l)" -ge 2 ] && break
  sleep 0.05
done
kill -TERM $pid; wait $pid
check "a killed sweep exits 143" test $? -eq 143
check "a killed sweep leaves no table" test ! -e "$tmp/k/sweep.csv"
"$wf" sweep "$tmp/k.toml" -j 1 -o "$tmp/k" --resume >"$tmp/out" 2>&1
check "the resumed sweep kept the runs done before the kill" grep -qE "\(([2-7]) kept by --resume\)" "$tmp/out"
check "killed and resumed: the table of the uninterrupted sweep" \
  cmp -s "$tmp/k-whole/sweep.csv" "$tmp/k/sweep.csv"

# A CUDA program as a workload ([[programs]], run by `warpforge exec`): only at the default
# size; by an absolute path it can go to a cluster, by a relative one not.
prog="$(cd "$(dirname "$0")/../exec/programs/bin" && pwd)/vecadd"
printf 'name = "progs"\nworkloads = ["vecadd"]\nsizes = ["default", "test"]\n[[programs]]\nname = "cuda_vecadd"\ncommand = ["%s"]\n' \
  "$prog" >"$tmp/p.toml"
"$wf" sweep "$tmp/p.toml" -o "$tmp/p" >/dev/null 2>&1
check "a sweep with a program passes" test $? -eq 0
check "the program runs at the default size only" \
  test "$(cut -d, -f1,6,7 "$tmp/p/sweep.csv" | tail -n +2 | tr '\n' ' ')" = \
  "vecadd,default,ok vecadd,test,ok cuda_vecadd,default,ok "
"$wf" sweep "$tmp/p.toml" --emit parallel "$tmp/pe" >/dev/null 2>&1
bash "$tmp/pe/jobs.txt" >/dev/null 2>&1
"$wf" sweep "$tmp/p.toml" --collect "$tmp/pe" >/dev/null 2>&1
check "a program's tasks: the local table" cmp -s "$tmp/p/sweep.csv" "$tmp/pe/sweep.csv"
# A launch spec ([[specs]], run by `warpforge sim --spec`), also at the default size only.
spec_file="$(cd "$(dirname "$0")/../../workloads/vecadd" && pwd)/vecadd.toml"
printf 'name = "specs"\nsizes = ["default", "test"]\nissue = ["lrr", "gto"]\n[[specs]]\nname = "vecadd_spec"\nfile = "%s"\n' \
  "$spec_file" >"$tmp/ls.toml"
"$wf" sweep "$tmp/ls.toml" -o "$tmp/ls" >/dev/null 2>&1
check "a sweep of a launch spec passes" test $? -eq 0
check "the launch spec runs at the default size only, under each policy" \
  test "$(cut -d, -f1,3,6,7 "$tmp/ls/sweep.csv" | tail -n +2 | tr '\n' ' ')" = \
  "vecadd_spec,lrr,default,ok vecadd_spec,gto,default,ok "
cp "$prog" "$tmp/rel_vecadd"
printf 'workloads = ["vecadd"]\n[[programs]]\nname = "rel"\ncommand = ["rel_vecadd"]\n' >"$tmp/r.toml"
"$wf" sweep "$tmp/r.toml" -o "$tmp/r" >/dev/null 2>&1
check "a program relative to the sweep file runs" test $? -eq 0

printf 'name = "limit"\nworkloads = ["vecadd"]\nsizes = ["test"]\n[params]\nmax_cycles = [100, 100000]\n' \
  >"$tmp/f.toml"
"$wf" sweep "$tmp/f.toml" -o "$tmp/f" >/dev/null 2>&1
check "a failed run: exit status 1" test $? -eq 1
check "a failed run is a row with its reason" \
  grep -q "^vecadd,gtx480,preset,preset,preset,test,100,error,1,0,100,.*cycle limit of 100" "$tmp/f/sweep.csv"
check "the other run still passed" grep -q "^vecadd,.*,100000,ok,0,1," "$tmp/f/sweep.csv"

expect2() {  # description, needle, sweep file text
  printf '%b' "$3" >"$tmp/bad.toml"
  "$wf" sweep "$tmp/bad.toml" -o "$tmp/bad" >"$tmp/out" 2>"$tmp/err"; local rc=$?
  if [ $rc -ne 2 ] || [ "$(wc -l <"$tmp/err")" -ne 1 ] || ! grep -qF -- "$2" "$tmp/err" ||
     [ -e "$tmp/bad" ]; then
    echo "FAIL $1: exit $rc:"; cat "$tmp/err"; fail=1
  else
    echo "ok   $1: $(cat "$tmp/err")"
  fi
}
expect2 "an unknown key" "bad.toml:2: issu: unknown key" 'workloads = ["vecadd"]\nissu = ["lrr"]\n'
expect2 "an unknown policy" 'bad.toml:2: issue: unknown issue policy "lrx"' \
  'workloads = ["vecadd"]\nissue = ["lrx"]\n'
expect2 "an unknown workload" 'unknown workload "nope"' 'workloads = ["nope"]\n'
expect2 "no workloads" "no workloads" 'issue = ["lrr"]\n'
expect2 "a value twice" '"gto" is listed twice' 'workloads = ["vecadd"]\nissue = ["gto", "gto"]\n'
expect2 "a bad size" 'sizes: expected positive integers' 'workloads = ["vecadd"]\nsizes = [0]\n'
expect2 "an unknown --param" "unknown parameter 'l1d.bogus'" \
  'workloads = ["vecadd"]\n[params]\n"l1d.bogus" = [1]\n'
expect2 "an exclude of no axis" 'exclude: "foo" is not an axis' \
  'workloads = ["vecadd"]\n[[exclude]]\nfoo = 1\n'
expect2 "excludes that leave nothing" "the excludes leave no run" \
  'workloads = ["vecadd"]\n[[exclude]]\nworkload = "vecadd"\n'
expect2 "a program that is no file" "/nonexistent/prog is not a file" \
  'workloads = ["vecadd"]\n[[programs]]\nname = "p"\ncommand = ["/nonexistent/prog"]\n'
expect2 "a program named like a workload" "programs.name: expected a new name" \
  'workloads = ["vecadd"]\n[[programs]]\nname = "bfs"\ncommand = ["/bin/true"]\n'
expect2 "a TOML syntax error" "bad.toml:1:" 'workloads = ["vecadd"\n'
expect2c() {  # description, needle, arguments after `warpforge sweep`
  local what="$1" needle="$2"; shift 2
  "$wf" sweep "$@" >"$tmp/out" 2>"$tmp/err"; local rc=$?
  if [ $rc -ne 2 ] || [ "$(wc -l <"$tmp/err")" -ne 1 ] || ! grep -qF -- "$needle" "$tmp/err"; then
    echo "FAIL $what: exit $rc:"; cat "$tmp/err"; fail=1
  else
    echo "ok   $what: $(cat "$tmp/err")"
  fi
}
expect2c "--emit of an unknown engine" "expected slurm or parallel" "$tmp/s.toml" --emit pbs "$tmp/e"
expect2c "--time without --emit slurm" "are for --emit slurm" \
  "$tmp/s.toml" --emit parallel "$tmp/e" --time 1:00
expect2c "--array-throttle without --emit" "--array-throttle requires --emit" \
  "$tmp/s.toml" --array-throttle 2
expect2c "--chunk of a local sweep" "--chunk is for --emit and --task" "$tmp/s.toml" --chunk 2
expect2c "--task without -o" "--task needs -o DIR" "$tmp/s.toml" --task 0
expect2c "--task past the last run" "--task 6: expected a task number from 0 to 5" \
  "$tmp/s.toml" --task 6 -o "$tmp/e"
expect2c "an unknown --metric" "--metric joules: expected one of ipc" "$tmp/s.toml" --metric joules
expect2c "--x of no axis" "--x color: not an axis of sweep demo" "$tmp/s.toml" --x color
expect2c "--group the same as --x" "--group issue: the same axis as --x" \
  "$tmp/s.toml" --x issue --group issue
expect2c "--emit of a program named relative to the sweep file" "give them by absolute paths" \
  "$tmp/r.toml" --emit parallel "$tmp/re"
expect2c "--collect of no folder" "no such directory" "$tmp/s.toml" --collect "$tmp/nowhere"
check "no folder came of the refused commands" test ! -e "$tmp/e"
"$wf" sweep "$tmp/s.toml" --emit parallel "$tmp/e" >/dev/null
expect2c "--emit into a folder of another sweep" "holds another sweep file" \
  "$tmp/f.toml" --emit parallel "$tmp/e"
exit $fail
