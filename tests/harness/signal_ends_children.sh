#!/usr/bin/env bash
# SIGTERM or SIGINT to warpforge ends the children it started, each in its own process group
# (the verilated runner of `equiv --rtl`, Yosys under `prove --rtl`), before warpforge ends
# as killed by the signal (status 128 + signal). The RTL is a hand edit whose simulation and
# proof never finish, run with no time budget, so only the signal can end them.
# Usage: signal_ends_children.sh WARPFORGE RTL_DIR
set -euo pipefail
set -m  # job control: a background job keeps SIGINT (not ignored) and has its own group
wf="$1" rtl="$2"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
mutant="$tmp/runaway.v"
"$(dirname "$0")/runaway_mutant.sh" "$rtl" "$mutant"
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

# signal, the child's name (pgrep -f), how long the child may take to appear, command...
interrupt() {
  local sig="$1" child="$2" wait_s="$3"; shift 3
  "$@" >"$tmp/out" 2>"$tmp/err" &
  local pid=$! pgid=""
  local end=$((SECONDS + wait_s))
  while [ $SECONDS -lt $end ]; do
    pgid=$(pgrep -P "$pid" -f -- "$child" | head -1 || true)
    [ -n "$pgid" ] && break
    sleep 0.2
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
  if [ $rc -ne $expected ] || [ -n "$left" ]; then
    echo "FAIL SIG$sig to $*: exit $rc (expected $expected), left in the $child's group: $left"
    cat "$tmp/err"; [ -n "$left" ] && kill -KILL -- "-$pgid"
    fail=1
  else
    echo "ok   SIG$sig to $* ended it and its $child in $((SECONDS - start)) s (exit $rc)"
  fi
}

# The first equiv may verilate the mutant into the cache before the runner starts.
interrupt TERM "/runner " 900 "$wf" equiv lrr_arbiter --rtl "$mutant" --time-budget 0 \
  -o "$tmp/equiv-term"
interrupt INT "/runner " 60 "$wf" equiv lrr_arbiter --rtl "$mutant" --time-budget 0 \
  -o "$tmp/equiv-int"
interrupt TERM yosys 60 "$wf" prove lrr_arbiter --rtl "$mutant" --time-budget 0 \
  -o "$tmp/prove-term"
interrupt INT yosys 60 "$wf" prove lrr_arbiter --rtl "$mutant" --time-budget 0 \
  -o "$tmp/prove-int"
exit $fail
