#!/usr/bin/env bash
# SIGTERM, SIGINT or SIGHUP to warpforge ends the children it started, each in its own process
# group (the verilated runner of `equiv --rtl`, Yosys under `prove --rtl`, Verilator building a
# runner), before warpforge ends as killed by the signal (status 128 + signal), and leaves no
# temporary behind: no Yosys working directory in $TMPDIR, no half-made build in the Verilator
# cache. The RTL is a hand edit whose simulation and proof never finish, run with no time
# budget, so only the signal can end them. Temporaries that a process killed outright left
# (planted here, named after a dead pid) are swept by the next run; those of live processes
# are not.
# Usage: signal_ends_children.sh WARPFORGE RTL_DIR
set -euo pipefail
set -m  # job control: a background job keeps SIGINT (not ignored) and has its own group
wf="$1" rtl="$2"
tmp=$(mktemp -d)
lock_holder=""
trap '[ -n "$lock_holder" ] && kill -- "-$lock_holder" 2>/dev/null; rm -rf "$tmp"' EXIT
mutant="$tmp/runaway.v"
"$(dirname "$0")/runaway_mutant.sh" "$rtl" "$mutant"
export TMPDIR="$tmp/tmpdir"  # the Yosys working directories go here, where we can see them
mkdir "$TMPDIR"
cache="${WARPFORGE_CACHE:?the tests run with their own Verilator cache}"
fresh_cache="$tmp/fresh-cache"  # a build to interrupt, whatever the shared cache holds
fail=0

# The processes of group $1 that still run (a killed child whose parent has gone stays a zombie
# until its new parent reaps it).
running_in_group() {
  local p state
  for p in $(pgrep -g "$1" || true); do
    state=$(sed 's/.*) //' "/proc/$p/stat" 2>/dev/null | cut -d' ' -f1 || true)
    if [ -n "$state" ] && [ "$state" != Z ]; then echo "$p"; fi
  done
}

# What process $1 left: Yosys directories in $TMPDIR and half-made Verilator builds (in the
# shared cache only its own: other tests may be building there meanwhile). The temporaries
# planted below stay out of it.
left_by() {
  {
    find "$TMPDIR" -mindepth 1 -maxdepth 1 -name 'warpforge-*'
    find "$fresh_cache/verilated" -mindepth 1 -maxdepth 1 -name '*.tmp*' 2>/dev/null || true
    find "$cache/verilated" -mindepth 1 -maxdepth 1 \( -name "*.tmp$1" -o -name "*.tmp$1-*" \)
  } | grep -vxF -f <(printf '%s\n' "${planted[@]}") || true
}

# signal, the child's command line (pgrep -f), how long the child may take to appear, command...
interrupt() {
  local sig="$1" child="$2" wait_s="$3"; shift 3
  "$@" >"$tmp/out" 2>"$tmp/err" &
  local pid=$! pgid=""
  local end=$((SECONDS + wait_s))
  while [ $SECONDS -lt $end ]; do
    pgid=$(pgrep -P "$pid" -f -- "$child" | head -1 || true)
    [ -n "$pgid" ] && break
    sleep 0.1
  done
  if [ -z "$pgid" ]; then
    echo "FAIL $*: no $child child within $wait_s s"; cat "$tmp/err"; kill -KILL "$pid"; fail=1
    return
  fi
  sleep 1  # let it run
  local start=$SECONDS rc=0
  kill -"$sig" "$pid"
  wait "$pid" || rc=$?
  local expected=$((128 + $(kill -l "$sig")))
  local left; left=$(running_in_group "$pgid")
  local files; files=$(left_by "$pid")
  if [ $rc -ne $expected ] || [ -n "$left" ] || [ -n "$files" ]; then
    echo "FAIL SIG$sig to $*: exit $rc (expected $expected), left in the $child's group:" \
      "$left, left on disk: $files"
    cat "$tmp/err"; [ -n "$left" ] && kill -KILL -- "-$pgid"
    fail=1
  else
    echo "ok   SIG$sig to $* ended it and its $child in $((SECONDS - start)) s (exit $rc)," \
      "nothing left"
  fi
}

