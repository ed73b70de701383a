# Sourced by tools/test.sh: runs named stages and reports, at the end, each stage's wall and CPU
# seconds and the slowest tests of each ctest run.
#   stage NAME COMMAND...        runs COMMAND as the stage NAME (a failure ends the script)
#   ctest_timed PRESET ARGS...   ctest --preset PRESET ARGS, its per-test times kept for the report
#   stages_report                the table (tools/test.sh calls it on exit)
# CPU seconds are the user + system time of the stage's processes, read from the kernel's
# count of this shell's waited-for children (/proc/$$/stat fields 16 and 17), so they include
# every compiler, Verilator and test process the stage started and waited for.

stages_names=()
stages_wall=()
stages_cpu=()
stages_status=()
stages_junit=()
stages_tick="$(getconf CLK_TCK)"
stages_tmp="$(mktemp -d)"
stages_start="$(date +%s.%N)"

stages_children_ticks() {
  # Field 2 (the command name) may hold spaces; the fields after its closing parenthesis do not.
  local stat
  stat="$(cat /proc/$$/stat)"
  stat="${stat##*) }"
  # The remaining fields start at field 3: cutime is field 16, cstime field 17.
  local -a f
  read -r -a f <<<"$stat"
  echo $((f[13] + f[14]))
}

stage() {
  local name="$1"
  shift
  local t0 c0 t1 c1 rc=0
  echo "== test.sh: $name" >&2
  t0="$(date +%s.%N)"
  c0="$(stages_children_ticks)"
  "$@" || rc=$?
  t1="$(date +%s.%N)"
  c1="$(stages_children_ticks)"
  stages_names+=("$name")
  stages_wall+=("$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.0f", b - a }')")
  stages_cpu+=("$(awk -v a="$c0" -v b="$c1" -v t="$stages_tick" 'BEGIN { printf "%.0f", (b - a) / t }')")
  stages_status+=("$([ "$rc" = 0 ] && echo ok || echo "FAILED ($rc)")")
  return "$rc"
}

ctest_timed() {
  local preset="$1"
  shift
  local junit="$stages_tmp/ctest-$preset-${#stages_junit[@]}.xml"
  stages_junit+=("$preset:$junit")
  ctest --preset "$preset" --output-junit "$junit" "$@"
}

stages_report() {
  local rc=$?
  local end total_wall i
  end="$(date +%s.%N)"
  total_wall="$(awk -v a="$stages_start" -v b="$end" 'BEGIN { printf "%.0f", b - a }')"
  {
    echo
    echo "== test.sh stages (wall and CPU seconds; $(nproc) cores)"
    printf '%-22s %8s %8s  %s\n' stage wall cpu status
    local cpu_sum=0
    for i in "${!stages_names[@]}"; do
      printf '%-22s %8s %8s  %s\n' "${stages_names[$i]}" "${stages_wall[$i]}" "${stages_cpu[$i]}" \
        "${stages_status[$i]}"
      cpu_sum=$((cpu_sum + stages_cpu[i]))
    done
    printf '%-22s %8s %8s  (%s)\n' total "$total_wall" "$cpu_sum" \
      "$(awk -v s="$total_wall" 'BEGIN { printf "%d min %02d s", s / 60, s % 60 }')"
    local entry preset junit
    for entry in "${stages_junit[@]}"; do
      preset="${entry%%:*}"
      junit="${entry#*:}"
      [ -s "$junit" ] || continue
      echo
      echo "== the 20 slowest tests of ctest --preset $preset (seconds)"
      # ctest's JUnit file has one <testcase name="..." ... time="..."> per test.
      # awk reads to the end: `head` would close the pipe early, and sort's SIGPIPE would end
      # the script with status 141 under pipefail.
      sed -n 's/.*<testcase name="\([^"]*\)".* time="\([0-9.]*\)".*/\2 \1/p' "$junit" |
        sort -rn | awk 'NR <= 20 { printf "%8.1f  %s\n", $1, $2 }'
    done
  } >&2
  rm -rf "$stages_tmp"
  return "$rc"
}
