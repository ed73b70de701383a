#!/usr/bin/env bash
# The block registry is the only list of blocks (harness/block_config.h). For every block
# `warpforge params --list` names, this checks:
#   1. outside the block's own files (path stem = block name), tests, rtl/ and docs, only the SM
#      code that calls it names it (its snake_case or CamelCase name): files under sim_model/sm/,
#      at most one per policy that uses it (`warpforge sim --list-policies`), or one when the SM
#      itself holds it;
#   2. the files that still have to exist, one per block and named after it, are there: its
#      planted bugs and violations (tests/harness/planted/<block>.sh) and its page
#      (docs/blocks/<block>.md); a new block adds files, it edits no list;
# and that every block a policy names (`warpforge sim --list-policies`) is registered.
# Each failure names the block and the place.
# Usage: block_lists.sh WARPFORGE SOURCE_DIR
set -euo pipefail
wf="$1" src="$2"
cd "$src"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
"$wf" sim --list-policies >"$tmp/policies"
failed=0
fail() { echo "block $1: $2" >&2; failed=1; }

for block in $("$wf" params --list | cut -d' ' -f1); do
  camel=$(sed -E 's/(^|_)([a-z0-9])/\U\2/g' <<<"$block")
  # Tracked files (and new ones not yet committed) naming the block: its snake_case name as a
  # whole identifier (a preset key such as `bloom_filters` names another thing), its CamelCase
  # name also as the start of one (`TwoLevelArbiterParams`).
  files=$(git ls-files --cached --others --exclude-standard |
          xargs grep -lE "(^|[^A-Za-z0-9_])($block([^A-Za-z0-9_]|\$)|$camel)" 2>/dev/null || true)
  others=()
  for f in $files; do
    stem=$(basename "$f"); stem="${stem%%.*}"
    case "$f" in
      tests/*|rtl/*|docs/*|*.md) continue ;;
    esac
    [ "$stem" = "$block" ] && continue
    others+=("$f")
  done
  users=$(grep -cE "^  [^ ]+ +\[([^]]*,)?$block(,[^]]*)?\]" "$tmp/policies" || true)
  if grep -qE "^every SM (with large warps \([^)]*\) )?also holds: \[([^]]*,)?$block(,[^]]*)?\]" \
       "$tmp/policies"; then
    users=$((users > 0 ? users : 1))
  fi
  for f in "${others[@]}"; do
    case "$f" in
      sim_model/sm/*) ;;
      *) fail "$block" "named in $f, which is neither its own file nor SM code that calls it" ;;
    esac
  done
  if [ "${#others[@]}" -gt "$users" ]; then
    fail "$block" "named in ${#others[@]} files outside its own (${others[*]}), but $users policies (or the SM) use it"
  fi
  [ -f "tests/harness/planted/$block.sh" ] ||
    fail "$block" "no catalogue of planted bugs and violations tests/harness/planted/$block.sh"
  [ -f "docs/blocks/$block.md" ] ||
    fail "$block" "no page docs/blocks/$block.md (what it is, its paper, parameters and decisions)"
done
# Every block a policy (or the SM) names is a registered block.
registered=$("$wf" params --list | cut -d' ' -f1)
for b in $(grep -oE '\[[^]]*\]' "$tmp/policies" | tr -d '[]' | tr ',' '\n' | sort -u); do
  grep -qx "$b" <<<"$registered" || fail "$b" "named by warpforge sim --list-policies but not registered"
done
exit $failed
