#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The Windows installer under Wine, in the MinGW build's prefix:
#   nsis_test.sh perfscope-VERSION-win64.exe WINEPREFIX VERSION
# Installs silently (/S) into C:\perfscope-package-test, checks the installed
# files (exactly), runs the installed perfscope-cli.exe (list, --version),
# registers the installed provider DLL for the installed demo's definition
# (`counters install`, as installer/README.md tells users), runs the installed
# demo and reads its raw counter back through HKEY_PERFORMANCE_DATA,
# unregisters, uninstalls silently, and checks that nothing of ours is left in
# the prefix's files or registry: every file and registry line that is new
# since before the install and names perfscope fails the test.
set -uo pipefail
installer=$1 prefix=$2 version=$3
here=$(cd "$(dirname "$0")" && pwd)
scripts=$(cd "$here/../../scripts" && pwd)
[[ -f $installer ]] || { echo "no $installer: run scripts/package.sh first" >&2; exit 1; }
if ! flock -o "$prefix.lock" "$scripts/wine-env.sh" ensure "$prefix" </dev/null >&2; then
    echo "could not start the Wine prefix $prefix" >&2
    exit 1
fi
eval "$("$scripts/wine-env.sh" env "$prefix")"
# No winemenubuilder: it would copy the Start-menu entries into $HOME's desktop menus.
export WINEDLLOVERRIDES="$WINEDLLOVERRIDES;winemenubuilder.exe=d"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
win_dir='C:\perfscope-package-test'
unix_dir="$prefix/drive_c/perfscope-package-test"
wine() { wine64 "$@" </dev/null 2>>"$work/wine.log"; }

snapshot() {  # $1: name. The prefix's files (minus temp dirs) and its HKLM and HKCU.
    (cd "$prefix/drive_c" && find . -path './users/*/Temp' -prune -o -path './windows/temp' -prune -o -print |
        sort) >"$work/$1.files"
    wine reg export HKLM "$work/$1-hklm.reg" /y >/dev/null || fail "reg export HKLM"
    wine reg export HKCU "$work/$1-hkcu.reg" /y >/dev/null || fail "reg export HKCU"
    cat "$work/$1-hklm.reg" "$work/$1-hkcu.reg" | iconv -f UTF-16LE -t UTF-8 | tr -d '\r' |
        grep -v '^$' | sort -u >"$work/$1.reg"
}
ours() {  # new lines in $2 (not in $1) that name perfscope
    comm -13 "$work/$1" "$work/$2" | grep -i perfscope
}

# What a run that failed half-way may have left (the installer would try to run its uninstaller first).
rm -rf "$unix_dir"
wine reg delete 'HKLM\Software\Microsoft\Windows\CurrentVersion\Uninstall\Perfscope' /f >/dev/null 2>&1
wine reg delete 'HKLM\Software\Perfscope' /f >/dev/null 2>&1
snapshot before
t0=$(date +%s.%N)
wine "Z:${installer//\//\\}" /S "/D=$win_dir" || fail "the installer exited with $?"
echo "installed in $(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }') s"
# Exactly these files (installer/README.md, "Windows installer").
expected=$(sort <<EOF2
./Uninstall.exe
./bin/perfscope-cli.exe
./bin/perfscope-counters.dll
./bin/perfscope-publish-demo.exe
./bin/wpojni.dll
./doc/perfscope-cli.txt
./include/perfscope/core/error.h
./include/perfscope/core/result.h
./include/perfscope/counter.h
./include/perfscope/format/layout.h
./include/perfscope/instance.h
./include/perfscope/perfscope_publish.h
./include/perfscope/published/definition.h
./include/perfscope/published/segment_layout.h
./include/perfscope/published/shared_atomic.h
./include/perfscope/published/shared_mapping.h
./include/perfscope/publisher.h
./include/perfscope/slot_sequence.h
./lib/cmake/Perfscope/PerfscopeConfig.cmake
./lib/cmake/Perfscope/PerfscopeConfigVersion.cmake
./lib/cmake/Perfscope/PerfscopeTargets-release.cmake
./lib/cmake/Perfscope/PerfscopeTargets.cmake
./lib/libperfscope_format.a
./lib/libperfscope_publish.a
./lib/libperfscope_published.a
./lib/pkgconfig/perfscope-publish.pc
./share/java/perfscope-wpo-$version.jar
./share/perfscope/perfscope-demo.counters
EOF2
)
actual=$(cd "$unix_dir" && find . -type f | sort)
if [[ "$actual" != "$expected" ]]; then
    echo "FAIL: the installed files differ from the expected list (< expected, > installed):"
    diff <(echo "$expected") <(echo "$actual")
    exit 1
