#!/usr/bin/env bash
# The configurations rtl/ holds, generated into OUT_DIR: every block of every built-in preset
# (sim_model/presets/*.toml, each block's for_machine), and the variants of lwm-core that the
# large-warp paper (Narasiman et al., MICRO 2011) compares, as preset parameters so that the
# blocks' for_machine derives them:
#   Fig. 13: two-level scheduling with fetch groups of 1 to 32 of lwm-core's 32 warps;
#   Fig. 14: 4 large warps of 256 threads, round robin (LWM256) or in fetch groups of 2
#            (LWM256+2Lev2), with their sub-warp packer.
# rtl_up_to_date compares rtl/ with this; regenerate with
#   rm rtl/*.v && tests/harness/gen_rtl.sh build/dev/warpforge rtl
# Usage: gen_rtl.sh WARPFORGE OUT_DIR
set -euo pipefail
wf="$1"; out="$2"
presets="$(cd "$(dirname "$0")/../../sim_model/presets" && pwd)"
gen() { "$wf" gen -o "$out" "$@" >/dev/null; }

for toml in "$presets"/*.toml; do
  gen --all --preset "$(basename "$toml" .toml)"
done
for g in 1 2 4 8 16 32; do
  gen two_level_arbiter --preset lwm-core --param fetch_group_size="$g"
done
gen two_level_arbiter lrr_arbiter subwarp_packer --preset lwm-core --param large_warp_size=256 \
  --param max_warps=4 --param max_warps_per_cta=4 --param max_ctas=4 --param fetch_group_size=2
