#!/usr/bin/env bash
# The documentation names only repository paths that exist: README.md and every Markdown file
# under docs/ are read, and each path they name must be in the checkout. Checked:
#   - link targets, [text](target): resolved against the Markdown file's own folder; web
#     addresses (scheme:...) and pure anchors (#...) are skipped, an #anchor is cut off;
#   - inside `backticks`, every word that starts with a top-level folder of the repository
#     (.ci/ docs/ gen/ harness/ rtl/ sim_model/ synth/ tests/ tools/ workloads/) or names a
#     root file (CMakeLists.txt, CMakePresets.json, or a word with no slash that starts with a
#     capital letter and ends in .md, like README.md): read from the repository root.
# Fenced code blocks (``` ... ```) are not read: they hold example commands and outputs.
# A word is cut at surrounding punctuation. Placeholders and patterns name a set of paths,
# which must not be empty: <anything> stands for any name (docs/blocks/<block>.md matches
# docs/blocks/*.md), * and ? are shell globs, and {a,b} expands to both (every expansion must
# match).
# Each failure names the Markdown file and the path.
# Usage: paths_exist.sh SOURCE_DIR
set -euo pipefail
src="$1"
cd "$src"

prefixes='^(\.ci|docs|gen|harness|rtl|sim_model|synth|tests|tools|workloads)/'
root_file='^([A-Z][A-Za-z0-9_-]*\.md|CMakeLists\.txt|CMakePresets\.json)$'
failed=0
checked=0

# Sets the array `expansions` to every expansion of the {a,b} groups of $1, in order. No
# subshell, as no command substitution or external program in check(): a process per named path
# made this test take half a minute.
expand_braces() {
  expansions=()
  local queue=("$1") i=0 t pre rest body post alt alts
  while [ $i -lt ${#queue[@]} ]; do
    t="${queue[$i]}"; i=$((i + 1))
    if [[ "$t" != *"{"*"}"* ]]; then expansions+=("$t"); continue; fi
    pre="${t%%\{*}" rest="${t#*\{}"
    body="${rest%%\}*}" post="${rest#*\}}"
    IFS=, read -ra alts <<<"$body"
    for alt in "${alts[@]}"; do queue+=("$pre$alt$post"); done
  done
}

# Sets `normalized` to path $1 with its . and .. components resolved (like realpath -m
# --relative-to=. for a relative path, without following symbolic links); a path that climbs
# out of the checkout keeps its leading ../
normalize() {
  local part parts out=()
  IFS=/ read -ra parts <<<"$1"
  for part in "${parts[@]}"; do
    case "$part" in
      "" | .) ;;
      ..) if [ ${#out[@]} -gt 0 ] && [ "${out[-1]}" != .. ]; then unset 'out[-1]'; else out+=(..); fi ;;
      *) out+=("$part") ;;
    esac
  done
  local IFS=/
  normalized="${out[*]}"
  [ -n "$normalized" ] || normalized=.
}

# Checks repository-relative path $2, named in Markdown file $1.
check() {
  local doc="$1" path="$2" one pattern
  expand_braces "$path"
  for one in "${expansions[@]}"; do
    [ -n "$one" ] || continue
    checked=$((checked + 1))
    pattern="$one"
    while [[ "$pattern" =~ ^(.*)\<[^\>]*\>(.*)$ ]]; do
      pattern="${BASH_REMATCH[1]}*${BASH_REMATCH[2]}"
    done
    if [[ "$pattern" == *[*?]* ]]; then
      compgen -G "$pattern" >/dev/null && continue
    else
      [ -e "$pattern" ] && continue
    fi
    echo "$doc: names $one, which does not exist" >&2
    failed=1
  done
}

docs=(README.md)
while IFS= read -r f; do docs+=("$f"); done < <(find docs -name '*.md' | sort)

for doc in "${docs[@]}"; do
  dir=$(dirname "$doc")
  # The prose of the file on one line (code fences dropped), so that spans and links wrapped
  # over two lines are seen whole.
  text=$(awk '/^[ \t]*```/ { fenced = !fenced; next } !fenced' "$doc" | tr '\n' ' ')

  # Link targets.
  while IFS= read -r target; do
    target="${target#](}"; target="${target%)}"
    target="${target%% *}"            # [text](path "title")
    target="${target%%#*}"
    [ -n "$target" ] || continue
    [[ "$target" =~ ^[a-zA-Z][a-zA-Z0-9+.-]*: ]] && continue
    normalize "$dir/$target"
    resolved="$normalized"
    if [[ "$resolved" == ../* || "$resolved" == .. ]]; then
      echo "$doc: links to $target, outside the repository" >&2; failed=1; continue
    fi
    check "$doc" "$resolved"
  done < <(grep -oE '\]\([^)]*\)' <<<"$text" || true)

  # Words of backtick spans.
  while IFS= read -r span; do
    span="${span#\`}"; span="${span%\`}"
    for word in $span; do
      # Trimmed in the shell: a sed a word made this test take half a minute.
      while [[ "$word" == [\(\"\']* ]]; do word="${word:1}"; done
      while [[ "$word" == *[\)\"\'\,\;\:\.] ]]; do word="${word%?}"; done
      if [[ "$word" =~ $prefixes ]] || [[ "$word" =~ $root_file ]]; then
        check "$doc" "$word"
      fi
    done
  done < <(grep -oE '`[^`]+`' <<<"$text" || true)
done

if [ $failed = 0 ]; then echo "README.md and docs/ name $checked paths, all present"; fi
exit $failed
