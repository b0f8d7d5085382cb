#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# CMAKE_CROSSCOMPILING_EMULATOR of the MinGW build: runs one Windows program
# under wine64 in the build's own prefix.
#
#   scripts/wine-run.sh [--prefix PREFIX] program.exe [args...]
#
# The prefix is $PERFSCOPE_WINEPREFIX if set (scripts/test-mingw.sh sets it),
# else PREFIX (the toolchain passes <build>/wineprefix), else build/mingw/wineprefix.
#
# Before it starts the program it makes sure the prefix's wineserver and
# services are running, started with stdio on /dev/null (scripts/wine-env.sh
# ensure): a Wine service started by the test itself would inherit ctest's
# pipes and stall or hang ctest (docs/windows-under-wine.md §2.1). A lock
# keeps parallel tests (ctest -j) from booting the prefix twice. When
# scripts/test-mingw.sh has started the prefix already this costs about 30 ms.
#
# The program's exit code is passed through.
set -u

here=$(cd "$(dirname "$0")" && pwd)
prefix=
if [ "${1-}" = --prefix ]; then
    [ $# -ge 2 ] || { echo "wine-run: --prefix needs a directory" >&2; exit 125; }
    prefix=$2
    shift 2
fi
[ $# -ge 1 ] || { echo "usage: wine-run.sh [--prefix PREFIX] program.exe [args...]" >&2; exit 125; }
prefix=$(realpath -m "${PERFSCOPE_WINEPREFIX:-${prefix:-$here/../build/mingw/wineprefix}}")

mkdir -p "$(dirname "$prefix")"
# flock -o: the lock is not inherited by what wine-env.sh starts (wineserver,
# services), or the next test would wait for it forever.
if ! flock -o "$prefix.lock" "$here/wine-env.sh" ensure "$prefix" </dev/null >&2; then
    echo "wine-run: could not start the Wine prefix $prefix" >&2
    exit 125
fi

eval "$("$here/wine-env.sh" env "$prefix")"
exec wine64 "$@"