fi
find "$prefix/drive_c" -iname 'perfscope-cli documentation.lnk' | grep -q . || fail "no Start-menu entry for the documentation"
entry=$(wine reg query 'HKLM\Software\Microsoft\Windows\CurrentVersion\Uninstall\Perfscope' | tr -d '\r') ||
    fail "no entry in Apps & features (the Uninstall registry key)"
grep -qE "^ +DisplayVersion +REG_SZ +$version$" <<<"$entry" || fail "the Uninstall key's DisplayVersion is not $version: $entry"
echo "$actual"

out=$(wine "$win_dir\\bin\\perfscope-cli.exe" list | tr -d '\r') || fail "the installed perfscope-cli.exe list exited with $?"
# Wine serves no objects of its own: the table's header at least.
grep -qE '^Index +Object +Counters +Instances$' <<<"$out" || fail "perfscope-cli.exe list printed: $out"
echo "perfscope-cli.exe list: $(wc -l <<<"$out") lines"
out=$(wine "$win_dir\\bin\\perfscope-cli.exe" --version | tr -d '\r') || fail "perfscope-cli.exe --version"
[[ $out == "perfscope-cli $version" ]] ||
    fail "perfscope-cli.exe --version printed '$out'"
echo "$out"

# The provider, registered by hand as installer/README.md says: the installed
# demo's counters through the installed DLL. Wine's name table does not know
# the published names, so the path names them by index: the object is First
# Counter, Demo Raw First Counter + 2 (docs/windows-provider.md).
cli="$win_dir\\bin\\perfscope-cli.exe"
wine "$cli" counters uninstall PerfscopeDemo >/dev/null  # left over from an interrupted run
wine "$cli" counters install "$win_dir\\share\\perfscope\\perfscope-demo.counters" \
    --library "$win_dir\\bin\\perfscope-counters.dll" >"$work/install.txt" || fail "counters install: $(cat "$work/install.txt")"
first=$(sed -n 's/.*counter indices \([0-9]*\)\.\..*/\1/p' "$work/install.txt")
[[ -n $first ]] || fail "counters install printed no indices: $(cat "$work/install.txt")"
raw=$(( $$ % 100000 + 1 ))  # not 0: 0 is what an object not served yet would read
wine64 "$win_dir\\bin\\perfscope-publish-demo.exe" --raw "$raw" --seconds 30 </dev/null >"$work/demo.txt" 2>&1 &
demo=$!
got=
for _ in $(seq 1 50); do
    out=$(wine "$cli" query -sc 1 "\\$first\\$((first + 2))" | tr -d '\r')
    got=$(tail -n 1 <<<"$out" | awk -F'","' '{ v = $NF; gsub(/"/, "", v); print v }')
    awk -v g="$got" 'BEGIN { exit !(g ~ /^[0-9.]+$/ && g + 0 != 0) }' && break
    sleep 0.1
done
# Read: the demo may stop now (it would run 30 s).
kill "$demo" 2>/dev/null
wait "$demo"
echo "$out"
awk -v g="$got" -v w="$raw" 'BEGIN { exit !(g + 0 == w + 0) }' ||
    fail "Demo Raw read back as '$got' through the installed provider, published $raw"
echo "installed provider: Demo Raw = $raw"
wine "$cli" counters uninstall PerfscopeDemo || fail "counters uninstall"

# The uninstaller copies itself to a temporary file and returns at once: wait for it.
wine "$win_dir\\Uninstall.exe" /S || fail "the uninstaller exited with $?"
for _ in $(seq 1 120); do
    [[ -e $unix_dir ]] || break
    sleep 0.5
done
[[ ! -e $unix_dir ]] || fail "$win_dir is still there after uninstalling: $(cd "$unix_dir" && find .)"
status=1
for _ in $(seq 1 20); do
    snapshot after
    if ! ours before.files after.files >/dev/null && ! ours before.reg after.reg >/dev/null; then
        status=0
        break
    fi
    sleep 0.5
done
if [[ $status != 0 ]]; then
    echo "FAIL: left after uninstalling:"
    ours before.files after.files
    ours before.reg after.reg
    exit 1
fi
echo "uninstalled: no file or registry entry of ours left"
