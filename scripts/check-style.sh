#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The style checks of scripts/test.sh (HACKING.md, "Style"):
#   1. clang-format: every C++ source as .clang-format writes it (no file is changed;
#      `scripts/check-style.sh --fix` rewrites them);
#   2. clang-tidy: the checks of .clang-tidy over the product's sources (engine, app, jni,
#      publish) as a configured build compiles them (its compile_commands.json; default
#      build/release); findings are errors. The tests are formatted but not tidied: the
#      whole tree would double the step's time on CI's two cores.
#      --ci leaves the desktop app's sources (app/gui) out of clang-tidy: each of them parses
#      and matches the Qt Widgets headers, so they are about three quarters of clang-tidy's
#      time (on a 2-core machine: 12.8 minutes with them, 3.1 without). Run the
#      full check (without --ci) before committing a change to app/gui (HACKING.md, "Style").
# Usage: scripts/check-style.sh [--fix] [--format-only | --tidy-only] [--ci] [BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."

fix=0
format=1
tidy=1
build=build/release
ci=0
for arg in "$@"; do
    case "$arg" in
    --fix) fix=1 ;;
    --format-only) tidy=0 ;;
    --tidy-only) format=0 ;;
    --ci) ci=1 ;;
    -*) echo "check-style: unknown option $arg" >&2; exit 2 ;;
    *) build=$arg ;;
    esac
done

mapfile -t sources < <(git ls-files '*.cpp' '*.h' '*.cpp.in' | grep -v '^tests/fixtures/')
if (( ! format )); then
    :
elif (( fix )); then
    clang-format -i "${sources[@]}"
    echo "check-style: formatted ${#sources[@]} files"
else
    echo "check-style: clang-format over ${#sources[@]} files"
    clang-format --dry-run --Werror "${sources[@]}"
fi

if (( tidy )); then
    if [[ ! -f "$build/compile_commands.json" ]]; then
        echo "check-style: no $build/compile_commands.json; configure that build first" >&2
        exit 2
    fi
    # Only the project's own sources (not moc output in the build tree). GCC's
    # warning flags unknown to clang are not findings.
    product="$PWD/(engine|app|jni|publish)/"
    files="$product"
    if (( ci )); then
        echo "check-style: clang-tidy over the sources of $build but the desktop app's (--ci)"
        files="$PWD/(engine/|app/(?!gui/)|jni/|publish/)"
    else
        echo "check-style: clang-tidy over the sources of $build"
    fi
    # The desktop app's files compile with GCC's precompiled Qt headers
    # (cmake/QtPrecompiledHeaders.cmake), which clang cannot read: clang-tidy gets
    # the commands without them, and so also sees whether each file includes what it uses.
    db=$(mktemp -d)
    trap 'rm -rf "$db"' EXIT
    sed -E 's# -Winvalid-pch -include [^ ]*/cmake_pch\.hxx##g' "$build/compile_commands.json" > "$db/compile_commands.json"
    run-clang-tidy -p "$db" -quiet -j "$(nproc)" -extra-arg=-Wno-unknown-warning-option \
        -header-filter="$product" "$files" > "$build/clang-tidy.log" 2>&1 || {
        grep -E "(error|warning):" "$build/clang-tidy.log" | sort -u >&2
        echo "check-style: clang-tidy found the above (full output: $build/clang-tidy.log)" >&2
        exit 1
    }
fi
echo "check-style: clean"
