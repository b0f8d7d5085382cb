#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The repository explains itself: no file points at material a reader of it
# does not have, and every docs/*.md a file names exists.
#
#   repository_words_test.sh SOURCE_DIR
#
# Fails, naming file and line, on
# - paths of a build machine (a root-level /work or /root directory);
# - references to the planning material the project was started from: its
#   shared spec, seeds and design folders, section numbers of that spec and
#   of the thesis, the thesis's tables and figures by number, seed numbers, issue
#   numbers, the research notes' "gotcha" numbers and file names;
# - a docs/<name>.md that does not exist.
# Facts go into docs/ in the project's own words, and comments point at a
# section there ("docs/performance-data-format.md §10.2").
#
# Files: what git tracks (or, outside a git checkout, the tree without build
# directories); binary files are skipped.
set -uo pipefail

root=${1:?usage: repository_words_test.sh SOURCE_DIR}
cd "$root" || exit 2

# The patterns are assembled from pieces, so that this file does not match
# them itself.
S=$'\u00a7'
W=work R=root
patterns=(
    "machine path|(^|[^[:alnum:]_.>}\$-])/($W|$R)/"
    "planning material|shared/(spec|seeds|design)\\b"
    "section of an outside spec|\\bspec $S"
    "section of the thesis|\\bthesis $S"
    "the thesis's tables or figures by number|\\bthesis('s)? (Table|Figure) [0-9]"
    "seed number|\\b[Ss]eed[- ]?0[0-9]"
    "issue number|\\b[Ii]ssue #?[0-9]"
    "research notes|\\bgotcha [0-9]|counter-types\\.md|shared/jni\\.md|spec windows""-under-wine"
)

if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    mapfile -d '' files < <(git ls-files -z)
else
    mapfile -d '' files < <(find . \( -name .git -o -name 'build' -o -name 'build-*' \) -prune -o -type f -print0)
fi

status=0
for entry in "${patterns[@]}"; do
    reason=${entry%%|*}
    regex=${entry#*|}
    # -I skips binary files; -H -n give file:line.
    while IFS= read -r hit; do
        echo "$hit  <- $reason" >&2
        status=1
    done < <(printf '%s\0' "${files[@]}" | xargs -0 grep -I -H -n -E -e "$regex" -- 2>/dev/null)
done

# docs/<name>.md named anywhere must exist (the name may be followed by a
# section: "docs/java.md §2").
while IFS= read -r hit; do
    file=${hit%%:*}
    rest=${hit#*:}
    line=${rest%%:*}
    doc=${rest#*:}
    if [[ ! -f $doc ]]; then
        echo "$file:$line: $doc  <- names a document that does not exist" >&2
        status=1
    fi
done < <(printf '%s\0' "${files[@]}" | xargs -0 grep -I -H -n -o -E -e '\bdocs/[A-Za-z0-9_.-]+\.md' -- 2>/dev/null)

if [[ $status -ne 0 ]]; then
    echo "repository_words_test: write the fact into docs/ in your own words and point at its section" >&2
else
    echo "repository_words_test: ${#files[@]} files clean"
fi
exit $status
