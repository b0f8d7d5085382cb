#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The Windows side as CI runs it: MinGW-w64 cross build (preset `mingw`),
# tests under Wine.
#
#   scripts/test-mingw.sh [--clean] [-DVAR=VALUE ...] [-- ctest-args...]
#
#   --clean       remove build/mingw (build tree and Wine prefix) first
#   -DVAR=VALUE   passed to `cmake --preset mingw`
#   -- ...        passed to `ctest --preset mingw` (e.g. -- -L engine, -- -R registry)
#
# The Wine prefix (build/mingw/wineprefix) is booted with its wineserver and
# services before ctest runs and with all their stdio on /dev/null, so no Wine
# process holds ctest's output pipes (docs/windows-under-wine.md §2.1:
# otherwise ctest stalls or hangs). The wineserver is stopped on exit.
# Exit code: that of the first phase that fails, else ctest's.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
build="$root/build/mingw"
prefix=$(realpath -m "${PERFSCOPE_WINEPREFIX:-$build/wineprefix}")
export PERFSCOPE_WINEPREFIX="$prefix"  # what scripts/wine-run.sh then uses

clean=0
configure_args=""
while [ $# -gt 0 ]; do
    case $1 in
    --clean) clean=1 ;;
    -D*) configure_args="$configure_args $1" ;;  # no spaces inside: fine for -DVAR=VALUE
    --) shift; break ;;
    *) echo "test-mingw: unknown argument $1 (ctest arguments go after --)" >&2; exit 2 ;;
    esac
    shift
done

missing=""
for tool in x86_64-w64-mingw32-g++-posix x86_64-w64-mingw32-gcc-posix cmake ninja ctest flock realpath; do
    command -v "$tool" >/dev/null 2>&1 || missing="$missing $tool"
done
for tool in /usr/lib/wine/wine64 /usr/lib/wine/wineserver; do
    [ -x "$tool" ] || missing="$missing $tool"
done
if [ -n "$missing" ]; then
    echo "test-mingw: missing:$missing (apt-get install --no-install-recommends wine wine64 g++-mingw-w64-x86-64-posix cmake ninja-build)" >&2
    exit 2
fi

now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f s", b - a }'; }
phase() { echo "== test-mingw: $*"; }

start=$(now)
cd "$root"
if [ $clean = 1 ]; then
    "$here/wine-env.sh" stop "$prefix"
    rm -rf "$build"
fi

t=$(now)
# shellcheck disable=SC2086
cmake --preset mingw $configure_args
phase "configure $(elapsed "$t")"

t=$(now)
cmake --build --preset mingw
phase "build $(elapsed "$t")"

t=$(now)
trap '"$here/wine-env.sh" stop "$prefix"' EXIT
trap 'exit 130' INT TERM
if ! "$here/wine-env.sh" start "$prefix"; then
    echo "test-mingw: could not start the Wine prefix $prefix" >&2
    exit 1
fi
phase "wine prefix $(elapsed "$t")"

t=$(now)
rc=0
ctest --preset mingw --parallel "$(nproc)" "$@" || rc=$?
phase "ctest $(elapsed "$t") (exit $rc)"
# Wine now and then fails to start a process, with no output at all, before
# the program's first line (docs/windows-under-wine.md §1.3). A failed test
# runs once more, alone; the step passes only if it then passes, and the log
# names it.
failed_list="$build/Testing/Temporary/LastTestsFailed.log"
if [ $rc != 0 ] && [ -s "$failed_list" ]; then
    again=$(cut -d: -f2 "$failed_list" | tr '\n' ' ')
    t=$(now)
    phase "running the failed tests once more: $again"
    rc=0
    ctest --preset mingw --rerun-failed || rc=$?
    phase "second run $(elapsed "$t") (exit $rc)"
    [ $rc = 0 ] && phase "passed on the second run, failed on the first (see its output above): $again"
fi
phase "total $(elapsed "$start")"
exit $rc
