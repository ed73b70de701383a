#!/usr/bin/env bash
# The checked-in programs/bin/ must be what programs/build.sh makes of programs/*.cu.
#
# Two checks. Always: programs/bin/MANIFEST (written by build.sh) must list the SHA-256 of
# today's sources and of the checked-in programs, so a source edited without rebuilding, a
# program replaced by hand or a program without a source fails even on a machine without CUDA.
# With --rebuild, where nvcc is on PATH and programs/toolchain.sh prints the toolchain the
# MANIFEST records: a rebuild must give the same bytes. Another nvcc, host compiler or linker
# legitimately builds other bytes, so there the byte comparison is reported as skipped and only
# the first check counts. The rebuild is 21 nvcc runs (about 80 s of CPU): ctest
# exec_programs_up_to_date runs the first check, exec_programs_rebuild_same_bytes (label full,
# tools/test.sh --full) both.
# Usage: programs_up_to_date.sh [--rebuild]
set -uo pipefail
rebuild=0
case "${1:-}" in
  "") ;;
  --rebuild) rebuild=1 ;;
  *) echo "programs_up_to_date.sh: unknown option '$1'; expected nothing or --rebuild" >&2; exit 2 ;;
esac
here="$(cd "$(dirname "$0")" && pwd)"
programs="$here/programs"
manifest="$programs/bin/MANIFEST"
if [ ! -f "$manifest" ]; then
  echo "programs/bin/MANIFEST is missing; run tests/exec/programs/build.sh"
  exit 1
fi
status=0
listed() { grep "^$1 " "$manifest" | cut -d' ' -f2- | sed 's/^ *//' | sort; }
actual_sources="$(cd "$programs" && sha256sum build.sh toolchain.sh *.h *.cu | sort)"
actual_programs="$(cd "$programs/bin" && sha256sum $(ls | grep -v '^MANIFEST$') | sort)"
report() { # kind, what the manifest lists, what is there
  diff <(echo "$2") <(echo "$3") | sed -n 's/^[<>] *[0-9a-f]* *//p' | sort -u |
    while read -r file; do
      echo "programs/${1}${file} does not match programs/bin/MANIFEST; run tests/exec/programs/build.sh"
    done
}
if [ "$(listed source)" != "$actual_sources" ]; then
  report "" "$(listed source)" "$actual_sources"
  status=1
fi
if [ "$(listed program)" != "$actual_programs" ]; then
  report "bin/" "$(listed program)" "$actual_programs"
  status=1
fi
[ $status -eq 0 ] && echo "MANIFEST matches the sources and the programs"
[ $rebuild -eq 1 ] || exit $status

if ! command -v nvcc >/dev/null; then
  echo "nvcc not found: byte comparison skipped"
  exit $status
fi
recorded="$(sed -n 's/^toolchain //p' "$manifest")"
current="$("$programs/toolchain.sh")"
if [ "$recorded" != "$current" ]; then
  echo "byte comparison skipped: the programs were built with"
  echo "  $recorded"
  echo "and this machine has"
  echo "  $current"
  exit $status
fi
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
"$programs/build.sh" "$tmp" || exit 1
for built in "$tmp"/*; do
  name="$(basename "$built")"
  [ "$name" = MANIFEST ] && continue
  if ! cmp -s "$built" "$programs/bin/$name"; then
    echo "programs/bin/$name differs from what programs/$name.cu builds to with the recorded toolchain; run tests/exec/programs/build.sh"
    # Where, so that a difference the toolchain line does not capture can be traced.
    echo "  $(cmp "$built" "$programs/bin/$name" 2>&1 | head -n 1); $(cmp -l "$built" "$programs/bin/$name" 2>/dev/null | wc -l) bytes differ"
    diff <(readelf -SW "$programs/bin/$name" 2>&1) <(readelf -SW "$built" 2>&1) | grep '^[<>]' | head -n 8 | sed 's/^/  /'
    status=1
  fi
done
for kept in "$programs"/bin/*; do
  [ -e "$tmp/$(basename "$kept")" ] || { echo "programs/bin/$(basename "$kept") has no source"; status=1; }
done
[ $status -eq 0 ] && echo "a rebuild gives the same bytes"
exit $status
