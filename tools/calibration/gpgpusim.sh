#!/usr/bin/env bash
# Runs every calibration program (programs/bin/*) under GPGPU-Sim 4.0's shipped SM2_GTX480
# configuration, once as shipped ("sectored" L1/L2), once with gtx480-nonsectored.diff applied
# ("nonsectored"), and with that diff and the L2's write-allocate policy changed from L (lazy
# fetch on read) to W (GPGPU-Sim 3.x's write allocate: "nonsectored-w") or to N (no write
# allocate: "nonsectored-n"). With L and non-sectored lines GPGPU-Sim 4.0 asserts
# m_cache_type == SECTOR as soon as a line that was partly written is read or filled, which
# most programs here do. It writes the per-launch
# statistics and the programs' metrics as CSV (columns: program, launch, kernel, config, metric,
# value, unit; launch "-" for a program's own metrics). GPGPU-Sim is a measuring instrument,
# never a dependency: the CSV is checked in and calibrate.sh reads it.
#
# Usage: gpgpusim.sh [--gpgpusim DIR] [--cuda DIR] [--out FILE.csv] [--logs DIR] [--jobs N]
#                    [--config NAME] [--parse-only] [PROGRAM...]
#   --gpgpusim DIR  built GPGPU-Sim tree (setup_environment, configs/); or $GPGPUSIM_DIR
#   --cuda DIR      CUDA folder with a cuobjdump in bin/ (the stand-in: CUDA 13 has none);
#                   or $GPGPUSIM_CUDA
#   --out FILE      CSV to write (default: gpgpusim-gtx480.csv beside this script)
#   --logs DIR      keep each run's folder (config, log, rc) here (default: a temporary folder,
#                   removed at the end)
#   --jobs N        runs at once (default 2); every run is started with nice -n 10
#   --config NAME   sectored, nonsectored, nonsectored-w, nonsectored-n or all (default);
#                   repeatable
#   --parse-only    run nothing: write the CSV from every run folder already in --logs
#   PROGRAM...      program names in programs/bin (default: all)
# Progress goes to stderr. Exit status 2 on bad arguments, 1 if any run failed to start.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2; }
die() { echo "gpgpusim.sh: $*" >&2; exit 2; }

gs="${GPGPUSIM_DIR:-}"
cuda="${GPGPUSIM_CUDA:-}"
out="$here/gpgpusim-gtx480.csv"
logs=""
jobs=2
configs=""
parse_only=0
progs=()
while [ $# -gt 0 ]; do
  case "$1" in
    --gpgpusim) [ $# -ge 2 ] || die "--gpgpusim needs a folder"; gs="$2"; shift 2 ;;
    --cuda) [ $# -ge 2 ] || die "--cuda needs a folder"; cuda="$2"; shift 2 ;;
    --out) [ $# -ge 2 ] || die "--out needs a file"; out="$2"; shift 2 ;;
    --logs) [ $# -ge 2 ] || die "--logs needs a folder"; logs="$2"; shift 2 ;;
    --jobs) [ $# -ge 2 ] && [[ "$2" =~ ^[1-9][0-9]*$ ]] || die "--jobs needs a number >= 1"
            jobs="$2"; shift 2 ;;
    --config)
      case "${2:-}" in
        sectored|nonsectored|nonsectored-w|nonsectored-n) configs="$configs $2" ;;
        all) configs="sectored nonsectored nonsectored-w nonsectored-n" ;;
        *) die "--config takes sectored, nonsectored, nonsectored-w, nonsectored-n or all" ;;
      esac
      shift 2 ;;
    --parse-only) parse_only=1; shift ;;
    -h|--help) usage; exit 0 ;;
    -*) die "unknown option $1 (see --help)" ;;
    *) progs+=("$1"); shift ;;
  esac
