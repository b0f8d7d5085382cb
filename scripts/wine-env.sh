#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The Wine prefix the Windows (MinGW) tests run in.
#
#   scripts/wine-env.sh start [PREFIX] [--fresh]   create/boot the prefix, persistent wineserver
#   scripts/wine-env.sh ensure [PREFIX]            boot it only if its wineserver is not running
#                                                  (what scripts/wine-run.sh does before each test)
#   scripts/wine-env.sh stop [PREFIX]              kill its wineserver and everything in it
#   eval "$(scripts/wine-env.sh env [PREFIX])"     the same environment in your shell
#
# PREFIX defaults to $PERFSCOPE_WINEPREFIX, else build/mingw/wineprefix (what
# the toolchain cmake/mingw-w64-x86_64.cmake hands to wine-run.sh).
#
# Why it looks like this (docs/windows-under-wine.md §2):
# - §2.1: the first Wine process of a session starts services.exe,
#   winedevice.exe, ... and they inherit its stdout/stderr. If that process is
#   a test under ctest, ctest waits for those pipes (seconds per test, or
#   forever with a persistent wineserver). So the server and the services are
#   started here with every stdio on /dev/null, before any test runs.
# - §2.2: Wine's Spooler provider stalls the first HKEY_PERFORMANCE_DATA
#   query of a session by 10 s; its Performance key is deleted.
# - `wineserver -p` exits with 2 when a server already runs for the prefix:
#   a cheap "is it up?" test.
set -u

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)

usage() {
    sed -n '2,12p' "$0" >&2
    exit 2
}

[ $# -ge 1 ] || usage
cmd=$1
shift
prefix=${PERFSCOPE_WINEPREFIX:-$root/build/mingw/wineprefix}
fresh=0
for arg in "$@"; do
    case $arg in
    --fresh) fresh=1 ;;
    -*) usage ;;
    *) prefix=$arg ;;
    esac
done
prefix=$(realpath -m "$prefix")  # Wine wants an absolute path
marker="$prefix/.perfscope-booted"  # written once boot() has finished

export WINEPREFIX="$prefix"
export WINEARCH=win64
# Wine's fixme: notes are noise; its err: lines say why Wine itself failed (docs/windows-under-wine.md §1.3).
export WINEDEBUG="${WINEDEBUG:-fixme-all}"
export WINEDLLOVERRIDES="mscoree,mshtml="  # no Mono/Gecko installers during wineboot
case ":$PATH:" in
*:/usr/lib/wine:*) ;;
*) export PATH="/usr/lib/wine:$PATH" ;;  # Debian keeps wine64 and wineserver here
esac

quiet() {
    "$@" </dev/null >/dev/null 2>&1
}

# boot PERSIST: start the server (PERSIST is the -p argument) and, if this call
# started it, the services. Returns 0 when the prefix is up.
boot() {
    mkdir -p "$prefix" || return 1  # `wineserver -p` needs the directory
    quiet wineserver "-p$1"
    case $? in
    0) ;;
    2)
        # Already running. Booted by us unless the marker is missing (a
        # server someone started by hand, or one still exiting from a prefix
        # that was deleted and recreated at the same inode).
        [ -f "$marker" ] && return 0
        ;;
    *)
        echo "wine-env: wineserver failed to start for $prefix" >&2
        return 1
        ;;
    esac
    rm -f "$marker"
    # Creates the prefix the first time (a few seconds); on an existing
    # prefix it only starts the services (about 0.6 s).
    if ! quiet wine64 wineboot --init; then
        echo "wine-env: wineboot --init failed in $prefix" >&2
        return 1
    fi
    # Exit code 1 when the key is already gone (it stays gone: the registry
    # is saved when the server exits).
    quiet wine64 reg delete 'HKLM\System\CurrentControlSet\Services\Spooler\Performance' /f
    if quiet wine64 reg query 'HKLM\System\CurrentControlSet\Services\Spooler\Performance'; then
        echo "wine-env: could not delete the Spooler Performance key in $prefix" >&2
        return 1
    fi
    : >"$marker"
    return 0
}

stop() {
    [ -d "$prefix" ] || return 0
    quiet wineserver -k  # 1 when no server runs: fine
    quiet wineserver -w  # -k does not wait; a server still exiting must not be taken for a running one
    return 0
}

case $cmd in
start)
    if [ $fresh = 1 ]; then
        stop
        rm -rf "$prefix"
    fi
    boot ""  # persistent until `stop`
    ;;
ensure)
    # A server this starts goes away by itself after PERFSCOPE_WINE_IDLE
    # seconds without Wine processes, so a plain `ctest --preset mingw` leaves
    # nothing behind for long.
    boot "${PERFSCOPE_WINE_IDLE:-60}"
    ;;
stop)
    stop
    ;;
env)
    for v in WINEPREFIX WINEARCH WINEDEBUG WINEDLLOVERRIDES PATH; do
        eval "val=\$$v"
        printf "export %s='%s'\n" "$v" "$val"
    done
    ;;
*)
    usage
    ;;
esac
