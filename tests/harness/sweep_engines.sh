#!/usr/bin/env bash
# `warpforge sweep --emit` on the real engines (docs/sweeps.md, "On a cluster"): the tasks run
# through GNU parallel, and through a single-node Slurm started here (munged, slurmctld, slurmd
# from Debian's packages, with a slurm.conf of this test's own in a temporary folder, on free
# loopback ports), and `--collect` builds a table byte-identical to the local sweep's; a task
# deleted afterwards is reported missing, rerun by the command collect prints, and the table is
# whole again. A paper study (reproduce --emit / --collect) gives the local runs.csv and report. An engine that is not installed, or Slurm daemons that cannot start (no
# permission, say), skip that part with the reason on stdout; the test then exits 77 (ctest's
# SKIP_RETURN_CODE) unless the other engine ran.
set -uo pipefail
wf="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
tmp=$(mktemp -d)
pids=()
cleanup() {
  # The daemons and any background wait (sbatch --wait, parallel) still running.
  kill "${pids[@]}" $(jobs -p) 2>/dev/null
  wait 2>/dev/null
  rm -rf "$tmp"
}
trap cleanup EXIT
# A timeout's SIGTERM (ctest) must end the daemons too: exiting runs the EXIT trap. Long
# waits are `wait` on a background job, which a trap interrupts (a foreground command would
# hold the trap until it ends).
trap 'exit 143' TERM INT
fail=0
ran=0
check() {  # description, then a command that must succeed
  local what="$1"; shift
  if "$@"; then echo "ok   $what"; else echo "FAIL $what"; fail=1; fi
}
cat >"$tmp/s.toml" <<'EOF'
name = "engines"
workloads = ["vecadd", "reduce"]
issue = ["lrr", "gto"]
sizes = ["test"]
[params]
"l1d.mshr_entries" = [16, 32]
EOF
"$wf" sweep "$tmp/s.toml" -j 2 -o "$tmp/local" >/dev/null 2>&1 ||
  { echo "FAIL the local sweep"; exit 1; }
# The stem of the last task's run, to delete and recollect.
last=reduce__gtx480__gto__preset__preset__test__32

recollect() {  # engine folder, the rerun command's runner ("parallel" or "slurm"), last task
  local dir="$1"
  "$wf" sweep "$tmp/s.toml" --collect "$dir" >"$tmp/collect" 2>&1
  check "$2: collect exits 0" test $? -eq 0
  check "$2: the collected table is the local one" cmp -s "$tmp/local/sweep.csv" "$dir/sweep.csv"
  rm "$dir/runs/$last.task.json"
  "$wf" sweep "$tmp/s.toml" --collect "$dir" >"$tmp/collect" 2>&1
  check "$2: a deleted task: collect exits 1" test $? -eq 1
  check "$2: a deleted task is reported missing" grep -q "^missing tasks: $3$" "$tmp/collect"
  check "$2: its row says missing" grep -q "^reduce,.*,gto,.*,32,missing," "$dir/sweep.csv"
  local rerun
  rerun=$(sed -n 's/^rerun them: //p' "$tmp/collect")
  check "$2: collect names the command that reruns it" test -n "$rerun"
  if [ "$2" = slurm ]; then rerun="${rerun/sbatch /sbatch --wait }"; fi
  (cd "$dir" && eval "$rerun") >"$tmp/rerun" 2>&1 &
  wait $!
  "$wf" sweep "$tmp/s.toml" --collect "$dir" >/dev/null 2>&1
  check "$2: rerun and recollected: the local table again" cmp -s "$tmp/local/sweep.csv" "$dir/sweep.csv"
}

# A paper study the same way: BLOCKLAT's 4 quick runs of vecadd. Its report equals the local
# one but for the sentence saying how the runs were made.
study=(reproduce blocklat --quick --workloads vecadd)
"$wf" "${study[@]}" -j 2 -o "$tmp/study-local" >/dev/null 2>&1 ||
  { echo "FAIL the local study"; exit 1; }
same_study() {  # folder, engine
  "$wf" "${study[@]}" --collect "$1" >"$tmp/collect" 2>&1
  check "$2: the study's collect exits 0" test $? -eq 0
  check "$2: the study's runs.csv is the local one" cmp -s "$tmp/study-local/runs.csv" "$1/runs.csv"
  check "$2: the study's report is the local one" \
    diff -q <(grep -v ' runs in .* s of wall time' "$tmp/study-local/report.md") \
    <(grep -v ' runs, made by a cluster' "$1/report.md")
}