done
[ -n "$configs" ] || configs="sectored nonsectored nonsectored-w nonsectored-n"
configs="${configs# }"
if [ "$parse_only" = 1 ]; then
  [ -n "$logs" ] && [ -d "$logs" ] || die "--parse-only needs --logs DIR with run folders"
  dirs=()
  for d in "$logs"/*.sectored "$logs"/*.nonsectored "$logs"/*.nonsectored-[wn]; do
    [ -f "$d/log" ] && dirs+=("$d")
  done
  [ ${#dirs[@]} -gt 0 ] || die "no run folders in $logs"
  python3 "$here/calib.py" gpgpusim --out "$out" "${dirs[@]}"
  exit 0
fi
[ -n "$gs" ] || die "no GPGPU-Sim folder: give --gpgpusim DIR or set GPGPUSIM_DIR"
[ -f "$gs/setup_environment" ] || die "$gs has no setup_environment (not a GPGPU-Sim tree)"
cfgdir="$gs/configs/tested-cfgs/SM2_GTX480"
[ -f "$cfgdir/gpgpusim.config" ] || die "$cfgdir/gpgpusim.config is missing"
[ -n "$cuda" ] || die "no CUDA folder: give --cuda DIR or set GPGPUSIM_CUDA"
[ -x "$cuda/bin/cuobjdump" ] || die "$cuda/bin/cuobjdump is missing (see the GPGPU-Sim notes)"
bindir="$here/programs/bin"
if [ ${#progs[@]} -eq 0 ]; then
  for f in "$bindir"/*; do
    [ -x "$f" ] && [ -f "$f" ] && progs+=("$(basename "$f")")
  done
fi
[ ${#progs[@]} -gt 0 ] || die "no programs in $bindir (run programs/build.sh)"
for p in "${progs[@]}"; do [ -x "$bindir/$p" ] || die "no program $bindir/$p"; done

keep=1
if [ -z "$logs" ]; then logs="$(mktemp -d)"; keep=0; fi
mkdir -p "$logs"
logs="$(cd "$logs" && pwd)"

# One run: a fresh folder with the configuration files, power model off.
run_one() {
  local prog="$1" config="$2" dir="$logs/$1.$2"
  rm -rf "$dir"
  mkdir -p "$dir"
  cp "$cfgdir/gpgpusim.config" "$cfgdir/config_fermi_islip.icnt" "$dir/"
  if [ "$config" != sectored ]; then
    patch -s -d "$dir" gpgpusim.config < "$here/gtx480-nonsectored.diff"
  fi
  case "$config" in
    nonsectored-w|nonsectored-n)
      # -gpgpu_cache:dl2 N:sets:line:assoc,rep:write:alloc:WRITE_ALLOC:index,...: L -> W or N
      local wa
      wa="$(echo "${config#nonsectored-}" | tr wn WN)"
      sed -i "s/^\(-gpgpu_cache:dl2 N:[^,]*,[^:]*:[^:]*:[^:]*:\)L:/\1$wa:/" "$dir/gpgpusim.config"
      grep -q "^-gpgpu_cache:dl2 N:[^,]*,[^:]*:[^:]*:[^:]*:$wa:" "$dir/gpgpusim.config" ||
        { echo "gpgpusim.sh: could not set the L2 write-allocate policy in $dir" >&2; return 1; }
      ;;
  esac
  sed -i 's/^-power_simulation_enabled 1/-power_simulation_enabled 0/' "$dir/gpgpusim.config"
  local start rc=0
  start=$(date +%s)
  (
    cd "$dir"
    export CUDA_INSTALL_PATH="$cuda" GPGPUSIM_NO_POWER=1
    set +euo pipefail  # setup_environment is not written for them
    # shellcheck disable=SC1091
    source "$gs/setup_environment" release > /dev/null 2>&1 ||
      { echo "gpgpusim.sh: $gs/setup_environment failed" >&2; exit 1; }
    exec nice -n 10 "$bindir/$prog"
  ) > "$dir/log" 2>&1 || rc=$?
  echo "$rc" > "$dir/rc"
  echo "gpgpusim.sh: $prog ($config): exit $rc after $(( $(date +%s) - start )) s" >&2
}

echo "gpgpusim.sh: ${#progs[@]} programs x {$configs}, $jobs at once, logs in $logs" >&2
running=0
dirs=()
for p in "${progs[@]}"; do
  for c in $configs; do
    dirs+=("$logs/$p.$c")
    run_one "$p" "$c" &
    running=$((running + 1))
    if [ "$running" -ge "$jobs" ]; then
      wait -n || true
      running=$((running - 1))
    fi
  done
done
wait || true
python3 "$here/calib.py" gpgpusim --out "$out" "${dirs[@]}"
[ "$keep" = 1 ] || rm -rf "$logs"
echo "gpgpusim.sh: wrote $out" >&2