# Temporaries of a process that is gone (as SIGKILL leaves them), of this live shell, and of a
# gone process whose directory another process holds locked (as a warpforge in another pid
# namespace sharing the directory does).
sh -c 'exit 0' & dead=$!; wait $dead
mkdir -p "$cache/verilated"
stale=("$TMPDIR/warpforge-prove-$dead-aaaaaa" "$cache/verilated/lrr_arbiter_w24-0.tmp$dead"
       "$cache/verilated/lrr_arbiter_w24-0.tmp$dead-bbbbbb")
kept=("$TMPDIR/warpforge-prove-$$-cccccc" "$cache/verilated/lrr_arbiter_w24-0.tmp$$-dddddd"
      "$TMPDIR/warpforge-prove-$dead-eeeeee")
planted=("${stale[@]}" "${kept[@]}")
for d in "${planted[@]}"; do mkdir -p "$d/obj"; : >"$d/obj/x.o"; done
flock "$TMPDIR/warpforge-prove-$dead-eeeeee" sleep 600 & lock_holder=$!

# The first equiv may verilate the mutant into the cache before the runner starts.
interrupt TERM "/runner " 900 "$wf" equiv lrr_arbiter --rtl "$mutant" --time-budget 0 \
  -o "$tmp/equiv-term"
interrupt INT "/runner " 60 "$wf" equiv lrr_arbiter --rtl "$mutant" --time-budget 0 \
  -o "$tmp/equiv-int"
# Verilator, or the make of the parts every runner shares, whichever is caught first.
interrupt TERM "verilator --cc|^make " 120 env WARPFORGE_CACHE="$fresh_cache" "$wf" equiv \
  lrr_arbiter --rtl "$mutant" --time-budget 0 -o "$tmp/equiv-build"
interrupt TERM yosys 60 "$wf" prove lrr_arbiter --rtl "$mutant" --time-budget 0 \
  -o "$tmp/prove-term"
interrupt INT yosys 60 "$wf" prove lrr_arbiter --rtl "$mutant" --time-budget 0 \
  -o "$tmp/prove-int"
interrupt HUP yosys 60 "$wf" prove lrr_arbiter --rtl "$mutant" --time-budget 0 \
  -o "$tmp/prove-hup"

# Without children: an interrupt while block traces are written (under temporary names until
# the run ends) removes them, and DIR stays as it was.
mkdir "$tmp/traces"
"$wf" sim -w bfs --record-blocks "$tmp/traces" --stats "$tmp/traces.json" >/dev/null 2>&1 &
pid=$!
for _ in $(seq 200); do [ -n "$(ls -A "$tmp/traces")" ] && break; sleep 0.05; done
sleep 0.5
rc=0
if ! kill -INT "$pid" 2>/dev/null; then
  echo "FAIL sim --record-blocks ended before the interrupt"; fail=1
fi
wait "$pid" || rc=$?
if [ $rc -ne 130 ] || [ -n "$(ls -A "$tmp/traces")" ] || [ -e "$tmp/traces.json" ]; then
  echo "FAIL SIGINT to sim --record-blocks: exit $rc, left: $(ls -A "$tmp/traces" | head -3)"
  fail=1
else
  echo "ok   SIGINT to sim --record-blocks ended it (exit $rc), no trace left"
fi

for d in "${stale[@]}"; do
  if [ -e "$d" ]; then echo "FAIL the stale temporary $d was not swept"; fail=1; fi
done
for d in "${kept[@]}"; do
  if [ ! -e "$d" ]; then echo "FAIL the live temporary $d was swept"; fail=1; fi
done
rm -rf "$cache/verilated/lrr_arbiter_w24-0.tmp$$-dddddd"
[ $fail -eq 0 ] && echo "ok   stale temporaries swept, live ones kept"
exit $fail
