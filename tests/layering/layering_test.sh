#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The layers of the tree, checked from the sources (HACKING.md, "Layout"):
#   - engine/ (wpo, wpo_query, ...) includes nothing outside engine/: every
#     quoted include is a path below engine/, and no Qt or JNI header;
#   - the query layer (engine/query) in particular includes nothing of app/,
#     jni/ or Qt;
#   - the engine's lower libraries stay below the rest: wpo_format
#     (engine/core, engine/format, engine/names) includes only those three
#     folders (not published/), wpo_published (engine/published) only those
#     and itself;
#   - wpo_recording (engine/recording, the one engine library that links a
#     third-party library, zstd) includes only core/, format/, names/,
#     sources/ and itself, and nothing else of the engine but wpo_remote
#     includes it;
#   - wpo_remote (engine/remote, the Source of another machine: cpp-httplib
#     and the block codec) includes only core/, format/, names/, sources/,
#     recording/ and itself, nothing else of the engine includes it, and no
#     engine header includes cpp-httplib;
#   - app/files and app/exporter include nothing of the CLI or the desktop app,
#     app/cli nothing of the desktop app;
#   - jni/ links no target defined under app/.
# Usage: layering_test.sh SOURCE_DIR
set -uo pipefail
src=${1:?source dir}
cd "$src" || exit 2
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

sources() {  # folder: the C++ sources under it
    find "$1" -type f \( -name '*.h' -o -name '*.cpp' -o -name '*.h.in' -o -name '*.cpp.in' \) | sort
}

while IFS= read -r file; do
    while IFS=: read -r line text; do
        inc=$(sed -E 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"([^"]+)".*/\1/' <<<"$text")
        [[ -e "engine/$inc" ]] || fail "$file:$line includes \"$inc\", which is not a header below engine/"
    done < <(grep -nE '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$file")
    while IFS=: read -r line text; do
        fail "$file:$line includes a Qt or JNI header: $text"
    done < <(grep -nE '^[[:space:]]*#[[:space:]]*include[[:space:]]*<(Q[A-Za-z]*|jni\.h|jni_md\.h)' "$file")
done < <(sources engine)

check_no_include() {  # folder pattern why
    local folder=$1 pattern=$2 why=$3
    while IFS=: read -r file line text; do
        fail "$file:$line $why: $text"
    done < <(grep -rnE "^[[:space:]]*#[[:space:]]*include[[:space:]]*[\"<]($pattern)" "$folder" \
                 --include='*.h' --include='*.cpp')
}
check_no_include app/files 'cli/|gui/|Q[A-Za-z]' "the file formats include a front end or Qt"
check_no_include app/cli 'gui/|Q[A-Za-z]' "the CLI includes the desktop app or Qt"
check_no_include app/exporter 'cli/|gui/|Q[A-Za-z]' "the exporter includes a front end or Qt"

check_only_include() {  # why allowed-pattern folder...: quoted includes of the folders must match the pattern
    local why=$1 allowed=$2
    shift 2
    while IFS=: read -r file line text; do
        fail "$file:$line $why: $text"
    done < <(grep -rnE '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$@" --include='*.h' --include='*.cpp' \
                 | grep -vE "#[[:space:]]*include[[:space:]]*\"($allowed)")
}
check_only_include "wpo_format includes something above core/, format/, names/" 'core/|format/|names/' \
    engine/core engine/format engine/names
check_only_include "wpo_published includes something of the engine above it" 'core/|format/|names/|published/' \
    engine/published
check_only_include "wpo_recording includes something of the engine above its sources" \
    'core/|format/|names/|sources/|recording/' engine/recording
while IFS=: read -r file line text; do
    fail "$file:$line includes wpo_recording, which is not part of wpo: $text"
done < <(grep -rnE '^[[:space:]]*#[[:space:]]*include[[:space:]]*"recording/' engine --include='*.h' --include='*.cpp' \
             | grep -vE '^engine/(recording|remote)/')
grep -rqE '#[[:space:]]*include[[:space:]]*<zstd' engine --include='*.h' \
    && fail "an engine header includes zstd: keep it inside wpo_recording's .cpp files"
check_only_include "wpo_remote includes something of the engine above its sources" \
    'core/|format/|names/|sources/|recording/|remote/' engine/remote
while IFS=: read -r file line text; do
    fail "$file:$line includes wpo_remote, which is not part of wpo: $text"
done < <(grep -rnE '^[[:space:]]*#[[:space:]]*include[[:space:]]*"remote/' engine --include='*.h' --include='*.cpp' \
             | grep -v '^engine/remote/')
grep -rqE '#[[:space:]]*include[[:space:]]*<httplib' engine --include='*.h' \
    && fail "an engine header includes cpp-httplib: keep it inside wpo_remote's .cpp files"
# ... and the build puts each folder in its library.
for folder in core format names; do
    grep -qE 'target_sources\(wpo_format\b' "engine/$folder/CMakeLists.txt" \
        || fail "engine/$folder/CMakeLists.txt does not add its sources to wpo_format"
done
grep -qE 'target_sources\(wpo_published\b' engine/published/CMakeLists.txt && \
    ! grep -qE 'target_sources\(wpo_format\b' engine/published/CMakeLists.txt \
    || fail "engine/published/CMakeLists.txt must add its sources to wpo_published, not wpo_format"

# Targets defined under app/, then any of them named where jni/ links.
mapfile -t app_targets < <(grep -rhoE '^[[:space:]]*add_(library|executable)\([A-Za-z0-9_.-]+' app \
                               --include=CMakeLists.txt | sed -E 's/.*\(//' | sort -u)
(( ${#app_targets[@]} > 0 )) || fail "no targets found under app/ (the check itself is broken)"
links=$(grep -hA3 'target_link_libraries' jni/CMakeLists.txt)
for target in "${app_targets[@]}"; do
    if grep -qwF -- "$target" <<<"$links"; then
        fail "jni/CMakeLists.txt links $target, a target of app/"
    fi
done

if (( failures > 0 )); then
    echo "$failures layering violation(s)"
    exit 1
fi
echo "layering: engine/ self-contained, wpo_format below wpo_published below the rest of it," \
     "app/files and app/cli below the desktop app, jni/ on the engine only"