# GNU parallel.
if command -v parallel >/dev/null; then
  # In chunks of 3 runs: 3 tasks, the last with the last 2 runs.
  "$wf" sweep "$tmp/s.toml" --emit parallel "$tmp/par" --chunk 3 >/dev/null
  check "parallel: 3 tasks of 3 runs" test "$(wc -l <"$tmp/par/jobs.txt")" -eq 3
  parallel --will-cite -j 2 <"$tmp/par/jobs.txt" >"$tmp/par.out" 2>&1
  check "parallel: every task exits 0" test $? -eq 0
  recollect "$tmp/par" parallel 2
  "$wf" "${study[@]}" --emit parallel "$tmp/par-study" >/dev/null
  parallel --will-cite -j 2 <"$tmp/par-study/jobs.txt" >/dev/null 2>&1
  same_study "$tmp/par-study" parallel
  ran=1
else
  echo "skip GNU parallel: not installed (tools/install-deps.sh installs it)"
fi

# A single-node Slurm of our own.
slurm_skip() { echo "skip Slurm: $*"; }
start_slurm() {
  for t in munged slurmctld slurmd sbatch sinfo; do
    command -v "$t" >/dev/null || { slurm_skip "$t is not installed (tools/install-deps.sh installs it)"; return 1; }
  done
  local s="$tmp/slurm" host ports
  mkdir -p "$s/state" "$s/spool" "$s/munge"
  host=$(hostname -s)
  ports=$(python3 -c 'import socket
ps=[]
for _ in range(2):
    s=socket.socket(); s.bind(("127.0.0.1",0)); ps.append(s)
print(" ".join(str(x.getsockname()[1]) for x in ps))')
  set -- $ports
  dd if=/dev/urandom of="$s/munge/munge.key" bs=1024 count=1 2>/dev/null
  chmod 700 "$s/munge"; chmod 400 "$s/munge/munge.key"
  # In the foreground of a background job, so that it stays in this test's process group (a
  # ctest timeout ends the group) and the EXIT trap ends it.
  munged --foreground --force --key-file="$s/munge/munge.key" --socket="$s/munge/socket" \
    --pid-file="$s/munge/munged.pid" --log-file="$s/munge/munged.log" \
    --seed-file="$s/munge/munged.seed" >"$s/munged.out" 2>&1 & pids+=($!)
  for _ in $(seq 40); do [ -S "$s/munge/socket" ] && break; sleep 0.25; done
  [ -S "$s/munge/socket" ] ||
    { slurm_skip "munged did not start: $(tail -n 1 "$s/munged.out")"; return 1; }
  # MinJobAge=0 (keep every job record): sbatch --wait polls every 2 s only while that is
  # under MinJobAge/3, and with the default of 300 it waits 2, 8 and then 32 s between polls,
  # which made this test sit 42 s on a job array done in 10.
  cat >"$s/slurm.conf" <<EOF
ClusterName=wftest
SlurmctldHost=$host
SlurmUser=$(id -un)
SlurmdUser=$(id -un)
AuthType=auth/munge
AuthInfo=socket=$s/munge/socket
CredType=cred/munge
SlurmctldPort=$1
SlurmdPort=$2
StateSaveLocation=$s/state
SlurmdSpoolDir=$s/spool
SlurmctldPidFile=$s/slurmctld.pid
SlurmdPidFile=$s/slurmd.pid
SlurmctldLogFile=$s/slurmctld.log
SlurmdLogFile=$s/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MinJobAge=0
NodeName=$host CPUs=$(nproc) State=UNKNOWN
PartitionName=wf Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
  export SLURM_CONF="$s/slurm.conf"
  slurmctld -D >"$s/slurmctld.out" 2>&1 & pids+=($!)
  slurmd -D >"$s/slurmd.out" 2>&1 & pids+=($!)
  for _ in $(seq 60); do
    if sinfo -h -o '%T' 2>/dev/null | grep -qE '^(idle|mixed|allocated)'; then return 0; fi
    sleep 0.5
  done
  slurm_skip "the node did not come up within 30 s: slurmctld: $(tail -n 1 "$s/slurmctld.log" 2>/dev/null); slurmd: $(tail -n 1 "$s/slurmd.log" 2>/dev/null || tail -n 1 "$s/slurmd.out")"
  return 1
}
if start_slurm; then
  "$wf" sweep "$tmp/s.toml" --emit slurm "$tmp/slurmrun" --array-throttle 2 >/dev/null
  sbatch --wait "$tmp/slurmrun/sweep.sbatch" >"$tmp/sbatch.out" 2>&1 &
  wait $!
  check "slurm: the job array ends with exit status 0" test $? -eq 0
  recollect "$tmp/slurmrun" slurm 7
  "$wf" "${study[@]}" --emit slurm "$tmp/slurm-study" >/dev/null
  sbatch --wait "$tmp/slurm-study/blocklat.sbatch" >/dev/null 2>&1 &
  wait $!
  same_study "$tmp/slurm-study" slurm
  ran=1
fi
if [ $fail -ne 0 ]; then exit 1; fi
if [ $ran -eq 0 ]; then exit 77; fi
exit 0
